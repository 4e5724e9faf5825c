import { amongGateways, UNKNOWN_GATEWAY, type GatewayIdentity } from '../../../shared/domain/gateway-identity';
import type { LabelCounts } from '../../../shared/domain/issuing';
import type { DocumentState, PrintFailure, PrintOutput } from '../../../shared/domain/printing';
import type { PrintContent } from '../../../shared/domain/printing';
import { commitWithoutOwnSync } from './commit-without-own-sync';
import type { StationDatabase } from './open-station-database';
import type { PrintTaskReader, PrintTaskWriter } from '../station-backend';
import type { PrintDocumentRecord } from '../station-records';
import type { WriteTimer } from './write-timer';

/** One row of print_documents as SQLite returns it. */
interface PrintDocumentRow {
  id: string;
  job_id: string;
  seq: number;
  document_id: string;
  printer: string;
  own_layers_json: string | null;
  print_data_of_waybill: number;
  /** The waybill's print data (joined) when the document refers to it. */
  waybill_print_data: string | null;
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

/** A document's layers: its waybill's print data first when it refers to it, then its own. */
function contentsOf(row: PrintDocumentRow): PrintContent[] {
  const own = JSON.parse(row.own_layers_json ?? '[]') as PrintContent[];
  return row.print_data_of_waybill === 1 && row.waybill_print_data !== null ? [JSON.parse(row.waybill_print_data) as PrintContent, ...own] : own;
}

function recordOf(row: PrintDocumentRow): PrintDocumentRecord {
  return {
    id: row.id,
    jobId: row.job_id,
    seq: row.seq,
    documentId: row.document_id,
    printer: row.printer,
    contents: contentsOf(row),
    printDataOfWaybill: row.print_data_of_waybill === 1,
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
 * saved `sent` is never sent again blindly after a crash. The label's layers are written
 * once, on the first save, and dropped when the document is printed (the waybill keeps its
 * print data for reprints, under the retention setting). Documents whose layers were purged
 * are not loaded: they can only be printed again from the history, which asks first.
 *
 * Print data is stored once: a label's first layer, its waybill's print data, stays only with
 * the waybill (waybills.print_data, as the gateway sent it); the document keeps the layers after
 * it (own_layers_json: the custom area) and print_data_of_waybill = 1, and the two are joined
 * here, in one statement, when the queue loads it. A document whose waybill has lost its print
 * data (purged, which waits for the documents that may still be sent) is not loaded. Other
 * documents (flag 0) keep all their layers. The row
 * also keeps when its latest task was sent (sent_at), so that a status asked about an earlier
 * task is never taken for the answer about the current one, and the output its latest task went
 * to, so that a restart after switching outputs never asks or sends it through the other one.
 *
 * Saves of a burst (`saveAll`) share one durable commit. Each document records the gateway and
 * shop in use when it was queued, and only documents of the asked gateway are loaded: a real
 * shop's queued label never goes to the demo emulator, and while the gateway is null (the
 * settings need attention) nothing is loaded.
 */
export function createLocalPrintTasks(db: StationDatabase, writes: WriteTimer): { read: PrintTaskReader; write: PrintTaskWriter } {
  const insert = db.prepare(`
    INSERT INTO print_documents (id, job_id, seq, document_id, printer, own_layers_json, print_data_of_waybill, documents_per_task, state, task_id, attempts,
      automatic_sends, output, received, rendered, failure_json, created_at, updated_at, sent_at, status_asked_at, gateway_base_url, gateway_shop_id)
    VALUES (@id, @jobId, @seq, @documentId, @printer, @ownLayers, @printDataOfWaybill, @documentsPerTask, @state, @taskId, @attempts,
      @automaticSends, @output, @received, @rendered, @failure, @updatedAt, @updatedAt, CASE WHEN @state = 'sent' THEN @updatedAt END, @statusAskedAt,
      @baseUrl, COALESCE((SELECT w.gateway_shop_id FROM waybills w WHERE w.waybill_code = @documentId AND w.gateway_shop_id <> '${UNKNOWN_GATEWAY}'), @shopId))
    ON CONFLICT (id) DO NOTHING`);
  const update = db.prepare(`
    UPDATE print_documents SET seq = @seq, printer = @printer, state = @state, task_id = @taskId, attempts = @attempts,
      automatic_sends = @automaticSends, output = @output, received = @received,
      rendered = @rendered, failure_json = @failure, updated_at = @updatedAt, status_asked_at = @statusAskedAt,
      sent_at = CASE WHEN @state = 'sent' THEN @updatedAt ELSE sent_at END,
      own_layers_json = CASE WHEN @state = 'printed' THEN NULL ELSE own_layers_json END
    WHERE id = @id`);
  // A document still has its layers: its own, and its waybill's print data where it refers to it.
  const hasLayers = 'p.own_layers_json IS NOT NULL AND (p.print_data_of_waybill = 0 OR w.print_data IS NOT NULL)';
  const withWaybill = 'print_documents p LEFT JOIN waybills w ON p.print_data_of_waybill = 1 AND w.waybill_code = p.document_id';
  const open = db.prepare(`SELECT p.*, w.print_data AS waybill_print_data FROM ${withWaybill}
    WHERE p.state <> 'printed' AND ${hasLayers} ORDER BY p.seq, p.created_at, p.rowid`);
  /** Ids known to have a row: later saves update the state and leave the contents as written. */
  const stored = new Set<string>();
  // An unknown label is settled ("print outcome unknown", the user decides) only once the
  // component was asked about the task it was last sent in.
  const settledUnknown = 'status_asked_at IS NOT NULL AND status_asked_at >= COALESCE(sent_at, 0)';
  const statements = {
    printsOf: db.prepare(`SELECT (SELECT COUNT(*) FROM print_documents WHERE document_id = @code AND state = 'printed') AS printed,
        EXISTS (SELECT 1 FROM print_documents WHERE document_id = @code AND state IN ('queued', 'sent', 'accepted', 'unknown')) AS open,
        (SELECT state FROM print_documents WHERE document_id = @code ORDER BY created_at DESC, rowid DESC LIMIT 1) AS last_state`),
    openLabels: db.prepare(`SELECT COUNT(*) AS open FROM print_documents WHERE job_id = ?
      AND (state IN ('queued', 'sent', 'accepted') OR (state = 'unknown' AND NOT (${settledUnknown})))`),
    labelCounts: db.prepare('SELECT state, COUNT(*) AS count FROM print_documents WHERE job_id = ? GROUP BY state'),
    labelProblems: db.prepare(`SELECT id, document_id, state, failure_json, status_asked_at FROM print_documents
      WHERE job_id = ? AND (state = 'failed' OR (state = 'unknown' AND ${settledUnknown})) ORDER BY seq`),
    openByGateway: db.prepare(`SELECT p.gateway_base_url, p.gateway_shop_id, COUNT(*) AS count FROM ${withWaybill}
      WHERE p.state IN ('queued', 'sent', 'accepted', 'unknown') AND ${hasLayers} GROUP BY p.gateway_base_url, p.gateway_shop_id`),
    // Only labels the component was asked about since their latest send: a stale answer never allows a second label.
    unknownDocuments: db.prepare(`SELECT id, gateway_base_url, gateway_shop_id FROM print_documents WHERE document_id = ? AND state = 'unknown' AND ${settledUnknown}`),
    purgeContents: db.prepare("UPDATE print_documents SET own_layers_json = NULL WHERE own_layers_json IS NOT NULL AND state IN ('printed', 'failed') AND updated_at < ?"),
  };
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
    if (durable) db.transaction(write)();
    else commitWithoutOwnSync(db, () => db.transaction(write)());
  };

  /** Writes one record (inside a transaction). */
  const write = (record: PrintDocumentRecord, gateway: GatewayIdentity | null): void => {
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
    if (stored.has(record.id)) {
      update.run(values);
      return;
    }
    const queuedUnder = gateway ?? { baseUrl: UNKNOWN_GATEWAY, shopId: UNKNOWN_GATEWAY };
    const ownLayers = record.printDataOfWaybill ? record.contents.slice(1) : record.contents;
    const inserted = insert.run({
      ...values,
      ownLayers: record.state === 'printed' ? null : JSON.stringify(ownLayers),
      printDataOfWaybill: record.printDataOfWaybill ? 1 : 0,
      baseUrl: queuedUnder.baseUrl,
      shopId: queuedUnder.shopId,
    });
    if (inserted.changes === 0) update.run(values);
    stored.add(record.id);
  };

  return {
    read: {
      async openDocuments(gateways) {
        if (gateways === null) return [];
        const rows = (open.all() as PrintDocumentRow[]).filter((row) => amongGateways({ baseUrl: row.gateway_base_url, shopId: row.gateway_shop_id }, gateways));
        const records = rows.map(recordOf);
        for (const record of records) stored.add(record.id);
        return records;
      },
      async printsOf(waybillCode) {
        const row = statements.printsOf.get({ code: waybillCode }) as { printed: number; open: number; last_state: DocumentState | null };
        return { printed: row.printed, open: row.open === 1, lastState: row.last_state };
      },
      async handedOver(waybillCodes) {
        const found = new Set<string>();
        // 500 at a time: SQLite's limit of parameters.
        for (let start = 0; start < waybillCodes.length; start += 500) {
          const chunk = waybillCodes.slice(start, start + 500);
          const rows = db.prepare(`SELECT DISTINCT document_id FROM print_documents WHERE document_id IN (${chunk.map(() => '?').join(', ')})`).all(...chunk) as { document_id: string }[];
          for (const row of rows) found.add(row.document_id);
        }
        return found;
      },
      openDocumentsByGateway: async () =>
        (statements.openByGateway.all() as { gateway_base_url: string; gateway_shop_id: string; count: number }[]).map((row) => ({
          gateway: { baseUrl: row.gateway_base_url, shopId: row.gateway_shop_id },
          count: row.count,
        })),
      openLabels: async (jobId) => (statements.openLabels.get(jobId) as { open: number }).open,
      async labelCounts(jobId) {
        const counts: LabelCounts = { queued: 0, sent: 0, accepted: 0, printed: 0, failed: 0, unknown: 0 };
        for (const row of statements.labelCounts.all(jobId) as { state: keyof LabelCounts; count: number }[]) counts[row.state] = row.count;
        return counts;
      },
      labelProblems: async (jobId) =>
        (statements.labelProblems.all(jobId) as { id: string; document_id: string; state: 'failed' | 'unknown'; failure_json: string | null; status_asked_at: number | null }[]).map((row) => ({
          recordId: row.id,
          waybillCode: row.document_id,
          state: row.state,
          failure: row.failure_json === null ? null : (JSON.parse(row.failure_json) as PrintFailure),
          asked: row.status_asked_at !== null,
        })),
      unknownDocumentsOf: async (waybillCode) =>
        (statements.unknownDocuments.all(waybillCode) as { id: string; gateway_base_url: string; gateway_shop_id: string }[]).map((row) => ({
          recordId: row.id,
          gateway: { baseUrl: row.gateway_base_url, shopId: row.gateway_shop_id },
        })),
    },
    write: {
      async save(record, gateway) {
        writes.time(() => commit(record.state === 'sent', () => write(record, gateway)));
      },
      async saveAll(records, gateway) {
        writes.time(() => commit(true, () => records.forEach((record) => write(record, gateway))));
      },
      purgeContents: async (cutoff) => writes.time(() => statements.purgeContents.run(cutoff).changes),
    },
  };
}
