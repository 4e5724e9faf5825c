import { RocketOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../shared/ipc/ipc-contract';
import type { SettingsPatch } from '../../../shared/settings/settings-schema';
import { useUi } from '../app/ui-store-context';
import { useNow } from '../app/use-now';
import { refetchAccountData, stationQueryKeys, useSettingsQuery } from '../bridge/station-queries';
import { unwrapResult, useStation } from '../bridge/station-context';
import { useStoreToken } from '../error-flows/use-store-token';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import { ConnectionFields } from './connection-fields';
import { ConnectionReport } from './connection-report';
import { demoSenderPatch, formValuesFromSettings, settingsPatchFromForm, type SetupFormValues } from './setup-form';
import { SenderFields } from './sender-fields';
import { TemplateFields } from './template-fields';
import { validateShowingFirstError } from './validate-form';
import './setup-screen.css';

/** The setup form, once the current settings are known. */
function SetupForm({ view }: { view: SettingsView }) {
  const { t } = useTranslation();
  const station = useStation();
  const storeToken = useStoreToken();
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
    await validateShowingFirstError(form);
    // Every value, the fields not shown too (the sender shows only for a real gateway).
    const values = form.getFieldsValue(true) as SetupFormValues;
    await update(settingsPatchFromForm(values, view));
    if (values.gatewayMode === 'real' && values.token.trim() !== '') {
      await storeToken(values.token.trim());
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
  // Settings opened (F2) during the first run stay closed: the desk opens once setup is done.
  const finish = useMutation({
    mutationFn: async () => {
      await saveForm();
      await update({ ui: { setupCompleted: true } });
    },
    onSuccess: () => setSettingsOpen(false),
  });
  const useDemo = useMutation({
    // The demo sender goes into Settings (where it can be changed), so the sender Settings shows is the one that prints.
    mutationFn: () => update({ gateway: { baseUrl: null }, shipFrom: demoSenderPatch(view.settings.shipFrom), ui: { setupCompleted: true } }),
    onSuccess: () => setSettingsOpen(false),
  });

  const failure = [test, finish, useDemo].map((mutation) => mutation.error).find((error) => error && !('errorFields' in error));

  return (
    <div className="setup">
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
      <Card title={<Typography.Title level={2}>{t('setup.title')}</Typography.Title>} className="setup__card">
        <Form<SetupFormValues> form={form} name="setup" layout="vertical" initialValues={formValuesFromSettings(view)} requiredMark={false} size="large">
          <ConnectionFields gatewayMode={gatewayMode} token={view.token} />
          {gatewayMode === 'real' ? <SenderFields /> : null}
          <TemplateFields />
          <div className="setup__actions">
            <Button size="large" loading={test.isPending} onClick={() => test.mutate()}>
              {t('setup.test')}
            </Button>
            <Button type="primary" size="large" loading={finish.isPending} onClick={() => finish.mutate()}>
              {t('setup.finish')}
            </Button>
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
 * The first run: demo mode in one click, or the real gateway's address and token, the shop,
 * edition, order channel, the sender and per-carrier templates, with "Test connection". Later changes are
 * made in Settings (F2).
 */
export function SetupScreen() {
  const settings = useSettingsQuery();
  if (settings.isError) return <StationErrorAlert error={stationErrorOf(settings.error)} />;
  if (settings.isPending) return <Skeleton active className="setup" />;
  return <SetupForm view={settings.data} />;
}
