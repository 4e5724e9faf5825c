import type { StationMigration } from '../station-migration';

/** Migration 5: a job started with a label preview holds its printing until the user decides. */
export const printHoldMigration: StationMigration = {
  version: 5,
  name: 'print hold for the label preview',
  up(db) {
    // Set when the job was started with a preview of its first label: nothing of the job goes to
    // the print queue until the user has seen it (cleared only by that decision).
    db.exec(`ALTER TABLE issue_jobs ADD COLUMN print_held INTEGER NOT NULL DEFAULT 0 CHECK (print_held IN (0, 1));`);
  },
};
