import type { PrintContent } from './print-component';
import type { DocumentState, PrintFailure, PrintOutput } from '../../shared/domain/printing';

/**
 * Where the print queue keeps its documents so that a restart of the app knows what was sent.
 * The issuing engine's SQLite store implements it for real jobs; the in-memory one serves tests,
 * benchmarks and test prints.
 */

/** Every document state, in lifecycle order. */
export const DOCUMENT_STATES: readonly DocumentState[] = ['queued', 'sent', 'accepted', 'printed', 'failed', 'unknown'];

/** One queued print of one document (printing the same waybill again is a new record). */
export interface PrintDocumentRecord {
  id: string;
  jobId: string;
  /** Queue order: documents are sent in ascending order. */
  seq: number;
  /** The waybill number. */
  documentId: string;
  /** Printer name; empty means the component's default. */
  printer: string;
  contents: readonly PrintContent[];
  /** How many documents of the job may share one task (1 by default: a failure then reprints one label only). */
  documentsPerTask: number;
  state: DocumentState;
  /** The task of the latest send; null before the first. */
  taskId: string | null;
  /** How many tasks carried this document. */
  attempts: number;
  /**
   * Sends the queue made by itself since the user last asked for this label (queueing it, retry,
   * print again); at MAX_AUTOMATIC_SENDS it sends no more and waits for the user.
   */
  automaticSends: number;
  /** The output its latest task went to; null while it never left the station. It is asked about and sent again only there. */
  output: PrintOutput | null;
  /** True once the component took a task with this document: from then on it is never sent again on a guess. */
  received: boolean;
  /** The component reported the page rendered (not printed). */
  rendered: boolean;
  failure: PrintFailure | null;
  /** When the state last changed (ms since epoch). */
  updatedAt: number;
  /** When the component was last asked about it; null if never. */
  statusAskedAt: number | null;
}

/** Persistence of the print queue's documents. Calls are synchronous: a state is saved before it takes effect. */
export interface PrintTaskStore {
  /** Every document not yet printed, in queue order; read once when the queue starts. */
  loadOpen(): PrintDocumentRecord[];
  /** Saves a record, replacing the one with the same id. */
  save(record: PrintDocumentRecord): void;
  /** Runs `work`, whose saves are committed together, once, durably (a store without transactions just runs it). */
  batch?<T>(work: () => T): T;
}

/** The in-memory store, which also lists every record saved (printed ones too). */
export interface InMemoryPrintTaskStore extends PrintTaskStore {
  records(): PrintDocumentRecord[];
}

/** An in-memory store, optionally holding records from an earlier run. */
export function createInMemoryPrintTaskStore(initial: readonly PrintDocumentRecord[] = []): InMemoryPrintTaskStore {
  const records = new Map<string, PrintDocumentRecord>(initial.map((record) => [record.id, record]));
  const inOrder = (): PrintDocumentRecord[] => [...records.values()].sort((a, b) => a.seq - b.seq);
  return {
    loadOpen: () => inOrder().filter((record) => record.state !== 'printed'),
    save: (record) => {
      records.set(record.id, record);
    },
    records: inOrder,
  };
}
