import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorRemedyKey, errorTextKey } from '../../../shared/errors/error-resources';
import type { StationError } from '../../../shared/errors/station-error';
import { StationCallError } from '../bridge/station-context';

/** The typed error behind whatever react-query caught (an unexpected throw becomes internal). */
export function stationErrorOf(error: unknown): StationError {
  if (error instanceof StationCallError) return error.stationError;
  return { code: 'internal.unexpected', params: {}, retryable: false };
}

/** Shows a typed error in the UI's language: what happened and what to do. */
export function StationErrorAlert({ error, compact = false }: { error: StationError; compact?: boolean }) {
  const { t } = useTranslation();
  const text = t(errorTextKey(error.code), error.params);
  const remedy = t(errorRemedyKey(error.code), error.params);
  return <Alert type="error" showIcon title={text} description={compact ? undefined : remedy} role="alert" />;
}
