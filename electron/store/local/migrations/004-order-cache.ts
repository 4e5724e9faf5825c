import type { StationMigration } from '../station-migration';

/** Migration 4: the order cache, per shop, with its refresh state. */
export const orderCacheMigration: StationMigration = {
  version: 4,
  name: 'order cache',
  up(db) {
    // Per shop: a data folder that moves from the demo account to a real one never mixes their orders.
    db.exec(`
      CREATE TABLE cached_orders (
        shop_id TEXT NOT NULL,
        order_number TEXT NOT NULL,
        order_json TEXT NOT NULL,
        confirmed_at INTEGER,
        first_seen_at INTEGER NOT NULL,
        fetched_at INTEGER NOT NULL,
        PRIMARY KEY (shop_id, order_number)
      );
      CREATE INDEX cached_orders_by_confirmed ON cached_orders (shop_id, confirmed_at);
      CREATE TABLE order_cache_state (
        shop_id TEXT PRIMARY KEY,
        watermark INTEGER,
        last_full_at INTEGER,
        last_refresh_at INTEGER,
        last_mode TEXT,
        last_total INTEGER,
        last_pages INTEGER,
        last_points INTEGER
      );
    `);
  },
};
