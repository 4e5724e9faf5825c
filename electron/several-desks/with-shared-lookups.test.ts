import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { QueryEntryOutcome } from '../../shared/domain/waybill';
import { openLocalBackend } from '../store/local/open-local-backend';
import { openStationDatabase } from '../store/local/open-station-database';
import type { StationBackend } from '../store/station-backend';
import { createSharedClaims } from '../store/postgres/shared-claims';
import { startPostgresTestServer, type PostgresTestServer } from '../store/postgres/testing/postgres-test-server';
import type { SharedStation } from './shared-station';
import { joinOtherDesk, openTestLink } from './testing/shared-test-link';
import { withSharedLookups } from './with-shared-lookups';

const gateway = { baseUrl: 'https://gw.example', shopId: 'shop-1' };

let server: PostgresTestServer;
let folder: string;
let station: SharedStation;
let backend: StationBackend;
const closing: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  server = await startPostgresTestServer();
});
afterAll(() => server.dispose());

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'shared-lookups-'));
  const file = join(folder, 'station.db');
  // This desk's journal: a job whose calls for T1–T4 went out and whose answers were lost (pending).
  const db = openStationDatabase({ file });
  db.exec(`
    INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json, gateway_base_url, shop_ids_json)
      VALUES ('job-a', 'issuing', 1, 1, 'YTO', 'B1', '{}', '${gateway.baseUrl}', json_array('${gateway.shopId}'));
    INSERT INTO journal_orders (order_number, job_id, state, updated_at, gateway_base_url, gateway_shop_id)
      VALUES ('T1', 'job-a', 'pending', 1, '${gateway.baseUrl}', '${gateway.shopId}'), ('T2', 'job-a', 'pending', 1, '${gateway.baseUrl}', '${gateway.shopId}'),
             ('T3', 'job-a', 'pending', 1, '${gateway.baseUrl}', '${gateway.shopId}'), ('T4', 'job-a', 'pending', 1, '${gateway.baseUrl}', '${gateway.shopId}');
  `);
  db.close();
  const connection = await server.freshDatabase();
  station = await openTestLink({ connection, deskId: 'desk-a', deskName: 'Desk A', gateway, folder });
  backend = withSharedLookups(await openLocalBackend({ file }), station);
  // Desk B took T2 over while desk A slept past its lease.
  const { desk: deskB, close } = await joinOtherDesk(connection, 'desk-b', 'Desk B');
  closing.push(close);
  await station.claims.claim(gateway, 'job-a', ['T1', 'T3'], 60_000);
  await createSharedClaims(deskB).claim(gateway, 'job-b', ['T2'], 60_000);
});
afterEach(async () => {
  await station.close();
  await backend.close();
  for (const close of closing.splice(0)) await close();
  await rm(folder, { recursive: true, force: true });
});

const found = (orderNumber: string, waybillCode: string): QueryEntryOutcome => ({
  orderNumber,
  status: 'found',
  waybill: { orderNumber, waybillCode, parentWaybillCode: null, printData: { ok: true, data: { data: {} } } as never },
});

describe('look-ups in shared mode: the account’s claims say whose a found waybill is', () => {
  it('records a waybill of an order another desk took over as issued elsewhere (never printed here), and this desk’s own as recovered', async () => {
    const statuses = await backend.write.journal.recordQuery('job-a', gateway.shopId, [found('T1', 'YT1'), found('T2', 'YT2'), found('T4', 'YT4')], 10);
    expect(Object.fromEntries(statuses.map((status) => [status.orderNumber, status.state]))).toEqual({ T1: 'recovered', T2: 'elsewhere', T4: 'recovered' });
  });

  it('takes no found waybill on a guess while the shared database is away: the order stays pending and is asked again', async () => {
    server.stop();
    try {
      const statuses = await backend.write.journal.recordQuery('job-a', gateway.shopId, [found('T3', 'YT3')], 10);
      expect(statuses).toEqual([{ shopId: gateway.shopId, orderNumber: 'T3', state: 'pending', waybillCode: null }]);
    } finally {
      server.start();
    }
  });
});
