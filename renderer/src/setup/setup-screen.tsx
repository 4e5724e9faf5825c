import { ApiOutlined, DeleteOutlined, PlusOutlined, RocketOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Radio, Select, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CARRIERS } from '../../../shared/domain/carriers';
import { ORDER_CHANNELS } from '../../../shared/domain/order-channels';
import { EDITION_NAMES } from '../../../shared/gateway/editions';
import type { SettingsView } from '../../../shared/ipc/ipc-contract';
import type { SettingsPatch } from '../../../shared/settings/settings-schema';
import { useUi } from '../app/ui-store-context';
import { useNow } from '../app/use-now';
import { refetchAccountData, stationQueryKeys, useSettingsQuery } from '../bridge/station-queries';
import { unwrapResult, useStation } from '../bridge/station-context';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import { ConnectionReport } from './connection-report';
import { formValuesFromSettings, isValidField, settingsPatchFromForm, type SetupField, type SetupFormValues } from './setup-form';
import './setup-screen.css';

/** A form rule checking a field against the settings schema, with a message in the UI language. */
function schemaRule(field: SetupField, message: string) {
  return { validator: (_rule: unknown, value: string | undefined) => (isValidField(field, value ?? '') ? Promise.resolve() : Promise.reject(new Error(message))) };
}

/** The setup form, once the current settings are known. */
function SetupForm({ view, firstRun }: { view: SettingsView; firstRun: boolean }) {
  const { t, i18n } = useTranslation();
  const station = useStation();
  const client = useQueryClient();
  const now = useNow();
  const setSettingsOpen = useUi((state) => state.setSettingsOpen);
  const [form] = Form.useForm<SetupFormValues>();
  const gatewayMode = Form.useWatch('gatewayMode', form) ?? formValuesFromSettings(view).gatewayMode;

  const update = async (patch: SettingsPatch): Promise<SettingsView> => {
    const saved = await unwrapResult(station['settings.update']({ patch }));
    client.setQueryData(stationQueryKeys.settings, saved);
    return saved;
  };
  /** Validates and saves the form (the token only when a new one was typed). */
  const saveForm = async (): Promise<void> => {
    const values = await form.validateFields();
    await update(settingsPatchFromForm(values, view));
    if (values.gatewayMode === 'real' && values.token.trim() !== '') {
      await unwrapResult(station['token.set']({ token: values.token.trim() }));
      form.setFieldValue('token', '');
      await client.invalidateQueries({ queryKey: stationQueryKeys.settings });
    }
    // The account bar and ship-from ask again with the saved account and token.
    await refetchAccountData(client);
  };

  const test = useMutation({
    mutationFn: async () => {
      await saveForm();
      return unwrapResult(station['connection.test']({}));
    },
    onSettled: () => void client.invalidateQueries({ queryKey: stationQueryKeys.costs }),
  });
  const finish = useMutation({
    mutationFn: async () => {
      await saveForm();
      await update({ ui: { setupCompleted: true } });
    },
    onSuccess: () => setSettingsOpen(false),
  });
  const useDemo = useMutation({
    mutationFn: () => update({ gateway: { baseUrl: null }, ui: { setupCompleted: true } }),
    onSuccess: () => setSettingsOpen(false),
  });

  const language = i18n.language === 'zh-CN' ? 'zh' : 'en';
  const failure = [test, finish, useDemo].map((mutation) => mutation.error).find((error) => error && !('errorFields' in error));

  return (
    <div className="setup">
      {firstRun ? (
        <Card className="setup__demo">
          <Typography.Title level={2}>{t('setup.welcome')}</Typography.Title>
          <Typography.Paragraph className="setup__lead">{t('setup.demoLead')}</Typography.Paragraph>
          <Button type="primary" size="large" icon={<RocketOutlined aria-hidden />} loading={useDemo.isPending} onClick={() => useDemo.mutate()} className="setup__demo-button">
            {t('setup.useDemo')}
          </Button>
          <Typography.Paragraph type="secondary" className="setup__or">
            {t('setup.orReal')}
          </Typography.Paragraph>
        </Card>
      ) : null}
      <Card title={<Typography.Title level={2}>{t('setup.title')}</Typography.Title>} className="setup__card">
        <Form<SetupFormValues> form={form} name="setup" layout="vertical" initialValues={formValuesFromSettings(view)} requiredMark={false} size="large">
          <Form.Item name="gatewayMode" label={t('setup.gateway')}>
            <Radio.Group aria-label={t('setup.gateway')} optionType="button" buttonStyle="solid">
              <Radio.Button value="demo">{t('setup.gatewayDemo')}</Radio.Button>
              <Radio.Button value="real">{t('setup.gatewayReal')}</Radio.Button>
            </Radio.Group>
          </Form.Item>
          {gatewayMode === 'real' ? (
            <div className="setup__grid">
              <Form.Item name="baseUrl" label={t('setup.baseUrl')} rules={[schemaRule('baseUrl', t('setup.invalid.baseUrl'))]} className="setup__wide">
                <Input placeholder="https://" autoComplete="off" />
              </Form.Item>
              <Form.Item
                name="token"
                label={t('setup.token')}
                extra={view.token.isSet ? t('setup.tokenStored', { lastFour: view.token.lastFour ?? '' }) : t('setup.tokenHint')}
                rules={[{ required: !view.token.isSet, whitespace: true, message: t('setup.invalid.token') }]}
                className="setup__wide"
              >
                <Input.Password autoComplete="off" placeholder={view.token.isSet ? t('setup.tokenKeep') : ''} />
              </Form.Item>
              <Form.Item name="shopId" label={t('setup.shopId')} rules={[schemaRule('shopId', t('setup.invalid.shopId'))]}>
                <Input autoComplete="off" />
              </Form.Item>
              <Form.Item name="sellerNick" label={t('setup.sellerNick')} extra={t('setup.sellerNickHint')} rules={[schemaRule('sellerNick', t('setup.invalid.sellerNick'))]}>
                <Input autoComplete="off" />
              </Form.Item>
              <Form.Item name="merchantUserId" label={t('setup.merchantUserId')} rules={[schemaRule('merchantUserId', t('setup.invalid.merchantUserId'))]}>
                <Input inputMode="numeric" autoComplete="off" />
              </Form.Item>
            </div>
          ) : (
            <Typography.Paragraph className="setup__demo-note">
              <ApiOutlined aria-hidden /> {t('setup.demoNote')}
            </Typography.Paragraph>
          )}
          <div className="setup__grid">
            <Form.Item name="edition" label={t('setup.edition')} extra={t('setup.editionHint')} className="setup__wide">
              <Radio.Group aria-label={t('setup.edition')} optionType="button">
                {EDITION_NAMES.map((edition) => (
                  <Radio.Button key={edition} value={edition}>
                    {t(`editions.${edition}`)}
                  </Radio.Button>
                ))}
              </Radio.Group>
            </Form.Item>
            <Form.Item name="orderChannel" label={t('setup.orderChannel')} rules={[schemaRule('orderChannel', t('setup.invalid.orderChannel'))]}>
              <Select
                showSearch
                optionFilterProp="label"
                aria-label={t('setup.orderChannel')}
                options={ORDER_CHANNELS.map((channel) => ({ value: channel.code, label: `${language === 'zh' ? channel.nameZh : channel.nameEn} (${channel.code})` }))}
              />
            </Form.Item>
          </div>
          <Typography.Text strong>{t('setup.templates')}</Typography.Text>
          <Typography.Paragraph type="secondary">{t('setup.templatesHint')}</Typography.Paragraph>
          <Form.List name="templates">
            {(fields, { add, remove }) => (
              <div className="setup__templates">
                {fields.map((field, index) => (
                  <Space key={field.key} align="start" className="setup__template-row">
                    <Form.Item name={[field.name, 'carrierCode']} rules={[schemaRule('templateCarrier', t('setup.invalid.templateCarrier'))]}>
                      <Select
                        showSearch
                        optionFilterProp="label"
                        aria-label={t('setup.templateCarrier', { index: index + 1 })}
                        placeholder={t('setup.templateCarrierPlaceholder')}
                        className="setup__template-carrier"
                        options={CARRIERS.map((carrier) => ({ value: carrier.code, label: `${language === 'zh' ? carrier.nameZh : carrier.nameEn} (${carrier.code})` }))}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'url']} rules={[schemaRule('templateUrl', t('setup.invalid.templateUrl'))]} className="setup__template-url">
                      <Input aria-label={t('setup.templateUrl', { index: index + 1 })} placeholder="https://cloudprint.cainiao.com/template/standard/101/3" />
                    </Form.Item>
                    <Button icon={<DeleteOutlined aria-hidden />} aria-label={t('setup.templateRemove', { index: index + 1 })} onClick={() => remove(field.name)} />
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => add({ carrierCode: undefined, url: '' })}>
                  {t('setup.templateAdd')}
                </Button>
              </div>
            )}
          </Form.List>
          <div className="setup__actions">
            <Button size="large" loading={test.isPending} onClick={() => test.mutate()}>
              {t('setup.test')}
            </Button>
            <Button type="primary" size="large" loading={finish.isPending} onClick={() => finish.mutate()}>
              {firstRun ? t('setup.finish') : t('setup.save')}
            </Button>
            {firstRun ? null : (
              <Button size="large" onClick={() => setSettingsOpen(false)}>
                {t('common.cancel')}
              </Button>
            )}
          </div>
          <div className="setup__result" aria-live="polite">
            {test.isPending ? <Skeleton active paragraph={{ rows: 2 }} title={false} /> : null}
            {test.data ? <ConnectionReport report={test.data} now={now} /> : null}
            {failure ? <StationErrorAlert error={stationErrorOf(failure)} /> : null}
          </div>
        </Form>
      </Card>
    </div>
  );
}

/**
 * First run (and Settings, F2): demo mode in one click, or the real gateway's address and
 * token, the shop, edition, order channel and per-carrier templates, with "Test connection".
 */
export function SetupScreen({ firstRun }: { firstRun: boolean }) {
  const settings = useSettingsQuery();
  if (settings.isError) return <StationErrorAlert error={stationErrorOf(settings.error)} />;
  if (settings.isPending) return <Skeleton active className="setup" />;
  return <SetupForm view={settings.data} firstRun={firstRun} />;
}
