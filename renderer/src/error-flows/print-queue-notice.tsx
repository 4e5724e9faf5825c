import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorRemedyKey } from '../../../shared/errors/error-resources';
import { usePrintQueueStatus } from '../issue-print/use-job';

/**
 * While the print component is offline, labels wait in the queue: says how many, and how to
 * bring the component back (they print once it is back, each exactly once). Labels sent to the
 * output not chosen now wait for it: says how many, and that only that output settles them.
 */
export function PrintQueueNotice() {
  const { t } = useTranslation();
  const status = usePrintQueueStatus();
  const component = status.data?.component;
  const otherOutputCount = status.data?.waitingForOtherOutput ?? 0;
  const otherOutput = status.data?.output === 'os-printer' ? 'print-component' : 'os-printer';
  return (
    <>
      {component?.kind === 'offline' ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={t('errorFlows.componentOffline.title', { count: status.data?.waitingForComponent ?? 0 })}
          description={t(errorRemedyKey('print.component-not-running'), { url: component.url })}
        />
      ) : null}
      {otherOutputCount > 0 ? (
        <Alert type="warning" showIcon title={t(`errorFlows.otherOutput.${otherOutput}`, { count: otherOutputCount })} description={t('errorFlows.otherOutput.remedy')} />
      ) : null}
    </>
  );
}
