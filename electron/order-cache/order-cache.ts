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
import type { OrderCacheReader, OrderCacheWriter } from '../store/station-backend';
import type { CachedOrderLine } from '../store/station-records';
import type { SharedOrderRefresh } from '../store/shared/shared-orders';

/** The order cache: the `orders.*` channels of the IPC contract, kept in the station database. */
export interface OrderCache {
  /** Every cached order of a shop (absent: the current one), newest confirmation first, with the journal's state of it. */
  list(shopId?: string): Promise<OrderListing>;
  /** What a refresh of a shop (absent: the current one) would fetch and cost, told before a full fetch starts. */
  estimate(shopId?: string): Promise<OrderRefreshEstimate>;
  /**
   * Fetches orders of a shop of the account (absent: the current one) into the cache, through
   * that shop's client (the one limiter). `changed` fetches only orders confirmed since the last refresh
   * where the edition has the time filter (else everything). Pages are stored as they arrive: a
   * cancelled or failed refresh keeps them (and throws the cancellation or the gateway's error).
   */
  refresh(request: { mode: 'changed' | 'full'; filters?: SoldOrderFilters | undefined; shopId?: string | undefined }): Promise<OrderRefreshOutcome>;
  /** Stops the running refresh between pages; false when none runs. */
  cancel(): boolean;
  /** The cached orders of a shop (absent: the current one) with these numbers, in the order asked (unknown numbers left out): what the issuing engine plans from. */
  get(orderNumbers: readonly string[], shopId?: string): Promise<SoldOrder[]>;
}

/** The shop's refresh shared by the desks (shared mode): one desk fetches, the others read what it stored. */
export interface SharedOrderRefreshes {
  /** Takes the shop's refresh turn and answers the shared watermark to continue from; throws `shared-mode.refreshing-elsewhere` (or unreachable) when this desk may not refresh. */
  begin(): Promise<{ watermark: number | null }>;
  /** Stores a fetched page in the shared cache too. */
  storePage(orders: readonly SoldOrder[], fetchedAt: number): Promise<void>;
  /** Records the refresh and ends the turn; the other desks are told to read. */
  finish(refresh: SharedOrderRefresh): Promise<void>;
  /** Ends the turn without a result (the fetch failed or was cancelled). */
  abandon(): Promise<void>;
  /** Copies the shared cache into this desk's when another desk refreshed since; never throws (without the server the desk's own cache stays). */
  catchUp(): Promise<void>;
}

/** What the cache is built from. */
export interface OrderCacheOptions {
  /** The sold-order cache's part of the station backend. */
  store: { read: OrderCacheReader; write: OrderCacheWriter };
  /** The gateway client of a shop of the account. */
  client: (shopId: string) => Promise<GatewayClient>;
  /** The shop the current gateway account serves first: each shop's orders are kept apart. */
  shopId: () => string;
  /** Whether sold orders are requested with the vvtype that honours the time filter (decisions.md "Editions"). */
  timeFilterAvailable: () => boolean;
  onProgress: (progress: OrderRefreshProgress) => void;
  /** The cached orders changed (a refresh stored pages). */
  onChanged: () => void;
  /** Shared mode: refreshes take the shop's turn and fill the shared cache; the list reads what other desks fetched. */
  shared?: SharedOrderRefreshes;
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
function problemOf(line: CachedOrderLine): StationError | null {
  if (line.state === 'failed' && line.error !== null) return line.error;
  if (line.state === null && line.problems !== null) return line.problems[0] ?? null;
  return null;
}

function stationStateOf(line: CachedOrderLine): OrderStationState {
  const invalid = line.state === null && line.problems !== null;
  return {
    waybill: invalid ? 'invalid' : line.state === null ? null : (waybillStates[line.state] ?? null),
    waybillCode: line.waybillCode,
    carrierCode: line.carrierCode,
    print: line.lastPrintState === null ? 'not-printed' : (printStates[line.lastPrintState] ?? 'unknown'),
    printCount: line.printCount,
    voided: line.voided,
    problem: problemOf(line),
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
  const { read, write } = options.store;
  const now = options.now ?? Date.now;
  const overlapMs = options.overlapMs ?? 10 * 60_000;
  let running: AbortController | null = null;

  async function estimate(shopId = options.shopId()): Promise<OrderRefreshEstimate> {
    const row = await read.state(shopId);
    const fetched = row?.lastRefreshAt != null;
    const timeFilter = options.timeFilterAvailable();
    const knownTotal = row?.lastTotal ?? null;
    const fullCalls = knownTotal === null ? 1 : Math.max(1, Math.ceil(knownTotal / ISSUE_LIMITS.soldOrdersPageSize));
    const pointsPerPage = row?.lastPages ? Math.max(1, Math.round((row.lastPoints ?? 0) / row.lastPages)) : 1;
    return {
      mode: fetched && timeFilter ? 'changed' : 'full',
      fullBecause: !fetched ? 'first-fetch' : timeFilter ? null : 'no-time-filter',
      fullCalls,
      fullPoints: fullCalls * pointsPerPage,
      knownTotal,
    };
  }

  return {
    async list(shopId = options.shopId()) {
      // Shared mode shares the refreshes of the station's own shop.
      if (running === null && shopId === options.shopId()) await options.shared?.catchUp();
      const lines = await read.lines(shopId);
      const keys = lines.map((line) => buyerAddressKey(line.order));
      const shared = new Map<string, number>();
      for (const key of keys) shared.set(key, (shared.get(key) ?? 0) + 1);
      return {
        rows: lines.map((line, index) => {
          const key = keys[index] as string;
          return { order: line.order, station: stationStateOf(line), mergeKey: (shared.get(key) ?? 0) > 1 ? key : null, elsewhere: null };
        }),
        fetchedAt: (await read.state(shopId))?.lastRefreshAt ?? null,
      };
    },
    estimate,
    async refresh({ mode, filters, shopId = options.shopId() }) {
      if (running) throw new StationFailure(stationError('orders.refresh-running', {}));
      const abort = new AbortController();
      running = abort;
      const startedAt = now();
      let stored = 0;
      let replacing = false;
      let turn: SharedOrderRefreshes | undefined;
      try {
        // Shared mode: the shop's turn first (another desk refreshing answers so), and its watermark
        // (the refreshes of the station's own shop are shared; another shop's are this desk's).
        const shared = shopId === options.shopId() ? options.shared : undefined;
        const sharedWatermark = shared === undefined ? undefined : (await shared.begin()).watermark;
        turn = shared;
        const watermark = sharedWatermark === undefined ? ((await read.state(shopId))?.watermark ?? null) : sharedWatermark;
        const changedOnly = mode === 'changed' && (await estimate(shopId)).mode === 'changed' && watermark !== null;
        const unfiltered = filters === undefined;
        replacing = !changedOnly && unfiltered;
        const startAt = changedOnly ? Math.max(watermark, filters?.startAt ?? 0) : filters?.startAt;
        const client = await options.client(shopId);
        // Pages are stored one after the other, as they arrive; the fetch ends only once the last is stored.
        let storing: Promise<void> = Promise.resolve();
        const result = await client.fetchAllSoldOrders({ ...filters, ...(startAt === undefined ? {} : { startAt }) }, {
          signal: abort.signal,
          priority: 'bulk',
          jobId: `orders-${startedAt.toString(36)}`,
          onProgress: (progress) => {
            storing = storing.then(async () => {
              const fetchedAt = now();
              await write.storePage(shopId, progress.pageOrders, fetchedAt);
              await turn?.storePage(progress.pageOrders, fetchedAt);
            });
            stored += progress.pageOrders.length;
            options.onProgress({ pagesDone: progress.pagesDone, pagesPlanned: progress.pagesPlanned, ordersReceived: progress.ordersReceived, totalElements: progress.totalElements });
          },
        });
        await storing;
        if (!result.ok) throw new StationFailure(result.error);
        const pastRefresh = { watermark: startedAt - overlapMs, at: startedAt, mode: changedOnly ? ('changed' as const) : ('full' as const), pages: result.data.pagesFetched, points: result.data.points };
        const total = replacing ? (result.data.totalElements ?? result.data.orders.length) : null;
        // Only a complete, unfiltered fetch knows which orders the gateway no longer lists; a
        // filtered one says nothing about the others, so it moves neither the list nor the watermark.
        if (replacing) await write.removeUnseen(shopId, startedAt);
        if (unfiltered) await write.saveRefresh(shopId, { ...pastRefresh, lastFullAt: replacing ? startedAt : null, total });
        // A filtered fetch moves nothing shared either: its pages are stored, the turn ends without a result.
        if (turn !== undefined) await (unfiltered ? turn.finish({ ...pastRefresh, total, removeUnseenBefore: replacing ? startedAt : null }) : turn.abandon());
        turn = undefined;
        return { mode: changedOnly ? 'changed' : 'full', received: result.data.orders.length, total: await read.count(shopId), points: result.data.points };
      } finally {
        running = null;
        await turn?.abandon();
        if (stored > 0 || replacing) options.onChanged();
      }
    },
    cancel() {
      if (!running) return false;
      running.abort();
      return true;
    },
    async get(orderNumbers, shopId = options.shopId()) {
      const found = new Map((await read.orders(shopId, orderNumbers)).map((order) => [order.orderNumber, order]));
      return orderNumbers.flatMap((orderNumber) => found.get(orderNumber) ?? []);
    },
  };
}
