import type { StationMigration } from '../station-migration';

/**
 * Migration 8: a journal row records who claimed it (the desk and, as before, the job) and until
 * when its lease runs; a job's member records who held it when the job was refused it.
 */
export const claimLeaseMigration: StationMigration = {
  version: 8,
  name: 'claims with an owner and a lease',
  up(db) {
    // Rows claimed before owners were recorded hold no lease: nothing refuses them (as before).
    db.exec(`
      ALTER TABLE journal_orders ADD COLUMN claim_desk_id TEXT;
      ALTER TABLE journal_orders ADD COLUMN lease_until INTEGER;
      ALTER TABLE job_orders ADD COLUMN held_by_job_id TEXT;
      ALTER TABLE job_orders ADD COLUMN held_by_desk_id TEXT;
    `);
  },
};
