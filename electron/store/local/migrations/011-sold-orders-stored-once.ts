import type { StationMigration } from '../station-migration';

/**
 * Migration 11: each version of a sold order (its JSON as fetched) is stored once, in
 * sold_orders, and referred to: by the order cache (the version fetched last) and by each job
 * member (the version it was planned with, which its label and paperwork print). Copies held
 * before by both are merged, one row per distinct text.
 */
export const soldOrdersOnceMigration: StationMigration = {
  version: 11,
  name: 'sold orders stored once',
  up(db) {
    db.exec(`
      CREATE TABLE sold_orders (
        id INTEGER PRIMARY KEY,
        order_number TEXT NOT NULL,
        order_json TEXT NOT NULL
      );
      CREATE INDEX sold_orders_by_number ON sold_orders (order_number);
      INSERT INTO sold_orders (order_number, order_json)
        SELECT order_number, order_json FROM job_orders UNION SELECT order_number, order_json FROM cached_orders ORDER BY 1, 2;

      ALTER TABLE job_orders ADD COLUMN sold_order_id INTEGER REFERENCES sold_orders (id);
      UPDATE job_orders SET sold_order_id = (SELECT s.id FROM sold_orders s WHERE s.order_number = job_orders.order_number AND s.order_json = job_orders.order_json);
      ALTER TABLE job_orders DROP COLUMN order_json;
      CREATE INDEX job_orders_by_sold_order ON job_orders (sold_order_id);

      ALTER TABLE cached_orders ADD COLUMN sold_order_id INTEGER REFERENCES sold_orders (id);
      UPDATE cached_orders SET sold_order_id = (SELECT s.id FROM sold_orders s WHERE s.order_number = cached_orders.order_number AND s.order_json = cached_orders.order_json);
      ALTER TABLE cached_orders DROP COLUMN order_json;
      CREATE INDEX cached_orders_by_sold_order ON cached_orders (sold_order_id);
    `);
  },
};
