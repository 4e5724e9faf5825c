import { Alert } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorRemedyKey, errorTextKey } from '../../../shared/errors/error-resources';
import type { StationError } from '../../../shared/errors/station-error';
import { withDeskFieldWords } from '../../../shared/validation/field-words';
import { StationCallError } from '../bridge/station-context';

/** The typed error behind whatever react-query caught (an unexpected throw becomes internal). */
export function stationErrorOf(error: unknown): StationError {
  if (error instanceof StationCallError) return error.stationError;
  return { code: 'internal.unexpected', params: {}, retryable: false };
}

/**
 * A typed error in the UI's language — what happened and what to do — with the gateway's field
 * names in the desk's words (`recipient.name` → the receiver's name, `cp_code` → the carrier (Ship from, F7)).
 */
export function localizedError(t: TFunction, language: string, error: StationError): { text: string; remedy: string } {
  const params = withDeskFieldWords(error.params, language === 'zh-CN' ? 'zh' : 'en');
  return { text: t(errorTextKey(error.code), params), remedy: t(errorRemedyKey(error.code), params) };
}

/** Shows a typed error in the UI's language: what happened and what to do. */
export function StationErrorAlert({ error, compact = false }: { error: StationError; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const { text, remedy } = localizedError(t, i18n.language, error);
  return <Alert type="error" showIcon title={text} description={compact ? undefined : remedy} role="alert" />;
}
