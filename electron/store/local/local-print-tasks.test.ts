import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_GATEWAY, UNKNOWN_GATEWAY } from '../../../shared/domain/gateway-identity';
import { openStationDatabase } from './open-station-database';
import type { StationDatabase } from './open-station-database';
import type { PrintDocumentRecord } from '../station-records';
import { createWriteTimer } from './write-timer';
import { createLocalPrintTasks } from './local-print-tasks';

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
  printDataOfWaybill: false,
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

const realShop = { baseUrl: 'https://gateway.example.com', shopId: '8800' };
const demoShop = { baseUrl: DEMO_GATEWAY, shopId: '57301862' };

/** The print-task area on a database, with its own write timer (another instance is another run of the app). */
function printTasks(db: StationDatabase) {
  const writes = createWriteTimer();
  return { ...createLocalPrintTasks(db, writes), writes };
}

describe('the local print-task store', () => {
  it('keeps every open document across a restart, exactly as last saved (the output it went to too), in queue order', async () => {
    const store = printTasks(open());
    const sent = record('b', 2);
    await store.write.save(record('a', 1), realShop);
    await store.write.save(sent, realShop);
    await store.write.save({ ...sent, state: 'sent', taskId: 't-1', attempts: 1, automaticSends: 1, output: 'os-printer', updatedAt: 2000 }, realShop);
    await store.write.save(record('c', 3, { state: 'failed', received: true, rendered: true, failure: { code: 50, detail: 'Printer out of paper.', source: 'document' } }), realShop);

    const reopened = printTasks(open());
    expect(await reopened.read.openDocuments([realShop])).toEqual([record('a', 1), { ...sent, state: 'sent', taskId: 't-1', attempts: 1, automaticSends: 1, output: 'os-printer', updatedAt: 2000 }, record('c', 3, { state: 'failed', received: true, rendered: true, failure: { code: 50, detail: 'Printer out of paper.', source: 'document' } })]);
    expect(store.writes.count()).toBe(4);
  });

  it('drops the contents of a printed document and no longer loads it; a purged failed one is not loaded either', async () => {
    const db = open();
    const store = printTasks(db);
    await store.write.save(record('a', 1), realShop);
    await store.write.save(record('a', 1, { state: 'printed', received: true, taskId: 't-1', attempts: 1 }), realShop);
    await store.write.save(record('b', 2, { state: 'failed' }), realShop);
    expect(await store.write.purgeContents(Number.MAX_SAFE_INTEGER)).toBe(1);

    expect(await printTasks(db).read.openDocuments([realShop])).toEqual([]);
    expect(db.prepare("SELECT state, own_layers_json FROM print_documents WHERE id = 'a'").get()).toEqual({ state: 'printed', own_layers_json: null });
  });

  it('writes a record saved by another store instance as an update, never a second row', async () => {
    const db = open();
    await printTasks(db).write.save(record('a', 1), realShop);
    await printTasks(db).write.save(record('a', 1, { state: 'sent', taskId: 't-9' }), realShop);
    expect(db.prepare('SELECT COUNT(*) AS n, MAX(task_id) AS task FROM print_documents').get()).toEqual({ n: 1, task: 't-9' });
  });

  it('loads only the documents queued under the gateway and shop in use, and none while there is none', async () => {
    const db = open();
    await printTasks(db).write.save(record('real', 1), realShop);
    await printTasks(db).write.save(record('demo', 2), demoShop);
    expect(db.prepare("SELECT gateway_base_url AS baseUrl, gateway_shop_id AS shopId FROM print_documents WHERE id = 'real'").get()).toEqual(realShop);

    expect((await printTasks(db).read.openDocuments([realShop])).map((loaded) => loaded.id)).toEqual(['real']);
    expect((await printTasks(db).read.openDocuments([demoShop])).map((loaded) => loaded.id)).toEqual(['demo']);
    expect(await printTasks(db).read.openDocuments([{ ...realShop, shopId: '8801' }])).toEqual([]);
    expect(await printTasks(db).read.openDocuments(null)).toEqual([]);
    // A row of an unknown gateway (written before they were recorded, where none could be known) matches none.
    db.prepare("UPDATE print_documents SET gateway_base_url = ?, gateway_shop_id = ? WHERE id = 'real'").run(UNKNOWN_GATEWAY, UNKNOWN_GATEWAY);
    expect(await printTasks(db).read.openDocuments([{ baseUrl: UNKNOWN_GATEWAY, shopId: UNKNOWN_GATEWAY }])).toEqual([]);
  });

  it('records a burst of documents sent in one commit, and leaves the database on synchronous=FULL after every save', async () => {
    const db = open();
    const store = printTasks(db);
    for (const [id, seq] of [['a', 1], ['b', 2], ['c', 3]] as const) await store.write.save(record(id, seq), realShop);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    const before = store.writes.count();
    await store.write.saveAll(
      (['a', 'b', 'c'] as const).map((id, index) => record(id, index + 1, { state: 'sent', taskId: `t-${id}`, attempts: 1 })),
      realShop,
    );
    expect(store.writes.count()).toBe(before + 1);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect((await printTasks(db).read.openDocuments([realShop])).map((loaded) => loaded.state)).toEqual(['sent', 'sent', 'sent']);
  });
});
