import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startPostgresTestServer, type PostgresTestServer } from './postgres-test-server';
import { sharedTestDesks, type SharedTestDesks } from './shared-test-desks';

/** The server of a shared-mode test file and the desks of the test running now. */
export interface SharedTestRig {
  readonly server: PostgresTestServer;
  readonly desks: SharedTestDesks;
}

/**
 * Registers a shared-mode test file's hooks: one throwaway PostgreSQL for the file, a fresh
 * migrated database with its desks for each test (closed after it). A file's own hooks
 * registered afterwards run after these before each test, and before them after it.
 */
export function useSharedTestDesks(): SharedTestRig {
  let server: PostgresTestServer | undefined;
  let desks: SharedTestDesks | undefined;
  beforeAll(async () => {
    server = await startPostgresTestServer();
  });
  afterAll(() => server?.dispose());
  beforeEach(async () => {
    desks = await sharedTestDesks(rig.server);
  });
  afterEach(() => desks?.close());
  const rig: SharedTestRig = {
    get server() {
      if (server === undefined) throw new Error('the test server starts in beforeAll');
      return server;
    },
    get desks() {
      if (desks === undefined) throw new Error('the desks are made in beforeEach');
      return desks;
    },
  };
  return rig;
}
