import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Radio, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SharedModeTestReport } from '../../../shared/ipc/ipc-contract';
import { SHARED_TLS_MODES } from '../../../shared/settings/settings-schema';
import { unwrapResult, useStation } from '../bridge/station-context';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import { fieldRule } from '../setup/field-rule';
import { SettingsSection } from './settings-section';
import { isValidSharedModeField, isValidSharedModePassword, isValidSharedModeTls, type SharedModeField, type SharedModeFormValues } from './shared-mode-form';

/** The query key of the shared mode's status (whether a password is stored, the computer's name). */
export const sharedModeStatusKey = ['shared-mode-status'] as const;

const tlsLabelKeys = { 'verify-full': 'tlsVerifyFull', 'verify-ca': 'tlsVerifyCa', off: 'tlsOff' } as const;

/** What a passed connection test found, in the user's words. */
function SharedModeTestResult({ report }: { report: SharedModeTestReport }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="success"
      showIcon
      title={t('settings.sharedMode.connected', { serverVersion: report.serverVersion, schema: report.schema, schemaVersion: report.schemaVersion })}
      description={
        <>
          <div>{report.migrated.length > 0 ? t('settings.sharedMode.migrated', { migrations: report.migrated.join(', ') }) : t('settings.sharedMode.upToDate')}</div>
          <div>{t('settings.sharedMode.desks', { count: report.desks.length, names: report.desks.map((desk) => desk.name).join(', ') })}</div>
        </>
      }
    />
  );
}

/**
 * Settings → Shared mode: what it is for, the PostgreSQL connection (the password stored in its
 * own vault, only whether it is set shown), the TLS choice (off only for this computer) with the
 * server's root certificate file, this desk's name, and "Test connection" on the saved
 * settings, which creates or migrates the shared tables.
 */
export function SharedModeSection({ saveChanges }: { saveChanges: () => Promise<void> }) {
  const { t } = useTranslation();
  const station = useStation();
  const client = useQueryClient();
  const { modal, message } = App.useApp();
  const status = useQuery({ queryKey: sharedModeStatusKey, queryFn: () => unwrapResult(station['shared-mode.status']({})), staleTime: Infinity });
  const test = useMutation({
    mutationFn: async () => {
      await saveChanges();
      return unwrapResult(station['shared-mode.test']({}));
    },
  });
  const clearPassword = useMutation({
    mutationFn: () => unwrapResult(station['shared-mode.clear-password']({})),
    onSuccess: (cleared) => {
      client.setQueryData(sharedModeStatusKey, cleared);
      void message.success(t('settings.sharedMode.passwordCleared'));
    },
  });
  const confirmClearPassword = () =>
    void modal.confirm({
      title: t('settings.sharedMode.clearPasswordTitle'),
      content: t('settings.sharedMode.clearPasswordContent'),
      okText: t('settings.sharedMode.clearPasswordOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      scrollLock: false,
      onOk: () => clearPassword.mutateAsync(),
    });
  const textField = (field: SharedModeField, label: string, invalid: string, extra?: string) => (
    <Form.Item name={['sharedMode', field]} label={label} extra={extra} rules={[fieldRule((text) => isValidSharedModeField(field, text), invalid)]}>
      <Input aria-label={label} autoComplete="off" spellCheck={false} placeholder={field === 'deskName' ? status.data?.computerName : undefined} />
    </Form.Item>
  );
  const passwordSet = status.data?.password.isSet ?? false;
  // The switch as it stands in the form, against the mode this run started in (read at start).
  const form = Form.useFormInstance();
  const enabled = Form.useWatch(['sharedMode', 'enabled'], form) as boolean | undefined;
  const tls = Form.useWatch(['sharedMode', 'tls'], form) as SharedModeFormValues['tls'] | undefined;
  const runningMode = status.data?.runningMode;
  const restartToApply = runningMode !== undefined && enabled !== undefined && enabled !== (runningMode === 'shared');
  // A wrong field is shown under the field itself; only other failures are shown here.
  const failure = [test.error, clearPassword.error, status.error].find((error) => error && !('errorFields' in error));

  return (
    <SettingsSection section="sharedMode" title={t('settings.section.sharedMode')}>
      <Typography.Paragraph>{t('settings.sharedMode.purpose')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('settings.sharedMode.restartNote')}</Typography.Paragraph>
      {restartToApply ? (
        <Alert type="warning" showIcon title={t('settings.sharedMode.restartToApply', { running: t(runningMode === 'shared' ? 'settings.sharedMode.runningShared' : 'settings.sharedMode.runningLocal') })} />
      ) : null}
      <Form.Item name={['sharedMode', 'enabled']} label={t('settings.sharedMode.enabled')} valuePropName="checked">
        <Switch aria-label={t('settings.sharedMode.enabled')} />
      </Form.Item>
      <div className="setup__grid">
        {textField('host', t('settings.sharedMode.host'), t('settings.sharedMode.invalid.host'))}
        {textField('port', t('settings.sharedMode.port'), t('settings.sharedMode.invalid.port'))}
        {textField('database', t('settings.sharedMode.database'), t('settings.sharedMode.invalid.name'))}
        {textField('user', t('settings.sharedMode.user'), t('settings.sharedMode.invalid.name'))}
        <Form.Item
          name={['sharedMode', 'password']}
          label={t('settings.sharedMode.password')}
          extra={passwordSet ? t('settings.sharedMode.passwordStored') : t('settings.sharedMode.passwordNone')}
          rules={[fieldRule(isValidSharedModePassword, t('settings.sharedMode.invalid.password'))]}
        >
          <Input.Password aria-label={t('settings.sharedMode.password')} autoComplete="new-password" />
        </Form.Item>
        {passwordSet ? (
          <Button type="link" danger onClick={confirmClearPassword} loading={clearPassword.isPending} className="settings__inline-action">
            {t('settings.sharedMode.clearPassword')}
          </Button>
        ) : null}
        <Form.Item
          name={['sharedMode', 'tls']}
          label={t('settings.sharedMode.tls')}
          extra={t('settings.sharedMode.tlsHint')}
          className="setup__wide"
          dependencies={[['sharedMode', 'host']]}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule: unknown, value: SharedModeFormValues['tls']) =>
                isValidSharedModeTls(value, String(getFieldValue(['sharedMode', 'host']) ?? '')) ? Promise.resolve() : Promise.reject(new Error(t('settings.sharedMode.invalid.tlsOff'))),
            }),
          ]}
        >
          <Radio.Group aria-label={t('settings.sharedMode.tls')} optionType="button">
            {SHARED_TLS_MODES.map((mode) => (
              <Radio.Button key={mode} value={mode}>
                {t(`settings.sharedMode.${tlsLabelKeys[mode]}`)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        {tls === 'off' ? null : (
          <div className="setup__wide">
            {textField('tlsRootCertificateFile', t('settings.sharedMode.tlsRootCertificateFile'), t('settings.sharedMode.invalid.tlsRootCertificateFile'), t('settings.sharedMode.tlsRootCertificateFileHint'))}
          </div>
        )}
        {textField('schema', t('settings.sharedMode.schema'), t('settings.sharedMode.invalid.schema'))}
        {textField('deskName', t('settings.sharedMode.deskName'), t('settings.sharedMode.invalid.deskName'), t('settings.sharedMode.deskNameHint', { computerName: status.data?.computerName ?? '' }))}
      </div>
      <div className="settings__row">
        <Button size="large" loading={test.isPending} onClick={() => test.mutate()}>
          {t('settings.sharedMode.test')}
        </Button>
        <Typography.Text type="secondary">{t('settings.sharedMode.testHint')}</Typography.Text>
      </div>
      <div className="setup__result" aria-live="polite">
        {test.isPending ? <Skeleton active paragraph={{ rows: 2 }} title={false} /> : null}
        {test.data && !test.isPending ? <SharedModeTestResult report={test.data} /> : null}
        {failure ? <StationErrorAlert error={stationErrorOf(failure)} /> : null}
      </div>
    </SettingsSection>
  );
}
