import { stationError } from '../../shared/errors/station-error';
import type { StationLogger } from '../logging/station-logger';
import { StationFailure } from '../ipc/to-station-error';
import type { SharedOrderRefreshes } from '../order-cache/order-cache';
import type { OrderCacheReader, OrderCacheWriter } from '../store/station-backend';
import type { SharedStation } from './shared-station';

/** What the shared refreshes work with. */
export interface SharedOrderRefreshesOptions {
  station: SharedStation;
  /** This desk's sold-order cache: what its orders table reads. */
  store: { read: OrderCacheReader; write: OrderCacheWriter };
  /** This desk's cache changed because another desk refreshed. */
  onChanged: () => void;
  logger: StationLogger;
  /** How long a turn lasts without a page stored (a desk that died leaves it to lapse). */
  turnMs?: number;
  now?: () => number;
}

/**
 * One refresh for all desks (shared mode), shop by shop: a refresh takes its shop's turn in PostgreSQL and
 * stores its pages there as well as here; a desk refused the turn is told which desk refreshes.
 * Once told (`orders-refreshed`), or at its next list, a desk copies the shared cache into its own
 * without a gateway call.
 */
export function createSharedOrderRefreshes(options: SharedOrderRefreshesOptions): SharedOrderRefreshes & { close(): void } {
  const { station, logger } = options;
  const { read, write } = options.store;
  const turnMs = options.turnMs ?? 60_000;
  const now = options.now ?? Date.now;
  /** The shop's identity at the gateway set now: each shop of the account has its own turn and shared cache. */
  const gateway = (shopId: string) => ({ ...station.gatewayIdentity(), shopId });
  const catching = new Map<string, Promise<void>>();

  const copyShared = async (shopId: string): Promise<boolean> => {
    if (station.state() !== 'connected') return false;
    const shop = gateway(shopId);
    const state = await station.orders.state(shop);
    const own = await read.state(shop.shopId);
    if (state?.lastRefreshAt == null || state.watermark === null || state.lastMode === null || (own?.lastRefreshAt ?? -1) >= state.lastRefreshAt) return false;
    const orders = await station.orders.read(shop);
    const copiedAt = now();
    await write.storePage(shop.shopId, orders, copiedAt);
    // The shared cache is the shop's whole list: what it lacks is gone.
    await write.removeUnseen(shop.shopId, copiedAt);
    await write.saveRefresh(shop.shopId, {
      watermark: state.watermark,
      lastFullAt: state.lastFullAt,
      at: state.lastRefreshAt,
      mode: state.lastMode,
      total: state.lastTotal,
      pages: state.lastPages ?? 0,
      points: state.lastPoints ?? 0,
    });
    logger.info('orders read from the shared cache', { shopId, orders: orders.length, refreshedBy: state.lastDeskId });
    return true;
  };

  /** One copy of a shop at a time: a list and a notification arriving together share it. */
  const catchUp = (shopId: string): Promise<void> => {
    const running = catching.get(shopId);
    if (running) return running;
    const copying = copyShared(shopId)
      .then((copied) => {
        if (copied) options.onChanged();
      })
      .catch((error: unknown) => {
        station.noticeFailure(error);
        logger.warn('orders could not be read from the shared cache', { shopId, error: String(error) });
      })
      .finally(() => catching.delete(shopId));
    catching.set(shopId, copying);
    return copying;
  };

  const stopListening = station.subscribe((event) => {
    if (event.type === 'orders-refreshed' && event.deskId !== station.access.deskId && event.gateway.baseUrl === station.gatewayIdentity().baseUrl) void catchUp(event.gateway.shopId);
  });

  return {
    async begin(shopId) {
      const turn = await station.withServer(() => station.orders.beginRefresh(gateway(shopId), turnMs));
      if (turn.kind === 'refreshing-elsewhere') throw new StationFailure(stationError('shared-mode.refreshing-elsewhere', { desk: turn.deskName }));
      return { watermark: turn.state.watermark, startedAt: turn.startedAt };
    },
    storePage: (shopId, orders) => station.withServer(() => station.orders.writePage(gateway(shopId), orders, turnMs)),
    async finish(shopId, refresh) {
      await station.withServer(() => station.orders.finishRefresh(gateway(shopId), refresh));
    },
    async abandon(shopId) {
      await station.orders.abandonRefresh(gateway(shopId)).catch((error: unknown) => station.noticeFailure(error));
    },
    catchUp,
    close: stopListening,
  };
}
