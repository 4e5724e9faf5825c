import { createHash } from 'node:crypto';
import { stationError } from '../../shared/errors/station-error';
import { soldOrderFiltersAvailable } from '../../shared/gateway/editions';
import { ISSUE_LIMITS } from '../../shared/gateway/issue-limits';
import type { OrderListing, OrderRefreshEstimate, OrderRefreshOutcome, OrderRefreshProgress, OrderRow } from '../../shared/domain/order-row';
import { untouchedOrderState } from '../../shared/domain/order-row';
import type { SoldOrder, SoldOrderFilters } from '../../shared/domain/sold-order';
import type { Settings } from '../../shared/settings/settings-schema';
import type { GatewayClient } from '../gateway/gateway-client';
import { StationFailure } from '../ipc/to-station-error';

/** What order access needs from the composition root. */
export interface OrdersAccessOptions {
  client: () => Promise<GatewayClient>;
  settings: () => Settings;
  onProgress: (progress: OrderRefreshProgress) => void;
  onChanged: () => void;
}

/** The orders the desk works from: cached, refreshed from the gateway on request. */
export interface OrdersAccess {
  list: () => OrderListing;
  estimate: () => OrderRefreshEstimate;
  refresh: (request: { mode: 'changed' | 'full'; filters?: SoldOrderFilters | undefined }) => Promise<OrderRefreshOutcome>;
  cancel: () => boolean;
}

/** Overlap kept when fetching only what changed, so an order confirmed during the last fetch is not missed. */
const changedOverlapMs = 10 * 60 * 1000;

/** The buyer-and-full-address key that marks orders that may go as one package. */
export function buyerAddressKey(order: SoldOrder): string {
  const parts = [order.receiverName, order.receiverPhone, order.province, order.city, order.district, order.addressDetail];
  return createHash('sha256').update(parts.map((part) => part.trim()).join('\u0000')).digest('hex').slice(0, 16);
}

/**
 * Sold orders kept in memory for this run, with refresh, estimate and cancellation. Where the
 * edition has the server's time filter, a refresh after the first fetches only orders confirmed
 * since the last one; otherwise it fetches everything, and says what that costs first.
 */
export function createOrdersAccess(options: OrdersAccessOptions): OrdersAccess {
  const orders = new Map<string, SoldOrder>();
  let fetchedAt: number | null = null;
  let knownTotal: number | null = null;
  let pointsPerPage = 1;
  let running: AbortController | null = null;

  const rows = (): OrderRow[] => {
    const all = [...orders.values()];
    const keyCounts = new Map<string, number>();
    const keys = all.map((order) => buyerAddressKey(order));
    for (const key of keys) keyCounts.set(key, (keyCounts.get(key) ?? 0) + 1);
    return all.map((order, index) => {
      const key = keys[index] ?? '';
      return { order, station: untouchedOrderState, mergeKey: (keyCounts.get(key) ?? 0) > 1 ? key : null };
    });
  };

  const estimate = (): OrderRefreshEstimate => {
    const { edition, vvtypeOverrides } = options.settings().gateway;
    const timeFilter = soldOrderFiltersAvailable(edition, vvtypeOverrides);
    const total = knownTotal ?? (orders.size > 0 ? orders.size : null);
    const fullCalls = total === null ? 1 : Math.max(1, Math.ceil(total / ISSUE_LIMITS.soldOrdersPageSize));
    return {
      mode: fetchedAt !== null && timeFilter ? 'changed' : 'full',
      fullBecause: fetchedAt === null ? 'first-fetch' : timeFilter ? null : 'no-time-filter',
      fullCalls,
      fullPoints: fullCalls * pointsPerPage,
      knownTotal,
    };
  };

  return {
    list: () => ({ rows: rows(), fetchedAt }),
    estimate,
    cancel: () => {
      if (!running) return false;
      running.abort();
      return true;
    },
    refresh: async ({ mode, filters }) => {
      if (running) throw new StationFailure(stationError('orders.refresh-running', {}));
      const startedAt = Date.now();
      const changedOnly = mode === 'changed' && estimate().mode === 'changed' && fetchedAt !== null;
      const serverFilters: SoldOrderFilters = { ...filters, ...(changedOnly && fetchedAt !== null ? { startAt: fetchedAt - changedOverlapMs } : {}) };
      running = new AbortController();
      try {
        const client = await options.client();
        const result = await client.fetchAllSoldOrders(serverFilters, {
          signal: running.signal,
          onProgress: (progress) => {
            options.onProgress({
              pagesDone: progress.pagesDone,
              pagesPlanned: progress.pagesPlanned,
              ordersReceived: progress.ordersReceived,
              totalElements: progress.totalElements,
            });
          },
        });
        if (!result.ok) throw new StationFailure(result.error);
        if (!changedOnly && filters === undefined) orders.clear();
        for (const order of result.data.orders) orders.set(order.orderNumber, order);
        if (!changedOnly && filters === undefined) knownTotal = result.data.totalElements;
        if (result.data.pagesFetched > 0) pointsPerPage = Math.max(1, Math.round(result.data.points / result.data.pagesFetched));
        fetchedAt = startedAt;
        options.onChanged();
        return { mode: changedOnly ? 'changed' : 'full', received: result.data.orders.length, total: orders.size, points: result.data.points };
      } finally {
        running = null;
      }
    },
  };
}
