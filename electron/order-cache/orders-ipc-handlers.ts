import { shopOrderKey } from '../../shared/domain/shop-order';
import { stationError } from '../../shared/errors/station-error';
import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';
import { StationFailure } from '../ipc/to-station-error';
import type { SharedModeView } from '../shared-mode/shared-mode-view';
import type { OrderCache } from './order-cache';

/**
 * The sold orders of the shops the table loads: the cached list (with the marks of orders another
 * desk holds or issued) and its refresh from the gateway, shop by shop. `shops` answers the
 * account's shops (the first is the station's own, meant where a request names none).
 */
export function ordersIpcHandlers(orders: OrderCache, sharedMode: SharedModeView, shops: () => readonly string[]): FeatureIpcHandlers<'orders'> {
  /** The shops a request names, each a shop of the account; none named: the station's own. */
  const shopsOf = (shopIds: readonly string[] | undefined): string[] => {
    const known = shops();
    if (shopIds === undefined) return known.slice(0, 1);
    const unknown = shopIds.find((shopId) => !known.includes(shopId));
    if (unknown !== undefined) throw new StationFailure(stationError('settings.shop-not-set', { shopId: unknown }));
    return [...new Set(shopIds)];
  };
  return {
    'orders.list': async (request) => {
      const listing = await orders.listShops(shopsOf(request.shopIds));
      // One question for the whole listing: another desk's claims and waybills.
      const marks = await sharedMode.elsewhere(listing.rows.map((row) => ({ shopId: row.shopId, orderNumber: row.order.orderNumber })));
      if (marks.size === 0) return listing;
      return { ...listing, rows: listing.rows.map((row) => ({ ...row, elsewhere: marks.get(shopOrderKey({ shopId: row.shopId, orderNumber: row.order.orderNumber })) ?? null })) };
    },
    'orders.refresh-estimate': (request) => orders.estimateShops(shopsOf(request.shopIds)),
    'orders.refresh': ({ shopIds, ...request }) => orders.refreshShops({ ...request, shopIds: shopsOf(shopIds) }),
    'orders.refresh-cancel': () => ({ cancelled: orders.cancel() }),
  };
}
