import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, Select, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { findCarrier } from '../../../shared/domain/carriers';
import type { BranchService, CarrierNetwork, NetworkInfo } from '../../../shared/domain/network';
import { validateServiceValues } from '../../../shared/validation/logistics-services-validation';
import { ServiceValueInput } from '../logistics-services/service-value-input';
import { fieldRule } from '../setup/field-rule';
import { shopDisplayName } from '../../../shared/settings/settings-schema';
import { useShops } from '../shops/shop-tag';
import { isValidBrandCode, isValidCustomerCode, isValidHeldBackStatuses, isValidMeasure, isValidNamedStatus, isValidStatusName } from './issue-defaults-form';

/** The services a carrier's branches offer, each once, with the branches that require it. */
function servicesOf(carrier: CarrierNetwork): { service: BranchService; requiredAt: string[] }[] {
  const byCode = new Map<string, { service: BranchService; requiredAt: string[] }>();
  for (const branch of carrier.branches) {
    for (const service of branch.services) {
      const known = byCode.get(service.code) ?? { service, requiredAt: [] };
      if (service.required) known.requiredAt.push(branch.branchCode);
      byCode.set(service.code, known);
    }
  }
  return [...byCode.values()];
}

/** One carrier's defaults: services with their values, weight, volume, brand, monthly card per branch. */
function CarrierDefaults({ carrier }: { carrier: CarrierNetwork }) {
  const { t } = useTranslation();
  const base = ['issueDefaults', carrier.carrierCode];
  const services = servicesOf(carrier);
  return (
    <Space orientation="vertical" className="issue-defaults__carrier" size="small">
      <Typography.Text strong>{t('settings.issueDefaults.services')}</Typography.Text>
      {services.length === 0 ? <Typography.Text type="secondary">{t('settings.issueDefaults.noServices')}</Typography.Text> : null}
      {services.map(({ service, requiredAt }) => (
        <Space key={service.code} wrap className="issue-defaults__service">
          <Form.Item name={[...base, 'services', service.code, 'on']} valuePropName="checked" noStyle>
            <Checkbox>{service.name || service.code}</Checkbox>
          </Form.Item>
          {service.attributes.map((attribute) => (
            <Form.Item
              key={attribute.code}
              name={[...base, 'services', service.code, 'values', attribute.code]}
              dependencies={[[...base, 'services', service.code, 'on']]}
              className="issue-defaults__value"
              rules={[
                ({ getFieldValue }) => ({
                  // A ticked service's value as the branches take it (empty is allowed: the plan then asks for it).
                  validator: (_rule: unknown, value: unknown) => {
                    const text = typeof value === 'string' ? value : '';
                    const on = getFieldValue([...base, 'services', service.code, 'on']) === true;
                    const problems = on && text.trim() !== '' ? validateServiceValues([service], [{ code: service.code, values: { [attribute.code]: text } }], '') : [];
                    return problems.length === 0 ? Promise.resolve() : Promise.reject(new Error(t('settings.issueDefaults.invalid.value', { attribute: attribute.name })));
                  },
                }),
              ]}
            >
              <ServiceValueInput attribute={attribute} label={`${service.name} ${attribute.name}`} size="middle" />
            </Form.Item>
          ))}
          {requiredAt.length > 0 ? <Typography.Text type="warning">{t('settings.issueDefaults.requiredAt', { branches: requiredAt.join(', ') })}</Typography.Text> : null}
        </Space>
      ))}
      <div className="setup__grid">
        <Form.Item name={[...base, 'weightG']} label={t('settings.issueDefaults.weight')} extra={t('settings.issueDefaults.measureHint')} rules={[fieldRule(isValidMeasure, t('settings.issueDefaults.invalid.measure'))]}>
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item name={[...base, 'volumeMl']} label={t('settings.issueDefaults.volume')} rules={[fieldRule(isValidMeasure, t('settings.issueDefaults.invalid.measure'))]}>
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item name={[...base, 'brandCode']} label={t('settings.issueDefaults.brandCode')} rules={[fieldRule(isValidBrandCode, t('settings.issueDefaults.invalid.brandCode'))]}>
          <Input autoComplete="off" />
        </Form.Item>
        {carrier.branches.map((branch) => (
          <Form.Item
            key={branch.branchCode}
            name={[...base, 'customerCodes', branch.branchCode]}
            label={t('settings.issueDefaults.customerCode', { branch: `${branch.branchName} (${branch.branchCode})` })}
            rules={[fieldRule(isValidCustomerCode, t('settings.issueDefaults.invalid.customerCode'))]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        ))}
      </div>
    </Space>
  );
}

/**
 * The names of each shop's order statuses: the gateway sends bare numbers, so the desk names them
 * once here (per shop: two shops may mean different things by a number) and sees the names in the
 * filter, the plan, scans and jobs.
 */
function OrderStatusNames() {
  const { t } = useTranslation();
  const shops = useShops();
  return (
    <section aria-label={t('settings.issueDefaults.statusNames')} className="issue-defaults__status-names">
      <Typography.Text strong>{t('settings.issueDefaults.statusNames')}</Typography.Text>
      <Typography.Paragraph type="secondary">{t('settings.issueDefaults.statusNamesHint')}</Typography.Paragraph>
      {shops.map((shop) => (
        <Form.List key={shop.shopId} name={['orderStatusNames', shop.shopId]}>
          {(rows, { add, remove }) => (
            <div role="group" aria-label={t('settings.issueDefaults.statusNamesOf', { shop: shopDisplayName(shop) })}>
              {shops.length > 1 ? <Typography.Text>{shopDisplayName(shop)}</Typography.Text> : null}
              {rows.map((row) => (
                <Space key={row.key} align="baseline">
                  <Form.Item
                    name={[row.name, 'status']}
                    rules={[{ validator: (_rule: unknown, value: unknown) => (isValidNamedStatus(String(value ?? '')) ? Promise.resolve() : Promise.reject(new Error(t('settings.issueDefaults.invalid.namedStatus')))) }]}
                  >
                    <Input inputMode="numeric" className="issue-defaults__status" aria-label={t('settings.issueDefaults.statusNumber')} placeholder={t('settings.issueDefaults.statusNumber')} />
                  </Form.Item>
                  <Form.Item
                    name={[row.name, 'name']}
                    rules={[{ validator: (_rule: unknown, value: unknown) => (isValidStatusName(String(value ?? '')) ? Promise.resolve() : Promise.reject(new Error(t('settings.issueDefaults.invalid.statusName')))) }]}
                  >
                    <Input aria-label={t('settings.issueDefaults.statusName')} placeholder={t('settings.issueDefaults.statusNamePlaceholder')} />
                  </Form.Item>
                  <Button icon={<DeleteOutlined aria-hidden />} aria-label={t('settings.issueDefaults.removeStatusName')} onClick={() => remove(row.name)} />
                </Space>
              ))}
              <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ status: '', name: '' })}>
                {t('settings.issueDefaults.addStatusName')}
              </Button>
            </div>
          )}
        </Form.List>
      ))}
    </section>
  );
}

/**
 * Settings → Sender: what new jobs start from, per carrier of the network info (the ship-from
 * carrier first), and the order statuses held back.
 */
export function IssueDefaultsPanel({ network, shipFromCarrier }: { network: NetworkInfo | undefined; shipFromCarrier: string | null }) {
  const { t, i18n } = useTranslation();
  const carriers = [...(network?.carriers ?? [])].sort((a, b) => Number(b.carrierCode === shipFromCarrier) - Number(a.carrierCode === shipFromCarrier));
  const nameOf = (code: string) => {
    const carrier = findCarrier(code);
    return carrier ? (i18n.language === 'zh-CN' ? carrier.nameZh : carrier.nameEn) : code;
  };
  return (
    <section aria-label={t('settings.issueDefaults.title')} className="issue-defaults">
      <Typography.Title level={5}>{t('settings.issueDefaults.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('settings.issueDefaults.hint')}</Typography.Paragraph>
      {carriers.length > 0 ? (
        <Tabs size="small" items={carriers.map((carrier) => ({ key: carrier.carrierCode, label: nameOf(carrier.carrierCode), forceRender: true, children: <CarrierDefaults carrier={carrier} /> }))} />
      ) : null}
      <Form.Item
        name="heldBackStatuses"
        label={t('settings.issueDefaults.heldBack')}
        extra={t('settings.issueDefaults.heldBackHint')}
        rules={[{ validator: (_rule: unknown, value: unknown) => (isValidHeldBackStatuses(Array.isArray(value) ? value.map(String) : []) ? Promise.resolve() : Promise.reject(new Error(t('settings.issueDefaults.invalid.heldBack')))) }]}
      >
        <Select mode="tags" aria-label={t('settings.issueDefaults.heldBack')} tokenSeparators={[',', ' ']} open={false} suffixIcon={null} />
      </Form.Item>
      <OrderStatusNames />
    </section>
  );
}
