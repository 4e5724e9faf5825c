import type { StationMigration } from '../station-migration';

/**
 * Migration 13: an order's journal row is keyed by its shop and order number, since one account
 * serves several shops and two of them may sell the same order number (two orders, two
 * waybills). Every existing row is kept; its shop is the one it recorded (migration 7).
 */
export const journalOrdersByShopMigration: StationMigration = {
  version: 13,
  name: 'journal orders keyed by shop and order number',
  up(db) {
    db.exec(`
      CREATE TABLE journal_orders_by_shop (
        gateway_shop_id TEXT NOT NULL,
        order_number TEXT NOT NULL,
        job_id TEXT NOT NULL REFERENCES issue_jobs (id),
        state TEXT NOT NULL CHECK (state IN ('planned', 'pending', 'issued', 'recovered', 'elsewhere', 'failed', 'skipped')),
        attempts INTEGER NOT NULL DEFAULT 0,
        unknown_attempts INTEGER NOT NULL DEFAULT 0,
        last_attempt_id INTEGER,
        waybill_code TEXT REFERENCES waybills (waybill_code),
        error_json TEXT,
        updated_at INTEGER NOT NULL,
        gateway_base_url TEXT NOT NULL DEFAULT 'unknown',
        claim_desk_id TEXT,
        lease_until INTEGER,
        PRIMARY KEY (gateway_shop_id, order_number),
        CHECK ((waybill_code IS NOT NULL) = (state IN ('issued', 'recovered', 'elsewhere')))
      );
      INSERT INTO journal_orders_by_shop (gateway_shop_id, order_number, job_id, state, attempts, unknown_attempts, last_attempt_id, waybill_code, error_json,
          updated_at, gateway_base_url, claim_desk_id, lease_until)
        SELECT gateway_shop_id, order_number, job_id, state, attempts, unknown_attempts, last_attempt_id, waybill_code, error_json,
          updated_at, gateway_base_url, claim_desk_id, lease_until FROM journal_orders;
      DROP TABLE journal_orders;
      ALTER TABLE journal_orders_by_shop RENAME TO journal_orders;
      CREATE INDEX journal_orders_by_job ON journal_orders (job_id, state);
      CREATE INDEX journal_orders_by_waybill ON journal_orders (waybill_code) WHERE waybill_code IS NOT NULL;
      CREATE INDEX journal_orders_pending ON journal_orders (gateway_shop_id, order_number) WHERE state = 'pending';
    `);
  },
};
