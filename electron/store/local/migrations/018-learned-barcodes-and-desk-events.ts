import type { StationMigration } from '../station-migration';

/**
 * Migration 18: scan-to-verify. `barcode_mappings`: the product barcodes the desk learned, per
 * shop, each the goods line (name + spec) it stands for. `desk_events`: what happened at the desk
 * that is no job's — an order verified, a mismatch caught, goods counted by hand — one row each,
 * its kind named (shared/domain/verification.ts) and its details as JSON, for the statistics.
 */
export const learnedBarcodesMigration: StationMigration = {
  version: 18,
  name: 'learned barcodes and desk events',
  up(db) {
    db.exec(`
      CREATE TABLE barcode_mappings (
        shop_id TEXT NOT NULL,
        barcode TEXT NOT NULL,
        goods_name TEXT NOT NULL,
        goods_spec TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (shop_id, barcode)
      ) WITHOUT ROWID;
      CREATE TABLE desk_events (
        id INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        kind TEXT NOT NULL,
        shop_id TEXT NOT NULL,
        order_number TEXT NOT NULL,
        details_json TEXT NOT NULL
      );
      CREATE INDEX desk_events_by_time ON desk_events (at);
      CREATE INDEX desk_events_by_order ON desk_events (shop_id, order_number);
    `);
  },
};
