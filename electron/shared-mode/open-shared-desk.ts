import type pg from 'pg';
import type { CallWindow } from '../gateway/call-window';
import { openSharedDatabase, type SharedConnectionSettings } from '../store/shared/open-shared-database';
import { bindSchemaAccount, type SharedAccount } from '../store/shared/shared-account';
import { createSharedCallWindow } from '../store/shared/shared-call-window';
import { sharedDatabaseFailure } from '../store/shared/shared-database-failure';
import { migrateSharedSchema, type SharedMigrationOutcome } from '../store/shared/shared-migrations';

/** One desk's way into the shared mode: its pool, the account's schema (migrated), and the account's call window. */
export interface SharedDesk {
  pool: pg.Pool;
  schema: string;
  migration: SharedMigrationOutcome;
  /** The account-wide window every gateway call of every desk passes. */
  callWindow: CallWindow;
  /** Closes the desk's connections. */
  close(): Promise<void>;
}

/** Which desk connects, for which account, and to which account's schema. */
export interface SharedDeskIdentity {
  schema: string;
  deskId: string;
  deskName: string;
  account: SharedAccount;
}

/**
 * Connects this desk to the shared database: opens its pool (named after the desk), creates or
 * migrates the account's schema, binds it to the desk's account (refusing a schema of another
 * account), and makes the account's call window. Failures are typed
 * StationFailures (see sharedDatabaseFailure); the pool is closed when opening fails.
 */
export async function openSharedDesk(connection: SharedConnectionSettings, desk: SharedDeskIdentity, options: { maxConnections?: number; marginMs?: number } = {}): Promise<SharedDesk> {
  const pool = openSharedDatabase(connection, { deskName: desk.deskName, ...(options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections }) });
  try {
    const migration = await migrateSharedSchema(pool, desk.schema);
    await bindSchemaAccount({ pool, schema: desk.schema, deskId: desk.deskId, connection }, desk.account);
    const callWindow = createSharedCallWindow(pool, { schema: desk.schema, deskId: desk.deskId, connection, ...(options.marginMs === undefined ? {} : { marginMs: options.marginMs }) });
    return { pool, schema: desk.schema, migration, callWindow, close: () => pool.end() };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw sharedDatabaseFailure(error, connection);
  }
}
