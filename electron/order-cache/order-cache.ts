import { createHash } from 'node:crypto';
import type {
  OrderRow,
  ShopOrderListing,
  ShopRefreshEstimate,
  ShopRefreshOutcome,
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
import { StationFailure, toStationError } from '../ipc/to-station-error';
import type { OrderCacheReader, OrderCacheWriter } from '../store/station-backend';
import type { CachedOrderLine } from '../store/station-records';
import type { SharedOrderRefresh } from '../store/postgres/shared-orders';

/** The order cache: the `orders.*` channels of the IPC contract, kept in the station database. */
export interface OrderCache {
  /** Every cached order of a shop (absent: the current one), newest confirmation first, with the journal's state of it. */
  list(shopId?: string): Promise<ShopOrderListing>;
  /** The cached orders of these shops as one list, newest confirmation first, with when each shop was last refreshed. */
  listShops(shopIds: readonly string[]): Promise<{ rows: OrderRow[]; fetchedAt: ReadonlyMap<string, number | null> }>;
  /** What a refresh of a shop (absent: the current one) would fetch and cost, told before a full fetch starts. */
  estimate(shopId?: string): Promise<ShopRefreshEstimate>;
  /** What refreshing these shops would fetch and cost, shop by shop and in all. */
  estimateShops(shopIds: readonly string[]): Promise<OrderRefreshEstimate>;
  /**
   * Fetches orders of a shop of the account (absent: the current one) into the cache, through
   * that shop's client (the one limiter). `changed` fetches only orders confirmed since the last refresh
   * where the edition has the time filter (else everything). Pages are stored as they arrive: a
   * cancelled or failed refresh keeps them (and throws the cancellation or the gateway's error).
   */
  refresh(request: { mode: 'changed' | 'full'; filters?: SoldOrderFilters | undefined; shopId?: string | undefined }): Promise<ShopRefreshOutcome>;
  /**
   * Refreshes these shops one after the other, as `refresh` does each. A shop that fails is
   * answered with its error and the next one goes on; a cancel stops between pages and throws
   * (what arrived stays). When every shop failed, throws the first one's error.
   */
  refreshShops(request: { mode: 'changed' | 'full'; filters?: SoldOrderFilters | undefined; shopIds: readonly string[] }): Promise<OrderRefreshOutcome>;
  /** Stops the running refresh between pages; false when none runs. */
  cancel(): boolean;
  /** The cached orders of a shop (absent: the current one) with these numbers, in the order asked (unknown numbers left out): what the issuing engine plans from. */
  get(orderNumbers: readonly string[], shopId?: string): Promise<SoldOrder[]>;
}

/** A shop's refresh shared by the desks (shared mode): one desk fetches, the others read what it stored. Each shop of the account has its own turn. */
export interface SharedOrderRefreshes {
  /**
   * Takes the shop's refresh turn and answers the shared watermark to continue from and when the
   * turn began by the server's clock (the refresh's times: a desk's clock may be off); throws
   * `shared-mode.refreshing-elsewhere` (or unreachable) when this desk may not refresh.
   */
  begin(shopId: string): Promise<{ watermark: number | null; startedAt: number }>;
  /** Stores a fetched page of the shop in the shared cache too (stamped by the server's clock). */
  storePage(shopId: string, orders: readonly SoldOrder[]): Promise<void>;
  /** Records the shop's refresh and ends its turn; the other desks are told to read. */
  finish(shopId: string, refresh: SharedOrderRefresh): Promise<void>;
  /** Ends the shop's turn without a result (the fetch failed or was cancelled). */
  abandon(shopId: string): Promise<void>;
  /** Copies the shop's shared cache into this desk's when another desk refreshed it since; never throws (without the server the desk's own cache stays). */
  catchUp(shopId: string): Promise<void>;
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
  /** Shared mode: a refresh takes its shop's turn and fills the shared cache; the list reads what other desks fetched. */
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
  return addressKeyOf(buyerAddressText(order));
}

/** The receiver and full address of an order as one text: orders with the same text share a `buyerAddressKey`. */
function buyerAddressText(order: SoldOrder): string {
  return [order.receiverName, order.receiverPhone, order.province, order.city, order.district, order.addressDetail].map((part) => part.trim()).join('\u0000');
}

/**
 * Orders stored per transaction while a refresh runs. A page stored at once kept the event loop
 * busy for milliseconds right when calls were being written: the rate limiter counts such a busy
 * run against the call's window (a gateway may read the request only then), so the next calls'
 * grants came later. In slices, with a turn of the loop between them, the next grant and write
 * never wait behind a page's storing.
 */
const ordersPerStoredSlice = 20;

/** Lets timers and I/O due now run before the next slice of work. */
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const addressKeyOf = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

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
    parcelWaybills: line.parcelWaybills,
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

  async function estimate(shopId = options.shopId()): Promise<ShopRefreshEstimate> {
    const row = await read.state(shopId);
    const fetched = row?.lastRefreshAt != null;
    const timeFilter = options.timeFilterAvailable();
    const knownTotal = row?.lastTotal ?? null;
    const fullCalls = knownTotal === null ? 1 : Math.max(1, Math.ceil(knownTotal / ISSUE_LIMITS.soldOrdersPageSize));
    const pointsPerPage = row?.lastPages ? Math.max(1, Math.round((row.lastPoints ?? 0) / row.lastPages)) : 1;
    return {
      shopId,
      mode: fetched && timeFilter ? 'changed' : 'full',
      fullBecause: !fetched ? 'first-fetch' : timeFilter ? null : 'no-time-filter',
      fullCalls,
      fullPoints: fullCalls * pointsPerPage,
      knownTotal,
    };
  }

  async function list(shopId = options.shopId()): Promise<ShopOrderListing> {
    // Shared mode: what another desk fetched of the shop since is copied first.
    if (running === null) await options.shared?.catchUp(shopId);
    const lines = await read.lines(shopId);
    const texts = lines.map((line) => buyerAddressText(line.order));
    const shared = new Map<string, number>();
    for (const text of texts) shared.set(text, (shared.get(text) ?? 0) + 1);
    return {
      rows: lines.map((line, index) => {
        const text = texts[index] as string;
        // Hashed only where two orders share it: most have no partner, and a big shop lists often.
        return { shopId, order: line.order, station: stationStateOf(line), mergeKey: (shared.get(text) ?? 0) > 1 ? addressKeyOf(text) : null, elsewhere: null };
      }),
      fetchedAt: (await read.state(shopId))?.lastRefreshAt ?? null,
    };
  }

  /** Refreshes one shop under `signal`, telling its pages with `onPages`. */
  async function refreshShop(
    request: { mode: 'changed' | 'full'; filters?: SoldOrderFilters | undefined; shopId: string },
    signal: AbortSignal,
    onPages: (progress: Pick<OrderRefreshProgress, 'pagesDone' | 'pagesPlanned' | 'ordersReceived' | 'totalElements'>) => void,
  ): Promise<ShopRefreshOutcome> {
    const { mode, filters, shopId } = request;
    const startedAt = now();
    let stored = 0;
    let replacing = false;
    let turn: SharedOrderRefreshes | undefined;
    try {
      // Shared mode: the shop's turn first (another desk refreshing it answers so), its watermark and the server's time.
      const shared = options.shared;
      const sharedTurn = shared === undefined ? undefined : await shared.begin(shopId);
      turn = shared;
      const watermark = sharedTurn === undefined ? ((await read.state(shopId))?.watermark ?? null) : sharedTurn.watermark;
      // The refresh's recorded times (watermark, when): in shared mode the server's, which every desk continues from.
      const refreshedAt = sharedTurn?.startedAt ?? startedAt;
      const changedOnly = mode === 'changed' && (await estimate(shopId)).mode === 'changed' && watermark !== null;
      const unfiltered = filters === undefined;
      replacing = !changedOnly && unfiltered;
      const startAt = changedOnly ? Math.max(watermark, filters?.startAt ?? 0) : filters?.startAt;
      const client = await options.client(shopId);
      // Pages are stored one after the other, as they arrive, in slices with a turn of the event loop between them (see
      // ordersPerStoredSlice); the fetch ends only once the last is stored.
      let storing: Promise<void> = Promise.resolve();
      const result = await client.fetchAllSoldOrders({ ...filters, ...(startAt === undefined ? {} : { startAt }) }, {
        signal,
        priority: 'bulk',
        jobId: `orders-${startedAt.toString(36)}`,
        onProgress: (progress) => {
          storing = storing.then(async () => {
            const fetchedAt = now();
            for (let start = 0; start < progress.pageOrders.length; start += ordersPerStoredSlice) {
              await write.storePage(shopId, progress.pageOrders.slice(start, start + ordersPerStoredSlice), fetchedAt);
              await yieldToEventLoop();
            }
            await turn?.storePage(shopId, progress.pageOrders);
          });
          stored += progress.pageOrders.length;
          onPages({ pagesDone: progress.pagesDone, pagesPlanned: progress.pagesPlanned, ordersReceived: progress.ordersReceived, totalElements: progress.totalElements });
        },
      });
      await storing;
      if (!result.ok) throw new StationFailure(result.error);
      const pastRefresh = { watermark: refreshedAt - overlapMs, at: refreshedAt, mode: changedOnly ? ('changed' as const) : ('full' as const), pages: result.data.pagesFetched, points: result.data.points };
      const total = replacing ? (result.data.totalElements ?? result.data.orders.length) : null;
      // Only a complete, unfiltered fetch knows which orders the gateway no longer lists; a
      // filtered one says nothing about the others, so it moves neither the list nor the watermark.
      if (replacing) await write.removeUnseen(shopId, startedAt);
      if (unfiltered) await write.saveRefresh(shopId, { ...pastRefresh, lastFullAt: replacing ? refreshedAt : null, total });
      // A filtered fetch moves nothing shared either: its pages are stored, the turn ends without a result.
      if (turn !== undefined) await (unfiltered ? turn.finish(shopId, { ...pastRefresh, total, removeUnseenBefore: replacing ? refreshedAt : null }) : turn.abandon(shopId));
      turn = undefined;
      return { shopId, mode: changedOnly ? 'changed' : 'full', received: result.data.orders.length, total: await read.count(shopId), points: result.data.points };
    } finally {
      await turn?.abandon(shopId);
      if (stored > 0 || replacing) options.onChanged();
    }
  }

  /** Runs `work` as the one refresh of the cache (a second one is refused while it runs). */
  async function exclusively<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (running) throw new StationFailure(stationError('orders.refresh-running', {}));
    const abort = new AbortController();
    running = abort;
    try {
      return await work(abort.signal);
    } finally {
      running = null;
    }
  }

  return {
    list,
    async listShops(shopIds) {
      const listings = await Promise.all(shopIds.map((shopId) => list(shopId)));
      // Each shop's rows come newest first: one stable sort keeps that order among equal times.
      const rows: OrderRow[] = listings.flatMap((listing) => listing.rows);
      if (listings.length > 1) rows.sort((a, b) => (b.order.confirmedAt ?? -Infinity) - (a.order.confirmedAt ?? -Infinity));
      return { rows, fetchedAt: new Map(shopIds.map((shopId, index) => [shopId, listings[index]?.fetchedAt ?? null])) };
    },
    estimate,
    async estimateShops(shopIds) {
      const shops = await Promise.all(shopIds.map((shopId) => estimate(shopId)));
      return { shops, fullCalls: shops.reduce((sum, shop) => sum + shop.fullCalls, 0), fullPoints: shops.reduce((sum, shop) => sum + shop.fullPoints, 0) };
    },
    refresh: ({ shopId = options.shopId(), ...request }) =>
      exclusively((signal) => refreshShop({ ...request, shopId }, signal, (pages) => options.onProgress({ shopId, shopsDone: 0, shopsPlanned: 1, ...pages }))),
    refreshShops: ({ shopIds, ...request }) =>
      exclusively(async (signal) => {
        const outcome: OrderRefreshOutcome = { shops: [], failed: [] };
        for (const [index, shopId] of shopIds.entries()) {
          try {
            outcome.shops.push(await refreshShop({ ...request, shopId }, signal, (pages) => options.onProgress({ shopId, shopsDone: index, shopsPlanned: shopIds.length, ...pages })));
          } catch (error) {
            // A cancel stops the whole refresh, and a fault of the station is no shop's; any other failure is this shop's alone.
            const failure = toStationError(error);
            if (signal.aborted || failure.code === 'internal.unexpected') throw error;
            outcome.failed.push({ shopId, error: failure });
          }
        }
        if (outcome.shops.length === 0 && outcome.failed[0] !== undefined) throw new StationFailure(outcome.failed[0].error);
        return outcome;
      }),
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
