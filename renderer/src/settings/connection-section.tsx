import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../shared/ipc/ipc-contract';
import { useNow } from '../app/use-now';
import { stationQueryKeys } from '../bridge/station-queries';
import { unwrapResult, useStation } from '../bridge/station-context';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import { ConnectionFields } from '../setup/connection-fields';
import { ConnectionReport } from '../setup/connection-report';
import type { GatewayMode } from '../setup/setup-form';
import { SettingsSection } from './settings-section';

/** Props of the connection section. */
export interface ConnectionSectionProps {
  view: SettingsView;
  gatewayMode: GatewayMode;
  /** Saves the whole form (rejecting when a field is wrong or the save failed). */
  saveChanges: () => Promise<void>;
}

/**
 * The gateway connection: the setup screen's fields (demo or real gateway, account, token,
 * edition, channel), clearing the stored token, and "Test connection" on the saved settings.
 */
export function ConnectionSection({ view, gatewayMode, saveChanges }: ConnectionSectionProps) {
  const { t } = useTranslation();
  const station = useStation();
  const client = useQueryClient();
  const { modal, message } = App.useApp();
  const now = useNow();
  const test = useMutation({
    mutationFn: async () => {
      await saveChanges();
      return unwrapResult(station['connection.test']({}));
    },
    onSettled: () => void client.invalidateQueries({ queryKey: stationQueryKeys.costs }),
  });
  const clearToken = useMutation({
    mutationFn: () => unwrapResult(station['token.clear']({})),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: stationQueryKeys.settings });
      void message.success(t('settings.connection.tokenCleared'));
    },
  });
  const confirmClearToken = () =>
    void modal.confirm({
      title: t('settings.connection.clearTokenTitle'),
      content: t('settings.connection.clearTokenContent'),
      okText: t('settings.connection.clearTokenOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      scrollLock: false,
      onOk: () => clearToken.mutateAsync(),
    });
  // A wrong field is shown under the field itself; only other failures are shown here.
  const failure = [test.error, clearToken.error].find((error) => error && !('errorFields' in error));

  return (
    <SettingsSection section="connection" title={t('settings.section.connection')}>
      <ConnectionFields
        gatewayMode={gatewayMode}
        token={view.token}
        tokenActions={
          view.token.isSet ? (
            <Button type="link" danger onClick={confirmClearToken} loading={clearToken.isPending} className="settings__inline-action">
              {t('settings.connection.clearToken')}
            </Button>
          ) : null
        }
      />
      <div className="settings__row">
        <Button size="large" loading={test.isPending} onClick={() => test.mutate()}>
          {t('setup.test')}
        </Button>
        <Typography.Text type="secondary">{t('settings.connection.testHint')}</Typography.Text>
      </div>
      <div className="setup__result" aria-live="polite">
        {test.isPending ? <Skeleton active paragraph={{ rows: 2 }} title={false} /> : null}
        {test.data && !test.isPending ? <ConnectionReport report={test.data} now={now} /> : null}
        {failure ? <StationErrorAlert error={stationErrorOf(failure)} /> : null}
      </div>
    </SettingsSection>
  );
}
