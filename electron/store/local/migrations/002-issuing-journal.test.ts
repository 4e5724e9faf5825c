import { describe, expect, it } from 'vitest';
import { databaseAtVersion, indexesOf, migrateTo, tablesOf, useDatabaseFile } from '../testing/migration-test-kit';

const databaseFile = useDatabaseFile();

/** A version-1 database with one recorded gateway call. */
function version1WithACost(): void {
  const db = databaseAtVersion(databaseFile(), 1);
  db.prepare("INSERT INTO gateway_call_costs (endpoint, points, job_id, at, china_day) VALUES ('issue', 3, 'job-1', 1, '2026-11-24')").run();
  db.close();
}

describe('migration 2: issuing journal', () => {
  it('adds the journal tables and their indexes, and keeps the recorded gateway calls', () => {
    version1WithACost();
    const db = migrateTo(databaseFile(), 2);
    expect(tablesOf(db)).toEqual(['attempt_orders', 'gateway_call_costs', 'issue_attempts', 'issue_jobs', 'job_orders', 'journal_orders', 'waybills']);
    expect(indexesOf(db, 'journal_orders')).toEqual(['journal_orders_by_job', 'journal_orders_by_waybill', 'journal_orders_pending']);
    expect(indexesOf(db, 'job_orders')).toEqual(['job_orders_by_order', 'job_orders_by_position']);
    expect(db.prepare('SELECT points, job_id FROM gateway_call_costs').all()).toEqual([{ points: 3, job_id: 'job-1' }]);
    db.close();
  });

  it('holds one row per order number, and an order has a waybill exactly when it is issued, recovered or issued elsewhere', () => {
    version1WithACost();
    const db = migrateTo(databaseFile(), 2);
    db.exec(`
      INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json) VALUES ('job-1', 'issuing', 1, 1, 'YTO', 'B1', '{}');
      INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json) VALUES ('job-2', 'planned', 2, 2, 'YTO', 'B1', '{}');
      INSERT INTO waybills (waybill_code, object_id, origin, job_id, recorded_at, print_data_state) VALUES ('YT1', 'obj-1', 'issued', 'job-1', 1, 'present');
      INSERT INTO journal_orders (order_number, job_id, state, waybill_code, updated_at) VALUES ('T1', 'job-1', 'issued', 'YT1', 1);
    `);
    const journalRow = db.prepare('INSERT INTO journal_orders (order_number, job_id, state, waybill_code, updated_at) VALUES (?, ?, ?, ?, 1)');
    expect(() => journalRow.run('T1', 'job-2', 'planned', null)).toThrow(/UNIQUE constraint failed: journal_orders.order_number/);
    expect(() => journalRow.run('T2', 'job-1', 'issued', null)).toThrow(/CHECK constraint failed/);
    expect(() => journalRow.run('T3', 'job-1', 'pending', 'YT1')).toThrow(/CHECK constraint failed/);
    expect(() => journalRow.run('T4', 'job-unknown', 'planned', null)).toThrow(/FOREIGN KEY constraint failed/);
    expect(db.prepare('SELECT order_number, state, waybill_code, attempts FROM journal_orders').all()).toEqual([{ order_number: 'T1', state: 'issued', waybill_code: 'YT1', attempts: 0 }]);
    db.close();
  });
});
