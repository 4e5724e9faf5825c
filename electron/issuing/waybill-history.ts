import { sameGateway, type GatewayIdentity } from '../../shared/domain/gateway-identity';
import type { SoldOrder } from '../../shared/domain/sold-order';
import type { StationError } from '../../shared/errors/station-error';
import { ISSUE_LIMITS } from '../../shared/gateway/issue-limits';
import { chinaDayOf } from '../../shared/time/china-time';
import type { GatewayClient } from '../gateway/gateway-client';
import { documentFailureError, type DocumentState, type PrintFailure, type PrintOutput, type RequeueResult } from '../../shared/domain/printing';
import type { PrintQueue } from '../printing/print-queue';
import type { StationDatabase } from '../store/local/open-station-database';
import type { IssueJobSettings, OrderState, PrintDataState, WaybillOrigin } from './issuing-journal';
import { labelContents } from './label-printing';
import { shipmentCsv } from './waybill-csv';
import type { HistoryFilterState, HistoryQuery, HistoryRow, HistoryPage, ReprintRefusal, ReprintResult } from '../../shared/domain/issuing';

export type { HistoryFilterState, HistoryQuery, HistoryRow, HistoryPage, ReprintRefusal, ReprintResult } from '../../shared/domain/issuing';

/** The history service. */
export interface WaybillHistory {
  search(query: HistoryQuery): HistoryPage;
  /**
   * Prints labels again from the stored print data (never issues a waybill). Labels that already
   * came out of the printer are queued only with `confirmAlreadyPrinted`; an issued-elsewhere
   * waybill prints only through this explicit request.
   */
  reprint(request: { waybillCodes: string[]; confirmAlreadyPrinted: boolean; printer?: string }): ReprintResult;
  /** Labels whose print outcome stays unknown after the component was asked: the user checked the desk and wants them again. */
  resendUnknown(waybillCodes: string[]): RequeueResult;
  /** Sets or clears the local void mark (the gateway has no cancel endpoint: the carrier is not told). */
  setVoid(request: { waybillCodes: string[]; voided: boolean; note?: string }): number;
  /** The shipment CSV of the matching orders whose waybill was issued or recovered here and is not voided. */
  exportCsv(query: Omit<HistoryQuery, 'limit' | 'offset'>): { fileName: string; text: string; lines: number };
  /** Drops stored print data older than the retention (waybill numbers stay); answers how much was dropped. */
  purgePrintData(retentionDays: number): { waybills: number; printDocuments: number };
  /** Fetches print data again through the query endpoint for waybills whose data is unreadable or purged. */
  refetchPrintData(waybillCodes: string[]): Promise<{ refreshed: string[]; failed: { waybillCode: string; error: StationError | null }[] }>;
}

/** What the history is built from. */
export interface WaybillHistoryOptions {
  db: StationDatabase;
  queue: PrintQueue;
  gateway: () => Promise<GatewayClient>;
  /** The gateway and shop set now: a label issued against another one is not printed again here. */
  gatewayIdentity: () => GatewayIdentity;
  now?: () => number;
  newJobId?: () => string;
}

interface Row {
  order_number: string;
  job_id: string;
  state: OrderState;
  waybill_code: string | null;
  parent_waybill_code: string | null;
  carrier_code: string | null;
  branch_code: string | null;
  origin: WaybillOrigin | null;
  at: number;
  last_print_state: DocumentState | null;
  last_print_output: PrintOutput | null;
  last_print_sends: number | null;
  last_print_failure: string | null;
  print_count: number;
  print_data_state: PrintDataState | null;
  voided_at: number | null;
  void_note: string | null;
  error_json: string | null;
}

/** One line per journal row, with its waybill and the print state of its label. */
const HISTORY_LINES = `
  SELECT j.order_number, j.job_id, j.state, j.waybill_code, j.error_json,
    w.parent_waybill_code, w.carrier_code, w.branch_code, w.origin, w.print_data_state, w.voided_at, w.void_note,
    COALESCE(w.recorded_at, j.updated_at) AS at,
    (SELECT COUNT(*) FROM print_documents p WHERE p.document_id = j.waybill_code AND p.state = 'printed') AS print_count,
    (SELECT p.state FROM print_documents p WHERE p.document_id = j.waybill_code ORDER BY p.created_at DESC, p.rowid DESC LIMIT 1) AS last_print_state,
    (SELECT p.output FROM print_documents p WHERE p.document_id = j.waybill_code ORDER BY p.created_at DESC, p.rowid DESC LIMIT 1) AS last_print_output,
    (SELECT p.automatic_sends FROM print_documents p WHERE p.document_id = j.waybill_code ORDER BY p.created_at DESC, p.rowid DESC LIMIT 1) AS last_print_sends,
    (SELECT p.failure_json FROM print_documents p WHERE p.document_id = j.waybill_code ORDER BY p.created_at DESC, p.rowid DESC LIMIT 1) AS last_print_failure
  FROM journal_orders j LEFT JOIN waybills w ON w.waybill_code = j.waybill_code`;

const stateConditions: Readonly<Record<HistoryFilterState, string>> = {
  issued: "state = 'issued'",
  recovered: "state = 'recovered'",
  elsewhere: "state = 'elsewhere'",
  failed: "state = 'failed'",
  pending: "state = 'pending'",
  printed: 'print_count > 0',
  'not-printed': 'waybill_code IS NOT NULL AND last_print_state IS NULL',
  'print-failed': "last_print_state = 'failed'",
  'print-unknown': "last_print_state = 'unknown'",
  voided: 'voided_at IS NOT NULL',
};

const OPEN_PRINT_STATES = "('queued', 'sent', 'accepted', 'unknown')";
const DAY_MS = 24 * 60 * 60 * 1000;

/** The WHERE clause and parameters of a query (over HISTORY_LINES as a subquery). */
function whereOf(query: Omit<HistoryQuery, 'limit' | 'offset'>): { sql: string; params: Record<string, unknown> } {
  const conditions: string[] = [];
  const params: Record<string, unknown> = {};
  const text = query.text?.trim() ?? '';
  if (text !== '') {
    params.text = text;
    params.prefix = `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push("(order_number LIKE @prefix ESCAPE '\\' OR waybill_code LIKE @prefix ESCAPE '\\' OR parent_waybill_code = @text)");
  }
  if (query.from !== undefined) {
    params.from = query.from;
    conditions.push('at >= @from');
  }
  if (query.to !== undefined) {
    params.to = query.to;
    conditions.push('at <= @to');
  }
  if (query.states && query.states.length > 0) conditions.push(`(${query.states.map((state) => stateConditions[state]).join(' OR ')})`);
  return { sql: conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`, params };
}

function rowOf(row: Row): HistoryRow {
  return {
    orderNumber: row.order_number,
    jobId: row.job_id,
    state: row.state,
    waybillCode: row.waybill_code,
    parentWaybillCode: row.parent_waybill_code,
    carrierCode: row.carrier_code,
    branchCode: row.branch_code,
    origin: row.origin,
    at: row.at,
    printState: row.last_print_state ?? 'not-printed',
    printError: row.last_print_state === 'failed' && row.last_print_failure !== null && row.waybill_code !== null ? documentFailureError(row.waybill_code, JSON.parse(row.last_print_failure) as PrintFailure) : null,
    printCount: row.print_count,
    printOutput: row.last_print_output,
    printAutomaticSends: row.last_print_sends ?? 0,
    printData: row.print_data_state,
    voided: row.voided_at !== null,
    voidNote: row.void_note ?? '',
    error: row.error_json === null ? null : (JSON.parse(row.error_json) as StationError),
  };
}

/** Creates the history service over the journal's tables and the print queue. */
export function createWaybillHistory(options: WaybillHistoryOptions): WaybillHistory {
  const { db, queue } = options;
  const now = options.now ?? Date.now;
  let reprints = 0;
  const newJobId = options.newJobId ?? (() => `reprint-${now().toString(36)}-${(reprints += 1)}`);

  const statements = {
    waybill: db.prepare(`SELECT w.waybill_code, w.print_data, w.print_data_state, w.voided_at, w.job_id, s.settings_json, s.gateway_base_url, s.gateway_shop_id,
        (SELECT COUNT(*) FROM print_documents p WHERE p.document_id = w.waybill_code AND p.state = 'printed') AS print_count,
        EXISTS (SELECT 1 FROM print_documents p WHERE p.document_id = w.waybill_code AND p.state IN ${OPEN_PRINT_STATES}) AS in_queue
      FROM waybills w JOIN issue_jobs s ON s.id = w.job_id WHERE w.waybill_code = ?`),
    ordersOn: db.prepare(`SELECT m.order_json FROM journal_orders j JOIN job_orders m ON m.order_number = j.order_number
      WHERE j.waybill_code = ? GROUP BY j.order_number ORDER BY MIN(m.position), j.order_number`),
    firstOrder: db.prepare('SELECT order_number FROM journal_orders WHERE waybill_code = ? ORDER BY order_number LIMIT 1'),
    // Only labels the component was asked about since their latest send: a stale answer never allows a second label.
    unknownDocuments: db.prepare("SELECT id, gateway_base_url, gateway_shop_id FROM print_documents WHERE document_id = ? AND state = 'unknown' AND status_asked_at >= COALESCE(sent_at, 0)"),
    setVoid: db.prepare('UPDATE waybills SET voided_at = ?, void_note = ? WHERE waybill_code = ?'),
    purgeWaybills: db.prepare(`UPDATE waybills SET print_data = NULL, print_data_state = 'purged'
      WHERE print_data_state = 'present' AND recorded_at < ?
        AND NOT EXISTS (SELECT 1 FROM print_documents p WHERE p.document_id = waybills.waybill_code AND p.state IN ${OPEN_PRINT_STATES})`),
    purgeDocuments: db.prepare("UPDATE print_documents SET contents_json = NULL WHERE contents_json IS NOT NULL AND state IN ('printed', 'failed') AND updated_at < ?"),
    storePrintData: db.prepare("UPDATE waybills SET print_data = ?, print_data_state = 'present' WHERE waybill_code = ? AND print_data_state <> 'present'"),
  };

  function search(query: HistoryQuery): HistoryPage {
    const { sql, params } = whereOf(query);
    const limit = Math.min(Math.max(1, Math.floor(query.limit ?? 100)), 1000);
    const offset = Math.max(0, Math.floor(query.offset ?? 0));
    const rows = db.prepare(`SELECT * FROM (${HISTORY_LINES}) ${sql} ORDER BY at DESC, order_number LIMIT @limit OFFSET @offset`).all({ ...params, limit, offset }) as Row[];
    const { total } = db.prepare(`SELECT COUNT(*) AS total FROM (${HISTORY_LINES}) ${sql}`).get(params) as { total: number };
    return { rows: rows.map(rowOf), total };
  }

  return {
    search,
    reprint(request) {
      const result: ReprintResult = { queued: [], needsConfirmation: [], refused: [] };
      const printable: { waybillCode: string; printData: Record<string, unknown>; settings: IssueJobSettings }[] = [];
      for (const waybillCode of [...new Set(request.waybillCodes)]) {
        const row = statements.waybill.get(waybillCode) as
          | { print_data: string | null; print_data_state: PrintDataState; voided_at: number | null; settings_json: string; print_count: number; in_queue: number; gateway_base_url: string; gateway_shop_id: string }
          | undefined;
        const refuse = (reason: ReprintRefusal) => result.refused.push({ waybillCode, reason });
        if (!row) refuse('unknown-waybill');
        else if (!sameGateway({ baseUrl: row.gateway_base_url, shopId: row.gateway_shop_id }, options.gatewayIdentity())) refuse('other-gateway');
        else if (row.voided_at !== null) refuse('voided');
        else if (row.print_data === null) refuse(row.print_data_state === 'purged' ? 'print-data-purged' : 'print-data-unreadable');
        else if (row.in_queue === 1) refuse('already-in-print-queue');
        else {
          if (row.print_count > 0 && !request.confirmAlreadyPrinted) result.needsConfirmation.push({ waybillCode, printCount: row.print_count });
          printable.push({ waybillCode, printData: JSON.parse(row.print_data) as Record<string, unknown>, settings: JSON.parse(row.settings_json) as IssueJobSettings });
        }
      }
      // All or nothing: a person answers the question before any label of the request comes out.
      if (result.needsConfirmation.length > 0 || printable.length === 0) return result;
      const enqueued = queue.enqueue({
        jobId: newJobId(),
        printer: request.printer ?? printable[0]?.settings.printer ?? '',
        documents: printable.map((label) => ({
          documentId: label.waybillCode,
          contents: labelContents(
            label.printData,
            label.settings,
            (statements.ordersOn.all(label.waybillCode) as { order_json: string }[]).map((order) => JSON.parse(order.order_json) as SoldOrder),
          ),
        })),
      });
      result.queued = enqueued.queued.map((document) => document.documentId);
      for (const rejected of enqueued.rejected) result.refused.push({ waybillCode: rejected.documentId, reason: 'already-in-print-queue' });
      return result;
    },
    resendUnknown(waybillCodes) {
      const current = options.gatewayIdentity();
      const rows = waybillCodes.flatMap((waybillCode) => statements.unknownDocuments.all(waybillCode) as { id: string; gateway_base_url: string; gateway_shop_id: string }[]);
      const [ofCurrent, ofOther] = [true, false].map((wanted) => rows.filter((row) => sameGateway({ baseUrl: row.gateway_base_url, shopId: row.gateway_shop_id }, current) === wanted)) as [typeof rows, typeof rows];
      const result = queue.resendUnknown(ofCurrent.map((row) => row.id));
      // A label of another gateway's shop is not in this run's queue: it waits for that gateway.
      return { ...result, refused: [...result.refused, ...ofOther.map((row) => ({ id: row.id, reason: 'other-gateway' as const, state: 'unknown' as const }))] };
    },
    setVoid(request) {
      const at = request.voided ? now() : null;
      const note = request.voided ? (request.note ?? '') : '';
      return db.transaction(() => request.waybillCodes.reduce((count, waybillCode) => count + statements.setVoid.run(at, note, waybillCode).changes, 0))();
    },
    exportCsv(query) {
      const lines = [];
      for (let offset = 0; ; offset += 1000) {
        const page = search({ ...query, limit: 1000, offset });
        for (const row of page.rows) {
          if (row.voided || row.waybillCode === null || (row.state !== 'issued' && row.state !== 'recovered')) continue;
          lines.push({ orderNumber: row.orderNumber, carrierCode: row.carrierCode, waybillCode: row.parentWaybillCode ?? row.waybillCode });
        }
        if (offset + 1000 >= page.total) break;
      }
      return { fileName: `waybills-${chinaDayOf(now())}.csv`, text: shipmentCsv(lines), lines: lines.length };
    },
    purgePrintData(retentionDays) {
      const cutoff = now() - Math.max(1, retentionDays) * DAY_MS;
      return db.transaction(() => ({
        waybills: statements.purgeWaybills.run(cutoff).changes,
        printDocuments: statements.purgeDocuments.run(cutoff).changes,
      }))();
    },
    async refetchPrintData(waybillCodes) {
      const client = await options.gateway();
      const byOrder = new Map<string, string>();
      const failed: { waybillCode: string; error: StationError | null }[] = [];
      for (const waybillCode of [...new Set(waybillCodes)]) {
        const row = statements.firstOrder.get(waybillCode) as { order_number: string } | undefined;
        if (row) byOrder.set(row.order_number, waybillCode);
        else failed.push({ waybillCode, error: null });
      }
      const orderNumbers = [...byOrder.keys()];
      const refreshed: string[] = [];
      for (let start = 0; start < orderNumbers.length; start += ISSUE_LIMITS.entriesPerQueryCall) {
        const chunk = orderNumbers.slice(start, start + ISSUE_LIMITS.entriesPerQueryCall);
        const answer = await client.queryIssuedWaybills(chunk, { priority: 'interactive' });
        for (const orderNumber of chunk) {
          const waybillCode = byOrder.get(orderNumber) as string;
          const outcome = answer.ok ? answer.data.outcomes.find((candidate) => candidate.orderNumber === orderNumber) : undefined;
          if (outcome?.status === 'found' && outcome.waybill.waybillCode === waybillCode && outcome.waybill.printData.ok) {
            statements.storePrintData.run(JSON.stringify(outcome.waybill.printData.data.content), waybillCode);
            refreshed.push(waybillCode);
          } else {
            const error = !answer.ok ? answer.error : outcome?.status === 'unknown' ? outcome.error : outcome?.status === 'found' && !outcome.waybill.printData.ok ? outcome.waybill.printData.error : null;
            failed.push({ waybillCode, error });
          }
        }
      }
      return { refreshed, failed };
    },
  };
}
