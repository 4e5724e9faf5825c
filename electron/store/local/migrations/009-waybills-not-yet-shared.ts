import type { StationMigration } from '../station-migration';

/**
 * Migration 9: each waybill remembers when the shared history (shared mode) received it. NULL is
 * "not yet shared": a waybill is inserted so, in the very transaction that records it, so that a
 * desk that dies before PostgreSQL was written still sends it once it runs again.
 */
export const waybillsNotYetSharedMigration: StationMigration = {
  version: 9,
  name: 'waybills not yet shared',
  up(db) {
    // Waybills recorded before stay unshared too: a desk joining the shared mode brings its history along.
    db.exec(`
      ALTER TABLE waybills ADD COLUMN shared_at INTEGER;
      CREATE INDEX waybills_not_yet_shared ON waybills (recorded_at) WHERE shared_at IS NULL AND origin <> 'elsewhere';
    `);
  },
};
