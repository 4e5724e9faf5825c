import type { PrintContent, PrintFailure } from '../printing/print-component';
import type { DocumentState, PrintDocumentRecord, PrintTaskStore } from '../printing/print-task-store';
import type { StationDatabase } from './open-station-database';
import { createWriteTimer } from './write-timer';
import type { WriteTimer } from './write-timer';

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
  received: number;
  rendered: number;
  failure_json: string | null;
  updated_at: number;
  status_asked_at: number | null;
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
 * task is never taken for the answer about the current one.
 */
export function createSqlitePrintTaskStore(db: StationDatabase): SqlitePrintTaskStore {
  const writes = createWriteTimer();
  const insert = db.prepare(`
    INSERT INTO print_documents (id, job_id, seq, document_id, printer, contents_json, documents_per_task, state, task_id, attempts,
      received, rendered, failure_json, created_at, updated_at, sent_at, status_asked_at)
    VALUES (@id, @jobId, @seq, @documentId, @printer, @contents, @documentsPerTask, @state, @taskId, @attempts,
      @received, @rendered, @failure, @updatedAt, @updatedAt, CASE WHEN @state = 'sent' THEN @updatedAt END, @statusAskedAt)
    ON CONFLICT (id) DO NOTHING`);
  const update = db.prepare(`
    UPDATE print_documents SET seq = @seq, printer = @printer, state = @state, task_id = @taskId, attempts = @attempts, received = @received,
      rendered = @rendered, failure_json = @failure, updated_at = @updatedAt, status_asked_at = @statusAskedAt,
      sent_at = CASE WHEN @state = 'sent' THEN @updatedAt ELSE sent_at END,
      contents_json = CASE WHEN @state = 'printed' THEN NULL ELSE contents_json END
    WHERE id = @id`);
  const open = db.prepare(
    "SELECT * FROM print_documents WHERE state <> 'printed' AND contents_json IS NOT NULL ORDER BY seq, created_at, rowid",
  );
  /** Ids known to have a row: later saves update the state and leave the contents as written. */
  const stored = new Set<string>();

  return {
    writes,
    loadOpen() {
      const records = (open.all() as PrintDocumentRow[]).map(recordOf);
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
        received: record.received ? 1 : 0,
        rendered: record.rendered ? 1 : 0,
        failure: record.failure === null ? null : JSON.stringify(record.failure),
        updatedAt: record.updatedAt,
        statusAskedAt: record.statusAskedAt,
      };
      writes.time(() => {
        if (stored.has(record.id)) {
          update.run(values);
        } else {
          const inserted = insert.run({ ...values, contents: record.state === 'printed' ? null : JSON.stringify(record.contents) });
          if (inserted.changes === 0) update.run(values);
          stored.add(record.id);
        }
      });
    },
  };
}
