import { describe, expect, it } from 'vitest';
import { databaseAtVersion, indexesOf, migrateTo, useDatabaseFile } from '../testing/migration-test-kit';

const databaseFile = useDatabaseFile();

describe('migration 18: learned barcodes and desk events', () => {
  it('adds the learned barcodes (one per shop and code) and the desk events, leaving the journal as it was', () => {
    const before = databaseAtVersion(databaseFile(), 17);
    before.prepare("INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json) VALUES ('job-1', 'done', 1, 1, 'YTO', 'B1', '{}')").run();
    before.close();
    const db = migrateTo(databaseFile(), 18);
    expect(db.prepare('SELECT id FROM issue_jobs').all()).toEqual([{ id: 'job-1' }]);
    const learn = db.prepare('INSERT INTO barcode_mappings (shop_id, barcode, goods_name, goods_spec, updated_at) VALUES (?, ?, ?, ?, ?)');
    learn.run('S1', '6901234567892', '保温杯', '500ml', 1);
    learn.run('S2', '6901234567892', '保温杯', '350ml', 1);
    expect(() => learn.run('S1', '6901234567892', '茶杯', '', 2)).toThrow(/UNIQUE/);
    db.prepare("INSERT INTO desk_events (at, kind, shop_id, order_number, details_json) VALUES (5, 'verification.mismatch', 'S1', 'O1', '{}')").run();
    expect(db.prepare('SELECT kind, shop_id, order_number FROM desk_events').all()).toEqual([{ kind: 'verification.mismatch', shop_id: 'S1', order_number: 'O1' }]);
    expect(indexesOf(db, 'desk_events')).toEqual(expect.arrayContaining(['desk_events_by_time', 'desk_events_by_order']));
    db.close();
  });
});
