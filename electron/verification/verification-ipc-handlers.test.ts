import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLocalBackend } from '../store/local/open-local-backend';
import type { StationBackend } from '../store/station-backend';
import { StationFailure } from '../ipc/to-station-error';
import { barcodeCsv } from './barcode-csv';
import { verificationIpcHandlers } from './verification-ipc-handlers';

let folder: string;
let backend: StationBackend;
let clock = 1_000;
let signedIn: string | null = null;
const handlers = () =>
  verificationIpcHandlers({
    barcodes: { read: backend.read.barcodes, write: backend.write.barcodes },
    deskEvents: { read: backend.read.deskEvents, write: backend.write.deskEvents },
    shopIds: () => ['S1', 'S2'],
    now: () => clock,
    day: () => '2026-11-28',
    operatorName: () => signedIn,
    logger: { info: () => undefined },
  });

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'verification-'));
  backend = await openLocalBackend({ file: join(folder, 'station.db') });
});
afterEach(async () => {
  await backend.close();
  await rm(folder, { recursive: true, force: true });
});

/** The StationError a call failed with. */
async function refusal(call: () => unknown): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    if (error instanceof StationFailure) return error.error;
    throw error;
  }
  throw new Error('the call was not refused');
}

describe('scan-to-verify: learned barcodes and desk events', () => {
  it('learns a barcode per shop, corrects it, forgets it, and refuses a shop not of the account', async () => {
    const channels = handlers();
    await channels['verification.learn']({ shopId: 'S1', barcode: '6901234567892', goodsName: '保温杯', goodsSpec: '500ml' });
    await channels['verification.learn']({ shopId: 'S2', barcode: '6901234567892', goodsName: '茶杯', goodsSpec: '' });
    clock = 2_000;
    await channels['verification.learn']({ shopId: 'S1', barcode: '6901234567892', goodsName: '保温杯', goodsSpec: '750ml' });
    expect(await channels['verification.barcodes']({ shopId: 'S1' })).toEqual([{ shopId: 'S1', barcode: '6901234567892', goodsName: '保温杯', goodsSpec: '750ml', updatedAt: 2_000 }]);
    expect(await channels['verification.barcodes']({})).toHaveLength(2);
    expect(await channels['verification.forget']({ shopId: 'S2', barcode: '6901234567892' })).toEqual({ removed: true });
    expect(await refusal(() => channels['verification.learn']({ shopId: 'S9', barcode: '1', goodsName: 'x', goodsSpec: '' }))).toMatchObject({ code: 'verification.unknown-shop', params: { shopId: 'S9' } });
  });

  it('exports a CSV that imports back as it was (formulas defused and restored); a bad line refuses the whole file, naming it', async () => {
    const channels = handlers();
    await channels['verification.learn']({ shopId: 'S1', barcode: '=A1', goodsName: '杯, "大号"', goodsSpec: '红色;\n500ml' });
    await channels['verification.learn']({ shopId: 'S2', barcode: '6901234567892', goodsName: 'Mug', goodsSpec: '' });
    const exported = await channels['verification.export-csv']({});
    expect(exported).toMatchObject({ fileName: 'barcodes-2026-11-28.csv', lines: 2 });
    expect(exported.text.startsWith('\uFEFF店铺ID,条码,商品名称,规格\r\n')).toBe(true);
    expect(exported.text).toContain(`S1,'=A1,"杯, ""大号""","红色;\n500ml"`);
    const before = await channels['verification.barcodes']({});
    await channels['verification.forget']({ shopId: 'S1', barcode: '=A1' });
    expect(await channels['verification.import-csv']({ text: exported.text })).toEqual({ imported: 2 });
    expect((await channels['verification.barcodes']({})).map(({ updatedAt: _, ...rest }) => rest)).toEqual(before.map(({ updatedAt: _, ...rest }) => rest));

    const bad = `shop id,barcode,goods name,spec\nS1,111,Cup,\nS3,222,Plate,\n`;
    expect(await refusal(() => channels['verification.import-csv']({ text: bad }))).toMatchObject({ code: 'verification.csv-invalid', params: { line: 3 } });
    expect(await refusal(() => channels['verification.import-csv']({ text: 'S1,111,Cup,\nS1,111,Plate,' }))).toMatchObject({ code: 'verification.csv-invalid', params: { line: 2 } });
    expect(await refusal(() => channels['verification.import-csv']({ text: 'S1,111' }))).toMatchObject({ code: 'verification.csv-invalid', params: { line: 1 } });
    // Nothing of a refused file was imported.
    expect((await channels['verification.barcodes']({ shopId: 'S1' })).map((mapping) => mapping.barcode)).toEqual(['=A1']);
    expect(barcodeCsv([])).toBe('\uFEFF店铺ID,条码,商品名称,规格\r\n');
  });

  it('records outcomes and mismatches as desk events of their own kinds, counted by kind and mismatch', async () => {
    const channels = handlers();
    clock = 10_000;
    signedIn = null;
    await channels['verification.record']({ kind: 'verification.mismatch', shopId: 'S1', orderNumber: 'O1', details: { mismatch: 'wrong-item', barcode: '222', goodsName: 'Plate', goodsSpec: '' } });
    // An operator signs in: the events name them.
    signedIn = '李娜';
    await channels['verification.record']({ kind: 'verification.mismatch', shopId: 'S1', orderNumber: 'O1', details: { mismatch: 'one-too-many', barcode: '111', goodsName: 'Cup', goodsSpec: '' } });
    await channels['verification.record']({ kind: 'verification.override', shopId: 'S1', orderNumber: 'O1', details: { goodsName: 'Cup', goodsSpec: '', count: 1, reason: 'label torn' } });
    await channels['verification.record']({ kind: 'verification.completed', shopId: 'S1', orderNumber: 'O1', details: { lines: 1, items: 2, overridden: 1, weightG: 1234 } });
    expect(await backend.read.deskEvents.counts(0, 20_000)).toEqual([
      { kind: 'verification.completed', mismatch: null, count: 1 },
      { kind: 'verification.mismatch', mismatch: 'one-too-many', count: 1 },
      { kind: 'verification.mismatch', mismatch: 'wrong-item', count: 1 },
      { kind: 'verification.override', mismatch: null, count: 1 },
    ]);
    expect(await backend.read.deskEvents.counts(10_001, 20_000)).toEqual([]);
    const events = await backend.read.deskEvents.ofOrder('S1', 'O1');
    expect(events).toHaveLength(4);
    expect(events.find((event) => event.kind === 'verification.override')).toMatchObject({ details: { reason: 'label torn', count: 1 }, at: 10_000, operatorName: '李娜' });
    expect(events.filter((event) => event.kind === 'verification.mismatch').map((event) => event.operatorName)).toEqual(expect.arrayContaining([null, '李娜']));
    // Counted per operator in the statistics: what they verified while signed in.
    expect(await backend.read.statistics.operators({ from: 0, to: 3_600_000 })).toEqual([
      { key: '李娜', waybills: 0, splitParcels: 0, labelsPrinted: 0, reprints: 0, voids: 0, failures: 0, calls: 0, points: 0, heldBack: 0, verified: 1, mismatches: 1, overrides: 1 },
    ]);
  });

  it('remembers an order verified complete across a restart on the same data folder; a mismatch alone is no verification', async () => {
    clock = 30_000;
    await handlers()['verification.record']({ kind: 'verification.mismatch', shopId: 'S1', orderNumber: 'O2', details: { mismatch: 'wrong-item', barcode: '222', goodsName: null, goodsSpec: null } });
    expect(await handlers()['verification.verified']({ shopId: 'S1', orderNumber: 'O2' })).toBeNull();
    await handlers()['verification.record']({ kind: 'verification.completed', shopId: 'S1', orderNumber: 'O2', details: { lines: 1, items: 1, overridden: 0, weightG: null } });
    clock = 40_000;
    await handlers()['verification.record']({ kind: 'verification.completed', shopId: 'S1', orderNumber: 'O2', details: { lines: 1, items: 1, overridden: 0, weightG: null } });
    await backend.close();
    backend = await openLocalBackend({ file: join(folder, 'station.db') });
    // The first verification stands; the same order number of another shop is another order.
    expect(await handlers()['verification.verified']({ shopId: 'S1', orderNumber: 'O2' })).toEqual({ at: 30_000, deskName: null });
    expect(await handlers()['verification.verified']({ shopId: 'S2', orderNumber: 'O2' })).toBeNull();
    expect(await refusal(() => handlers()['verification.verified']({ shopId: 'S9', orderNumber: 'O2' }))).toMatchObject({ code: 'verification.unknown-shop' });
  });
});
