import { describe, expect, it } from 'vitest';
import { databaseAtVersion, indexesOf, migrateTo, useDatabaseFile } from '../testing/migration-test-kit';

const databaseFile = useDatabaseFile();

const insertWaybill = `INSERT INTO waybills (waybill_code, carrier_code, branch_code, object_id, origin, job_id, recorded_at, print_data, print_data_state)
  VALUES (?, 'YTO', 'B1', 'o1', ?, 'job-1', 1, '{}', 'present')`;

describe('migration 9: waybills not yet shared', () => {
  it('leaves every existing waybill not yet shared: a desk joining the shared mode sends its history', () => {
    const before = databaseAtVersion(databaseFile(), 8);
    before.prepare(insertWaybill).run('YT1', 'issued');
    before.close();
    const db = migrateTo(databaseFile(), 9);
    expect(db.prepare('SELECT waybill_code, shared_at FROM waybills').all()).toEqual([{ waybill_code: 'YT1', shared_at: null }]);
    expect(indexesOf(db, 'waybills')).toContain('waybills_not_yet_shared');
    db.close();
  });

  it('records a new waybill as not yet shared in the same insert, whatever statement wrote it', () => {
    databaseAtVersion(databaseFile(), 8).close();
    const db = migrateTo(databaseFile(), 9);
    db.prepare(insertWaybill).run('YT2', 'recovered');
    db.prepare('UPDATE waybills SET shared_at = 5 WHERE waybill_code = ?').run('YT2');
    db.prepare(insertWaybill).run('YT3', 'issued');
    expect(db.prepare('SELECT waybill_code, shared_at FROM waybills ORDER BY waybill_code').all()).toEqual([
      { waybill_code: 'YT2', shared_at: 5 },
      { waybill_code: 'YT3', shared_at: null },
    ]);
    db.close();
  });
});
