import type { OrderState } from '../../../shared/domain/issuing';
import type { DocumentState } from '../../../shared/domain/printing';
import type { SoldOrder } from '../../../shared/domain/sold-order';
import type { StationError } from '../../../shared/errors/station-error';
import type { StationDatabase } from './open-station-database';
import type { OrderCacheReader, OrderCacheWriter } from '../station-backend';
import type { OrderCacheState } from '../station-records';
import type { LocalSoldOrders } from './local-sold-orders';
import type { WriteTimer } from './write-timer';
import { commitWithoutOwnSync } from './commit-without-own-sync';

interface StateRow {
  watermark: number | null;
  last_refresh_at: number | null;
  last_total: number | null;
  last_pages: number | null;
  last_points: number | null;
}

interface LineRow {
  order_json: string;
  state: OrderState | null;
  waybill_code: string | null;
  carrier_code: string | null;
  voided_at: number | null;
  print_count: number;
  last_print_state: DocumentState | null;
  error_json: string | null;
  problems_json: string | null;
}

/** A parcel's label of an order shipped in several parcels, with its print state. */
interface ParcelRow {
  order_number: string;
  waybill_code: string;
  print_count: number;
  last_print_state: DocumentState | null;
}

/**
 * The sold-order cache on the station database (tables cached_orders and order_cache_state),
 * kept per shop. Each cached order refers to its version in sold_orders (stored once, shared with
 * the job members planned from it: see createLocalSoldOrders); a version the cache lets go of
 * stays while a job member refers to it. Its list carries, per order, what the journal and the
 * print queue know of it, read in the same statement: the orders table shows thousands of rows
 * and is listed often.
 */
export function createLocalOrderCacheStore(db: StationDatabase, writes: WriteTimer, soldOrders: LocalSoldOrders): { read: OrderCacheReader; write: OrderCacheWriter } {
  const statements = {
    state: db.prepare('SELECT * FROM order_cache_state WHERE shop_id = ?'),
    cachedVersion: db.prepare('SELECT sold_order_id FROM cached_orders WHERE shop_id = ? AND order_number = ?').pluck(),
    upsert: db.prepare(`INSERT INTO cached_orders (shop_id, order_number, sold_order_id, confirmed_at, first_seen_at, fetched_at)
      VALUES (@shopId, @orderNumber, @soldOrderId, @confirmedAt, @at, @at)
      ON CONFLICT (shop_id, order_number) DO UPDATE SET sold_order_id = excluded.sold_order_id, confirmed_at = excluded.confirmed_at, fetched_at = excluded.fetched_at`),
    removeUnseen: db.prepare('DELETE FROM cached_orders WHERE shop_id = ? AND fetched_at < ? RETURNING sold_order_id').pluck(),
    count: db.prepare('SELECT COUNT(*) AS count FROM cached_orders WHERE shop_id = ?'),
    saveState: db.prepare(`INSERT INTO order_cache_state (shop_id, watermark, last_full_at, last_refresh_at, last_mode, last_total, last_pages, last_points)
      VALUES (@shopId, @watermark, @lastFullAt, @at, @mode, @total, @pages, @points)
      ON CONFLICT (shop_id) DO UPDATE SET watermark = excluded.watermark, last_full_at = COALESCE(excluded.last_full_at, last_full_at),
        last_refresh_at = excluded.last_refresh_at, last_mode = excluded.last_mode, last_total = COALESCE(excluded.last_total, last_total),
        last_pages = excluded.last_pages, last_points = excluded.last_points`),
    // The problems of the order in its last started job (a plan only looked at is not one).
    lines: db.prepare(`SELECT o.order_json, j.state, j.waybill_code, j.error_json, w.carrier_code, w.voided_at,
        (SELECT m.problems_json FROM job_orders m JOIN issue_jobs s ON s.id = m.job_id
          WHERE m.shop_id = c.shop_id AND m.order_number = c.order_number AND s.state <> 'planned' ORDER BY m.rowid DESC LIMIT 1) AS problems_json,
        (SELECT COUNT(*) FROM print_documents p WHERE p.document_id = j.waybill_code AND p.state = 'printed') AS print_count,
        (SELECT p.state FROM print_documents p WHERE p.document_id = j.waybill_code ORDER BY p.created_at DESC, p.rowid DESC LIMIT 1) AS last_print_state
      FROM cached_orders c
      JOIN sold_orders o ON o.id = c.sold_order_id
      LEFT JOIN journal_orders j ON j.gateway_shop_id = c.shop_id AND j.order_number = c.order_number
      LEFT JOIN waybills w ON w.waybill_code = j.waybill_code
      WHERE c.shop_id = ? ORDER BY c.confirmed_at DESC, c.order_number`),
    // The labels of the shop's orders shipped in several parcels (migration 15), each with its print state.
    parcels: db.prepare(`SELECT w.parcel_order_number AS order_number, w.waybill_code,
        (SELECT COUNT(*) FROM print_documents p WHERE p.document_id = w.waybill_code AND p.state = 'printed') AS print_count,
        (SELECT p.state FROM print_documents p WHERE p.document_id = w.waybill_code ORDER BY p.created_at DESC, p.rowid DESC LIMIT 1) AS last_print_state
      FROM waybills w JOIN journal_orders j ON j.gateway_shop_id = w.gateway_shop_id AND j.order_number = w.parcel_order_number AND j.waybill_code IS NOT NULL
      WHERE w.gateway_shop_id = ? AND w.parcel_order_number IS NOT NULL ORDER BY w.parcel_no`),
  };
  const storePage = db.transaction((shopId: string, orders: readonly SoldOrder[], at: number) => {
    const replaced: number[] = [];
    for (const order of orders) {
      const before = statements.cachedVersion.get(shopId, order.orderNumber) as number | undefined;
      const soldOrderId = soldOrders.idOf(order);
      if (before !== undefined && before !== soldOrderId) replaced.push(before);
      statements.upsert.run({ shopId, orderNumber: order.orderNumber, soldOrderId, confirmedAt: order.confirmedAt, at });
    }
    soldOrders.dropUnreferenced(replaced);
  });
  const removeUnseen = db.transaction((shopId: string, since: number) => {
    soldOrders.dropUnreferenced(statements.removeUnseen.all(shopId, since) as number[]);
  });
  const parsed = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

  return {
    read: {
      async state(shopId) {
        const row = statements.state.get(shopId) as StateRow | undefined;
        return (
          row &&
          ({ watermark: row.watermark, lastRefreshAt: row.last_refresh_at, lastTotal: row.last_total, lastPages: row.last_pages, lastPoints: row.last_points } satisfies OrderCacheState)
        );
      },
      count: async (shopId) => (statements.count.get(shopId) as { count: number }).count,
      async lines(shopId) {
        const parcelsOf = new Map<string, ParcelRow[]>();
        for (const parcel of statements.parcels.all(shopId) as ParcelRow[]) parcelsOf.set(parcel.order_number, [...(parcelsOf.get(parcel.order_number) ?? []), parcel]);
        return (statements.lines.all(shopId) as LineRow[]).map((row) => {
          // An order in several parcels is printed once every parcel's label is: the first parcel not out speaks for it.
          const order = JSON.parse(row.order_json) as SoldOrder;
          const parcels = parcelsOf.get(order.orderNumber) ?? [];
          const notOut = parcels.find((parcel) => parcel.last_print_state !== 'printed');
          const print = parcels.length === 0 ? row : (notOut ?? parcels.at(-1) ?? row);
          return {
            order,
            state: row.state,
            waybillCode: row.waybill_code,
            carrierCode: row.carrier_code,
            voided: row.voided_at !== null,
            printCount: parcels.length === 0 ? row.print_count : Math.min(...parcels.map((parcel) => parcel.print_count)),
            lastPrintState: print.last_print_state,
            parcelWaybills: parcels.map((parcel) => parcel.waybill_code),
            error: parsed<StationError>(row.error_json),
            problems: parsed<StationError[]>(row.problems_json),
          };
        });
      },
      async orders(shopId, orderNumbers) {
        const found: SoldOrder[] = [];
        for (let start = 0; start < orderNumbers.length; start += 500) {
          const chunk = orderNumbers.slice(start, start + 500);
          const rows = db
            .prepare(`SELECT o.order_json FROM cached_orders c JOIN sold_orders o ON o.id = c.sold_order_id
              WHERE c.shop_id = ? AND c.order_number IN (${chunk.map(() => '?').join(', ')})`)
            .all(shopId, ...chunk) as { order_json: string }[];
          for (const row of rows) found.push(JSON.parse(row.order_json) as SoldOrder);
        }
        return found;
      },
    },
    write: {
      async storePage(shopId, orders, at) {
        // Each page is its own transaction: a refresh stopped anywhere leaves the cache whole. Lost to a power cut, a page is
        // fetched again by the next refresh; the refresh's last commit (saveRefresh, durable) takes every page to the disk.
        writes.time(() => commitWithoutOwnSync(db, () => storePage(shopId, orders, at)));
      },
      async removeUnseen(shopId, since) {
        writes.time(() => removeUnseen(shopId, since));
      },
      async saveRefresh(shopId, refresh) {
        writes.time(() => statements.saveState.run({ shopId, ...refresh }));
      },
    },
  };
}
