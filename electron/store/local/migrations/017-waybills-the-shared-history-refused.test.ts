import { describe, expect, it } from 'vitest';
import { databaseAtVersion, indexesOf, migrateTo, useDatabaseFile } from '../testing/migration-test-kit';

const databaseFile = useDatabaseFile();

describe('migration 17: waybills the shared history refused', () => {
  it('starts every waybill with no refusals and not set aside', () => {
    const before = databaseAtVersion(databaseFile(), 16);
    before
      .prepare(`INSERT INTO waybills (waybill_code, carrier_code, branch_code, object_id, origin, job_id, recorded_at, print_data, print_data_state) VALUES ('YT1', 'YTO', 'B1', 'o1', 'issued', 'job-1', 1, '{}', 'present')`)
      .run();
    before.close();
    const db = migrateTo(databaseFile(), 17);
    expect(db.prepare('SELECT waybill_code, share_refusals, share_set_aside_at, share_set_aside_json, shared_at FROM waybills').all()).toEqual([
      { waybill_code: 'YT1', share_refusals: 0, share_set_aside_at: null, share_set_aside_json: null, shared_at: null },
    ]);
    expect(indexesOf(db, 'waybills')).toContain('waybills_set_aside');
    db.close();
  });
});
