import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PrintDocumentRecord } from '../printing/print-task-store';
import { openStationDatabase } from './open-station-database';
import type { StationDatabase } from './open-station-database';
import { createSqlitePrintTaskStore } from './sqlite-print-task-store';

let directory: string;
let file: string;
const opened: StationDatabase[] = [];

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'print-store-'));
  file = join(directory, 'station.sqlite');
});
afterEach(async () => {
  for (const db of opened.splice(0)) db.close();
  await rm(directory, { recursive: true, force: true });
});

function open(): StationDatabase {
  const db = openStationDatabase({ file });
  opened.push(db);
  return db;
}

const record = (id: string, seq: number, changes: Partial<PrintDocumentRecord> = {}): PrintDocumentRecord => ({
  id,
  jobId: 'job-1',
  seq,
  documentId: `YT${seq}`,
  printer: '',
  contents: [{ encryptedData: `AES:${id}`, templateURL: 'https://cloudprint.cainiao.com/template/standard/101/1' }],
  documentsPerTask: 1,
  state: 'queued',
  taskId: null,
  attempts: 0,
  automaticSends: 0,
  output: null,
  received: false,
  rendered: false,
  failure: null,
  updatedAt: 1000 + seq,
  statusAskedAt: null,
  ...changes,
});

describe('the SQLite print task store', () => {
  it('keeps every open document across a restart, exactly as last saved (the output it went to too), in queue order', () => {
    const store = createSqlitePrintTaskStore(open());
    const sent = record('b', 2);
    store.save(record('a', 1));
    store.save(sent);
    store.save({ ...sent, state: 'sent', taskId: 't-1', attempts: 1, automaticSends: 1, output: 'os-printer', updatedAt: 2000 });
    store.save(record('c', 3, { state: 'failed', received: true, rendered: true, failure: { code: 50, detail: 'Printer out of paper.', source: 'document' } }));

    const reopened = createSqlitePrintTaskStore(open());
    expect(reopened.loadOpen()).toEqual([record('a', 1), { ...sent, state: 'sent', taskId: 't-1', attempts: 1, automaticSends: 1, output: 'os-printer', updatedAt: 2000 }, record('c', 3, { state: 'failed', received: true, rendered: true, failure: { code: 50, detail: 'Printer out of paper.', source: 'document' } })]);
    expect(store.writes.count()).toBe(4);
  });

  it('drops the contents of a printed document and no longer loads it; a purged failed one is not loaded either', () => {
    const db = open();
    const store = createSqlitePrintTaskStore(db);
    store.save(record('a', 1));
    store.save(record('a', 1, { state: 'printed', received: true, taskId: 't-1', attempts: 1 }));
    store.save(record('b', 2, { state: 'failed' }));
    db.prepare("UPDATE print_documents SET contents_json = NULL WHERE id = 'b'").run();

    expect(createSqlitePrintTaskStore(db).loadOpen()).toEqual([]);
    expect(db.prepare("SELECT state, contents_json FROM print_documents WHERE id = 'a'").get()).toEqual({ state: 'printed', contents_json: null });
  });

  it('writes a record saved by another store instance as an update, never a second row', () => {
    const db = open();
    createSqlitePrintTaskStore(db).save(record('a', 1));
    createSqlitePrintTaskStore(db).save(record('a', 1, { state: 'sent', taskId: 't-9' }));
    expect(db.prepare('SELECT COUNT(*) AS n, MAX(task_id) AS task FROM print_documents').get()).toEqual({ n: 1, task: 't-9' });
  });
});
