import { stationError, type StationError } from '../errors/station-error';
import type { LabelSize } from '../settings/settings-schema';
import { conditionOfFailure } from './printer-condition';

/**
 * The print component as the UI sees it (state, printers, printer settings, failures): shared by
 * the print services in main and the renderer through the IPC contract.
 */

/** Why the component is not reachable right now. */
export type OfflineReason =
  /** Nothing listens on the component's address: the component is not installed or not started. */
  | 'not-running'
  /** A connection existed and was dropped (component restarted or crashed, desk slept). */
  | 'connection-lost'
  /** Something answered but the connection could not be set up (HTTP error, no handshake reply). */
  | 'handshake-failed'
  /** The station closed the connection itself; nothing reconnects. */
  | 'closed';

/** Where the connection to the component stands. */
export type ComponentState =
  | { kind: 'connecting'; url: string; attempt: number }
  | {
      kind: 'connected';
      url: string;
      /** The component's version, when it told. */
      agentVersion: string | null;
      /** False when the component refused to report task failures (setGlobalConfig failed). */
      failureNotices: boolean;
    }
  | {
      kind: 'offline';
      url: string;
      reason: OfflineReason;
      /** The underlying error text, for logs and support. */
      detail: string;
      /** When the next attempt starts; null when nothing will reconnect. */
      retryInMs: number | null;
      since: number;
    };

/** The component's own description of itself. */
export interface AgentInfo {
  version: string;
  message: string;
}

/** One printer the operating system offers through the component. */
export interface PrinterInfo {
  name: string;
  /** The component's status text (e.g. `enable`), null when it sent none. */
  status: string | null;
}

/**
 * Whether the component reports a printer as not usable (`getPrinters` status, print-component.md):
 * `disable`/`disabled` and the like. A printer without a status, or `enable`, is usable.
 */
export function isPrinterDisabled(printer: PrinterInfo): boolean {
  const status = (printer.status ?? '').trim().toLowerCase();
  return ['disable', 'disabled', 'offline', 'stopped', 'paused', 'unavailable'].includes(status);
}

/** The printers and which one the component prints to when a task names none. */
export interface PrinterList {
  defaultPrinter: string | null;
  printers: PrinterInfo[];
}

/** Paper size in millimetres. */
export interface PaperSize {
  width: number;
  height: number;
}

/**
 * A printer's settings in the component: paper and offsets (millimetres) for calibration. `raw`
 * keeps every field the component sent, so that writing the config back loses nothing unknown.
 */
export interface PrinterConfig {
  name: string;
  paperSize: PaperSize | null;
  horizontalOffset: number;
  verticalOffset: number;
  orientation: string | null;
  raw: Readonly<Record<string, unknown>>;
}

/**
 * Why a document or task failed, as the component said it: its numeric code when it sent one
 * (11 empty document, 40 unknown encryption, …) and its detail text.
 */
export interface PrintFailure {
  code: number | null;
  detail: string;
  /** Which message said so: the print reply, a document notice, a whole-task notice or a status query; `withdrawn`: the user took it back before it was sent. */
  source: 'print-reply' | 'document' | 'task' | 'status-query' | 'withdrawn';
  /** The typed error, where the adapter knows one (OS printing): the UI shows it instead of the detail. */
  error?: StationError;
}

/** The printers and which one printing will use. */
export interface PrinterChoice {
  printers: PrinterInfo[];
  defaultPrinter: string | null;
  /**
   * The stored choice when the component still offers it, else the component's default when it
   * is usable, else the first usable printer, else null: a disabled printer is never chosen by default.
   */
  effective: string | null;
  /** A choice was stored and the component no longer offers a printer of that name. */
  storedMissing: boolean;
}

/** What became of a test print. */
export type TestPrintResult =
  | { outcome: 'printed'; taskId: string; documentId: string }
  | { outcome: 'failed'; taskId: string; documentId: string; failure: PrintFailure }
  /** Accepted, but no printed or failed notice came within the time limit: check the printer. */
  | { outcome: 'no-notice'; taskId: string; documentId: string };

/** How far an offset may move the print, in millimetres either way: more means the wrong paper, not calibration. */
export const CALIBRATION_LIMIT_MM = 30;

/**
 * A document's state in the queue:
 * - `queued`: waiting to be sent (also while the component is offline);
 * - `sent`: the print request left, no reply yet;
 * - `accepted`: the component took the task, no outcome yet;
 * - `printed`: a printed notice (or the component's status) says the label came out;
 * - `failed`: the component said it failed (code and detail in `failure`); a task it refused is
 *   sent again by itself until MAX_AUTOMATIC_SENDS, then it waits for the user;
 * - `unknown`: the connection dropped (or the app restarted) before the outcome was known; the
 *   component is asked with getTaskStatus, never sent the task blindly again: when it cannot
 *   account for a task that may have reached it (it forgot it, or answered in an unknown shape),
 *   the user decides.
 */
export type DocumentState = 'queued' | 'sent' | 'accepted' | 'printed' | 'failed' | 'unknown';

/**
 * Where a label goes: the platform's print component, or the operating system's printer (plain
 * print data drawn by the station). A label sent to one is asked about, and waits, only there:
 * it never comes out of the other one on the station's own decision.
 */
export type PrintOutput = 'print-component' | 'os-printer';

/**
 * How many times the queue sends one label by itself (the first send included) before it waits for
 * the user; only the user's retry or "print again" allows more.
 */
export const MAX_AUTOMATIC_SENDS = 3;

/** What retry or resendUnknown did. */
export interface RequeueResult {
  requeued: string[];
  /**
   * Record ids left as they were: unknown id, a state that does not allow it, the same waybill
   * already open in another record, a label of unknown outcome sent to the other output (it
   * waits for that output to be chosen again), or a label of another gateway or shop (it waits
   * for that one).
   */
  refused: { id: string; reason: 'missing' | 'state' | 'already-open' | 'other-output' | 'other-gateway'; state: DocumentState | null }[];
}

/** The queue as a whole, for the UI's print status. */
export interface PrintQueueStatus {
  component: ComponentState;
  counts: Record<DocumentState, number>;
  /** Documents waiting because the component is not connected ("print component not running — N labels waiting"). */
  waitingForComponent: number;
  /** The output labels go to now; null before the settings chose one. */
  output: PrintOutput | null;
  /**
   * Labels sent to the other output, whose outcome is open (unknown or still printing): they are
   * asked about, and printed again, only through that output; they wait until it is chosen again.
   */
  waitingForOtherOutput: number;
}

/**
 * A label drawn before it is printed, for the user to look at: its images as `data:` URLs (the
 * window loads nothing from the network), and what the label is for.
 */
export interface LabelPreview {
  waybillCode: string;
  /** The orders on the label, in the user's order. */
  orderNumbers: string[];
  carrierCode: string;
  labelSize: LabelSize;
  /** One image per page, as `data:image/...` URLs. */
  images: string[];
  /** Who drew it: the print component (what it will print), or the station's own renderer (plain print data). */
  source: 'component' | 'station-renderer';
}

/** What an offline component means for the user: the typed error whose remedy says how to fix it. */
export function offlineComponentError(state: Extract<ComponentState, { kind: 'offline' }>): StationError {
  // The OS print path names its "component" os-printing:<system>: CUPS or the spooler is down.
  if (state.url.startsWith('os-printing:')) return stationError('print.os-printers-unreadable', { reason: state.detail });
  if (state.reason === 'handshake-failed') return stationError('print.handshake-failed', { url: state.url, detail: state.detail });
  if (state.reason === 'connection-lost') return stationError('print.connection-lost', { detail: state.detail });
  return stationError('print.component-not-running', { url: state.url });
}

/** The typed error of each printer condition a failure can name. */
const conditionErrors = {
  'paper-out': 'print.paper-out',
  jam: 'print.paper-jam',
  'door-open': 'print.cover-open',
  offline: 'print.printer-offline',
} as const;

/** A document's failure as the component reported it, as a typed error: the printer's condition first (paper out, jam, …), in the desk's words. */
export function documentFailureError(documentId: string, failure: PrintFailure): StationError {
  if (failure.error) return failure.error;
  if (failure.source === 'withdrawn') return stationError('print.withdrawn', { documentId });
  const condition = conditionOfFailure(failure);
  if (condition && condition in conditionErrors) {
    return stationError(conditionErrors[condition as keyof typeof conditionErrors], { documentId, detail: failure.detail || (failure.code === null ? '—' : String(failure.code)) });
  }
  if (failure.code === 40) return stationError('print.unknown-encryption', { documentId });
  if (failure.code === 11) return stationError('print.document-not-found', { documentId });
  return stationError('print.document-failed', { documentId, code: failure.code ?? '—', detail: failure.detail });
}

/** Which label to preview: the first one a job would print, or a waybill's. */
export type PreviewReference = { jobId: string } | { waybillCode: string };

/** Draws labels for the user to look at before they print. */
export interface LabelPreviewer {
  preview(reference: PreviewReference): Promise<LabelPreview>;
}

/**
 * One layer drawn on a label page: the decoded print_data object exactly as the gateway returned
 * it (encrypted or plain), or a custom area (`templateURL` + `data`). Passed through unchanged.
 */
export type PrintContent = Readonly<Record<string, unknown>>;
