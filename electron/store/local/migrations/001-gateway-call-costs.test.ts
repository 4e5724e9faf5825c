import { describe, expect, it } from 'vitest';
import { columnsOf, databaseAtVersion, indexesOf, migrateTo, tablesOf, useDatabaseFile } from '../testing/migration-test-kit';

const databaseFile = useDatabaseFile();

describe('migration 1: gateway call costs', () => {
  it('creates the cost ledger, indexed by China day and by job', () => {
    const before = databaseAtVersion(databaseFile(), 0);
    expect(tablesOf(before)).toEqual([]);
    before.close();

    const db = migrateTo(databaseFile(), 1);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(tablesOf(db)).toEqual(['gateway_call_costs']);
    expect(columnsOf(db, 'gateway_call_costs').map((column) => column.name)).toEqual(['id', 'endpoint', 'points', 'job_id', 'at', 'china_day']);
    expect(indexesOf(db, 'gateway_call_costs')).toEqual(['gateway_call_costs_by_day', 'gateway_call_costs_by_job']);
    db.close();
  });

  it('records calls with or without a job and refuses negative points', () => {
    const db = migrateTo(databaseFile(), 1);
    const insert = db.prepare("INSERT INTO gateway_call_costs (endpoint, points, job_id, at, china_day) VALUES ('issue', ?, ?, 1, '2026-11-24')");
    insert.run(3, 'job-1');
    insert.run(1, null);
    expect(() => insert.run(-1, null)).toThrow(/CHECK constraint failed/);
    expect(db.prepare('SELECT id, points, job_id FROM gateway_call_costs ORDER BY id').all()).toEqual([
      { id: 1, points: 3, job_id: 'job-1' },
      { id: 2, points: 1, job_id: null },
    ]);
    db.close();
  });
});
