import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StationError } from '../../../shared/errors/station-error';
import { StationErrorAlert } from '../errors/station-error-text';
import { AuthorizationPanel } from './authorization-panel';
import { TokenForm } from './token-form';

/** Props of the stop panel. */
export interface JobStopPanelProps {
  error: StationError;
  /** Resumes the job (after a new token: at once). */
  resume: () => Promise<void>;
}

/**
 * Why a job stopped, and the way out the error calls for: a new token (401), the shop's
 * authorization link (302), or the catalog's remedy (204 permission or quota, 614 stop-the-job).
 */
export function JobStopPanel({ error, resume }: JobStopPanelProps) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" className="job-stop-panel" aria-label={t('errorFlows.stoppedLabel')} role="region">
      <StationErrorAlert error={error} />
      {error.code === 'gateway.unauthorized-token' ? <TokenForm onStored={resume} /> : null}
      {error.code === 'gateway.shop-not-authorized' ? <AuthorizationPanel authUrl={error.params.authUrl} /> : null}
    </Space>
  );
}
