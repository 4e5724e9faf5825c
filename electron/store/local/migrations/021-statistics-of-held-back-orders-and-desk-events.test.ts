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

const heldBack = (db: StationDatabase) => db.prepare('SELECT day_start, order_number, hour_start, carrier_code FROM statistics_held_back ORDER BY day_start, order_number').all();
const deskHours = (db: StationDatabase) => db.prepare('SELECT hour_start, shop_id, verified, mismatches, overrides FROM statistics_desk_hours ORDER BY hour_start').all();

/** Records a plan (a job and its members) created at `at`. */
function plan(db: StationDatabase, jobId: string, at: number, members: [string, string | null][]): void {
  db.prepare(insertJob).run(jobId, at, at);
  for (const [orderNumber, problems] of members) db.prepare(insertMember).run(jobId, orderNumber, problems);
}

describe('migration 21: statistics of held-back orders and desk events', () => {
  it('counts the orders held back and the desk events recorded before it', () => {
    const before = databaseAtVersion(databaseFile(), 20);
    plan(before, 'job-1', nine + 5, [['T1', heldBackProblem], ['T2', otherProblem], ['T3', null]]);
    plan(before, 'job-2', nine + 2 * HOUR, [['T1', heldBackProblem]]);
    for (const kind of ['verification.completed', 'verification.mismatch', 'verification.mismatch', 'verification.override']) before.prepare(insertEvent).run(nine + 7, kind);
    before.close();

    const db = migrateTo(databaseFile(), 21);
    expect(tablesOf(db)).toEqual(expect.arrayContaining(['statistics_held_back', 'statistics_desk_hours']));
    expect(indexesOf(db, 'waybills')).toContain('waybills_by_job');
    // Planned twice the same day: once, under the hour it was first held.
    expect(heldBack(db)).toEqual([{ day_start: nine - 9 * HOUR, order_number: 'T1', hour_start: nine, carrier_code: 'YTO' }]);
    expect(deskHours(db)).toEqual([{ hour_start: nine, shop_id: '8800', verified: 1, mismatches: 2, overrides: 1 }]);
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
