import { describe, expect, it } from 'vitest';
import { columnsOf, databaseAtVersion, indexesOf, migrateTo, tablesOf, useDatabaseFile } from '../testing/migration-test-kit';

const databaseFile = useDatabaseFile();

/** A version-2 database with one issued order. */
function version2WithAnIssuedOrder(): void {
  const db = databaseAtVersion(databaseFile(), 2);
  db.exec(`
    INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json) VALUES ('job-1', 'printing', 1, 1, 'YTO', 'B1', '{}');
    INSERT INTO waybills (waybill_code, object_id, origin, job_id, recorded_at, print_data, print_data_state) VALUES ('YT1', 'obj-1', 'issued', 'job-1', 1, '{}', 'present');
    INSERT INTO journal_orders (order_number, job_id, state, waybill_code, updated_at) VALUES ('T1', 'job-1', 'issued', 'YT1', 1);
  `);
  db.close();
}

const insertDocument = "INSERT INTO print_documents (id, job_id, seq, document_id, printer, contents_json, documents_per_task, state, attempts, received, rendered, created_at, updated_at) VALUES (?, 'job-1', ?, 'YT1', '', '[]', 1, ?, 0, 0, 0, 1, 1)";

describe('migration 3: print documents', () => {
  it('adds the print queue table with its indexes and leaves the journal as it was', () => {
    version2WithAnIssuedOrder();
    const db = migrateTo(databaseFile(), 3);
    expect(tablesOf(db)).toContain('print_documents');
    expect(columnsOf(db, 'print_documents').map((column) => column.name)).toEqual([
      'id', 'job_id', 'seq', 'document_id', 'printer', 'contents_json', 'documents_per_task', 'state', 'task_id',
      'attempts', 'received', 'rendered', 'failure_json', 'created_at', 'updated_at', 'sent_at', 'status_asked_at',
    ]);
    expect(indexesOf(db, 'print_documents')).toEqual(['print_documents_by_document', 'print_documents_by_job', 'print_documents_open']);
    expect(db.prepare('SELECT order_number, state, waybill_code FROM journal_orders').all()).toEqual([{ order_number: 'T1', state: 'issued', waybill_code: 'YT1' }]);
    db.close();
  });

  it('keeps a label in one of the print states only', () => {
    version2WithAnIssuedOrder();
    const db = migrateTo(databaseFile(), 3);
    db.prepare(insertDocument).run('p-1', 0, 'queued');
    expect(() => db.prepare(insertDocument).run('p-2', 1, 'lost')).toThrow(/CHECK constraint failed/);
    expect(db.prepare('SELECT id, state, task_id, sent_at FROM print_documents').all()).toEqual([{ id: 'p-1', state: 'queued', task_id: null, sent_at: null }]);
    db.close();
  });
});
