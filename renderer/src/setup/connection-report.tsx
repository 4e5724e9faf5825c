import { CheckCircleFilled } from '@ant-design/icons';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConnectionTestReport } from '../../../shared/ipc/ipc-contract';
import { formatChinaDateTime } from '../../../shared/time/china-time';
import { subscriptionStatus } from '../account-bar/subscription-status';
import { StationErrorAlert } from '../errors/station-error-text';

/** "Test connection" in plain words: each check OK with what it found, or its error and remedy. */
export function ConnectionReport({ report, now }: { report: ConnectionTestReport; now: number }) {
  const { t } = useTranslation();
  const { subscription, network } = report;
  const subscriptionSummary = () => {
    if (!subscription.ok) return null;
    const { endsAt } = subscription.data;
    if (endsAt === null) return t('setup.report.subscriptionNoEnd');
    const { daysLeft, severity } = subscriptionStatus(endsAt, now);
    const date = formatChinaDateTime(endsAt).slice(0, 10);
    return severity === 'expired' ? t('setup.report.subscriptionExpired', { date }) : t('setup.report.subscriptionOk', { date, count: daysLeft ?? 0 });
  };
  return (
    <div className="setup-report" aria-label={t('setup.report.label')} role="group">
      {subscription.ok ? (
        <Alert type="success" showIcon icon={<CheckCircleFilled aria-hidden />} title={t('setup.report.subscription')} description={subscriptionSummary()} />
      ) : (
        <div>
          <strong>{t('setup.report.subscription')}</strong>
          <StationErrorAlert error={subscription.error} />
        </div>
      )}
      {network.ok ? (
        <Alert
          type="success"
          showIcon
          icon={<CheckCircleFilled aria-hidden />}
          title={t('setup.report.network')}
          description={t('setup.report.networkOk', { carriers: network.data.carriers, branches: network.data.branches })}
        />
      ) : (
        <div>
          <strong>{t('setup.report.network')}</strong>
          <StationErrorAlert error={network.error} />
        </div>
      )}
    </div>
  );
}
