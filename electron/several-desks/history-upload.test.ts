import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SHARE_REFUSALS_BEFORE_SET_ASIDE } from '../../shared/domain/desks';
import { createStationLogger, type StationLogger } from '../logging/station-logger';
import { openLocalBackend } from '../store/local/open-local-backend';
import { openStationDatabase } from '../store/local/open-station-database';
import type { StationBackend } from '../store/station-backend';
import type { SharedConnectionSettings } from '../store/postgres/open-shared-database';
import { startPostgresTestServer, type PostgresTestServer } from '../store/postgres/testing/postgres-test-server';
import { TEST_ACCOUNT } from '../store/postgres/testing/shared-test-desks';
import { desksIpcHandlers } from './desks-ipc-handlers';
import { startHistoryUpload, type HistoryUpload } from './history-upload';
import { createSharedModeView } from './shared-mode-view';
import { openSharedStation, type SharedStation } from './shared-station';
import { withSharedHistory } from './with-shared-history';

const gateway = { baseUrl: 'https://gw.example', shopId: 'shop-1' };

let server: PostgresTestServer;
let database: SharedConnectionSettings;
let folder: string;
let logger: StationLogger;
let backend: StationBackend;
let station: SharedStation;
let sync: HistoryUpload;

beforeAll(async () => {
  server = await startPostgresTestServer();
});
afterAll(() => server.dispose());

/** A station database holding a job of `gateway` and its waybills: YT1, which no journal order points at, then YT2 and YT3 of orders T2 and T3. */
function journalWithAnOrphanFirst(file: string): void {
  const db = openStationDatabase({ file });
  db.exec(`
    INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json, gateway_base_url, shop_ids_json)
      VALUES ('job-1', 'done', 1, 1, 'YTO', 'B1', '{}', '${gateway.baseUrl}', json_array('${gateway.shopId}'));
    INSERT INTO waybills (waybill_code, carrier_code, branch_code, object_id, origin, job_id, recorded_at, print_data, print_data_state, gateway_shop_id)
      VALUES ('YT1', 'YTO', 'B1', 'T1', 'issued', 'job-1', 1, '{}', 'present', '${gateway.shopId}'),
             ('YT2', 'YTO', 'B1', 'T2', 'issued', 'job-1', 2, '{}', 'present', '${gateway.shopId}'),
             ('YT3', 'YTO', 'B1', 'T3', 'issued', 'job-1', 3, '{}', 'present', '${gateway.shopId}');
    INSERT INTO journal_orders (order_number, job_id, state, updated_at, waybill_code, gateway_base_url, gateway_shop_id)
      VALUES ('T2', 'job-1', 'issued', 2, 'YT2', '${gateway.baseUrl}', '${gateway.shopId}'),
             ('T3', 'job-1', 'issued', 3, 'YT3', '${gateway.baseUrl}', '${gateway.shopId}');
  `);
  db.close();
}

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'shared-sync-'));
  database = await server.freshDatabase();
  const file = join(folder, 'station.db');
  journalWithAnOrphanFirst(file);
  logger = createStationLogger({ directory: join(folder, 'logs'), secrets: () => [] });
  station = openSharedStation({ connection: database, schema: 'waybill_station', deskId: 'desk-1', deskName: 'Desk 1', gatewayIdentity: () => gateway, account: () => TEST_ACCOUNT, logger, heartbeatMs: 200 });
  backend = withSharedHistory(await openLocalBackend({ file }), station);
  // One waybill a round: the orphan alone fills the first.
  sync = startHistoryUpload({ station, outbox: { read: backend.read.uploadOutbox, write: backend.write.uploadOutbox }, logger, batch: 1, backoffMs: 50, maxBackoffMs: 200 });
});
afterEach(async () => {
  await sync.close();
  await station.close();
  await backend.close();
  await rm(folder, { recursive: true, force: true });
});

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sharedLines = async () => (await station.history.search({ gateway })).rows.map(({ orderNumber, waybillCode, voided, voidNote }) => ({ orderNumber, waybillCode, voided, voidNote }));

/** Records order T4 shipped in two parcels (migration 15: each parcel's waybill names its order), as the journal does. */
function recordTwoParcels(file: string): void {
  const db = openStationDatabase({ file });
  db.exec(`
    INSERT INTO waybills (waybill_code, parent_waybill_code, carrier_code, branch_code, object_id, origin, job_id, recorded_at, print_data, print_data_state, gateway_shop_id, parcel_order_number, parcel_no)
      VALUES ('YT4', 'YT4', 'YTO', 'B1', 'T4', 'issued', 'job-1', 4, '{}', 'present', '${gateway.shopId}', 'T4', 1),
             ('YT5', 'YT4', 'YTO', 'B1', 'T4#2', 'issued', 'job-1', 4, '{}', 'present', '${gateway.shopId}', 'T4', 2);
    INSERT INTO journal_orders (order_number, job_id, state, updated_at, waybill_code, gateway_base_url, gateway_shop_id)
      VALUES ('T4', 'job-1', 'issued', 4, 'YT4', '${gateway.baseUrl}', '${gateway.shopId}');
  `);
  db.close();
}

describe('the shared history sync (real SQLite, real PostgreSQL)', () => {
  it('never stalls on a waybill no journal order points at: it is let go with a log line and the rest is shared', async () => {
    await until('connected', async () => (station.state() === 'connected' ? true : undefined));
    await sync.drained();
    expect(await sharedLines()).toEqual([
      { orderNumber: 'T3', waybillCode: 'YT3', voided: false, voidNote: '' },
      { orderNumber: 'T2', waybillCode: 'YT2', voided: false, voidNote: '' },
    ]);
    expect(await backend.read.uploadOutbox.count()).toBe(0);
    expect(await readFile(logger.filePath, 'utf8')).toMatch(/a waybill no order points at is not shared.*YT1/);
  });

  it('shares every parcel of an order shipped in several under that order, with its parent waybill', async () => {
    await until('connected', async () => (station.state() === 'connected' ? true : undefined));
    await sync.drained();
    recordTwoParcels(join(folder, 'station.db'));
    sync.poke();
    await until('both parcels shared', async () => ((await sharedLines()).filter((line) => line.orderNumber === 'T4').length === 2 ? true : undefined));
    const rows = (await station.history.search({ gateway, text: 'T4' })).rows;
    expect(rows.map((row) => [row.orderNumber, row.waybillCode, row.parentWaybillCode]).sort()).toEqual([
      ['T4', 'YT4', 'YT4'],
      ['T4', 'YT5', 'YT4'],
    ]);
    expect(await backend.read.uploadOutbox.count()).toBe(0);

    // Another desk's history numbers them as the parcels of one ticket, the parent's first.
    const otherFolder = await mkdtemp(join(tmpdir(), 'shared-sync-other-'));
    const other = openSharedStation({ connection: database, schema: 'waybill_station', deskId: 'desk-2', deskName: 'Desk 2', gatewayIdentity: () => gateway, account: () => TEST_ACCOUNT, logger, heartbeatMs: 200 });
    const otherBackend = withSharedHistory(await openLocalBackend({ file: join(otherFolder, 'station.db') }), other);
    try {
      await until('desk 2 connected', async () => (other.state() === 'connected' ? true : undefined));
      const seen = (await otherBackend.read.history.search({ text: 'T4' })).rows;
      expect(seen.map((row) => [row.waybillCode, row.parcel, row.desk?.name]).sort()).toEqual([
        ['YT4', { no: 1, count: 2 }, 'Desk 1'],
        ['YT5', { no: 2, count: 2 }, 'Desk 1'],
      ]);
    } finally {
      await other.close();
      await otherBackend.close();
      await rm(otherFolder, { recursive: true, force: true });
    }
  });

  it('keeps a void made while the server is away here, answers that the sharing waits, and sends it once the server is back', async () => {
    await until('connected', async () => (station.state() === 'connected' ? true : undefined));
    await sync.drained();
    server.stop();
    try {
      await until('the server gone', async () => (station.state() === 'unreachable' ? true : undefined));
      expect(await backend.write.history.setVoid(['YT2'], 10_000, 'parcel lost')).toEqual({ changed: 1, sharingWaits: true });
      // Kept here: the desk's own history shows it voided at once.
      expect((await backend.read.history.search({ text: 'T2' })).rows).toEqual([expect.objectContaining({ waybillCode: 'YT2', voided: true, voidNote: 'parcel lost' })]);
    } finally {
      server.start();
    }
    await until('the void in the shared history', async () => ((await sharedLines()).find((line) => line.waybillCode === 'YT2')?.voided === true ? true : undefined));
    expect((await sharedLines()).find((line) => line.waybillCode === 'YT2')).toEqual({ orderNumber: 'T2', waybillCode: 'YT2', voided: true, voidNote: 'parcel lost' });
    expect(await backend.read.uploadOutbox.unsharedVoidMarks(10)).toEqual([]);
    // With the server there, a void reaches both at once.
    expect(await backend.write.history.setVoid(['YT3'], 11_000, 'buyer cancelled')).toEqual({ changed: 1, sharingWaits: false });
    expect((await sharedLines()).find((line) => line.waybillCode === 'YT3')).toMatchObject({ voided: true, voidNote: 'buyer cancelled' });
  });

  it('sets aside a waybill PostgreSQL keeps refusing after SHARE_REFUSALS_BEFORE_SET_ASIDE tries, shows it under Attention with the reason, and the rest flows', async () => {
    await until('connected', async () => (station.state() === 'connected' ? true : undefined));
    await sync.drained();
    // Print data with a NUL character: PostgreSQL cannot store it (a real refusal, not a lost server).
    const db = openStationDatabase({ file: join(folder, 'station.db') });
    db.exec(`
      INSERT INTO waybills (waybill_code, carrier_code, branch_code, object_id, origin, job_id, recorded_at, print_data, print_data_state, gateway_shop_id)
        VALUES ('YT8', 'YTO', 'B1', 'T8', 'issued', 'job-1', 8, '{"label":"' || char(0) || '"}', 'present', '${gateway.shopId}'),
               ('YT9', 'YTO', 'B1', 'T9', 'issued', 'job-1', 9, '{}', 'present', '${gateway.shopId}');
      INSERT INTO journal_orders (order_number, job_id, state, updated_at, waybill_code, gateway_base_url, gateway_shop_id)
        VALUES ('T8', 'job-1', 'issued', 8, 'YT8', '${gateway.baseUrl}', '${gateway.shopId}'),
               ('T9', 'job-1', 'issued', 9, 'YT9', '${gateway.baseUrl}', '${gateway.shopId}');
    `);
    const refusals = () => (db.prepare(`SELECT share_refusals FROM waybills WHERE waybill_code = 'YT8'`).get() as { share_refusals: number }).share_refusals;
    try {
      sync.poke();
      // YT8 comes first (one a round) and is refused each time; once set aside, YT9 after it is shared.
      await until('YT9 shared after YT8', async () => ((await sharedLines()).some((line) => line.waybillCode === 'YT9') ? true : undefined));
      expect(refusals()).toBe(SHARE_REFUSALS_BEFORE_SET_ASIDE);
    } finally {
      db.close();
    }
    expect((await sharedLines()).map((line) => line.waybillCode)).not.toContain('YT8');
    expect(await backend.read.uploadOutbox.count()).toBe(0);
    const setAside = [{ waybillCode: 'YT8', shopId: gateway.shopId, orderNumbers: ['T8'], setAsideAt: expect.any(Number) as number, reason: expect.objectContaining({ code: 'shared-mode.refused' }) as unknown }];
    expect(await backend.read.uploadOutbox.setAside()).toEqual(setAside);
    // The desk's Attention view reads it through desks.list.
    const listing = await desksIpcHandlers(createSharedModeView(station), () => backend.read.uploadOutbox.setAside())['desks.list']({});
    expect(listing.setAside).toEqual(setAside);
    expect(await readFile(logger.filePath, 'utf8')).toMatch(/set aside.*YT8/);
  });

  it('shares each label printed here once, after its waybill, and another desk’s history shows it printed at this desk; a reprint there counts it', async () => {
    await until('connected', async () => (station.state() === 'connected' ? true : undefined));
    await sync.drained();
    const file = join(folder, 'station.db');
    const db = openStationDatabase({ file });
    const insertPrint = db.prepare(`INSERT INTO print_documents (id, job_id, seq, document_id, printer, own_layers_json, documents_per_task, state, attempts, received, rendered, created_at, updated_at, gateway_base_url, gateway_shop_id)
      VALUES (?, 'job-1', 0, ?, 'P1', '[]', 1, 'printed', 1, 1, 1, ?, ?, '${gateway.baseUrl}', '${gateway.shopId}')`);
    insertPrint.run('p-1', 'YT2', 5_000, 5_000);
    insertPrint.run('p-2', 'YT2', 6_000, 6_000);
    // YT6 is recorded but not yet uploaded: its print waits for it.
    db.exec(`INSERT INTO waybills (waybill_code, carrier_code, branch_code, object_id, origin, job_id, recorded_at, print_data, print_data_state, gateway_shop_id, shared_at)
      VALUES ('YT6', 'YTO', 'B1', 'T6', 'issued', 'job-1', 6, '{}', 'present', '${gateway.shopId}', NULL)`);
    insertPrint.run('p-3', 'YT6', 7_000, 7_000);
    expect((await backend.read.uploadOutbox.unsharedPrints(10)).map((print) => print.printId)).toEqual(['p-1', 'p-2']);
    db.close();
    sync.poke();
    await sync.drained();
    // YT6 has no order (nothing to share), so it is let go and its print follows, dropped by the shared history, which lacks it.
    expect(await backend.read.uploadOutbox.unsharedPrints(10)).toEqual([]);

    const otherFolder = await mkdtemp(join(tmpdir(), 'shared-sync-other-'));
    const other = openSharedStation({ connection: database, schema: 'waybill_station', deskId: 'desk-2', deskName: 'Desk 2', gatewayIdentity: () => gateway, account: () => TEST_ACCOUNT, logger, heartbeatMs: 200 });
    const otherBackend = withSharedHistory(await openLocalBackend({ file: join(otherFolder, 'station.db') }), other);
    try {
      await until('desk 2 connected', async () => (other.state() === 'connected' ? true : undefined));
      const [line] = (await otherBackend.read.history.search({ text: 'T2' })).rows;
      expect(line).toMatchObject({ waybillCode: 'YT2', printState: 'printed', printCount: 2, desk: { name: 'Desk 1' }, printedAtDesks: [{ deskId: 'desk-1', deskName: 'Desk 1', count: 2, lastAt: 6_000 }] });
      expect(await otherBackend.read.history.reprintSource('YT2')).toMatchObject({ printCount: 2, printedAtDesks: [{ deskName: 'Desk 1', count: 2 }] });
      // Desk 1's own line counts only its own prints: no other desk printed it.
      expect((await backend.read.history.search({ text: 'T2' })).rows[0]).toMatchObject({ printCount: 2, printedAtDesks: [] });
    } finally {
      await other.close();
      await otherBackend.close();
      await rm(otherFolder, { recursive: true, force: true });
    }
  });

  it('purges the shared print data of waybills older than the retention with the desk’s own', async () => {
    await until('connected', async () => (station.state() === 'connected' ? true : undefined));
    await sync.drained();
    // YT1, YT2 and YT3 were recorded 1, 2 and 3 ms after the epoch: a cutoff at 2.5 ms takes YT1 and YT2 here, and YT2 in the shared history (YT1 never went there).
    expect(await backend.write.history.purgePrintData(2.5)).toBe(3);
    const lines = (await station.history.search({ gateway })).rows.map((row) => [row.waybillCode, row.printData]);
    expect(lines).toEqual([
      ['YT3', 'present'],
      ['YT2', 'purged'],
    ]);
  });

  it('finds, reprints and voids another desk’s waybill of a second shop under that shop, not under the first', async () => {
    await until('connected', async () => (station.state() === 'connected' ? true : undefined));
    await sync.drained();
    const secondShop = { ...gateway, shopId: 'shop-2' };
    const db = openStationDatabase({ file: join(folder, 'station.db') });
    db.exec(`
      INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json, gateway_base_url, shop_ids_json)
        VALUES ('job-2', 'done', 1, 1, 'YTO', 'B1', '{}', '${gateway.baseUrl}', json_array('shop-2'));
      INSERT INTO waybills (waybill_code, carrier_code, branch_code, object_id, origin, job_id, recorded_at, print_data, print_data_state, gateway_shop_id)
        VALUES ('YS1', 'YTO', 'B1', 'S1', 'issued', 'job-2', 10, '{"label":"YS1"}', 'present', 'shop-2');
      INSERT INTO journal_orders (order_number, job_id, state, updated_at, waybill_code, gateway_base_url, gateway_shop_id)
        VALUES ('S1', 'job-2', 'issued', 10, 'YS1', '${gateway.baseUrl}', 'shop-2');
    `);
    db.close();
    sync.poke();
    await sync.drained();
    const otherFolder = await mkdtemp(join(tmpdir(), 'shared-sync-other-'));
    // Desk 2's gateway identity names the first shop: the waybill must still go as the second shop's.
    const other = openSharedStation({ connection: database, schema: 'waybill_station', deskId: 'desk-2', deskName: 'Desk 2', gatewayIdentity: () => gateway, account: () => TEST_ACCOUNT, logger, heartbeatMs: 200 });
    const otherBackend = withSharedHistory(await openLocalBackend({ file: join(otherFolder, 'station.db') }), other);
    try {
      await until('desk 2 connected', async () => (other.state() === 'connected' ? true : undefined));
      expect(await otherBackend.read.history.reprintSource('YS1')).toMatchObject({ gateway: secondShop, printData: { label: 'YS1' }, printCount: 0 });
      expect(await otherBackend.write.history.setVoid(['YS1'], 20_000, 'wrong parcel')).toEqual({ changed: 1, sharingWaits: false });
      expect((await station.history.search({ gateway: secondShop })).rows).toEqual([expect.objectContaining({ waybillCode: 'YS1', voided: true, voidNote: 'wrong parcel' })]);
      expect((await station.history.search({ gateway })).rows.map((row) => row.waybillCode)).not.toContain('YS1');
    } finally {
      await other.close();
      await otherBackend.close();
      await rm(otherFolder, { recursive: true, force: true });
    }
  });
});
