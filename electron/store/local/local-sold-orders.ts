import type { SoldOrder } from '../../../shared/domain/sold-order';
import type { StationDatabase } from './open-station-database';

/** The sold-order versions the order cache and the journal's job members refer to. */
export interface LocalSoldOrders {
  /** The id of this version of the order, stored now when it is new (inside the caller's transaction). */
  idOf(order: SoldOrder): number;
  /** Drops those of these versions that nothing refers to any more (inside the caller's transaction). */
  dropUnreferenced(ids: Iterable<number>): void;
}

/**
 * Sold orders stored once (table sold_orders, migration 11): each version of an order, its JSON
 * as fetched, is one row. The order cache refers to the version it fetched last, a job member to
 * the version it was planned with; a refresh that brings the same order again finds its row, one
 * that changes it adds a row and drops the old one unless a job member still refers to it. So a
 * label still prints after a restart, with the order as planned, whatever the cache forgot since.
 */
export function createLocalSoldOrders(db: StationDatabase): LocalSoldOrders {
  const statements = {
    find: db.prepare('SELECT id FROM sold_orders WHERE order_number = ? AND order_json = ?').pluck(),
    insert: db.prepare('INSERT INTO sold_orders (order_number, order_json) VALUES (?, ?)'),
    drop: db.prepare(`DELETE FROM sold_orders WHERE id = @id
      AND NOT EXISTS (SELECT 1 FROM cached_orders WHERE sold_order_id = @id) AND NOT EXISTS (SELECT 1 FROM job_orders WHERE sold_order_id = @id)`),
  };
  return {
    idOf(order) {
      const text = JSON.stringify(order);
      const found = statements.find.get(order.orderNumber, text) as number | undefined;
      return found ?? Number(statements.insert.run(order.orderNumber, text).lastInsertRowid);
    },
    dropUnreferenced(ids) {
      for (const id of new Set(ids)) statements.drop.run({ id });
    },
  };
}
