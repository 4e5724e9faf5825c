import type { StationMigration } from '../station-migration';

/**
 * Migration 12: each waybill remembers whether the shared history (shared mode) has its latest
 * void mark. A void set or cleared here raises `void_unshared` in the statement that changes the
 * mark, so a void made while the server is away is kept locally and sent once it is back.
 */
export const voidMarksNotYetSharedMigration: StationMigration = {
  version: 12,
  name: 'void marks not yet shared',
  up(db) {
    // Void marks set before go along with a desk joining the shared mode, like its waybills.
    db.exec(`
      ALTER TABLE waybills ADD COLUMN void_unshared INTEGER NOT NULL DEFAULT 0;
      UPDATE waybills SET void_unshared = 1 WHERE voided_at IS NOT NULL;
      CREATE INDEX waybills_void_not_yet_shared ON waybills (waybill_code) WHERE void_unshared = 1;
    `);
  },
};
