import type { TFunction } from 'i18next';
import type { ErrorCode } from '../../../shared/errors/error-catalog';
import { reasonParams } from '../../../shared/errors/error-reasons';
import { errorTextKey } from '../../../shared/errors/error-resources';

/**
 * A failure reason (an error code) in the UI's words, as the desk words that error (its text by
 * code, one case's details shown as "…": failures are summed by code); an unknown code as it is.
 */
export function failureReasonText(t: TFunction, code: string): string {
  return t(errorTextKey(code as ErrorCode), { ...reasonParams(code), defaultValue: code });
}
