import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileOsPrintStore, createInMemoryOsPrintStore } from './os-print-store';
import type { OsPrintTaskRecord } from './os-print-store';
import type { PrinterConfig } from '../../shared/domain/printing';

function task(taskId: string, jobId: string | null = null): OsPrintTaskRecord {
  return { taskId, printer: 'WaybillPDF', createdAt: 1, documents: [{ documentId: `doc-${taskId}`, state: { kind: 'submitted', jobId } }] };
}

const config: PrinterConfig = {
  name: 'WaybillPDF',
  paperSize: { width: 76, height: 130 },
  horizontalOffset: 1,
  verticalOffset: -1,
  orientation: null,
  raw: { needTopLogo: false },
};

describe('the in-memory store', () => {
  it('keeps printer configs and tasks, replacing by name and id', () => {
    const store = createInMemoryOsPrintStore();
    store.savePrinterConfig(config);
    store.savePrinterConfig({ ...config, horizontalOffset: 2 });
    store.saveTask(task('t1'));
    store.saveTask(task('t1', 'WaybillPDF-7'));
    expect(store.printerConfig('WaybillPDF')).toEqual({ ...config, horizontalOffset: 2 });
    expect(store.printerConfig('Other')).toBeUndefined();
    expect(store.task('t1')).toEqual(task('t1', 'WaybillPDF-7'));
    expect(store.contents().tasks).toHaveLength(1);
  });

  it('forgets the oldest tasks beyond its limit, and only those', () => {
    const store = createInMemoryOsPrintStore(undefined, { maxTasks: 2 });
    for (const id of ['t1', 't2', 't3']) store.saveTask(task(id));
    store.saveTask(task('t2', 'WaybillPDF-9'));
    expect(store.task('t1')).toBeUndefined();
    expect(store.contents().tasks.map((record) => record.taskId)).toEqual(['t2', 't3']);
  });
});

describe('the file store', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'os-print-store-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('hands what one run saved to the next', () => {
    const file = join(folder, 'nested', 'os-print.json');
    const first = createFileOsPrintStore(file);
    first.savePrinterConfig(config);
    first.saveTask(task('t1', 'WaybillPDF-3'));
    const next = createFileOsPrintStore(file);
    expect(next.printerConfig('WaybillPDF')).toEqual(config);
    expect(next.task('t1')).toEqual(task('t1', 'WaybillPDF-3'));
  });

  it('sets a damaged file aside and starts empty', async () => {
    const file = join(folder, 'os-print.json');
    await writeFile(file, '{"printers": [');
    const store = createFileOsPrintStore(file);
    expect(store.task('t1')).toBeUndefined();
    store.saveTask(task('t1'));
    expect((await readdir(folder)).sort()).toEqual(['os-print.json', expect.stringMatching(/^os-print\.json\.damaged-\d+$/)]);
    expect(createFileOsPrintStore(file).task('t1')).toEqual(task('t1'));
  });
});
