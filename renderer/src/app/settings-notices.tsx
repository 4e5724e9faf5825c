import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStationInfoQuery } from '../bridge/station-queries';
import { useUi } from './ui-store-context';

/**
 * What start-up did with the settings file, above the main area: while the settings need
 * attention (none could be read and the journal holds real work) a red banner says that nothing
 * is issued or printed and leads to Settings; a restored last-good copy is said once.
 */
export function SettingsNotices() {
  const { t } = useTranslation();
  const info = useStationInfoQuery();
  const setSettingsOpen = useUi((state) => state.setSettingsOpen);
  const [restoredSeen, setRestoredSeen] = useState(false);
  const notice = info.data?.settingsNotice ?? null;
  if (info.data?.settingsNeedAttention) {
    return (
      <Alert
        type="error"
        showIcon
        className="station__notice"
        role="alert"
        title={t('settingsNotice.attentionTitle')}
        description={
          <>
            {t('settingsNotice.attentionText')}
            {notice?.setAsidePath ? <> {t('settingsNotice.attentionKept', { path: notice.setAsidePath })}</> : null}
          </>
        }
        action={
          <Button type="primary" danger onClick={() => setSettingsOpen(true)}>
            {t('settingsNotice.attentionAction')}
          </Button>
        }
      />
    );
  }
  if (notice?.restoredLastGood && !restoredSeen) {
    return <Alert type="warning" showIcon closable className="station__notice" title={t('settingsNotice.restored', { reason: t(`settingsNotice.reasons.${notice.reason}`) })} onClose={() => setRestoredSeen(true)} />;
  }
  return null;
}
