import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';
import type { SharedModeView } from '../shared-mode/shared-mode-view';
import type { OrderCache } from './order-cache';

/** The sold orders of the shop: the cached list (with the marks of orders another desk holds or issued) and its refresh from the gateway. */
export function ordersIpcHandlers(orders: OrderCache, sharedMode: SharedModeView): FeatureIpcHandlers<'orders'> {
  return {
    'orders.list': async () => {
      const listing = await orders.list();
      // One question for the whole listing: another desk's claims and waybills.
      const marks = await sharedMode.elsewhere(listing.rows.map((row) => row.order.orderNumber));
      if (marks.size === 0) return listing;
      return { ...listing, rows: listing.rows.map((row) => ({ ...row, elsewhere: marks.get(row.order.orderNumber) ?? null })) };
    },
    'orders.refresh-estimate': () => orders.estimate(),
    'orders.refresh': (request) => orders.refresh(request),
    'orders.refresh-cancel': () => ({ cancelled: orders.cancel() }),
  };
}
