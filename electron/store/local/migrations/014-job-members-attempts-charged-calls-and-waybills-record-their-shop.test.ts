import { describe, expect, it } from 'vitest';
import { columnsOf, databaseAtVersion, indexesOf, migrateTo, useDatabaseFile } from '../testing/migration-test-kit';

const databaseFile = useDatabaseFile();

/** A version-13 database: a job of shop 8800 with an issued order (its waybill and attempt) and an order not sent. */
function version13WithAJob(): void {
  const db = databaseAtVersion(databaseFile(), 13);
  db.exec(`
    INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json, gateway_base_url, gateway_shop_id)
      VALUES ('job-1', 'done', 1, 1, 'YTO', 'B1', '{}', 'demo', '8800');
    INSERT INTO sold_orders (id, order_number, order_json) VALUES (1, 'T1', '{}');
    INSERT INTO job_orders (job_id, order_number, position, package_key, problems_json, sold_order_id) VALUES ('job-1', 'T1', 0, 'T1', NULL, 1);
    INSERT INTO job_orders (job_id, order_number, position, package_key, problems_json, sold_order_id) VALUES ('job-1', 'T2', 1, NULL, '[]', 1);
    INSERT INTO waybills (waybill_code, object_id, origin, job_id, recorded_at, print_data_state) VALUES ('YT1', 'T1', 'issued', 'job-1', 2, 'present');
    INSERT INTO journal_orders (gateway_shop_id, order_number, job_id, state, attempts, waybill_code, updated_at, gateway_base_url) VALUES ('8800', 'T1', 'job-1', 'issued', 1, 'YT1', 2, 'demo');
    INSERT INTO issue_attempts (job_id, kind, started_at) VALUES ('job-1', 'issue', 2);
    INSERT INTO gateway_call_costs (endpoint, points, job_id, at, china_day) VALUES ('issue', 2, 'job-1', 2, '2026-01-01'), ('network-info', 1, NULL, 1, '2026-01-01');
  `);
  db.close();
}

describe('migration 14: job members, attempts, charged calls and waybills record their shop', () => {
  it('gives every member, attempt, charged call and waybill the shop of its job, and the job the list of its shops', () => {
    version13WithAJob();
    const db = migrateTo(databaseFile(), 14);
    expect(db.prepare('SELECT job_id, shop_id, order_number, position, package_key, problems_json, sold_order_id FROM job_orders ORDER BY position').all()).toEqual([
      { job_id: 'job-1', shop_id: '8800', order_number: 'T1', position: 0, package_key: '8800\nT1', problems_json: null, sold_order_id: 1 },
      { job_id: 'job-1', shop_id: '8800', order_number: 'T2', position: 1, package_key: null, problems_json: '[]', sold_order_id: 1 },
    ]);
    expect(db.prepare('SELECT shop_id FROM issue_attempts').pluck().all()).toEqual(['8800']);
    expect(db.prepare('SELECT gateway_shop_id FROM waybills').pluck().all()).toEqual(['8800']);
    expect(db.prepare('SELECT shop_id FROM gateway_call_costs ORDER BY at').pluck().all()).toEqual(['unknown', '8800']);
    expect(db.prepare('SELECT gateway_base_url, shop_ids_json FROM issue_jobs').all()).toEqual([{ gateway_base_url: 'demo', shop_ids_json: '["8800"]' }]);
    expect(columnsOf(db, 'issue_jobs').map((column) => column.name)).not.toContain('gateway_shop_id');
    expect(indexesOf(db, 'job_orders')).toEqual(['job_orders_by_order', 'job_orders_by_position', 'job_orders_by_sold_order']);
    expect(indexesOf(db, 'issue_jobs')).toContain('issue_jobs_by_gateway');
    db.close();
  });

  it('holds the same order number once per shop in one job: a second shop gets its own member, the same shop never a second one', () => {
    version13WithAJob();
    const db = migrateTo(databaseFile(), 14);
    const insert = db.prepare("INSERT INTO job_orders (job_id, shop_id, order_number, position, sold_order_id) VALUES ('job-1', ?, 'T1', 2, 1)");
    insert.run('8801');
    expect(db.prepare("SELECT shop_id FROM job_orders WHERE order_number = 'T1' ORDER BY 1").pluck().all()).toEqual(['8800', '8801']);
    expect(() => insert.run('8800')).toThrow(/UNIQUE/);
    db.close();
  });
});
