import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { StationError } from '../../shared/errors/station-error';
import { createStationLogger } from '../logging/station-logger';
import type { SharedAccount } from '../store/postgres/shared-account';
import { SHARED_SCHEMA_VERSION } from '../store/postgres/shared-migrations';
import { TEST_ACCOUNT } from '../store/postgres/testing/shared-test-desks';
import { useSharedTestDesks } from '../store/postgres/testing/use-shared-test-desks';
import { openSharedStation, type SharedStation } from './shared-station';

const rig = useSharedTestDesks();
const logFolder = mkdtempSync(join(tmpdir(), 'shared-station-checks-'));
const logger = createStationLogger({ directory: logFolder, secrets: () => [] });
afterAll(() => rmSync(logFolder, { recursive: true, force: true }));
const gateway = { baseUrl: TEST_ACCOUNT.gatewayBaseUrl, shopId: 'shop-1' };

/** A desk's live link on the test database (its own schema, so the link migrates it) for `account`. */
function openDeskLink(account: SharedAccount, deskId = 'desk-1'): SharedStation {
  return openSharedStation({ connection: rig.desks.connection, schema: 'waybill_station', deskId, deskName: deskId, gatewayIdentity: () => gateway, account: () => account, logger, heartbeatMs: 100 });
}

/** Waits until a heartbeat has settled the link in `state`. */
async function linkState(station: SharedStation, state: 'connected' | 'unreachable'): Promise<void> {
  for (const deadline = Date.now() + 10_000; station.state() !== state; await new Promise((wait) => setTimeout(wait, 20))) {
    if (Date.now() > deadline) throw new Error(`the link did not become ${state}`);
  }
}

/** What the link answers a gateway call asking for a slot of the account's window. */
const slotRefusal = async (station: SharedStation): Promise<StationError> => {
  const outcome = await station.callWindow.take().then(
    () => null,
    (error: unknown) => (error as { error: StationError }).error,
  );
  if (outcome === null) throw new Error('a slot was granted');
  return outcome;
};

/** Call starts the account's window has given (it keeps the latest ones). */
const grantsTaken = async () => Number((await rig.desks.pool.query<{ count: number }>(`SELECT cardinality(recent_starts) AS count FROM waybill_station.call_limit`)).rows[0]?.count);

describe('a desk’s link checks the schema’s account when it connects and its version with every heartbeat (real PostgreSQL)', () => {
  it('refuses a schema of another account: no slot is granted, the desk is told which accounts; a desk of the account connects', async () => {
    const first = openDeskLink(TEST_ACCOUNT);
    await linkState(first, 'connected');
    await first.close();

    const otherAccount: SharedAccount = { gatewayBaseUrl: 'https://gw.other.example', shops: [{ merchantUserId: 3300112233, sellerNick: '别家旗舰店' }] };
    const other = openDeskLink(otherAccount, 'desk-2');
    try {
      // Give the link several heartbeats: it never connects.
      await new Promise((wait) => setTimeout(wait, 500));
      expect(other.state()).toBe('unreachable');
      expect(await slotRefusal(other)).toEqual({
        code: 'shared-mode.other-account',
        params: { schema: 'waybill_station', schemaGateway: 'demo', schemaShops: '小满百货旗舰店 (2201385297)', deskGateway: 'https://gw.other.example', deskShops: '别家旗舰店 (3300112233)' },
        retryable: false,
      });
      expect(await grantsTaken()).toBe(0);
    } finally {
      await other.close();
    }

    const again = openDeskLink(TEST_ACCOUNT, 'desk-3');
    try {
      await linkState(again, 'connected');
      await again.callWindow.take();
      expect(await grantsTaken()).toBe(1);
    } finally {
      await again.close();
    }
  });

  it('stops granting slots once another app migrated the schema under it, naming both versions', async () => {
    const station = openDeskLink(TEST_ACCOUNT);
    try {
      await linkState(station, 'connected');
      await station.callWindow.take();
      await rig.desks.pool.query(`INSERT INTO waybill_station.kysely_migration (name, timestamp) VALUES ('999-from-a-newer-app', now()::text)`);
      await linkState(station, 'unreachable');
      expect(await slotRefusal(station)).toEqual({ code: 'shared-mode.schema-changed', params: { schema: 'waybill_station', version: SHARED_SCHEMA_VERSION + 1, known: SHARED_SCHEMA_VERSION }, retryable: false });
      // It stays stopped: later heartbeats find the same mismatch.
      await new Promise((wait) => setTimeout(wait, 300));
      expect(station.state()).toBe('unreachable');
      expect(await grantsTaken()).toBe(1);
    } finally {
      await station.close();
    }
  });
});
