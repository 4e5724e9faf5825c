import { LABEL_SIZES_MM } from '../labels/label-input';
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
  /** CUPS's printer-state-reasons (`paused`, `media-empty-error`, `offline-report`, …) without `none`; absent where the system gives none. */
  reasons?: string[];
}

/** The office sheets paperwork (packing slips, picking lists) prints on besides the label sizes. */
export type SheetSize = 'A4' | 'A5';

/** Paper an OS print job is printed on: a thermal label size or an office sheet. */
export type PrintPaper = LabelSize | SheetSize;

/** Width and height of every print paper in millimetres (portrait). */
export const PRINT_PAPERS_MM: Readonly<Record<PrintPaper, { width: number; height: number }>> = {
  ...LABEL_SIZES_MM,
  A4: { width: 210, height: 297 },
  A5: { width: 148, height: 210 },
};

/** Whether a paper is an office sheet, which print systems know by its name. */
export function isSheetSize(paper: PrintPaper): paper is SheetSize {
  return paper === 'A4' || paper === 'A5';
}

/** A PDF to print, on paper of the label size given explicitly to the print system. */
export interface OsPrintJob {
  /** The printer's name; empty for the system's default printer (as in the print component's tasks). */
  printer: string;
  pdf: Uint8Array;
  size: PrintPaper;
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

/** Whether the print system answers, and what it is. */
export type OsPrintSystemStatus =
  | { available: true; name: string; version: string | null; address: string }
  | {
      available: false;
      name: string;
      address: string;
      /** `not-running`: it may answer later (e.g. cupsd stopped); the others never change by themselves. */
      reason: 'not-running' | 'missing' | 'unsupported';
      detail: string;
    };

/** What the print system says became of a job it accepted. */
export type OsJobState =
  /** Waiting, held or printing; also while its printer is stopped (it resumes when the printer is enabled). */
  | { kind: 'in-progress'; message: string }
  | { kind: 'completed' }
  | { kind: 'canceled'; message: string }
  | { kind: 'aborted'; message: string };

/**
 * How far a print system follows a job: `job-state` (CUPS) reports when the job completed, i.e.
 * the printer took all of it; `spooled` (Windows through pdf-to-printer) only that the spooler
 * took the job, with no job id to follow.
 */
export type OsJobTracking = 'job-state' | 'spooled';

/** A print system: its printers, a way to send them a PDF, and what became of the jobs. */
export interface OsPrinting {
  /** The print system's name for messages (`CUPS`, `Windows print spooler`). */
  readonly name: string;
  readonly tracking: OsJobTracking;
  /** Asks the print system whether it answers (never rejects). */
  status(): Promise<OsPrintSystemStatus>;
  listPrinters(): Promise<OsPrintOutcome<OsPrinterInfo[]>>;
  printPdf(job: OsPrintJob): Promise<OsPrintOutcome<OsPrintAccepted>>;
  /**
   * The states of jobs by the ids printPdf answered; a job the print system no longer knows (or
   * never knew) is absent from the map. Empty where tracking is `spooled`. Rejects when the print
   * system cannot be asked.
   */
  jobStates(jobIds: readonly string[]): Promise<ReadonlyMap<string, OsJobState>>;
}

/** Builds a failed outcome. */
export function osPrintFailure<T = never>(code: OsPrintErrorCode, params: OsPrintError['params']): OsPrintOutcome<T> {
  return { ok: false, error: { code, params } };
}
