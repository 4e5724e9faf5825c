import { describe, expect, it } from 'vitest';
import { columnsOf, databaseAtVersion, indexesOf, migrateTo, useDatabaseFile } from '../testing/migration-test-kit';

const databaseFile = useDatabaseFile();

describe('migration 15: waybills of an order shipped in several parcels', () => {
  it('keeps every waybill an ordinary one (no parcel) and indexes the parcels by shop and order', () => {
    const before = databaseAtVersion(databaseFile(), 14);
    before
      .prepare(`INSERT INTO waybills (waybill_code, object_id, origin, job_id, recorded_at, print_data_state, gateway_shop_id) VALUES ('YT1', 'T1', 'issued', 'job-1', 1, 'present', '8800')`)
      .run();
    before.close();
    const db = migrateTo(databaseFile(), 15);
    expect(db.prepare('SELECT waybill_code, parcel_order_number, parcel_no FROM waybills').all()).toEqual([{ waybill_code: 'YT1', parcel_order_number: null, parcel_no: null }]);
    expect(columnsOf(db, 'waybills').map((column) => column.name)).toEqual(expect.arrayContaining(['parcel_order_number', 'parcel_no']));
    expect(indexesOf(db, 'waybills')).toContain('waybills_by_parcel_order');
    db.close();
  });
});
