import { describe, expect, it } from 'vitest';
import { chinaDayStart } from '../../../../shared/time/china-time';
import type { StationDatabase } from '../open-station-database';
import { databaseAtVersion, indexesOf, migrateTo, tablesOf, useDatabaseFile } from '../testing/migration-test-kit';

const databaseFile = useDatabaseFile();
const HOUR = 3_600_000;
// 09:00 China time on a day: the day's start is 9 hours before.
const nine = chinaDayStart(Date.UTC(2025, 5, 2, 1, 0, 0)) + 9 * HOUR;

const insertJob = `INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json) VALUES (?, 'planned', ?, ?, 'YTO', 'B1', '{}')`;
const insertMember = `INSERT INTO job_orders (job_id, shop_id, order_number, position, problems_json) VALUES (?, '8800', ?, 0, ?)`;
const insertEvent = `INSERT INTO desk_events (at, kind, shop_id, order_number, details_json) VALUES (?, ?, '8800', 'T1', '{}')`;
const heldBackProblem = JSON.stringify([{ code: 'issuing.order-held-back', params: { orderId: 'T1', status: 3 }, retryable: false }]);
const otherProblem = JSON.stringify([{ code: 'validation.required', params: {}, retryable: false }]);

const insertWaybill = `INSERT INTO waybills (waybill_code, object_id, origin, job_id, recorded_at, print_data_state, gateway_shop_id, carrier_code, branch_code)
  VALUES (?, ?, ?, ?, ?, 'present', '8800', 'YTO', 'B1')`;
const insertDocument = `INSERT INTO print_documents (id, job_id, seq, document_id, printer, own_layers_json, documents_per_task, state, attempts, received, rendered, created_at, updated_at)
  VALUES (?, ?, 0, ?, '', '[]', 1, ?, 0, 0, 0, 1, 1)`;
const insertAudit = `INSERT INTO audit_entries (id, at, desk_id, desk_name, operator_id, operator_name, action, outcome, waybill_codes, job_id) VALUES (?, ?, 'd', 'Desk', ?, ?, ?, ?, ?, ?)`;
const operatorHours = (db: StationDatabase) => db.prepare('SELECT hour_start, operator_name, waybills, labels_printed, reprints, voids FROM statistics_operator_hours ORDER BY hour_start, operator_name').all();
const operatorVerification = (db: StationDatabase) => db.prepare('SELECT operator_name, verified, mismatches, overrides FROM statistics_operator_hours WHERE verified + mismatches + overrides > 0 ORDER BY operator_name').all();

/** An audit entry done by `operator` (null: operators off) at `at`. */
function audit(db: StationDatabase, id: string, at: number, operator: string | null, action: string, facts: { jobId?: string; waybillCodes?: string[]; outcome?: string }): void {
  db.prepare(insertAudit).run(id, at, operator, operator, action, facts.outcome ?? 'done', JSON.stringify(facts.waybillCodes ?? []), facts.jobId ?? null);
}

const heldBack = (db: StationDatabase) => db.prepare('SELECT day_start, order_number, hour_start, carrier_code FROM statistics_held_back ORDER BY day_start, order_number').all();
const deskHours = (db: StationDatabase) => db.prepare('SELECT hour_start, shop_id, verified, mismatches, overrides FROM statistics_desk_hours ORDER BY hour_start').all();

/** Records a plan (a job and its members) created at `at`. */
function plan(db: StationDatabase, jobId: string, at: number, members: [string, string | null][]): void {
  db.prepare(insertJob).run(jobId, at, at);
  for (const [orderNumber, problems] of members) db.prepare(insertMember).run(jobId, orderNumber, problems);
}

describe('migration 21: statistics of held-back orders, desk events and operators', () => {
  it('counts the orders held back and the desk events recorded before it', () => {
    const before = databaseAtVersion(databaseFile(), 20);
    plan(before, 'job-1', nine + 5, [['T1', heldBackProblem], ['T2', otherProblem], ['T3', null]]);
    plan(before, 'job-2', nine + 2 * HOUR, [['T1', heldBackProblem]]);
    for (const kind of ['verification.completed', 'verification.mismatch', 'verification.mismatch', 'verification.override']) before.prepare(insertEvent).run(nine + 7, kind);
    // Operators: Li started job-1 (its two waybills, one printed twice), the desk alone job-2; Wang reprinted and voided, a refused void counts nothing.
    audit(before, 'a1', nine, 'Li', 'issue', { jobId: 'job-1' });
    audit(before, 'a2', nine + 1, 'Wang', 'issue', { jobId: 'job-1' });
    audit(before, 'a3', nine + 2 * HOUR, null, 'issue', { jobId: 'job-2' });
    before.prepare(insertWaybill).run('YT1', 'o1', 'issued', 'job-1', nine + 10);
    before.prepare(insertWaybill).run('YT2', 'o2', 'issued', 'job-1', nine + 11);
    before.prepare(insertWaybill).run('YT3', 'o3', 'elsewhere', 'job-1', nine + 12);
    before.prepare(insertWaybill).run('YT4', 'o4', 'issued', 'job-2', nine + 2 * HOUR + 1);
    for (const [id, code] of [['p1', 'YT1'], ['p2', 'YT1'], ['p3', 'YT4']]) before.prepare(insertDocument).run(id, 'job-1', code, 'printed');
    audit(before, 'a4', nine + HOUR, 'Wang', 'reprint', { waybillCodes: ['YT1'] });
    audit(before, 'a5', nine + HOUR, 'Wang', 'void', { waybillCodes: ['YT1', 'YT2'] });
    audit(before, 'a6', nine + HOUR, 'Zhao', 'void', { waybillCodes: ['YT1'], outcome: 'refused' });
    before.close();

    const db = migrateTo(databaseFile(), 21);
    expect(tablesOf(db)).toEqual(expect.arrayContaining(['statistics_held_back', 'statistics_desk_hours']));
    expect(tablesOf(db)).toContain('statistics_operator_hours');
    expect(indexesOf(db, 'audit_entries')).toContain('audit_entries_issue_by_job');
    // Planned twice the same day: once, under the hour it was first held.
    expect(heldBack(db)).toEqual([{ day_start: nine - 9 * HOUR, order_number: 'T1', hour_start: nine, carrier_code: 'YTO' }]);
    expect(deskHours(db)).toEqual([{ hour_start: nine, shop_id: '8800', verified: 1, mismatches: 2, overrides: 1 }]);
    expect(operatorHours(db)).toEqual([
      { hour_start: nine, operator_name: 'Li', waybills: 2, labels_printed: 1, reprints: 0, voids: 0 },
      { hour_start: nine + HOUR, operator_name: 'Wang', waybills: 0, labels_printed: 1, reprints: 1, voids: 2 },
    ]);
    db.close();
  });

  it('counts an operator’s work as it is recorded: the job they started, its first prints, their reprints and voids', () => {
    const db = migrateTo(databaseFile(), 21);
    plan(db, 'job-1', nine, []);
    audit(db, 'a1', nine, 'Li', 'issue', { jobId: 'job-1' });
    db.prepare(insertWaybill).run('YT1', 'o1', 'issued', 'job-1', nine + 10);
    db.prepare(insertWaybill).run('YT2', 'o2', 'recovered', 'job-1', nine + 11);
    db.prepare(insertWaybill).run('YT3', 'o3', 'elsewhere', 'job-1', nine + 12);
    db.prepare(insertDocument).run('p1', 'job-1', 'YT1', 'queued');
    db.prepare("UPDATE print_documents SET state = 'printed' WHERE id = 'p1'").run();
    db.prepare(insertDocument).run('p2', 'job-1', 'YT2', 'printed');
    // A second print of a label is no first print.
    db.prepare(insertDocument).run('p3', 'job-1', 'YT1', 'queued');
    db.prepare("UPDATE print_documents SET state = 'printed' WHERE id = 'p3'").run();
    audit(db, 'a2', nine + HOUR, 'Wang', 'reprint', { waybillCodes: ['YT1'] });
    audit(db, 'a3', nine + HOUR, 'Wang', 'void', { waybillCodes: ['YT2'] });
    audit(db, 'a4', nine + HOUR, null, 'void', { waybillCodes: ['YT1'] });
    // Desk events name who was signed in (none when operators are off).
    const insertNamedEvent = db.prepare(`INSERT INTO desk_events (at, kind, shop_id, order_number, details_json, operator_name) VALUES (?, ?, '8800', 'T1', '{}', ?)`);
    insertNamedEvent.run(nine + 5, 'verification.completed', 'Li');
    insertNamedEvent.run(nine + 6, 'verification.mismatch', 'Li');
    insertNamedEvent.run(nine + 7, 'verification.completed', null);
    expect(operatorVerification(db)).toEqual([{ operator_name: 'Li', verified: 1, mismatches: 1, overrides: 0 }]);
    expect(operatorHours(db)).toEqual([
      { hour_start: nine, operator_name: 'Li', waybills: 2, labels_printed: 2, reprints: 0, voids: 0 },
      { hour_start: nine + HOUR, operator_name: 'Wang', waybills: 0, labels_printed: 1, reprints: 1, voids: 1 },
    ]);
    db.close();
  });

  it('keeps them in step with later plans and events: an order once a day, again the next day', () => {
    const db = migrateTo(databaseFile(), 21);
    plan(db, 'job-1', nine, [['T1', heldBackProblem], ['T2', heldBackProblem]]);
    plan(db, 'job-2', nine + HOUR, [['T1', heldBackProblem], ['T3', otherProblem]]);
    plan(db, 'job-3', nine + 24 * HOUR, [['T1', heldBackProblem]]);
    expect(heldBack(db)).toEqual([
      { day_start: nine - 9 * HOUR, order_number: 'T1', hour_start: nine, carrier_code: 'YTO' },
      { day_start: nine - 9 * HOUR, order_number: 'T2', hour_start: nine, carrier_code: 'YTO' },
      { day_start: nine + 15 * HOUR, order_number: 'T1', hour_start: nine + 24 * HOUR, carrier_code: 'YTO' },
    ]);
    db.prepare(insertEvent).run(nine + 1, 'verification.completed');
    db.prepare(insertEvent).run(nine + 2, 'verification.completed');
    db.prepare(insertEvent).run(nine + HOUR + 3, 'verification.mismatch');
    expect(deskHours(db)).toEqual([
      { hour_start: nine, shop_id: '8800', verified: 2, mismatches: 0, overrides: 0 },
      { hour_start: nine + HOUR, shop_id: '8800', verified: 0, mismatches: 1, overrides: 0 },
    ]);
    db.close();
  });
});
