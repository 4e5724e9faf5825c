import type { HistoryFilterState, HistoryPage, HistoryQuery, HistoryRow, IssueJobSettings, OrderState, PrintDataState, WaybillOrigin } from '../../../shared/domain/issuing';
import { documentFailureError, type DocumentState, type PrintFailure, type PrintOutput } from '../../../shared/domain/printing';
import type { SoldOrder } from '../../../shared/domain/sold-order';
import type { StationError } from '../../../shared/errors/station-error';
import type { StationDatabase } from './open-station-database';
import type { HistoryReader, HistoryWriter } from '../station-backend';
import type { WriteTimer } from './write-timer';
import { WAYBILLS_OF_JOURNAL_ROW } from './order-waybills';
import { orderOnParcel } from '../../../shared/issuing/order-parcels';

interface Row {
  shop_id: string;
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
  parcel_no: number | null;
  parcel_count: number | null;
  weight_g: number | null;
}

/** One line per journal row and waybill (an order in several parcels has a line per parcel), with the print state of its label. */
const HISTORY_LINES = `
  SELECT j.gateway_shop_id AS shop_id, j.order_number, j.job_id, j.state, w.waybill_code, j.error_json,
    w.parent_waybill_code, w.carrier_code, w.branch_code, w.origin, w.print_data_state, w.voided_at, w.void_note, w.parcel_no,
    (SELECT COUNT(*) FROM waybills x WHERE x.gateway_shop_id = w.gateway_shop_id AND x.parcel_order_number = w.parcel_order_number) AS parcel_count,
    -- An order's parcels share its first parcel's time, so they stay together in parcel order.
    COALESCE((SELECT MIN(x.recorded_at) FROM waybills x WHERE x.gateway_shop_id = w.gateway_shop_id AND x.parcel_order_number = w.parcel_order_number), w.recorded_at, j.updated_at) AS at,
    (SELECT COUNT(*) FROM print_documents p WHERE p.document_id = w.waybill_code AND p.state = 'printed') AS print_count,
    (SELECT p.state FROM print_documents p WHERE p.document_id = w.waybill_code ORDER BY p.created_at DESC, p.rowid DESC LIMIT 1) AS last_print_state,
    (SELECT p.output FROM print_documents p WHERE p.document_id = w.waybill_code ORDER BY p.created_at DESC, p.rowid DESC LIMIT 1) AS last_print_output,
    (SELECT p.automatic_sends FROM print_documents p WHERE p.document_id = w.waybill_code ORDER BY p.created_at DESC, p.rowid DESC LIMIT 1) AS last_print_sends,
    (SELECT p.failure_json FROM print_documents p WHERE p.document_id = w.waybill_code ORDER BY p.created_at DESC, p.rowid DESC LIMIT 1) AS last_print_failure,
    -- The weight the issue call sent: the order's own (keyed by its shop order key, shop and number on two lines), else the job's.
    (SELECT COALESCE(json_extract(s.settings_json, '$.packageMeasuresByOrder."' || j.gateway_shop_id || char(10) || j.order_number || '".weightG'), json_extract(s.settings_json, '$.packageMeasures.weightG'))
      FROM issue_jobs s WHERE s.id = j.job_id) AS weight_g
  FROM journal_orders j LEFT JOIN waybills w ON ${WAYBILLS_OF_JOURNAL_ROW}`;

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

/** The WHERE clause and parameters of a query (over HISTORY_LINES as a subquery). */
function whereOf(query: Omit<HistoryQuery, 'limit' | 'offset'>): { sql: string; params: Record<string, unknown> } {
  const conditions: string[] = [];
  const params: Record<string, unknown> = {};
  if (query.shop !== undefined) {
    params.shop = query.shop;
    conditions.push('shop_id = @shop');
  }
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
    shopId: row.shop_id,
    orderNumber: row.order_number,
    jobId: row.job_id,
    state: row.state,
    waybillCode: row.waybill_code,
    parentWaybillCode: row.parent_waybill_code,
    parcel: row.parcel_no === null ? null : { no: row.parcel_no, count: row.parcel_count ?? row.parcel_no },
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
    weightG: row.weight_g,
  };
}


/**
 * The waybill history on the station database: one line per journal order with its waybill and
 * what the print queue knows of its label, filtered and paged in one statement (the print states
 * are part of the filter, so they are read beside the journal's rows, never changed here).
 */
export function createLocalHistory(db: StationDatabase, writes: WriteTimer): { read: HistoryReader; write: HistoryWriter } {
  const statements = {
    waybill: db.prepare(`SELECT w.waybill_code, w.print_data, w.print_data_state, w.voided_at, w.job_id, s.settings_json, s.gateway_base_url, w.gateway_shop_id,
        (SELECT COUNT(*) FROM print_documents p WHERE p.document_id = w.waybill_code AND p.state = 'printed') AS print_count,
        EXISTS (SELECT 1 FROM print_documents p WHERE p.document_id = w.waybill_code AND p.state IN ${OPEN_PRINT_STATES}) AS in_queue
      FROM waybills w JOIN issue_jobs s ON s.id = w.job_id WHERE w.waybill_code = ?`),
    ordersOn: db.prepare(`SELECT o.order_json, w.parcel_no, j.gateway_shop_id, (SELECT s.settings_json FROM issue_jobs s WHERE s.id = w.job_id) AS settings_json FROM waybills w JOIN journal_orders j ON ${WAYBILLS_OF_JOURNAL_ROW} JOIN job_orders m ON m.shop_id = j.gateway_shop_id AND m.order_number = j.order_number
      JOIN sold_orders o ON o.id = m.sold_order_id WHERE w.waybill_code = ? GROUP BY j.order_number ORDER BY MIN(m.position), j.order_number`),
    firstOrder: db.prepare(`SELECT j.gateway_shop_id, j.order_number FROM waybills w JOIN journal_orders j ON ${WAYBILLS_OF_JOURNAL_ROW} WHERE w.waybill_code = ? ORDER BY j.order_number LIMIT 1`),
    // The shared history (shared mode) is sent the mark later: see migration 12.
    setVoid: db.prepare('UPDATE waybills SET voided_at = ?, void_note = ?, void_unshared = 1 WHERE waybill_code = ?'),
    // A label waiting in the print queue keeps its print data: it may still have to be sent. So
    // does a failed one that refers to it and keeps its own layers through this purge (the
    // queue's purge drops them at the same cutoff): the user may still retry it.
    purgeWaybills: db.prepare(`UPDATE waybills SET print_data = NULL, print_data_state = 'purged'
      WHERE print_data_state = 'present' AND recorded_at < @cutoff
        AND NOT EXISTS (SELECT 1 FROM print_documents p WHERE p.document_id = waybills.waybill_code
          AND (p.state IN ${OPEN_PRINT_STATES}
            OR (p.state = 'failed' AND p.print_data_of_waybill = 1 AND p.own_layers_json IS NOT NULL AND p.updated_at >= @cutoff)))`),
    storePrintData: db.prepare("UPDATE waybills SET print_data = ?, print_data_state = 'present' WHERE waybill_code = ? AND print_data_state <> 'present'"),
  };

  return {
    read: {
      async search(query) {
        const { sql, params } = whereOf(query);
        const limit = Math.min(Math.max(1, Math.floor(query.limit ?? 100)), 1000);
        const offset = Math.max(0, Math.floor(query.offset ?? 0));
        const rows = db.prepare(`SELECT * FROM (${HISTORY_LINES}) ${sql} ORDER BY at DESC, order_number, parcel_no LIMIT @limit OFFSET @offset`).all({ ...params, limit, offset }) as Row[];
        const { total } = db.prepare(`SELECT COUNT(*) AS total FROM (${HISTORY_LINES}) ${sql}`).get(params) as { total: number };
        // The shop filter's counts: the lines of each shop the rest of the query matches.
        const { sql: withoutShop, params: paramsWithoutShop } = whereOf({ ...query, shop: undefined });
        const shops = db.prepare(`SELECT shop_id AS shopId, COUNT(*) AS count FROM (${HISTORY_LINES}) ${withoutShop} GROUP BY shop_id ORDER BY shop_id`).all(paramsWithoutShop) as { shopId: string; count: number }[];
        return { rows: rows.map(rowOf), total, shops } satisfies HistoryPage;
      },
      async reprintSource(waybillCode) {
        const row = statements.waybill.get(waybillCode) as
          | { print_data: string | null; print_data_state: PrintDataState; voided_at: number | null; settings_json: string; print_count: number; in_queue: number; gateway_base_url: string; gateway_shop_id: string }
          | undefined;
        return (
          row && {
            printData: row.print_data === null ? null : (JSON.parse(row.print_data) as Record<string, unknown>),
            printDataState: row.print_data_state,
            voided: row.voided_at !== null,
            settings: JSON.parse(row.settings_json) as IssueJobSettings,
            gateway: { baseUrl: row.gateway_base_url, shopId: row.gateway_shop_id },
            printCount: row.print_count,
            inQueue: row.in_queue === 1,
            // A desk on its own knows only its own prints (the shared mode adds the other desks').
            printedAtDesks: [],
          }
        );
      },
      // A split parcel's label shows its share of the goods, as it did when it first printed.
      ordersOn: async (waybillCode) =>
        (statements.ordersOn.all(waybillCode) as { order_json: string; parcel_no: number | null; gateway_shop_id: string; settings_json: string | null }[]).map((row) => {
          const order = JSON.parse(row.order_json) as SoldOrder;
          return row.settings_json === null ? order : orderOnParcel(order, row.gateway_shop_id, row.parcel_no, JSON.parse(row.settings_json) as IssueJobSettings);
        }),
      async firstOrderOn(waybillCode) {
        const row = statements.firstOrder.get(waybillCode) as { gateway_shop_id: string; order_number: string } | undefined;
        return row && { shopId: row.gateway_shop_id, orderNumber: row.order_number };
      },
    },
    write: {
      setVoid: async (waybillCodes, voidedAt, note) => ({
        changed: writes.time(() => db.transaction(() => waybillCodes.reduce((count, waybillCode) => count + statements.setVoid.run(voidedAt, note, waybillCode).changes, 0))()),
        sharingWaits: false,
      }),
      purgePrintData: async (cutoff) => writes.time(() => statements.purgeWaybills.run({ cutoff }).changes),
      async storePrintData(waybillCode, printData) {
        writes.time(() => statements.storePrintData.run(printData.text, waybillCode));
      },
    },
  };
}
