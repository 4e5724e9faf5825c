import type { OrderVerified } from '../../../shared/domain/verification';
import { sharedStatements, type SharedDeskAccess } from './shared-access';

/** The orders verified at any of the account's desks (scan-to-verify's "already verified"). */
export interface SharedVerifiedOrders {
  /** Records an order verified at this desk (the first time stands: a second one is the alarm's business, not a new record). */
  record(order: { shopId: string; orderNumber: string; at: number }, deskName: string): Promise<void>;
  /** When and where the order was verified, or null when at no desk. */
  of(shopId: string, orderNumber: string): Promise<OrderVerified | null>;
}

/** The verified orders of the account's schema, as one desk reaches them. */
export function createSharedVerifiedOrders(access: SharedDeskAccess): SharedVerifiedOrders {
  const statements = sharedStatements(access);
  const table = statements.table('shared_verified_orders');
  return {
    async record(order, deskName) {
      await statements.query(
        `INSERT INTO ${table} (shop_id, order_number, verified_at_ms, desk_id, desk_name) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (shop_id, order_number) DO NOTHING`,
        [order.shopId, order.orderNumber, order.at, access.deskId, deskName],
      );
    },
    async of(shopId, orderNumber) {
      const [row] = await statements.query<{ at: number; desk_name: string }>(`SELECT verified_at_ms AS at, desk_name FROM ${table} WHERE shop_id = $1 AND order_number = $2`, [shopId, orderNumber]);
      return row === undefined ? null : { at: Number(row.at), deskName: row.desk_name };
    },
  };
}
