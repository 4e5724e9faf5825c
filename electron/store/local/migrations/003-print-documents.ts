import type { StationMigration } from '../station-migration';

/** Migration 3: the print queue's documents, one row per print of one label. */
export const printDocumentsMigration: StationMigration = {
  version: 3,
  name: 'print documents',
  up(db) {
    // One row per print of one label (the print queue's PrintDocumentRecord). contents_json is
    // dropped once printed (the waybill keeps its print data for reprints, under retention).
    // sent_at is when the latest task carrying it left: a status asked before it is stale.
    db.exec(`
      CREATE TABLE print_documents (
        id TEXT PRIMARY KEY,
        job_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        document_id TEXT NOT NULL,
        printer TEXT NOT NULL,
        contents_json TEXT,
        documents_per_task INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('queued', 'sent', 'accepted', 'printed', 'failed', 'unknown')),
        task_id TEXT,
        attempts INTEGER NOT NULL,
        received INTEGER NOT NULL,
        rendered INTEGER NOT NULL,
        failure_json TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        sent_at INTEGER,
        status_asked_at INTEGER
      );
      CREATE INDEX print_documents_open ON print_documents (seq) WHERE state <> 'printed';
      CREATE INDEX print_documents_by_document ON print_documents (document_id, state);
      CREATE INDEX print_documents_by_job ON print_documents (job_id, state);
    `);
  },
};
