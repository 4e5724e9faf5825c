import { describe, expect, it } from 'vitest';
import { databaseAtVersion, indexesOf, migrateTo, useDatabaseFile } from '../testing/migration-test-kit';

const databaseFile = useDatabaseFile();

/** A version-12 database with an issued order of one shop and a pending one recorded under an unknown shop. */
function version12WithJournalRows(): void {
  const db = databaseAtVersion(databaseFile(), 12);
  db.exec(`
    INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json, gateway_base_url, gateway_shop_id)
      VALUES ('job-1', 'done', 1, 1, 'YTO', 'B1', '{}', 'demo', '8800');
    INSERT INTO waybills (waybill_code, object_id, origin, job_id, recorded_at, print_data_state) VALUES ('YT1', 'T1', 'issued', 'job-1', 2, 'present');
    INSERT INTO journal_orders (order_number, job_id, state, attempts, waybill_code, updated_at, gateway_base_url, gateway_shop_id, claim_desk_id)
      VALUES ('T1', 'job-1', 'issued', 1, 'YT1', 2, 'demo', '8800', 'desk-a');
    INSERT INTO journal_orders (order_number, job_id, state, attempts, unknown_attempts, error_json, updated_at, lease_until)
      VALUES ('T2', 'job-1', 'pending', 2, 1, '{"code":"x"}', 3, 99);
  `);
  db.close();
}

const insertRow = "INSERT INTO journal_orders (gateway_shop_id, order_number, job_id, state, updated_at) VALUES (?, ?, 'job-1', 'planned', 4)";

describe('migration 13: journal rows keyed by shop and order number', () => {
  it('keeps every row as it was, under the shop it recorded', () => {
    version12WithJournalRows();
    const db = migrateTo(databaseFile(), 13);
    expect(db.prepare('SELECT gateway_shop_id, order_number, job_id, state, attempts, unknown_attempts, waybill_code, error_json, updated_at, gateway_base_url, claim_desk_id, lease_until FROM journal_orders ORDER BY order_number').all()).toEqual([
      { gateway_shop_id: '8800', order_number: 'T1', job_id: 'job-1', state: 'issued', attempts: 1, unknown_attempts: 0, waybill_code: 'YT1', error_json: null, updated_at: 2, gateway_base_url: 'demo', claim_desk_id: 'desk-a', lease_until: null },
      { gateway_shop_id: 'unknown', order_number: 'T2', job_id: 'job-1', state: 'pending', attempts: 2, unknown_attempts: 1, waybill_code: null, error_json: '{"code":"x"}', updated_at: 3, gateway_base_url: 'unknown', claim_desk_id: null, lease_until: 99 },
    ]);
    expect(indexesOf(db, 'journal_orders')).toEqual(['journal_orders_by_job', 'journal_orders_by_waybill', 'journal_orders_pending']);
    db.close();
  });

  it('holds the same order number once per shop: a second shop gets its own row, the same shop never a second one', () => {
    version12WithJournalRows();
    const db = migrateTo(databaseFile(), 13);
    db.prepare(insertRow).run('8801', 'T1');
    expect(db.prepare("SELECT gateway_shop_id FROM journal_orders WHERE order_number = 'T1' ORDER BY 1").pluck().all()).toEqual(['8800', '8801']);
    expect(() => db.prepare(insertRow).run('8800', 'T1')).toThrow(/UNIQUE/);
    db.close();
  });
});
