import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';
import type { OrderCache } from './order-cache';

/** The sold orders of the shop: the cached list and its refresh from the gateway. */
export function ordersIpcHandlers(orders: OrderCache): FeatureIpcHandlers<'orders'> {
  return {
    'orders.list': () => orders.list(),
    'orders.refresh-estimate': () => orders.estimate(),
    'orders.refresh': (request) => orders.refresh(request),
    'orders.refresh-cancel': () => ({ cancelled: orders.cancel() }),
  };
}
