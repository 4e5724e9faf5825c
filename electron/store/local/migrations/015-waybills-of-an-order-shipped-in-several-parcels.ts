import type { StationMigration } from '../station-migration';

/**
 * Migration 15: an order shipped in several parcels (一单多包) has a waybill per parcel. Each of
 * them records its order (`parcel_order_number`, in the waybill's own shop) and its parcel
 * number; the order's journal row keeps one of them (the first parcel's) as its waybill once the
 * order is settled, so every rule keyed on that row holds. Ordinary waybills leave both NULL.
 */
export const orderParcelsMigration: StationMigration = {
  version: 15,
  name: 'waybills of an order shipped in several parcels',
  up(db) {
    db.exec(`
      ALTER TABLE waybills ADD COLUMN parcel_order_number TEXT;
      ALTER TABLE waybills ADD COLUMN parcel_no INTEGER;
      CREATE INDEX waybills_by_parcel_order ON waybills (gateway_shop_id, parcel_order_number) WHERE parcel_order_number IS NOT NULL;
    `);
  },
};
