import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorRemedyKey } from '../../../shared/errors/error-resources';
import { usePrintQueueStatus } from '../issue-print/use-job';

/**
 * While the print component is offline, labels wait in the queue: says how many, and how to
 * bring the component back (they print once it is back, each exactly once).
 */
export function PrintQueueNotice() {
  const { t } = useTranslation();
  const status = usePrintQueueStatus();
  const component = status.data?.component;
  if (!component || component.kind !== 'offline') return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={t('errorFlows.componentOffline.title', { count: status.data?.waitingForComponent ?? 0 })}
      description={t(errorRemedyKey('print.component-not-running'), { url: component.url })}
    />
  );
}
