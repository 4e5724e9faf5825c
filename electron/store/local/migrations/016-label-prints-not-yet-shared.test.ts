import { describe, expect, it } from 'vitest';
import { databaseAtVersion, indexesOf, migrateTo, useDatabaseFile } from '../testing/migration-test-kit';

const databaseFile = useDatabaseFile();

const insertDocument = `INSERT INTO print_documents (id, job_id, seq, document_id, printer, own_layers_json, documents_per_task, state, attempts, received, rendered, created_at, updated_at)
  VALUES (?, 'job-1', 0, ?, '', '[]', 1, ?, 0, 0, 0, 1, ?)`;
const marks = (db: ReturnType<typeof migrateTo>) => db.prepare('SELECT id, print_unshared, printed_at FROM print_documents ORDER BY id').all();

describe('migration 16: label prints not yet shared', () => {
  it('leaves the labels printed before not yet shared (with when they came out), the others nothing to send', () => {
    const before = databaseAtVersion(databaseFile(), 15);
    before.prepare(insertDocument).run('p-1', 'YT1', 'printed', 7);
    before.prepare(insertDocument).run('p-2', 'YT2', 'failed', 8);
    before.close();
    const db = migrateTo(databaseFile(), 16);
    expect(marks(db)).toEqual([
      { id: 'p-1', print_unshared: 1, printed_at: 7 },
      { id: 'p-2', print_unshared: 0, printed_at: null },
    ]);
    expect(indexesOf(db, 'print_documents')).toContain('print_documents_print_not_yet_shared');
    db.close();
  });

  it('marks a print not yet shared in the statement that records it printed, inserted or updated, and only the first time', () => {
    databaseAtVersion(databaseFile(), 15).close();
    const db = migrateTo(databaseFile(), 16);
    db.prepare(insertDocument).run('p-3', 'YT3', 'sent', 10);
    expect(marks(db)).toEqual([{ id: 'p-3', print_unshared: 0, printed_at: null }]);
    db.prepare(`UPDATE print_documents SET state = 'printed', updated_at = 12 WHERE id = 'p-3'`).run();
    db.prepare(insertDocument).run('p-4', 'YT4', 'printed', 13);
    expect(marks(db)).toEqual([
      { id: 'p-3', print_unshared: 1, printed_at: 12 },
      { id: 'p-4', print_unshared: 1, printed_at: 13 },
    ]);
    // Shared, then saved again as printed (a later save of the same state): nothing to send again.
    db.prepare('UPDATE print_documents SET print_unshared = 0').run();
    db.prepare(`UPDATE print_documents SET state = 'printed', updated_at = 20 WHERE id = 'p-3'`).run();
    expect(marks(db)).toEqual([
      { id: 'p-3', print_unshared: 0, printed_at: 12 },
      { id: 'p-4', print_unshared: 0, printed_at: 13 },
    ]);
    db.close();
  });
});
