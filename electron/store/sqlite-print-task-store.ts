import { sameGateway, UNKNOWN_GATEWAY, type GatewayIdentity } from '../../shared/domain/gateway-identity';
import type { PrintContent } from '../printing/print-component';
import type { PrintDocumentRecord, PrintTaskStore } from '../printing/print-task-store';
import type { StationDatabase } from './local/open-station-database';
import { createWriteTimer } from './local/write-timer';
import type { WriteTimer } from './local/write-timer';
import type { DocumentState, PrintFailure, PrintOutput } from '../../shared/domain/printing';

/** One row of print_documents as SQLite returns it. */
interface PrintDocumentRow {
  id: string;
  job_id: string;
  seq: number;
  document_id: string;
  printer: string;
  contents_json: string | null;
  documents_per_task: number;
  state: DocumentState;
  task_id: string | null;
  attempts: number;
  automatic_sends: number;
  output: PrintOutput | null;
  received: number;
  rendered: number;
  failure_json: string | null;
  updated_at: number;
  status_asked_at: number | null;
  gateway_base_url: string;
  gateway_shop_id: string;
}

/** The SQLite print task store, with the time its writes took (for the benchmark and logs). */
export interface SqlitePrintTaskStore extends PrintTaskStore {
  readonly writes: WriteTimer;
}

function recordOf(row: PrintDocumentRow): PrintDocumentRecord {
  return {
    id: row.id,
    jobId: row.job_id,
    seq: row.seq,
    documentId: row.document_id,
    printer: row.printer,
    contents: JSON.parse(row.contents_json ?? '[]') as PrintContent[],
    documentsPerTask: row.documents_per_task,
    state: row.state,
    taskId: row.task_id,
    attempts: row.attempts,
    automaticSends: row.automatic_sends,
    output: row.output,
    received: row.received === 1,
    rendered: row.rendered === 1,
    failure: row.failure_json === null ? null : (JSON.parse(row.failure_json) as PrintFailure),
    updatedAt: row.updated_at,
    statusAskedAt: row.status_asked_at,
  };
}

/**
 * The print queue's store on the station database (table print_documents). Every save is its
 * own committed transaction, so a state is on disk before the queue acts on it: a document
 * saved `sent` is never sent again blindly after a crash. The label's contents are written
 * once, on the first save, and dropped when the document is printed (the waybill keeps its
 * print data for reprints, under the retention setting). Documents whose contents were purged
 * are not loaded: they can only be printed again from the history, which asks first. The row
 * also keeps when its latest task was sent (sent_at), so that a status asked about an earlier
 * task is never taken for the answer about the current one, and the output its latest task went
 * to, so that a restart after switching outputs never asks or sends it through the other one.
 *
 * Saves of a burst (`batch`) share one durable commit. Each document records the gateway and
 * shop in use when it was queued (`gateway`), and only documents of the current one are loaded:
 * a real shop's queued label never goes to the demo emulator, and while `gateway` answers null
 * (the settings need attention) nothing is loaded.
 */
export function createSqlitePrintTaskStore(db: StationDatabase, gateway: () => GatewayIdentity | null): SqlitePrintTaskStore {
  const writes = createWriteTimer();
  const insert = db.prepare(`
    INSERT INTO print_documents (id, job_id, seq, document_id, printer, contents_json, documents_per_task, state, task_id, attempts,
      automatic_sends, output, received, rendered, failure_json, created_at, updated_at, sent_at, status_asked_at, gateway_base_url, gateway_shop_id)
    VALUES (@id, @jobId, @seq, @documentId, @printer, @contents, @documentsPerTask, @state, @taskId, @attempts,
      @automaticSends, @output, @received, @rendered, @failure, @updatedAt, @updatedAt, CASE WHEN @state = 'sent' THEN @updatedAt END, @statusAskedAt,
      @baseUrl, @shopId)
    ON CONFLICT (id) DO NOTHING`);
  const update = db.prepare(`
    UPDATE print_documents SET seq = @seq, printer = @printer, state = @state, task_id = @taskId, attempts = @attempts,
      automatic_sends = @automaticSends, output = @output, received = @received,
      rendered = @rendered, failure_json = @failure, updated_at = @updatedAt, status_asked_at = @statusAskedAt,
      sent_at = CASE WHEN @state = 'sent' THEN @updatedAt ELSE sent_at END,
      contents_json = CASE WHEN @state = 'printed' THEN NULL ELSE contents_json END
    WHERE id = @id`);
  const open = db.prepare(
    "SELECT * FROM print_documents WHERE state <> 'printed' AND contents_json IS NOT NULL ORDER BY seq, created_at, rowid",
  );
  /** Ids known to have a row: later saves update the state and leave the contents as written. */
  const stored = new Set<string>();
  /** True inside `batch`: saves join its one transaction. */
  let batching = false;
  /**
   * Commits a write. Only a document about to leave (`sent`) must be on the disk before the next
   * step (the database's synchronous=FULL): a power loss must never make it look unsent, or it
   * would be sent twice. Every other state is committed without its own fsync (synchronous=NORMAL
   * for that commit): the write-ahead log keeps commits in order, so the next durable commit
   * (the next `sent`, or any journal step) takes it to the disk too, and a state lost to a power
   * cut is one the queue learns again (queued: released again, as it never left; accepted or
   * printed: asked of the component).
   */
  const commit = (durable: boolean, write: () => void): void => {
    if (durable) {
      db.transaction(write)();
      return;
    }
    db.pragma('synchronous = NORMAL');
    try {
      db.transaction(write)();
    } finally {
      db.pragma('synchronous = FULL');
    }
  };

  return {
    writes,
    loadOpen() {
      const current = gateway();
      if (current === null) return [];
      const rows = (open.all() as PrintDocumentRow[]).filter((row) => sameGateway({ baseUrl: row.gateway_base_url, shopId: row.gateway_shop_id }, current));
      const records = rows.map(recordOf);
      for (const record of records) stored.add(record.id);
      return records;
    },
    save(record) {
      const values = {
        id: record.id,
        jobId: record.jobId,
        seq: record.seq,
        documentId: record.documentId,
        printer: record.printer,
        documentsPerTask: record.documentsPerTask,
        state: record.state,
        taskId: record.taskId,
        attempts: record.attempts,
        automaticSends: record.automaticSends,
        output: record.output,
        received: record.received ? 1 : 0,
        rendered: record.rendered ? 1 : 0,
        failure: record.failure === null ? null : JSON.stringify(record.failure),
        updatedAt: record.updatedAt,
        statusAskedAt: record.statusAskedAt,
      };
      const write = () => {
        if (stored.has(record.id)) {
          update.run(values);
        } else {
          const current = gateway() ?? { baseUrl: UNKNOWN_GATEWAY, shopId: UNKNOWN_GATEWAY };
          const inserted = insert.run({ ...values, contents: record.state === 'printed' ? null : JSON.stringify(record.contents), baseUrl: current.baseUrl, shopId: current.shopId });
          if (inserted.changes === 0) update.run(values);
          stored.add(record.id);
        }
      };
      if (batching) write();
      else writes.time(() => commit(record.state === 'sent', write));
    },
    batch(work) {
      if (batching) return work();
      batching = true;
      try {
        return writes.time(() => {
          let result: ReturnType<typeof work> | undefined;
          commit(true, () => {
            result = work();
          });
          return result as ReturnType<typeof work>;
        });
      } finally {
        batching = false;
      }
    },
  };
}
