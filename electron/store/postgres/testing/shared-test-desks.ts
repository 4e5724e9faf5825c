import type pg from 'pg';
import { openSharedDatabase, type SharedConnectionSettings } from '../open-shared-database';
import type { SharedAccount } from '../shared-account';
import type { SharedDeskAccess } from '../shared-access';
import { randomUUID } from 'node:crypto';
import { joinSharedDesk } from '../shared-desks';
import { migrateSharedSchema } from '../shared-migrations';
import type { PostgresTestServer } from './postgres-test-server';

/** The account's schema of the shared-mode tests. */
export const TEST_SCHEMA = 'acct';

/** The account of the shared-mode tests' desks: the sandbox's demo shop. */
export const TEST_ACCOUNT: SharedAccount = { gatewayBaseUrl: 'demo', shops: [{ merchantUserId: 2201385297, sellerNick: '小满百货旗舰店' }] };

/** Desks of one test: each with a pool of its own on one fresh, migrated database; all closed by `close`. */
export interface SharedTestDesks {
  connection: SharedConnectionSettings;
  /** A desk's process that joined (holding the desk id under `name`; a new boot id unless given), with a pool of its own. */
  join(deskId: string, name?: string, bootId?: string): Promise<SharedDeskAccess>;
  /** A pool for the test's own looks at the tables. */
  pool: pg.Pool;
  close(): Promise<void>;
}

/** Creates a fresh database on the test server, migrates the account's schema, and hands out desks on it. */
export async function sharedTestDesks(server: PostgresTestServer): Promise<SharedTestDesks> {
  const connection = await server.freshDatabase();
  const pools: pg.Pool[] = [];
  const open = (deskName: string) => {
    const pool = openSharedDatabase(connection, { deskName, connectTimeoutMs: 2000 });
    pools.push(pool);
    return pool;
  };
  const pool = open('test');
  await migrateSharedSchema(pool, TEST_SCHEMA);
  return {
    connection,
    pool,
    async join(deskId, name = deskId, bootId = randomUUID()) {
      const desk = open(name);
      if (!(await joinSharedDesk(desk, TEST_SCHEMA, { deskId, bootId, name }))) throw new Error(`${deskId} is held by another live process`);
      return { pool: desk, schema: TEST_SCHEMA, deskId, bootId, connection };
    },
    close: async () => {
      await Promise.all(pools.splice(0).map((each) => each.end().catch(() => undefined)));
    },
  };
}
