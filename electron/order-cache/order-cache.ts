import { createHash } from 'node:crypto';
import type {
  OrderListing,
  OrderPrintState,
  OrderRefreshEstimate,
  OrderRefreshOutcome,
  OrderRefreshProgress,
  OrderStationState,
  OrderWaybillState,
} from '../../shared/domain/order-row';
import type { SoldOrder, SoldOrderFilters } from '../../shared/domain/sold-order';
import { stationError, type StationError } from '../../shared/errors/station-error';
import { ISSUE_LIMITS } from '../../shared/gateway/issue-limits';
import type { GatewayClient } from '../gateway/gateway-client';
import { StationFailure } from '../ipc/to-station-error';
import type { StationDatabase } from '../store/local/open-station-database';

/** The order cache: the `orders.*` channels of the IPC contract, kept in the station database. */
export interface OrderCache {
  /** Every cached order of the current shop, newest confirmation first, with the journal's state of it. */
  list(): OrderListing;
  /** What a refresh would fetch and cost, told before a full fetch starts. */
  estimate(): OrderRefreshEstimate;
  /**
   * Fetches orders into the cache. `changed` fetches only orders confirmed since the last refresh
   * where the edition has the time filter (else everything). Pages are stored as they arrive: a
   * cancelled or failed refresh keeps them (and throws the cancellation or the gateway's error).
   */
  refresh(request: { mode: 'changed' | 'full'; filters?: SoldOrderFilters | undefined }): Promise<OrderRefreshOutcome>;
  /** Stops the running refresh between pages; false when none runs. */
  cancel(): boolean;
  /** The cached orders with these numbers, in the order asked (unknown numbers left out): what the issuing engine plans from. */
  get(orderNumbers: readonly string[]): SoldOrder[];
}

/** What the cache is built from. */
export interface OrderCacheOptions {
  db: StationDatabase;
  client: () => Promise<GatewayClient>;
  /** The shop the current gateway account serves: each shop's orders are kept apart. */
  shopId: () => string;
  /** Whether sold orders are requested with the vvtype that honours the time filter (decisions.md "Editions"). */
  timeFilterAvailable: () => boolean;
  onProgress: (progress: OrderRefreshProgress) => void;
  /** The cached orders changed (a refresh stored pages). */
  onChanged: () => void;
  now?: () => number;
  /** A `changed` refresh starts this long before the previous refresh started (clock skew, late pushes); default 10 min. */
  overlapMs?: number;
}

/**
 * The buyer-and-full-address key of orders that may go as one package: the same receiver (as the
 * platform shows it, masked) at the same full address. The issuing plan merges by it.
 */
export function buyerAddressKey(order: SoldOrder): string {
  const parts = [order.receiverName, order.receiverPhone, order.province, order.city, order.district, order.addressDetail];
  return createHash('sha256').update(parts.map((part) => part.trim()).join('\u0000')).digest('hex').slice(0, 16);
}

interface StateRow {
  watermark: number | null;
  last_refresh_at: number | null;
  last_total: number | null;
  last_pages: number | null;
  last_points: number | null;
}

interface ListRow {
  order_json: string;
  state: string | null;
  waybill_code: string | null;
  carrier_code: string | null;
  voided_at: number | null;
  print_count: number;
  last_print_state: string | null;
  error_json: string | null;
  /** The problems of the order in its last started job (a plan only looked at is not one), when that job could not send it. */
  problems_json: string | null;
}

const waybillStates: Readonly<Record<string, OrderWaybillState>> = {
  pending: 'issuing',
  issued: 'issued',
  recovered: 'issued',
  elsewhere: 'issued-elsewhere',
  failed: 'failed',
};

const printStates: Readonly<Record<string, OrderPrintState>> = {
  queued: 'queued',
  sent: 'printing',
  accepted: 'printing',
  printed: 'printed',
  failed: 'failed',
  unknown: 'unknown',
};

/** Why an order has no waybill: its issue error, or the first problem that kept it from being sent. */
function problemOf(row: ListRow): StationError | null {
  if (row.state === 'failed' && row.error_json !== null) return JSON.parse(row.error_json) as StationError;
  if (row.state === null && row.problems_json !== null) return (JSON.parse(row.problems_json) as StationError[])[0] ?? null;
  return null;
}

function stationStateOf(row: ListRow): OrderStationState {
  const invalid = row.state === null && row.problems_json !== null;
  return {
    waybill: invalid ? 'invalid' : row.state === null ? null : (waybillStates[row.state] ?? null),
    waybillCode: row.waybill_code,
    carrierCode: row.carrier_code,
    print: row.last_print_state === null ? 'not-printed' : (printStates[row.last_print_state] ?? 'unknown'),
    printCount: row.print_count,
    voided: row.voided_at !== null,
    problem: problemOf(row),
  };
}

/**
 * The sold orders fetched from the gateway, kept per shop in the station database so the list is
 * there at start and a refresh costs as little as the edition allows: with the time filter, only
 * orders confirmed since the previous refresh (minus an overlap) are fetched — the gateway has no
 * "changed since" filter, so an order whose status changed later keeps its cached copy until the
 * next full refresh; without it, everything. A full refresh without filters also drops the orders
 * the gateway no longer lists; a refresh with server filters only adds what it found. Each row
 * carries the journal's state of its order.
 */
export function createOrderCache(options: OrderCacheOptions): OrderCache {
  const { db } = options;
  const now = options.now ?? Date.now;
  const overlapMs = options.overlapMs ?? 10 * 60_000;
  const statements = {
    state: db.prepare('SELECT * FROM order_cache_state WHERE shop_id = ?'),
    upsert: db.prepare(`INSERT INTO cached_orders (shop_id, order_number, order_json, confirmed_at, first_seen_at, fetched_at)
      VALUES (@shopId, @orderNumber, @order, @confirmedAt, @at, @at)
      ON CONFLICT (shop_id, order_number) DO UPDATE SET order_json = excluded.order_json, confirmed_at = excluded.confirmed_at, fetched_at = excluded.fetched_at`),
    removeUnseen: db.prepare('DELETE FROM cached_orders WHERE shop_id = ? AND fetched_at < ?'),
    count: db.prepare('SELECT COUNT(*) AS count FROM cached_orders WHERE shop_id = ?'),
    saveState: db.prepare(`INSERT INTO order_cache_state (shop_id, watermark, last_full_at, last_refresh_at, last_mode, last_total, last_pages, last_points)
      VALUES (@shopId, @watermark, @lastFullAt, @at, @mode, @total, @pages, @points)
      ON CONFLICT (shop_id) DO UPDATE SET watermark = excluded.watermark, last_full_at = COALESCE(excluded.last_full_at, last_full_at),
        last_refresh_at = excluded.last_refresh_at, last_mode = excluded.last_mode, last_total = COALESCE(excluded.last_total, last_total),
        last_pages = excluded.last_pages, last_points = excluded.last_points`),
    list: db.prepare(`SELECT c.order_json, j.state, j.waybill_code, j.error_json, w.carrier_code, w.voided_at,
        (SELECT m.problems_json FROM job_orders m JOIN issue_jobs s ON s.id = m.job_id
          WHERE m.order_number = c.order_number AND s.state <> 'planned' ORDER BY m.rowid DESC LIMIT 1) AS problems_json,
        (SELECT COUNT(*) FROM print_documents p WHERE p.document_id = j.waybill_code AND p.state = 'printed') AS print_count,
        (SELECT p.state FROM print_documents p WHERE p.document_id = j.waybill_code ORDER BY p.created_at DESC, p.rowid DESC LIMIT 1) AS last_print_state
      FROM cached_orders c
      LEFT JOIN journal_orders j ON j.order_number = c.order_number
      LEFT JOIN waybills w ON w.waybill_code = j.waybill_code
      WHERE c.shop_id = ? ORDER BY c.confirmed_at DESC, c.order_number`),
  };
  const state = (shopId: string): StateRow | undefined => statements.state.get(shopId) as StateRow | undefined;
  const storePage = db.transaction((shopId: string, orders: readonly SoldOrder[], at: number) => {
    for (const order of orders) statements.upsert.run({ shopId, orderNumber: order.orderNumber, order: JSON.stringify(order), confirmedAt: order.confirmedAt, at });
  });
  let running: AbortController | null = null;

  function estimate(): OrderRefreshEstimate {
    const row = state(options.shopId());
    const fetched = row?.last_refresh_at != null;
    const timeFilter = options.timeFilterAvailable();
    const knownTotal = row?.last_total ?? null;
    const fullCalls = knownTotal === null ? 1 : Math.max(1, Math.ceil(knownTotal / ISSUE_LIMITS.soldOrdersPageSize));
    const pointsPerPage = row?.last_pages ? Math.max(1, Math.round((row.last_points ?? 0) / row.last_pages)) : 1;
    return {
      mode: fetched && timeFilter ? 'changed' : 'full',
      fullBecause: !fetched ? 'first-fetch' : timeFilter ? null : 'no-time-filter',
      fullCalls,
      fullPoints: fullCalls * pointsPerPage,
      knownTotal,
    };
  }

  return {
    list() {
      const shopId = options.shopId();
      const rows = statements.list.all(shopId) as ListRow[];
      const orders = rows.map((row) => JSON.parse(row.order_json) as SoldOrder);
      const keys = orders.map(buyerAddressKey);
      const shared = new Map<string, number>();
      for (const key of keys) shared.set(key, (shared.get(key) ?? 0) + 1);
      return {
        rows: rows.map((row, index) => {
          const key = keys[index] as string;
          return { order: orders[index] as SoldOrder, station: stationStateOf(row), mergeKey: (shared.get(key) ?? 0) > 1 ? key : null };
        }),
        fetchedAt: state(shopId)?.last_refresh_at ?? null,
      };
    },
    estimate,
    async refresh({ mode, filters }) {
      if (running) throw new StationFailure(stationError('orders.refresh-running', {}));
      const abort = new AbortController();
      running = abort;
      const shopId = options.shopId();
      const startedAt = now();
      const previous = state(shopId);
      const watermark = previous?.watermark ?? null;
      const changedOnly = mode === 'changed' && estimate().mode === 'changed' && watermark !== null;
      const unfiltered = filters === undefined;
      const replacing = !changedOnly && unfiltered;
      const startAt = changedOnly ? Math.max(watermark, filters?.startAt ?? 0) : filters?.startAt;
      let stored = 0;
      try {
        const client = await options.client();
        const result = await client.fetchAllSoldOrders({ ...filters, ...(startAt === undefined ? {} : { startAt }) }, {
          signal: abort.signal,
          priority: 'bulk',
          jobId: `orders-${startedAt.toString(36)}`,
          onProgress: (progress) => {
            storePage(shopId, progress.pageOrders, now());
            stored += progress.pageOrders.length;
            options.onProgress({ pagesDone: progress.pagesDone, pagesPlanned: progress.pagesPlanned, ordersReceived: progress.ordersReceived, totalElements: progress.totalElements });
          },
        });
        if (!result.ok) throw new StationFailure(result.error);
        // Only a complete, unfiltered fetch knows which orders the gateway no longer lists; a
        // filtered one says nothing about the others, so it moves neither the list nor the watermark.
        if (replacing) statements.removeUnseen.run(shopId, startedAt);
        if (unfiltered) statements.saveState.run({
          shopId,
          watermark: startedAt - overlapMs,
          lastFullAt: replacing ? startedAt : null,
          at: startedAt,
          mode: changedOnly ? 'changed' : 'full',
          total: replacing ? (result.data.totalElements ?? result.data.orders.length) : null,
          pages: result.data.pagesFetched,
          points: result.data.points,
        });
        const { count } = statements.count.get(shopId) as { count: number };
        return { mode: changedOnly ? 'changed' : 'full', received: result.data.orders.length, total: count, points: result.data.points };
      } finally {
        running = null;
        if (stored > 0 || replacing) options.onChanged();
      }
    },
    cancel() {
      if (!running) return false;
      running.abort();
      return true;
    },
    get(orderNumbers) {
      const shopId = options.shopId();
      const found = new Map<string, SoldOrder>();
      for (let start = 0; start < orderNumbers.length; start += 500) {
        const chunk = orderNumbers.slice(start, start + 500);
        const rows = db
          .prepare(`SELECT order_json FROM cached_orders WHERE shop_id = ? AND order_number IN (${chunk.map(() => '?').join(', ')})`)
          .all(shopId, ...chunk) as { order_json: string }[];
        for (const row of rows) {
          const order = JSON.parse(row.order_json) as SoldOrder;
          found.set(order.orderNumber, order);
        }
      }
      return orderNumbers.flatMap((orderNumber) => found.get(orderNumber) ?? []);
    },
  };
}
