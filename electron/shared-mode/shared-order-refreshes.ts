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
 * One refresh for all desks (shared mode): a refresh takes the shop's turn in PostgreSQL and
 * stores its pages there as well as here; a desk refused the turn is told which desk refreshes.
 * Once told (`orders-refreshed`), or at its next list, a desk copies the shared cache into its own
 * without a gateway call.
 */
export function createSharedOrderRefreshes(options: SharedOrderRefreshesOptions): SharedOrderRefreshes & { close(): void } {
  const { station, logger } = options;
  const { read, write } = options.store;
  const turnMs = options.turnMs ?? 60_000;
  const now = options.now ?? Date.now;
  const gateway = () => station.gatewayIdentity();
  let catching: Promise<void> | null = null;


  const copyShared = async (): Promise<boolean> => {
    if (station.state() !== 'connected') return false;
    const shop = gateway();
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
    logger.info('orders read from the shared cache', { orders: orders.length, refreshedBy: state.lastDeskId });
    return true;
  };

  const catchUp = () =>
    (catching ??= copyShared()
      .then((copied) => {
        if (copied) options.onChanged();
      })
      .catch((error: unknown) => {
        station.noticeFailure(error);
        logger.warn('orders could not be read from the shared cache', { error: String(error) });
      })
      .finally(() => {
        catching = null;
      }));

  const stopListening = station.subscribe((event) => {
    if (event.type === 'orders-refreshed' && event.deskId !== station.access.deskId) void catchUp();
  });

  return {
    async begin() {
      const turn = await station.withServer(() => station.orders.beginRefresh(gateway(), turnMs));
      if (turn.kind === 'refreshing-elsewhere') throw new StationFailure(stationError('shared-mode.refreshing-elsewhere', { desk: turn.deskName }));
      return { watermark: turn.state.watermark };
    },
    storePage: (orders, fetchedAt) => station.withServer(() => station.orders.writePage(gateway(), orders, fetchedAt, turnMs)),
    async finish(refresh) {
      await station.withServer(() => station.orders.finishRefresh(gateway(), refresh));
    },
    async abandon() {
      await station.orders.abandonRefresh(gateway()).catch((error: unknown) => station.noticeFailure(error));
    },
    catchUp,
    close: stopListening,
  };
}
