import type { StationMigration } from '../station-migration';

/**
 * Migration 16: each label that came out of the printer here remembers whether the shared
 * history (shared mode) has that print yet. Triggers raise `print_unshared` in the very statement
 * that records the document printed (insert or update), so the print and its "not yet shared"
 * mark commit together whichever statement wrote it, and a desk that dies or loses the server
 * before PostgreSQL had it still sends it later. `printed_at` keeps when it came out.
 */
export const labelPrintsNotYetSharedMigration: StationMigration = {
  version: 16,
  name: 'label prints not yet shared',
  up(db) {
    // Labels printed before go along with a desk joining the shared mode, like its waybills and void marks.
    db.exec(`
      ALTER TABLE print_documents ADD COLUMN print_unshared INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE print_documents ADD COLUMN printed_at INTEGER;
      UPDATE print_documents SET print_unshared = 1, printed_at = updated_at WHERE state = 'printed';
      CREATE INDEX print_documents_print_not_yet_shared ON print_documents (printed_at) WHERE print_unshared = 1;
      CREATE TRIGGER print_documents_printed_on_insert AFTER INSERT ON print_documents WHEN NEW.state = 'printed'
      BEGIN
        UPDATE print_documents SET print_unshared = 1, printed_at = NEW.updated_at WHERE rowid = NEW.rowid;
      END;
      CREATE TRIGGER print_documents_printed_on_update AFTER UPDATE OF state ON print_documents WHEN NEW.state = 'printed' AND OLD.state <> 'printed'
      BEGIN
        UPDATE print_documents SET print_unshared = 1, printed_at = NEW.updated_at WHERE rowid = NEW.rowid;
      END;
    `);
  },
};
