/**
 * The local print component as the station sees it, whatever platform made it: a program on the
 * desk that takes print tasks over a local socket and reports what really printed. CAINIAO's
 * component is the first adapter (`cainiao/`); Pinduoduo, Kuaishou and Douyin components speak
 * the same style on other ports and plug in behind this interface.
 */

import type { AgentInfo, ComponentState, PrintContent, PrinterConfig, PrinterList, PrintFailure, PrintOutput } from '../../shared/domain/printing';

/** One label page: its id is the waybill number. */
export interface PrintDocument {
  documentId: string;
  contents: readonly PrintContent[];
}

/** A print task: documents printed together on one printer, under one unique task id. */
export interface PrintTask {
  taskId: string;
  /** Printer name; empty means the component's default printer. */
  printer: string;
  documents: readonly PrintDocument[];
}

/** A preview task: rendered by the component, never printed. */
export interface PreviewTask extends PrintTask {
  /** `image` answers image URLs (what the UI shows); `pdf` answers one local PDF. */
  previewType: 'image' | 'pdf';
}

/** The component's answer to a print task: accepted (not yet printed!) or refused. */
export type PrintReply = { taskId: string; accepted: true } | { taskId: string; accepted: false; failure: PrintFailure };

/** The component's answer to a preview task. */
export type PreviewReply =
  | { taskId: string; ok: true; previewImages: string[]; previewUrl: string | null }
  | { taskId: string; ok: false; failure: PrintFailure };

/**
 * What the component reported for one document of a task. Only `printed` means a label came out
 * of the printer; `rendered` means the page was drawn, nothing more.
 */
export type DocumentOutcome =
  | { kind: 'rendered'; taskId: string; documentId: string; printer: string | null }
  | { kind: 'printed'; taskId: string; documentId: string; printer: string | null }
  | { kind: 'failed'; taskId: string; documentId: string; printer: string | null; failure: PrintFailure };

/** What the component reported for a whole task (never proof that a given document printed). */
export interface TaskOutcome {
  taskId: string;
  status: 'initial' | 'complete-success' | 'complete-failure' | 'other';
  /** The component's status word as sent. */
  rawStatus: string;
  message: string;
}

/** What a status query says about one document. */
export type DocumentStatus =
  | { kind: 'printed' }
  | { kind: 'failed'; failure: PrintFailure }
  /** Received and still being rendered or printed. */
  | { kind: 'in-progress' }
  /** The component says it does not know it: never received, or forgotten (a restart). Never a reason to send it again by itself. */
  | { kind: 'not-found' }
  /** A status word this client does not know: the outcome stays unknown. */
  | { kind: 'unrecognized'; rawStatus: string };

/** The component's answer for one task of a status query. */
export interface TaskStatusReport {
  taskId: string;
  /**
   * `found`: the component described the task; `not-found`: it listed what it knows and this task
   * is not there (never received, or forgotten since); `unreadable`: the answer had a shape this
   * client does not know, so it says nothing either way.
   */
  answer: 'found' | 'not-found' | 'unreadable';
  documents: { documentId: string; status: DocumentStatus; printer: string | null }[];
}

/** Why a request to the component got no answer. */
export type PrintComponentErrorKind =
  /** Not connected: nothing was sent. */
  | 'offline'
  /** Sent, and no reply within the time limit: the request may or may not have been acted on. */
  | 'timeout'
  /** Sent (or being sent) when the connection dropped: the request may or may not have arrived. */
  | 'disconnected'
  /** The component answered `failed` to a command other than print. */
  | 'refused'
  /** The reply could not be read. */
  | 'bad-reply';

/** A request to the component that got no usable answer; `kind` says whether it may have been acted on. */
export class PrintComponentError extends Error {
  constructor(
    readonly kind: PrintComponentErrorKind,
    readonly detail: string,
  ) {
    super(`${kind}: ${detail}`);
    this.name = 'PrintComponentError';
  }
}

/** Stops a listener. */
export type Unsubscribe = () => void;

/**
 * One platform's print component. The adapter owns the connection (reconnecting on its own
 * after `connect()` until `close()`); requests fail fast with `PrintComponentError('offline')`
 * while it is not connected, so the caller (the print queue) decides what waits.
 */
export interface PrintComponent {
  /** Which output this is (null: none chosen yet); a task is asked about and sent again only through its own output. */
  output(): PrintOutput | null;
  /** Starts connecting; reconnects with backoff whenever the connection is lost, until close(). */
  connect(): void;
  /** Stops reconnecting and closes the connection; pending requests fail with `disconnected`. */
  close(): Promise<void>;
  state(): ComponentState;
  onStateChange(listener: (state: ComponentState) => void): Unsubscribe;
  /** Document notices, each (task, document, kind) reported once. */
  onDocumentOutcome(listener: (outcome: DocumentOutcome) => void): Unsubscribe;
  onTaskOutcome(listener: (outcome: TaskOutcome) => void): Unsubscribe;
  getAgentInfo(): Promise<AgentInfo>;
  getPrinters(): Promise<PrinterList>;
  getPrinterConfig(printer: string): Promise<PrinterConfig>;
  setPrinterConfig(config: PrinterConfig): Promise<void>;
  /** Sends a task; resolves when the component accepted or refused it (not when it printed). */
  print(task: PrintTask): Promise<PrintReply>;
  preview(task: PreviewTask): Promise<PreviewReply>;
  getTaskStatus(taskIds: readonly string[]): Promise<TaskStatusReport[]>;
}
