import { describe, expect, it } from 'vitest';
import { databaseAtVersion, migrateTo, useDatabaseFile } from '../testing/migration-test-kit';

const databaseFile = useDatabaseFile();

const insertJob = "INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json) VALUES (?, 'issuing', 1, 1, 'YTO', 'B1', '{}')";

describe('migration 5: print hold for the label preview', () => {
  it('leaves existing jobs unheld: their labels print as before', () => {
    const before = databaseAtVersion(databaseFile(), 4);
    before.prepare(insertJob).run('job-1');
    before.close();
    const db = migrateTo(databaseFile(), 5);
    expect(db.prepare('SELECT id, print_held FROM issue_jobs').all()).toEqual([{ id: 'job-1', print_held: 0 }]);
    db.close();
  });

  it('holds a job only as 0 or 1', () => {
    databaseAtVersion(databaseFile(), 4).close();
    const db = migrateTo(databaseFile(), 5);
    db.prepare(insertJob).run('job-1');
    db.prepare("UPDATE issue_jobs SET print_held = 1 WHERE id = 'job-1'").run();
    expect(() => db.prepare("UPDATE issue_jobs SET print_held = 2 WHERE id = 'job-1'").run()).toThrow(/CHECK constraint failed/);
    expect(db.prepare('SELECT print_held FROM issue_jobs').get()).toEqual({ print_held: 1 });
    db.close();
  });
});
