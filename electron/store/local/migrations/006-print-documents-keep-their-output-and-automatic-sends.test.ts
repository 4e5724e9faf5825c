import { describe, expect, it } from 'vitest';
import { columnsOf, databaseAtVersion, migrateTo, useDatabaseFile } from '../testing/migration-test-kit';

const databaseFile = useDatabaseFile();

const insertDocument =
  "INSERT INTO print_documents (id, job_id, seq, document_id, printer, contents_json, documents_per_task, state, task_id, attempts, received, rendered, created_at, updated_at, sent_at) VALUES (?, 'job-1', ?, ?, '', '[]', 1, ?, ?, 1, 0, 0, 1, 1, ?)";

describe('migration 6: print documents keep their output and automatic sends', () => {
  it('leaves labels printed before without an output (asked of whichever is chosen) and with no automatic sends', () => {
    const before = databaseAtVersion(databaseFile(), 5);
    before.prepare(insertDocument).run('p-1', 0, 'YT1', 'sent', 'task-1', 5);
    before.prepare(insertDocument).run('p-2', 1, 'YT2', 'queued', null, null);
    before.close();
    const db = migrateTo(databaseFile(), 6);
    const added = columnsOf(db, 'print_documents').filter((column) => ['output', 'automatic_sends'].includes(column.name));
    expect(added).toEqual([
      expect.objectContaining({ name: 'output', type: 'TEXT', notnull: 0, dflt_value: null }),
      expect.objectContaining({ name: 'automatic_sends', type: 'INTEGER', notnull: 1, dflt_value: '0' }),
    ]);
    expect(db.prepare('SELECT id, state, task_id, output, automatic_sends FROM print_documents ORDER BY seq').all()).toEqual([
      { id: 'p-1', state: 'sent', task_id: 'task-1', output: null, automatic_sends: 0 },
      { id: 'p-2', state: 'queued', task_id: null, output: null, automatic_sends: 0 },
    ]);
    db.close();
  });

  it('takes only the two outputs and no negative send count', () => {
    databaseAtVersion(databaseFile(), 5).close();
    const db = migrateTo(databaseFile(), 6);
    db.prepare(insertDocument).run('p-1', 0, 'YT1', 'sent', 'task-1', 5);
    const setOutput = db.prepare("UPDATE print_documents SET output = ? WHERE id = 'p-1'");
    setOutput.run('print-component');
    setOutput.run('os-printer');
    expect(() => setOutput.run('fax')).toThrow(/CHECK constraint failed/);
    expect(() => db.prepare("UPDATE print_documents SET automatic_sends = -1 WHERE id = 'p-1'").run()).toThrow(/CHECK constraint failed/);
    expect(db.prepare('SELECT output, automatic_sends FROM print_documents').get()).toEqual({ output: 'os-printer', automatic_sends: 0 });
    db.close();
  });
});
