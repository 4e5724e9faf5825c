import type { LabelSize } from '../labels/label-input';

/**
 * Printing our own labels through the operating system's print system (CUPS on macOS and Linux,
 * the spooler on Windows): the types every backend shares.
 */

/**
 * The errors of this path. Stable codes meant for the shared error catalog; until they are in it,
 * they travel as this plain `{ code, params }` value (the shape of a StationError).
 */
export type OsPrintErrorCode =
  /** The print data is encrypted: only the carrier platform's print component can render it. */
  | 'print.encrypted-needs-component'
  /** The print data has no usable plain `data` (params: waybillCode, reason). */
  | 'print.plain-data-invalid'
  /** No printer of that name (params: printer). */
  | 'print.os-printer-not-found'
  /** The print system refused or failed the job (params: printer, reason). */
  | 'print.os-print-failed'
  /** The printer list could not be read (params: reason). */
  | 'print.os-printers-unreadable'
  /** The print system's commands are not installed (params: command). */
  | 'print.os-print-system-missing'
  /** The Windows printer has no paper form of the label size (params: printer, size). */
  | 'print.os-paper-size-missing'
  /** No print system is supported on this platform (params: platform). */
  | 'print.os-platform-unsupported';

/** A typed error of the OS printing path. */
export interface OsPrintError {
  code: OsPrintErrorCode;
  params: Record<string, string | number>;
}

/** Data, or a typed error: the same shape as the shared Result. */
export type OsPrintOutcome<T> = { ok: true; data: T } | { ok: false; error: OsPrintError };

/** One printer as the operating system lists it. */
export interface OsPrinterInfo {
  name: string;
  isDefault: boolean;
  /** What the print system says about the queue; `unknown` where it does not say. */
  state: 'idle' | 'printing' | 'disabled' | 'unknown';
}

/** A PDF to print, on paper of the label size given explicitly to the print system. */
export interface OsPrintJob {
  /** The printer's name; empty for the system's default printer (as in the print component's tasks). */
  printer: string;
  pdf: Uint8Array;
  size: LabelSize;
  /** Job name shown in the print queue; the waybill number. */
  title: string;
  copies?: number;
}

/** A job the print system accepted (accepted, not yet printed). */
export interface OsPrintAccepted {
  printer: string;
  /** The print system's job id (e.g. `WaybillPDF-12`), when it tells one. */
  jobId: string | null;
}

/** A print system: its printers, and a way to send them a PDF. */
export interface OsPrinting {
  listPrinters(): Promise<OsPrintOutcome<OsPrinterInfo[]>>;
  printPdf(job: OsPrintJob): Promise<OsPrintOutcome<OsPrintAccepted>>;
}

/** Builds a failed outcome. */
export function osPrintFailure<T = never>(code: OsPrintErrorCode, params: OsPrintError['params']): OsPrintOutcome<T> {
  return { ok: false, error: { code, params } };
}
