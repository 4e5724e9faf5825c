import type { StationMigration } from '../station-migration';

/**
 * Migration 14: one job may issue orders of several shops of the account. Each job member
 * records its shop (a job may hold the same order number twice, once per shop), each issue or
 * query attempt and each charged call the shop it called as (one call carries one shop), and
 * each waybill the shop that issued it; the job keeps only its gateway and the list of its shops.
 * Every existing row takes the shop its job or journal row recorded (migration 7); a charged call
 * of no job, the unknown shop.
 */
export const jobMembersRecordTheirShopMigration: StationMigration = {
  version: 14,
  name: 'job members, attempts, charged calls and waybills record their shop',
  up(db) {
    db.exec(`
      CREATE TABLE job_orders_by_shop (
        job_id TEXT NOT NULL REFERENCES issue_jobs (id),
        shop_id TEXT NOT NULL,
        order_number TEXT NOT NULL,
        position INTEGER NOT NULL,
        package_key TEXT,
        problems_json TEXT,
        held_by_job_id TEXT,
        held_by_desk_id TEXT,
        sold_order_id INTEGER REFERENCES sold_orders (id),
        PRIMARY KEY (job_id, shop_id, order_number)
      );
      INSERT INTO job_orders_by_shop (job_id, shop_id, order_number, position, package_key, problems_json, held_by_job_id, held_by_desk_id, sold_order_id)
        SELECT m.job_id, s.gateway_shop_id, m.order_number, m.position,
          CASE WHEN m.package_key IS NULL THEN NULL ELSE s.gateway_shop_id || char(10) || m.package_key END,
          m.problems_json, m.held_by_job_id, m.held_by_desk_id, m.sold_order_id
        FROM job_orders m JOIN issue_jobs s ON s.id = m.job_id;
      DROP TABLE job_orders;
      ALTER TABLE job_orders_by_shop RENAME TO job_orders;
      CREATE INDEX job_orders_by_order ON job_orders (shop_id, order_number);
      CREATE INDEX job_orders_by_position ON job_orders (job_id, position);
      CREATE INDEX job_orders_by_sold_order ON job_orders (sold_order_id);

      ALTER TABLE issue_attempts ADD COLUMN shop_id TEXT NOT NULL DEFAULT 'unknown';
      UPDATE issue_attempts SET shop_id = COALESCE((SELECT s.gateway_shop_id FROM issue_jobs s WHERE s.id = issue_attempts.job_id), 'unknown');

      ALTER TABLE waybills ADD COLUMN gateway_shop_id TEXT NOT NULL DEFAULT 'unknown';
      UPDATE waybills SET gateway_shop_id = COALESCE(
        (SELECT j.gateway_shop_id FROM journal_orders j WHERE j.waybill_code = waybills.waybill_code LIMIT 1),
        (SELECT s.gateway_shop_id FROM issue_jobs s WHERE s.id = waybills.job_id),
        'unknown');

      ALTER TABLE gateway_call_costs ADD COLUMN shop_id TEXT NOT NULL DEFAULT 'unknown';
      UPDATE gateway_call_costs SET shop_id = COALESCE((SELECT s.gateway_shop_id FROM issue_jobs s WHERE s.id = gateway_call_costs.job_id), 'unknown');
      CREATE INDEX gateway_call_costs_by_day_and_shop ON gateway_call_costs (china_day, shop_id);

      ALTER TABLE issue_jobs ADD COLUMN shop_ids_json TEXT NOT NULL DEFAULT '[]';
      UPDATE issue_jobs SET shop_ids_json = json_array(gateway_shop_id);
      DROP INDEX issue_jobs_by_gateway;
      ALTER TABLE issue_jobs DROP COLUMN gateway_shop_id;
      CREATE INDEX issue_jobs_by_gateway ON issue_jobs (gateway_base_url, state);
    `);
  },
};
