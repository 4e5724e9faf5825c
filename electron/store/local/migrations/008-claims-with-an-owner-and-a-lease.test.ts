import { describe, expect, it } from 'vitest';
import { columnsOf, databaseAtVersion, migrateTo, useDatabaseFile } from '../testing/migration-test-kit';

const databaseFile = useDatabaseFile();

describe('migration 8: claims with an owner and a lease', () => {
  it('leaves existing journal rows without an owner desk or lease: no claim refuses them', () => {
    const before = databaseAtVersion(databaseFile(), 7);
    before.exec(`
      INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json) VALUES ('job-1', 'issuing', 1, 1, 'YTO', 'B1', '{}');
      INSERT INTO job_orders (job_id, order_number, position, package_key, order_json) VALUES ('job-1', 'T1', 0, 'T1', '{}');
      INSERT INTO journal_orders (order_number, job_id, state, updated_at) VALUES ('T1', 'job-1', 'pending', 1);
    `);
    before.close();
    const db = migrateTo(databaseFile(), 8);
    expect(db.prepare('SELECT order_number, job_id, state, claim_desk_id, lease_until FROM journal_orders').all()).toEqual([
      { order_number: 'T1', job_id: 'job-1', state: 'pending', claim_desk_id: null, lease_until: null },
    ]);
    expect(db.prepare('SELECT order_number, held_by_job_id, held_by_desk_id FROM job_orders').all()).toEqual([{ order_number: 'T1', held_by_job_id: null, held_by_desk_id: null }]);
    db.close();
  });

  it('records a claim owner and lease on a journal row and a holder on a job member', () => {
    databaseAtVersion(databaseFile(), 7).close();
    const db = migrateTo(databaseFile(), 8);
    expect(columnsOf(db, 'journal_orders').map((column) => column.name)).toEqual(expect.arrayContaining(['claim_desk_id', 'lease_until']));
    expect(columnsOf(db, 'job_orders').map((column) => column.name)).toEqual(expect.arrayContaining(['held_by_job_id', 'held_by_desk_id']));
    db.close();
  });
});
