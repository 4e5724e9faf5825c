import { describe, expect, it } from 'vitest';
import { databaseAtVersion, migrateTo, tablesOf, useDatabaseFile } from '../testing/migration-test-kit';
import type { StationDatabase } from '../open-station-database';

const databaseFile = useDatabaseFile();
const HOUR = 3_600_000;

const insertJob = `INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json) VALUES (?, 'done', 1, 1, ?, 'B1', '{}')`;
const insertWaybill = `INSERT INTO waybills (waybill_code, object_id, origin, job_id, recorded_at, print_data_state, gateway_shop_id, carrier_code, branch_code, parcel_no, voided_at)
  VALUES (?, ?, ?, 'job-1', ?, 'present', '8800', 'YTO', 'B1', ?, ?)`;
const insertDocument = `INSERT INTO print_documents (id, job_id, seq, document_id, printer, own_layers_json, documents_per_task, state, attempts, received, rendered, created_at, updated_at)
  VALUES (?, 'job-1', 0, ?, '', '[]', 1, ?, 0, 0, 0, 1, 1)`;
const insertFailed = `INSERT INTO journal_orders (gateway_shop_id, order_number, job_id, state, error_json, updated_at) VALUES ('8800', ?, 'job-1', 'failed', ?, ?)`;
const insertCost = `INSERT INTO gateway_call_costs (endpoint, points, job_id, shop_id, at, china_day) VALUES ('issue', ?, ?, '8800', ?, '1970-01-01')`;

const hours = (db: StationDatabase) =>
  db.prepare('SELECT hour_start, carrier_code, waybills, split_parcels, voids, labels_printed, reprints, calls, points FROM statistics_hours WHERE waybills + voids + labels_printed + calls <> 0 ORDER BY hour_start, carrier_code').all();
const failures = (db: StationDatabase) => db.prepare('SELECT hour_start, reason, failures FROM statistics_failures WHERE failures <> 0 ORDER BY hour_start, reason').all();

describe('migration 19: statistics rollup per hour', () => {
  it('sums the waybills, prints, failures and charged calls recorded before it, per hour', () => {
    const before = databaseAtVersion(databaseFile(), 18);
    before.prepare(insertJob).run('job-1', 'YTO');
    before.prepare(insertWaybill).run('YT1', 'o1', 'issued', HOUR + 5, null, null);
    before.prepare(insertWaybill).run('YT2', 'o2', 'issued', HOUR + 6, 1, 7);
    before.prepare(insertWaybill).run('YT3', 'o3', 'elsewhere', 2 * HOUR, null, null);
    for (const [id, state] of [['d1', 'printed'], ['d2', 'printed'], ['d3', 'failed']] as const) before.prepare(insertDocument).run(id, 'YT1', state);
    before.prepare(insertFailed).run('T9', JSON.stringify({ code: 'gateway.issue-rejected.this-order-only', params: {} }), HOUR + 9);
    before.prepare(insertCost).run(4, 'job-1', HOUR + 1);
    before.prepare(insertCost).run(1, null, HOUR + 2);
    before.close();

    const db = migrateTo(databaseFile(), 19);
    expect(tablesOf(db)).toEqual(expect.arrayContaining(['statistics_hours', 'statistics_failures']));
    expect(hours(db)).toEqual([
      { hour_start: HOUR, carrier_code: '', waybills: 0, split_parcels: 0, voids: 0, labels_printed: 0, reprints: 0, calls: 1, points: 1 },
      { hour_start: HOUR, carrier_code: 'YTO', waybills: 2, split_parcels: 1, voids: 1, labels_printed: 2, reprints: 1, calls: 1, points: 4 },
    ]);
    expect(failures(db)).toEqual([{ hour_start: HOUR, reason: 'gateway.issue-rejected.this-order-only', failures: 1 }]);
    db.close();
  });

  it('keeps the sums in step with every later change: new rows, prints, voids undone, failures retried, calls charged before their job', () => {
    const db = migrateTo(databaseFile(), 19);
    db.prepare(insertCost).run(3, 'job-2', 3 * HOUR);
    expect(hours(db)).toEqual([{ hour_start: 3 * HOUR, carrier_code: '', waybills: 0, split_parcels: 0, voids: 0, labels_printed: 0, reprints: 0, calls: 1, points: 3 }]);
    db.prepare(insertJob).run('job-2', 'ZTO');
    db.prepare(insertJob).run('job-1', 'YTO');
    expect(hours(db)).toEqual([{ hour_start: 3 * HOUR, carrier_code: 'ZTO', waybills: 0, split_parcels: 0, voids: 0, labels_printed: 0, reprints: 0, calls: 1, points: 3 }]);

    db.prepare(insertWaybill).run('YT1', 'o1', 'issued', 3 * HOUR + 5, null, null);
    db.prepare(insertDocument).run('d1', 'YT1', 'queued');
    db.prepare("UPDATE print_documents SET state = 'printed' WHERE id = 'd1'").run();
    db.prepare(insertDocument).run('d2', 'YT1', 'queued');
    db.prepare("UPDATE print_documents SET state = 'printed' WHERE id = 'd2'").run();
    db.prepare("UPDATE waybills SET voided_at = 9, void_note = 'x' WHERE waybill_code = 'YT1'").run();
    const yto = { hour_start: 3 * HOUR, carrier_code: 'YTO', waybills: 1, split_parcels: 0, voids: 1, labels_printed: 2, reprints: 1, calls: 0, points: 0 };
    expect(hours(db)).toEqual([yto, expect.objectContaining({ carrier_code: 'ZTO' })]);
    db.prepare('UPDATE waybills SET voided_at = NULL WHERE waybill_code = ?').run('YT1');
    db.prepare("DELETE FROM print_documents WHERE id = 'd2'").run();
    expect(hours(db)[0]).toEqual({ ...yto, voids: 0, labels_printed: 1, reprints: 0 });

    db.prepare(insertFailed).run('T1', JSON.stringify({ code: 'a' }), 3 * HOUR);
    db.prepare("UPDATE journal_orders SET error_json = ?, updated_at = ? WHERE order_number = 'T1'").run(JSON.stringify({ code: 'b' }), 4 * HOUR);
    expect(failures(db)).toEqual([{ hour_start: 4 * HOUR, reason: 'b', failures: 1 }]);
    // Retried and issued: no longer a failure.
    db.prepare("UPDATE journal_orders SET state = 'planned', error_json = NULL WHERE order_number = 'T1'").run();
    expect(failures(db)).toEqual([]);
    db.close();
  });
});
