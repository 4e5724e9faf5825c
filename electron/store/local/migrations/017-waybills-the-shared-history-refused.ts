import type { StationMigration } from '../station-migration';

/**
 * Migration 17: a waybill the shared history keeps refusing (the server answers, and says no)
 * counts its refused tries; after SHARE_REFUSALS_BEFORE_SET_ASIDE (shared/domain/desks.ts) it is set aside with the
 * server's reason (`share_set_aside_json`, a StationError) and when, so the waybills after it
 * flow and the desk shows it under Attention instead of retrying it forever.
 */
export const waybillsSetAsideMigration: StationMigration = {
  version: 17,
  name: 'waybills the shared history refused',
  up(db) {
    db.exec(`
      ALTER TABLE waybills ADD COLUMN share_refusals INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE waybills ADD COLUMN share_set_aside_at INTEGER;
      ALTER TABLE waybills ADD COLUMN share_set_aside_json TEXT;
      CREATE INDEX waybills_set_aside ON waybills (share_set_aside_at) WHERE share_set_aside_at IS NOT NULL;
    `);
  },
};
