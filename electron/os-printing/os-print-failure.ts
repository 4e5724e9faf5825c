import { describeError, type StationError } from '../../shared/errors/station-error';
import { errorCatalog } from '../../shared/errors/error-catalog';
import type { OsPrintError, OsPrintErrorCode } from './os-printing-types';
import type { PrintFailure } from '../../shared/domain/printing';

/**
 * The OS print component reports failures the way every print component does (a PrintFailure: a
 * numeric code and a detail text), and carries the typed error along so the UI can show the
 * catalog's localized message instead of the English detail.
 */

/**
 * Numeric codes of this path's failures, apart from the CAINIAO component's (11, 40, …) and the
 * emulator's (12–14, 41, 42, 50) so that none is mistaken for another.
 */
export const OS_PRINT_FAILURE_CODES: Readonly<Record<OsPrintErrorCode, number>> = {
  'print.encrypted-needs-component': 101,
  'print.plain-data-invalid': 102,
  'print.os-printer-not-found': 103,
  'print.os-print-failed': 104,
  'print.os-printers-unreadable': 105,
  'print.os-print-system-missing': 106,
  'print.os-paper-size-missing': 107,
  'print.os-platform-unsupported': 108,
};

/** A failure of this path: a PrintFailure with its typed error. */
export interface OsPrintFailure extends PrintFailure {
  error: StationError;
}

/** The failure a typed error is reported as; the detail is the error's English text. */
export function osPrintFailureOf(error: OsPrintError, source: PrintFailure['source']): OsPrintFailure {
  const typed: StationError = { code: error.code, params: error.params, retryable: errorCatalog[error.code].retryable };
  return { code: OS_PRINT_FAILURE_CODES[error.code], detail: describeError(typed).text, source, error: typed };
}

const codes = new Set<string>(Object.keys(OS_PRINT_FAILURE_CODES));

/** The typed error a failure of this path carries; null for other components' failures. */
export function osPrintErrorOf(failure: PrintFailure): OsPrintError | null {
  const error = failure.error;
  if (!error || !codes.has(error.code) || OS_PRINT_FAILURE_CODES[error.code as OsPrintErrorCode] !== failure.code) return null;
  return { code: error.code as OsPrintErrorCode, params: error.params } as OsPrintError;
}
