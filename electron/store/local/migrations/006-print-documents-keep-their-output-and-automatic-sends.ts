import type { StationMigration } from '../station-migration';

/** Migration 6: print documents remember the output their latest task went to and the sends the queue made by itself. */
export const printDocumentOutputMigration: StationMigration = {
  version: 6,
  name: 'print documents keep their output and automatic sends',
  up(db) {
    // output: where the latest task went (print component or OS printer); after a restart with
    // the other output chosen, the label waits for its own and is never asked about or sent
    // elsewhere. Rows from before are NULL: asked of whichever output is chosen, as they were.
    // automatic_sends: sends the queue made by itself since the user last asked (capped).
    db.exec(`
      ALTER TABLE print_documents ADD COLUMN output TEXT CHECK (output IN ('print-component', 'os-printer'));
      ALTER TABLE print_documents ADD COLUMN automatic_sends INTEGER NOT NULL DEFAULT 0 CHECK (automatic_sends >= 0);
    `);
  },
};
