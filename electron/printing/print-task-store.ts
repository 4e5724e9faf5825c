import type { DocumentState } from '../../shared/domain/printing';
import type { GatewayIdentity } from '../../shared/domain/gateway-identity';
import type { PrintTaskReader, PrintTaskWriter } from '../store/station-backend';
import type { PrintDocumentRecord } from '../store/station-records';

/**
 * Where the print queue keeps its documents so that a restart of the app knows what was sent.
 * The station backend's print-task area answers it for real jobs (printTaskStoreOf); the
 * in-memory one serves tests, benchmarks and test prints.
 */

/** Every document state, in lifecycle order. */
export const DOCUMENT_STATES: readonly DocumentState[] = ['queued', 'sent', 'accepted', 'printed', 'failed', 'unknown'];

/** Persistence of the print queue's documents. The queue awaits each save before the state takes effect. */
export interface PrintTaskStore {
  /** Every document not yet printed, in queue order; read when the queue starts (and when waiting ones may load). */
  loadOpen(): Promise<PrintDocumentRecord[]>;
  /** Saves a record, replacing the one with the same id. */
  save(record: PrintDocumentRecord): Promise<void>;
  /** Saves records together, committed once, durably (a burst about to be sent). */
  saveAll(records: readonly PrintDocumentRecord[]): Promise<void>;
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
    loadOpen: async () => inOrder().filter((record) => record.state !== 'printed'),
    async save(record) {
      records.set(record.id, record);
    },
    async saveAll(saved) {
      for (const record of saved) records.set(record.id, record);
    },
    records: inOrder,
  };
}

/**
 * The queue's store on the station backend's print-task area: documents of the gateway in use
 * and its shops (`gateways`, the first shop first) are loaded, and each is recorded under the
 * shop of its waybill (the first shop where the station does not know it); while it answers null
 * (the settings need attention) nothing is loaded.
 */
export function printTaskStoreOf(printTasks: { read: PrintTaskReader; write: PrintTaskWriter }, gateways: () => readonly GatewayIdentity[] | null): PrintTaskStore {
  const recordedUnder = () => gateways()?.[0] ?? null;
  return {
    loadOpen: () => printTasks.read.openDocuments(gateways()),
    save: (record) => printTasks.write.save(record, recordedUnder()),
    saveAll: (records) => printTasks.write.saveAll(records, recordedUnder()),
  };
}
