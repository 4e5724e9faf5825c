import type { OrderListing } from '../../shared/domain/order-row';
import type { ElsewhereMark } from '../../shared/domain/desks';
import { shopOrderKey, type ShopOrderRef } from '../../shared/domain/shop-order';
import { stationError } from '../../shared/errors/station-error';
import { shopDisplayName, type ShopSettings } from '../../shared/settings/settings-schema';
import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';
import { StationFailure } from '../ipc/to-station-error';
import type { OrderCache } from './order-cache';

/** Where the orders table learns which orders other desks hold or issued (the shared mode's view; none in a desk alone). */
export interface OtherDesksMarks {
  elsewhere(orders: readonly ShopOrderRef[]): Promise<Map<string, ElsewhereMark>>;
}

/**
 * The sold orders of the shops the table loads: the cached list (with the marks of orders another
 * desk holds or issued) and its refresh from the gateway, shop by shop. `shops` answers the
 * account's shops as the settings in effect hold them (the first is the station's own, meant
 * where a request names none).
 */
export function ordersIpcHandlers(orders: OrderCache, sharedMode: OtherDesksMarks, shops: () => readonly ShopSettings[]): FeatureIpcHandlers<'orders'> {
  /** The shops a refresh names ('all', or each a shop of the account); none named: the station's own. */
  const shopsToRefresh = (shopIds: readonly string[] | 'all' | undefined): string[] => {
    const known = shops().map((shop) => shop.shopId);
    if (shopIds === undefined) return known.slice(0, 1);
    if (shopIds === 'all') return known;
    const unknown = shopIds.find((shopId) => !known.includes(shopId));
    if (unknown !== undefined) throw new StationFailure(stationError('settings.shop-not-set', { shopId: unknown }));
    return [...new Set(shopIds)];
  };
  /** The shops a listing holds: those asked that the account serves (a remembered choice may name a shop since removed), or every shop when none of them is. */
  const shopsToList = (asked: readonly string[] | 'all' | undefined, account: readonly ShopSettings[]): string[] => {
    const known = account.map((shop) => shop.shopId);
    if (asked === undefined) return known.slice(0, 1);
    const served = asked === 'all' ? [] : known.filter((shopId) => asked.includes(shopId));
    return served.length > 0 ? served : known;
  };
  return {
    'orders.list': async (request): Promise<OrderListing> => {
      const account = shops();
      const listed = shopsToList(request.shopIds, account);
      const { rows, fetchedAt } = await orders.listShops(listed);
      const listing = {
        rows,
        shops: account.map((shop) => ({
          shopId: shop.shopId,
          name: shopDisplayName(shop),
          sellerNick: shop.sellerNick,
          colour: shop.colour,
          listed: listed.includes(shop.shopId),
          fetchedAt: fetchedAt.get(shop.shopId) ?? null,
        })),
      };
      // One question for the whole listing: another desk's claims and waybills.
      const marks = await sharedMode.elsewhere(rows.map((row) => ({ shopId: row.shopId, orderNumber: row.order.orderNumber })));
      if (marks.size === 0) return listing;
      return { ...listing, rows: rows.map((row) => ({ ...row, elsewhere: marks.get(shopOrderKey({ shopId: row.shopId, orderNumber: row.order.orderNumber })) ?? null })) };
    },
    'orders.refresh-estimate': (request) => orders.estimateShops(shopsToRefresh(request.shopIds)),
    'orders.refresh': ({ shopIds, ...request }) => orders.refreshShops({ ...request, shopIds: shopsToRefresh(shopIds) }),
    'orders.refresh-cancel': () => ({ cancelled: orders.cancel() }),
  };
}
