import type { GatewayIdentity } from '../../../shared/domain/gateway-identity';
import type { DeskPrints, HistoryQuery, PrintDataState } from '../../../shared/domain/issuing';
import { epochMs, sharedStatements, type SharedDeskAccess } from './shared-access';
import { notifySharedChange } from './shared-notifications';

/** A waybill a desk issued (or recovered), as it goes into the shared history. */
export interface SharedWaybillRecord {
  waybillCode: string;
  parentWaybillCode: string | null;
  /** The orders it ships (at least one). */
  orderNumbers: string[];
  carrierCode: string;
  branchCode: string | null;
  /** When the desk recorded it (epoch ms, the desk's journal time: it may be sent later, after an outage). */
  issuedAt: number;
  /** The label's print data as the desk stored it (the gateway's JSON text, stored here as it is); null when the desk has none readable. */
  printDataText: string | null;
}

/** One label print of this desk, as it goes into the shared history. */
export interface SharedLabelPrint {
  /** This desk's own record of the print: a print sent twice is there once. */
  printId: string;
  /** The gateway and shop the print was queued under; the waybill's own shop is found by its number when it differs (another desk's waybill). */
  gateway: GatewayIdentity;
  waybillCode: string;
  /** When it came out here (epoch ms, this desk's clock: it may be shared later, after an outage). */
  printedAt: number;
}

/** A history search across the desks: the local one's text and time filters, plus desk, carrier and gateway. */
export interface SharedHistoryQuery extends Pick<HistoryQuery, 'text' | 'from' | 'to' | 'limit' | 'offset'> {
  deskId?: string;
  carrierCode?: string;
  gateway?: GatewayIdentity;
  /** One shop of the account (whatever the gateway). */
  shopId?: string | undefined;
}

/** One order of the shared history, with its waybill and the desk that issued it. */
export interface SharedHistoryRow {
  orderNumber: string;
  waybillCode: string;
  parentWaybillCode: string | null;
  carrierCode: string;
  branchCode: string | null;
  gateway: GatewayIdentity;
  deskId: string;
  deskName: string;
  jobId: string;
  /** Epoch ms. */
  at: number;
  printData: Exclude<PrintDataState, 'unreadable'> | null;
  voided: boolean;
  voidNote: string;
  /** Its label's prints at every desk, the latest first. */
  prints: DeskPrints[];
}

/** A page of the shared history, and how many lines match in all. */
export interface SharedHistoryPage {
  rows: SharedHistoryRow[];
  total: number;
  /** Per shop, the lines the query matches but for its shop filter. */
  shops: { shopId: string; count: number }[];
}

/** A shared waybill as a reprint at this desk needs it. */
export interface SharedReprintSource {
  /** The gateway and shop it was issued under (its own shop, whichever the desk asks from). */
  gateway: GatewayIdentity;
  printData: Record<string, unknown> | null;
  printDataState: Exclude<PrintDataState, 'unreadable'>;
  voided: boolean;
  orderNumbers: string[];
  carrierCode: string;
  deskId: string;
  jobId: string;
  /** Its label's prints at every desk, the latest first. */
  prints: DeskPrints[];
}

/** The account's waybill history across desks. */
export interface SharedHistory {
  /** Records waybills of this desk's job; one already recorded stays as it is (sent twice, it is there once). Answers how many were new. */
  recordWaybills(gateway: GatewayIdentity, jobId: string, waybills: readonly SharedWaybillRecord[]): Promise<number>;
  /** A page of history lines (one per order), newest first, and the count of all that match. */
  search(query: SharedHistoryQuery): Promise<SharedHistoryPage>;
  /** Records label prints of this desk, of waybills the shared history has (others are left out); answers how many were new. */
  recordPrints(prints: readonly SharedLabelPrint[]): Promise<number>;
  /**
   * A waybill of the gateway (any shop of the account) with its print data and state, for a
   * reprint at this desk (never an issue); undefined when unknown. Answers its own shop.
   */
  printData(gatewayBaseUrl: string, waybillCode: string): Promise<SharedReprintSource | undefined>;
  /** Sets (at a time, with a note) or clears (null) the void mark of these waybills; answers how many changed. */
  setVoid(gateway: GatewayIdentity, waybillCodes: readonly string[], voidedAt: number | null, note: string): Promise<number>;
  /** Drops the print data of waybills issued before `cutoff` (epoch ms); answers how many. */
  purgePrintData(cutoff: number): Promise<number>;
}

interface HistoryLine {
  order_number: string;
  waybill_code: string;
  parent_waybill_code: string | null;
  carrier_code: string;
  branch_code: string | null;
  gateway_base_url: string;
  shop_id: string;
  desk_id: string;
  desk_name: string;
  job_id: string;
  at: number;
  print_data_state: 'present' | 'purged' | null;
  voided: boolean;
  void_note: string;
  prints: DeskPrints[];
}

const printDataState = (purged: boolean, present: boolean) => (purged ? 'purged' : present ? 'present' : null);

/** The WHERE clause of a search over the lines (one per order) and its parameters. */
function whereOf(query: SharedHistoryQuery): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const text = query.text?.trim() ?? '';
  if (text !== '') {
    const prefix = param(`${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`);
    conditions.push(`(order_number LIKE ${prefix} OR waybill_code LIKE ${prefix} OR parent_waybill_code = ${param(text)})`);
  }
  if (query.from !== undefined) conditions.push(`at >= ${param(query.from)}`);
  if (query.to !== undefined) conditions.push(`at <= ${param(query.to)}`);
  if (query.deskId !== undefined) conditions.push(`desk_id = ${param(query.deskId)}`);
  if (query.carrierCode !== undefined) conditions.push(`carrier_code = ${param(query.carrierCode)}`);
  if (query.gateway !== undefined) conditions.push(`gateway_base_url = ${param(query.gateway.baseUrl)} AND shop_id = ${param(query.gateway.shopId)}`);
  if (query.shopId !== undefined) conditions.push(`shop_id = ${param(query.shopId)}`);
  return { sql: conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`, params };
}

/**
 * The shared history on the account's schema (table shared_waybills: each waybill once, with its
 * orders). Searches list one line per order like a desk's own history; recording and void marks
 * are announced (`waybills-changed`) when they commit.
 */
export function createSharedHistory(access: SharedDeskAccess): SharedHistory {
  const statements = sharedStatements(access);
  const waybills = statements.table('shared_waybills');
  const desks = statements.table('desks');
  const prints = statements.table('shared_label_prints');
  // A waybill's prints per desk, the latest first (epoch ms rounded when read).
  const printsOf = (w: string) => `COALESCE((SELECT jsonb_agg(jsonb_build_object('deskId', p.desk_id, 'deskName', pd.name, 'count', p.count, 'lastAt', p.last_at) ORDER BY p.last_at DESC)
      FROM (SELECT desk_id, count(*)::integer AS count, ${epochMs('max(printed_at)')} AS last_at FROM ${prints}
        WHERE gateway_base_url = ${w}.gateway_base_url AND shop_id = ${w}.shop_id AND waybill_code = ${w}.waybill_code GROUP BY desk_id) p
      JOIN ${desks} pd ON pd.desk_id = p.desk_id), '[]'::jsonb)`;
  const deskPrints = (rows: DeskPrints[]): DeskPrints[] => rows.map((row) => ({ ...row, lastAt: Math.round(row.lastAt) }));
  const lines = `SELECT o.order_number, w.waybill_code, w.parent_waybill_code, w.carrier_code, w.branch_code, w.gateway_base_url, w.shop_id,
      w.desk_id, d.name AS desk_name, w.job_id, ${epochMs('w.issued_at')} AS at, w.voided_at IS NOT NULL AS voided, w.void_note,
      CASE WHEN w.print_data_purged_at IS NOT NULL THEN 'purged' WHEN w.print_data IS NOT NULL THEN 'present' END AS print_data_state, ${printsOf('w')} AS prints
    FROM ${waybills} w JOIN ${desks} d ON d.desk_id = w.desk_id CROSS JOIN LATERAL unnest(w.order_numbers) AS o (order_number)`;

  return {
    async recordWaybills(gateway, jobId, records) {
      if (records.length === 0) return 0;
      return statements.transaction(async (client) => {
        const { rows } = await client.query<{ waybill_code: string }>(
          `INSERT INTO ${waybills} (gateway_base_url, shop_id, waybill_code, parent_waybill_code, order_numbers, carrier_code, branch_code, desk_id, job_id, issued_at, print_data)
           SELECT $1, $2, r.waybill_code, r.parent_waybill_code, ARRAY(SELECT jsonb_array_elements_text(r.order_numbers)), r.carrier_code, r.branch_code, $3, $4,
             to_timestamp(r.issued_at / 1000.0), r.print_data
           FROM jsonb_to_recordset($5::jsonb) AS r (waybill_code text, parent_waybill_code text, order_numbers jsonb, carrier_code text, branch_code text, issued_at float8, print_data text)
           ON CONFLICT DO NOTHING RETURNING waybill_code`,
          [
            gateway.baseUrl,
            gateway.shopId,
            access.deskId,
            jobId,
            JSON.stringify(
              records.map((record) => ({
                waybill_code: record.waybillCode,
                parent_waybill_code: record.parentWaybillCode,
                order_numbers: record.orderNumbers,
                carrier_code: record.carrierCode,
                branch_code: record.branchCode,
                issued_at: record.issuedAt,
                print_data: record.printDataText,
              })),
            ),
          ],
        );
        const recorded = rows.map((row) => row.waybill_code);
        if (recorded.length > 0) await notifySharedChange(client, access.schema, { type: 'waybills-changed', gateway, waybillCodes: recorded });
        return recorded.length;
      });
    },

    async search(query) {
      const { sql, params } = whereOf(query);
      const limit = Math.min(Math.max(1, Math.floor(query.limit ?? 100)), 1000);
      const offset = Math.max(0, Math.floor(query.offset ?? 0));
      const withoutShop = whereOf({ ...query, shopId: undefined });
      const [rows, counted, shops] = await Promise.all([
        statements.query<HistoryLine>(`SELECT * FROM (${lines}) l ${sql} ORDER BY at DESC, order_number LIMIT ${limit} OFFSET ${offset}`, params),
        statements.query<{ total: number }>(`SELECT count(*)::integer AS total FROM (${lines}) l ${sql}`, params),
        statements.query<{ shop_id: string; count: number }>(`SELECT shop_id, count(*)::integer AS count FROM (${lines}) l ${withoutShop.sql} GROUP BY shop_id ORDER BY shop_id`, withoutShop.params),
      ]);
      return {
        rows: rows.map((row) => ({
          orderNumber: row.order_number,
          waybillCode: row.waybill_code,
          parentWaybillCode: row.parent_waybill_code,
          carrierCode: row.carrier_code,
          branchCode: row.branch_code,
          gateway: { baseUrl: row.gateway_base_url, shopId: row.shop_id },
          deskId: row.desk_id,
          deskName: row.desk_name,
          jobId: row.job_id,
          at: Math.round(row.at),
          printData: row.print_data_state,
          voided: row.voided,
          voidNote: row.void_note,
          prints: deskPrints(row.prints),
        })),
        total: counted[0]?.total ?? 0,
        shops: shops.map((row) => ({ shopId: row.shop_id, count: row.count })),
      };
    },

    async recordPrints(records) {
      if (records.length === 0) return 0;
      return statements.transaction(async (client) => {
        // Each print goes to its waybill under the gateway, in the shop it was queued under when the waybill is there, else in the shop that has it.
        const { rows } = await client.query<{ gateway_base_url: string; shop_id: string; waybill_code: string }>(
          `INSERT INTO ${prints} (desk_id, print_id, gateway_base_url, shop_id, waybill_code, printed_at)
           SELECT DISTINCT ON (r.print_id) $1, r.print_id, w.gateway_base_url, w.shop_id, w.waybill_code, to_timestamp(r.printed_at / 1000.0)
           FROM jsonb_to_recordset($2::jsonb) AS r (print_id text, gateway_base_url text, shop_id text, waybill_code text, printed_at float8)
           JOIN ${waybills} w ON w.gateway_base_url = r.gateway_base_url AND w.waybill_code = r.waybill_code
           ORDER BY r.print_id, w.shop_id = r.shop_id DESC, w.issued_at
           ON CONFLICT DO NOTHING RETURNING gateway_base_url, shop_id, waybill_code`,
          [
            access.deskId,
            JSON.stringify(records.map((record) => ({ print_id: record.printId, gateway_base_url: record.gateway.baseUrl, shop_id: record.gateway.shopId, waybill_code: record.waybillCode, printed_at: record.printedAt }))),
          ],
        );
        const byShop = new Map<string, { gateway: GatewayIdentity; waybillCodes: string[] }>();
        for (const row of rows) {
          const key = JSON.stringify([row.gateway_base_url, row.shop_id]);
          const group = byShop.get(key) ?? { gateway: { baseUrl: row.gateway_base_url, shopId: row.shop_id }, waybillCodes: [] };
          group.waybillCodes.push(row.waybill_code);
          byShop.set(key, group);
        }
        for (const { gateway, waybillCodes } of byShop.values()) await notifySharedChange(client, access.schema, { type: 'waybills-changed', gateway, waybillCodes });
        return rows.length;
      });
    },

    async printData(gatewayBaseUrl, waybillCode) {
      const rows = await statements.query<{
        shop_id: string;
        print_data: string | null;
        purged: boolean;
        voided: boolean;
        order_numbers: string[];
        carrier_code: string;
        desk_id: string;
        job_id: string;
        prints: DeskPrints[];
      }>(
        `SELECT w.shop_id, w.print_data, w.print_data_purged_at IS NOT NULL AS purged, w.voided_at IS NOT NULL AS voided, w.order_numbers, w.carrier_code, w.desk_id, w.job_id, ${printsOf('w')} AS prints
         FROM ${waybills} w WHERE w.gateway_base_url = $1 AND w.waybill_code = $2 ORDER BY w.issued_at LIMIT 1`,
        [gatewayBaseUrl, waybillCode],
      );
      const row = rows[0];
      if (row === undefined) return undefined;
      return {
        gateway: { baseUrl: gatewayBaseUrl, shopId: row.shop_id },
        printData: row.print_data === null ? null : (JSON.parse(row.print_data) as Record<string, unknown>),
        // A waybill recorded without print data has none to reprint: as good as purged here.
        printDataState: printDataState(row.purged, row.print_data !== null) ?? 'purged',
        voided: row.voided,
        orderNumbers: row.order_numbers,
        carrierCode: row.carrier_code,
        deskId: row.desk_id,
        jobId: row.job_id,
        prints: deskPrints(row.prints),
      };
    },

    async setVoid(gateway, waybillCodes, voidedAt, note) {
      if (waybillCodes.length === 0) return 0;
      return statements.transaction(async (client) => {
        const { rows } = await client.query<{ waybill_code: string }>(
          `UPDATE ${waybills} SET voided_at = CASE WHEN $4::float8 IS NULL THEN NULL ELSE to_timestamp($4::float8 / 1000.0) END, void_note = $5
           WHERE gateway_base_url = $1 AND shop_id = $2 AND waybill_code = ANY($3::text[]) RETURNING waybill_code`,
          [gateway.baseUrl, gateway.shopId, [...waybillCodes], voidedAt, note],
        );
        if (rows.length > 0) await notifySharedChange(client, access.schema, { type: 'waybills-changed', gateway, waybillCodes: rows.map((row) => row.waybill_code) });
        return rows.length;
      });
    },

    async purgePrintData(cutoff) {
      const rows = await statements.query<{ purged: number }>(
        `WITH purged AS (
           UPDATE ${waybills} SET print_data = NULL, print_data_purged_at = now()
           WHERE print_data IS NOT NULL AND issued_at < to_timestamp($1::float8 / 1000.0) RETURNING 1)
         SELECT count(*)::integer AS purged FROM purged`,
        [cutoff],
      );
      return rows[0]?.purged ?? 0;
    },
  };
}
