import { Alert, Checkbox, Collapse, Input, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IssuePlan } from '../../../shared/domain/issuing';
import type { BranchService } from '../../../shared/domain/network';
import { shopOrderKey, shopOrderOfKey, type ShopOrderRef } from '../../../shared/domain/shop-order';
import { ServiceValueInput } from '../logistics-services/service-value-input';
import { isValidMeasure } from '../settings/issue-defaults-form';
import type { MeasuresDraft, PlanChoicesDraft } from './plan-choices';
import { localInputOf, gatewayTimeOf } from './plan-choices';
import { PlainTable } from './plain-table';
import './plan-options.css';

/** Props shared by the plan's option panels. */
export interface PlanOptionsProps {
  plan: IssuePlan;
  draft: PlanChoicesDraft;
  onChange: (draft: PlanChoicesDraft) => void;
}

/** Whether every typed measure of a draft is one the plan can take. */
export function draftMeasuresValid(draft: PlanChoicesDraft): boolean {
  return [draft.measures, ...Object.values(draft.measuresByOrder)].every((measures) => isValidMeasure(measures.weightG) && isValidMeasure(measures.volumeMl));
}

/** Weight and volume inputs, with the problem shown in place. */
function MeasureInputs({ measures, onChange, labelPrefix, size }: { measures: MeasuresDraft; onChange: (measures: MeasuresDraft) => void; labelPrefix: string; size: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const input = (field: keyof MeasuresDraft, unit: string, label: string) => (
    <Input
      size={size}
      aria-label={`${labelPrefix}${label}`}
      value={measures[field]}
      status={isValidMeasure(measures[field]) ? undefined : 'error'}
      onChange={(event) => onChange({ ...measures, [field]: event.target.value })}
      inputMode="decimal"
      suffix={unit}
      className="plan-options__measure"
    />
  );
  return (
    <Space size="small">
      {input('weightG', t('issuePrint.options.grams'), t('issuePrint.options.weight'))}
      {input('volumeMl', t('issuePrint.options.millilitres'), t('issuePrint.options.volume'))}
    </Space>
  );
}

/** The branch's services: required ones ticked for good; each with its attribute values. */
function ServicesPanel({ plan, draft, onChange }: PlanOptionsProps) {
  const { t } = useTranslation();
  const offered = plan.services.offered;
  if (offered === null) return <Typography.Text type="secondary">{t('issuePrint.options.servicesUnknown')}</Typography.Text>;
  if (offered.length === 0) return <Typography.Text type="secondary">{t('issuePrint.options.noServices')}</Typography.Text>;
  const setService = (service: BranchService, change: Partial<{ on: boolean; values: Record<string, string> }>) => {
    const current = draft.services[service.code] ?? { on: false, values: {} };
    onChange({ ...draft, services: { ...draft.services, [service.code]: { ...current, ...change } } });
  };
  return (
    <Space orientation="vertical" size="small" aria-label={t('issuePrint.options.services')} role="group">
      {offered.map((service) => {
        const chosen = draft.services[service.code];
        return (
          <Space key={service.code} wrap size="small">
            <Checkbox checked={service.required || chosen?.on === true} disabled={service.required} onChange={(event) => setService(service, { on: event.target.checked })}>
              {service.name || service.code}
            </Checkbox>
            {service.required ? <Tag color="orange">{t('issuePrint.options.required')}</Tag> : null}
            {service.attributes.map((attribute) => (
              <ServiceValueInput
                key={attribute.code}
                size="small"
                label={`${service.name} ${attribute.name}`}
                attribute={attribute}
                value={chosen?.values[attribute.code] ?? ''}
                onChange={(value) => setService(service, { on: true, values: { ...(chosen?.values ?? {}), [attribute.code]: value } })}
              />
            ))}
            {service.description ? <Typography.Text type="secondary">{service.description}</Typography.Text> : null}
          </Space>
        );
      })}
      {/* A default from Settings that this branch does not offer: shown, so that it can be unticked. */}
      {Object.entries(draft.services)
        .filter(([code, service]) => service.on && !offered.some((candidate) => candidate.code === code))
        .map(([code, service]) => (
          <Space key={code} wrap size="small">
            <Checkbox checked onChange={() => onChange({ ...draft, services: { ...draft.services, [code]: { ...service, on: false } } })}>
              {code}
            </Checkbox>
            <Tag color="red">{t('issuePrint.options.notOffered')}</Tag>
          </Space>
        ))}
    </Space>
  );
}

/** Each order's own weight, volume and service values (empty keeps the job's). */
function PerOrderValues({ plan, draft, onChange }: PlanOptionsProps) {
  const { t } = useTranslation();
  const orders: ShopOrderRef[] = [
    ...plan.packages.flatMap((pkg) => pkg.orderNumbers.map((orderNumber) => ({ shopId: pkg.shopId, orderNumber }))),
    ...plan.invalid.map(({ shopId, orderNumber }) => ({ shopId, orderNumber })),
  ];
  const services = (plan.services.offered ?? []).filter((service) => service.required || draft.services[service.code]?.on);
  const empty: MeasuresDraft = { weightG: '', volumeMl: '' };
  return (
    <PlainTable
      label={t('issuePrint.options.perOrder')}
      rows={orders}
      rowKey={(order) => shopOrderKey(order)}
      columns={[
        { key: 'order', title: t('issuePrint.options.order'), render: (order) => <Typography.Text code>{order.orderNumber}</Typography.Text> },
        {
          key: 'measures',
          title: `${t('issuePrint.options.weight')} / ${t('issuePrint.options.volume')}`,
          render: (order) => (
            <MeasureInputs
              size="small"
              labelPrefix={`${order.orderNumber} `}
              measures={draft.measuresByOrder[shopOrderKey(order)] ?? empty}
              onChange={(measures) => onChange({ ...draft, measuresByOrder: { ...draft.measuresByOrder, [shopOrderKey(order)]: measures } })}
            />
          ),
        },
        ...services.flatMap((service) =>
          service.attributes.map((attribute) => ({
            key: `${service.code}.${attribute.code}`,
            title: `${service.name} · ${attribute.name}`,
            render: (order: ShopOrderRef) => {
              const key = shopOrderKey(order);
              const own = draft.serviceValuesByOrder[key] ?? {};
              return (
                <ServiceValueInput
                  size="small"
                  label={`${order.orderNumber} ${service.name} ${attribute.name}`}
                  attribute={attribute}
                  value={own[service.code]?.[attribute.code] ?? ''}
                  onChange={(value) =>
                    onChange({
                      ...draft,
                      serviceValuesByOrder: { ...draft.serviceValuesByOrder, [key]: { ...own, [service.code]: { ...(own[service.code] ?? {}), [attribute.code]: value } } },
                    })
                  }
                />
              );
            },
          })),
        ),
      ]}
    />
  );
}

/** The pickup booking: off, or a window the carrier comes in. */
function PickUpPanel({ draft, onChange }: Omit<PlanOptionsProps, 'plan'>) {
  const { t } = useTranslation();
  const pickUp = draft.pickUp;
  const set = (change: Partial<PlanChoicesDraft['pickUp']>) => onChange({ ...draft, pickUp: { ...pickUp, ...change } });
  return (
    <Space wrap size="small">
      <Switch checked={pickUp.on} onChange={(on) => set({ on })} aria-label={t('issuePrint.options.pickUp')} />
      <span>{t('issuePrint.options.pickUp')}</span>
      {pickUp.on ? (
        <>
          <Input size="small" type="datetime-local" aria-label={t('issuePrint.options.pickUpStart')} value={localInputOf(pickUp.start)} onChange={(event) => set({ start: gatewayTimeOf(event.target.value) })} className="plan-options__time" />
          <span>–</span>
          <Input size="small" type="datetime-local" aria-label={t('issuePrint.options.pickUpEnd')} value={localInputOf(pickUp.end)} onChange={(event) => set({ end: gatewayTimeOf(event.target.value) })} className="plan-options__time" />
        </>
      ) : null}
    </Space>
  );
}

/**
 * The plan's options in one folded block, compact for a 1366×768 desk: the branch's services,
 * the package's weight and volume, the pickup booking, each order's own values, and what the job
 * sends from Settings (monthly card, brand).
 */
export function PlanOptions(props: PlanOptionsProps) {
  const { t } = useTranslation();
  const { plan, draft, onChange } = props;
  const chosen = plan.services.chosen.map((choice) => plan.services.offered?.find((service) => service.code === choice.code)?.name ?? choice.code);
  const summary = [
    chosen.length > 0 ? chosen.join('、') : t('issuePrint.options.noServiceChosen'),
    plan.options.packageMeasures.weightG !== null ? `${plan.options.packageMeasures.weightG} g` : null,
    plan.options.customerCode ? t('issuePrint.options.customerCode', { code: plan.options.customerCode }) : null,
    plan.options.doorPickUp ? t('issuePrint.options.pickUpSummary', { start: plan.options.doorPickUp.start, end: plan.options.doorPickUp.end }) : null,
  ].filter((part): part is string => part !== null);
  return (
    <Collapse
      size="small"
      className="plan-options"
      items={[
        {
          key: 'options',
          label: `${t('issuePrint.options.title')}: ${summary.join(' · ')}`,
          children: (
            <Space orientation="vertical" size="small" className="plan-options__body">
              <Typography.Text strong>{t('issuePrint.options.services')}</Typography.Text>
              <ServicesPanel {...props} />
              <Space wrap size="small">
                <Typography.Text strong>{t('issuePrint.options.package')}</Typography.Text>
                <MeasureInputs size="middle" labelPrefix="" measures={draft.measures} onChange={(measures) => onChange({ ...draft, measures })} />
              </Space>
              <PickUpPanel draft={draft} onChange={onChange} />
              {plan.options.brandCode ? <Typography.Text type="secondary">{t('issuePrint.options.brandCode', { code: plan.options.brandCode })}</Typography.Text> : null}
              <Collapse size="small" items={[{ key: 'per-order', label: t('issuePrint.options.perOrder'), children: <PerOrderValues {...props} /> }]} />
            </Space>
          ),
        },
      ]}
    />
  );
}

/** Orders of a held-back status (those held now and those confirmed so far): not issued unless each is confirmed. */
export function HeldBackOrders({ plan, draft, onChange }: PlanOptionsProps) {
  const { t } = useTranslation();
  const held = new Set(plan.heldBack.map(shopOrderKey));
  const orders = [
    ...plan.heldBack,
    ...draft.confirmedHeldBack.flatMap((key) => {
      const ref = held.has(key) ? null : shopOrderOfKey(key);
      return ref ? [{ ...ref, orderStatus: draft.heldBackStatuses[key] ?? 0 }] : [];
    }),
  ];
  if (orders.length === 0) return null;
  const toggle = (order: IssuePlan['heldBack'][number], on: boolean) =>
    onChange({
      ...draft,
      confirmedHeldBack: on ? [...draft.confirmedHeldBack, shopOrderKey(order)] : draft.confirmedHeldBack.filter((confirmed) => confirmed !== shopOrderKey(order)),
      heldBackStatuses: { ...draft.heldBackStatuses, [shopOrderKey(order)]: order.orderStatus },
    });
  return (
    <Alert
      type="warning"
      showIcon
      role="group"
      aria-label={t('issuePrint.options.heldBackLabel')}
      title={t('issuePrint.options.heldBack', { count: orders.length })}
      description={
        <Space orientation="vertical" size={0}>
          {orders.map((order) => (
            <Checkbox key={shopOrderKey(order)} checked={draft.confirmedHeldBack.includes(shopOrderKey(order))} onChange={(event) => toggle(order, event.target.checked)}>
              {t('issuePrint.options.confirmHeldBack', { orderNumber: order.orderNumber, status: order.orderStatus })}
            </Checkbox>
          ))}
        </Space>
      }
    />
  );
}
