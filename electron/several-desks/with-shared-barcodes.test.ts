import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BarcodeMapping } from '../../shared/domain/verification';
import { openLocalBackend } from '../store/local/open-local-backend';
import type { SharedConnectionSettings } from '../store/postgres/open-shared-database';
import { startPostgresTestServer, type PostgresTestServer } from '../store/postgres/testing/postgres-test-server';
import { verificationIpcHandlers } from '../verification/verification-ipc-handlers';

import { openTestLink } from './testing/shared-test-link';
import { withSharedBarcodes } from './with-shared-barcodes';

const gateway = { baseUrl: 'https://gw.example', shopId: 'S1' };

let server: PostgresTestServer;
let folder: string;
let connection: SharedConnectionSettings;
const closing: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  server = await startPostgresTestServer();
});
afterAll(() => server.dispose());
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'shared-barcodes-'));
  connection = await server.freshDatabase();
});
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
  await rm(folder, { recursive: true, force: true });
});

/** A desk in shared mode (its server `reach`, the test database unless said): scan-to-verify's channels over its backend with the account's barcodes. */
async function desk(deskId: string, reach: SharedConnectionSettings = connection) {
  const link = await openTestLink({ connection: reach, deskId, gateway, folder, awaitConnected: reach === connection });
  const local = await openLocalBackend({ file: join(folder, `${deskId}.db`) });
  const backend = withSharedBarcodes(local, link);
  closing.push(() => link.close(), () => backend.close());
  const channels = verificationIpcHandlers({
    barcodes: { read: backend.read.barcodes, write: backend.write.barcodes },
    deskEvents: { read: backend.read.deskEvents, write: backend.write.deskEvents },
    shopIds: () => ['S1', 'S2'],
    day: () => '2026-11-28',
    operatorName: () => null,
    logger: { info: () => undefined },
  });
  return { channels, local, link };
}

const goodsOf = (mappings: readonly BarcodeMapping[]) => mappings.map(({ shopId, barcode, goodsName, goodsSpec }) => [shopId, barcode, goodsName, goodsSpec]);

describe('the account’s learned barcodes through a desk’s backend (shared mode, real PostgreSQL)', () => {
  it('a barcode learned at one desk is found at the other, per shop; a correction and a forgetting there hold at both', async () => {
    const one = await desk('desk-1');
    const two = await desk('desk-2');
    await one.channels['verification.learn']({ shopId: 'S1', barcode: '6901234567892', goodsName: '保温杯', goodsSpec: '500ml' });
    expect(goodsOf(await two.channels['verification.barcodes']({ shopId: 'S1' }))).toEqual([['S1', '6901234567892', '保温杯', '500ml']]);
    expect(await two.channels['verification.barcodes']({ shopId: 'S2' })).toEqual([]);
    // What desk 2 read is kept at desk 2 too (for the time the server is away).
    expect(goodsOf(await two.local.read.barcodes.list('S1'))).toEqual([['S1', '6901234567892', '保温杯', '500ml']]);

    await two.channels['verification.learn']({ shopId: 'S1', barcode: '6901234567892', goodsName: '保温杯', goodsSpec: '750ml' });
    expect(goodsOf(await one.channels['verification.barcodes']({ shopId: 'S1' }))).toEqual([['S1', '6901234567892', '保温杯', '750ml']]);
    expect(await one.channels['verification.forget']({ shopId: 'S1', barcode: '6901234567892' })).toEqual({ removed: true });
    expect(await two.channels['verification.barcodes']({})).toEqual([]);
  });

  it('exports the account’s barcodes as CSV at one desk that import back as they were at another', async () => {
    const one = await desk('desk-1');
    const two = await desk('desk-2');
    await one.channels['verification.learn']({ shopId: 'S1', barcode: '=A1', goodsName: '杯, "大号"', goodsSpec: '红色;\n500ml' });
    await one.channels['verification.learn']({ shopId: 'S2', barcode: '6920000000017', goodsName: 'Mug', goodsSpec: '' });
    const learned = goodsOf(await one.channels['verification.barcodes']({}));
    const csv = await one.channels['verification.export-csv']({});
    expect(csv).toMatchObject({ fileName: 'barcodes-2026-11-28.csv', lines: 2 });
    for (const [shopId, barcode] of learned) await one.channels['verification.forget']({ shopId: shopId as string, barcode: barcode as string });
    expect(await two.channels['verification.barcodes']({})).toEqual([]);
    expect(await two.channels['verification.import-csv']({ text: csv.text })).toEqual({ imported: 2 });
    expect(goodsOf(await one.channels['verification.barcodes']({}))).toEqual(learned);
    expect((await two.channels['verification.export-csv']({})).text).toBe(csv.text);
  });

  it('two desks teaching one code at once leave one goods line that every desk reads; a code learned with the server away stays at its desk', async () => {
    const one = await desk('desk-1');
    const two = await desk('desk-2');
    await Promise.all([
      one.channels['verification.learn']({ shopId: 'S1', barcode: '6901234567892', goodsName: '保温杯', goodsSpec: '500ml' }),
      two.channels['verification.learn']({ shopId: 'S1', barcode: '6901234567892', goodsName: '茶杯', goodsSpec: '' }),
    ]);
    const atOne = goodsOf(await one.channels['verification.barcodes']({ shopId: 'S1' }));
    expect(atOne).toHaveLength(1);
    expect(goodsOf(await two.channels['verification.barcodes']({ shopId: 'S1' }))).toEqual(atOne);

    // Desk 3 cannot reach the server: what it learns is its own, and it changes nothing of the account's.
    const away = await desk('desk-3', { ...connection, port: 1 });
    await away.channels['verification.learn']({ shopId: 'S1', barcode: '6901234567892', goodsName: '饭盒', goodsSpec: '' });
    expect(goodsOf(await away.local.read.barcodes.list('S1'))).toEqual([['S1', '6901234567892', '饭盒', '']]);
    expect(goodsOf(await away.channels['verification.barcodes']({ shopId: 'S1' }))).toEqual([['S1', '6901234567892', '饭盒', '']]);
    expect(goodsOf(await one.channels['verification.barcodes']({ shopId: 'S1' }))).toEqual(atOne);
  });
});
