import type pg from 'pg';
import { openSharedDatabase, type SharedConnectionSettings } from '../store/postgres/open-shared-database';
import { bindSchemaAccount, type SharedAccount } from '../store/postgres/shared-account';
import { sharedDatabaseFailure } from '../store/postgres/shared-database-failure';
import { migrateSharedSchema, type SharedMigrationOutcome } from '../store/postgres/shared-migrations';

/** One desk's way into the shared mode for Settings' "Test connection": its pool and the account's schema (migrated). */
export interface SharedSchemaConnection {
  pool: pg.Pool;
  schema: string;
  migration: SharedMigrationOutcome;
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
 * migrates the account's schema and binds it to the desk's account (refusing a schema of another
 * account). Failures are typed StationFailures (see sharedDatabaseFailure); the pool is closed
 * when opening fails.
 */
export async function openSharedSchema(connection: SharedConnectionSettings, desk: SharedDeskIdentity, options: { maxConnections?: number } = {}): Promise<SharedSchemaConnection> {
  const pool = openSharedDatabase(connection, { deskName: desk.deskName, ...(options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections }) });
  try {
    const migration = await migrateSharedSchema(pool, desk.schema);
    await bindSchemaAccount({ pool, schema: desk.schema, connection }, desk.account);
    return { pool, schema: desk.schema, migration, close: () => pool.end() };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw sharedDatabaseFailure(error, connection);
  }
}
