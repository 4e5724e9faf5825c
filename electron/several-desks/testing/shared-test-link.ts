import { join } from 'node:path';
import type { GatewayIdentity } from '../../../shared/domain/gateway-identity';
import { createStationLogger } from '../../logging/station-logger';
import { openSharedDatabase, type SharedConnectionSettings } from '../../store/postgres/open-shared-database';
import { joinSharedDesk } from '../../store/postgres/shared-desks';
import { TEST_ACCOUNT } from '../../store/postgres/testing/shared-test-desks';
import { openSharedStation, type SharedStation } from '../shared-station';

/** The schema the shared-mode tests use. */
export const TEST_SCHEMA = 'waybill_station';

/** What a test desk's link needs: the server, the desk, the gateway it works for, where its logs go. */
export interface TestLinkOptions {
  connection: SharedConnectionSettings;
  deskId: string;
  deskName?: string;
  gateway: GatewayIdentity;
  /** The test's folder: the desk's logs go in `logs-<deskId>` there. */
  folder: string;
  /** Answer once the link is connected (default); false for a server the test made unreachable. */
  awaitConnected?: boolean;
}

/**
 * A desk's link to the shared database as the shared-mode tests of this folder open it (heartbeats
 * every 200 ms, the test account), answered once it is connected: the desk a backend's shared
 * layers (`withShared…`) are stacked on.
 */
export async function openTestLink(options: TestLinkOptions): Promise<SharedStation> {
  const { connection, deskId, gateway, folder } = options;
  const logger = createStationLogger({ directory: join(folder, `logs-${deskId}`), secrets: () => [] });
  const link = openSharedStation({ connection, schema: TEST_SCHEMA, deskId, deskName: options.deskName ?? deskId, gatewayIdentity: () => gateway, account: () => TEST_ACCOUNT, logger, heartbeatMs: 200 });
  for (const deadline = Date.now() + 20_000; options.awaitConnected !== false && link.state() !== 'connected'; await new Promise((wait) => setTimeout(wait, 20))) {
    if (Date.now() > deadline) throw new Error(`${deskId} did not connect`);
  }
  return link;
}

/** Another desk at the database, as its own pool joined under its name, for a test to act as it directly (its claims, its history); `close` ends the pool. */
export async function joinOtherDesk(connection: SharedConnectionSettings, deskId: string, name: string) {
  const pool = openSharedDatabase(connection, { deskName: name });
  const desk = { pool, schema: TEST_SCHEMA, deskId, bootId: `boot-${deskId}`, connection };
  await joinSharedDesk(pool, TEST_SCHEMA, { ...desk, name });
  return { desk, close: () => pool.end() };
}
