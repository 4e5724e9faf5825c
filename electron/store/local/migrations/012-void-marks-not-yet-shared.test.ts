import { describe, expect, it } from 'vitest';
import { databaseAtVersion, indexesOf, migrateTo, useDatabaseFile } from '../testing/migration-test-kit';

const databaseFile = useDatabaseFile();

const insertWaybill = `INSERT INTO waybills (waybill_code, carrier_code, branch_code, object_id, origin, job_id, recorded_at, print_data, print_data_state, voided_at)
  VALUES (?, 'YTO', 'B1', 'o1', 'issued', 'job-1', 1, '{}', 'present', ?)`;

describe('migration 12: void marks not yet shared', () => {
  it('leaves the void marks set before not yet shared, and the others nothing to send', () => {
    const before = databaseAtVersion(databaseFile(), 11);
    before.prepare(insertWaybill).run('YT1', 5);
    before.prepare(insertWaybill).run('YT2', null);
    before.close();
    const db = migrateTo(databaseFile(), 12);
    expect(db.prepare('SELECT waybill_code, void_unshared FROM waybills ORDER BY waybill_code').all()).toEqual([
      { waybill_code: 'YT1', void_unshared: 1 },
      { waybill_code: 'YT2', void_unshared: 0 },
    ]);
    expect(indexesOf(db, 'waybills')).toContain('waybills_void_not_yet_shared');
    db.close();
  });
});
