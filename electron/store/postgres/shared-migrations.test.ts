import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StationFailure } from '../../ipc/to-station-error';
import { openSharedDatabase } from './open-shared-database';
import { DEFAULT_SHARED_SCHEMA } from '../../../shared/settings/settings-schema';
import { SHARED_MIGRATION_NAMES, SHARED_SCHEMA_VERSION, migrateSharedSchema } from './shared-migrations';
import { startPostgresTestServer, type PostgresTestServer } from './testing/postgres-test-server';

let server: PostgresTestServer;
const pools: pg.Pool[] = [];
beforeAll(async () => {
  server = await startPostgresTestServer();
});
afterAll(() => server.dispose());
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

async function freshPool(): Promise<pg.Pool> {
  const pool = openSharedDatabase(await server.freshDatabase(), { deskName: 'migration test' });
  pools.push(pool);
  return pool;
}

const tablesOf = async (pool: pg.Pool, schema: string) =>
  (await pool.query<{ table_name: string }>('SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name', [schema])).rows.map((row) => row.table_name);

describe('the shared schema migrations (Kysely migrator, real PostgreSQL)', () => {
  it('creates the schema on a fresh database, then a second run changes nothing', async () => {
    const pool = await freshPool();
    expect(await migrateSharedSchema(pool, DEFAULT_SHARED_SCHEMA)).toEqual({ schemaVersion: SHARED_SCHEMA_VERSION, applied: SHARED_MIGRATION_NAMES });
    expect(await tablesOf(pool, DEFAULT_SHARED_SCHEMA)).toEqual([
      'audit_entries',
      'call_limit',
      'desks',
      'kysely_migration',
      'kysely_migration_lock',
      'order_claims',
      'schema_account',
      'schema_account_shops',
      'shared_barcodes',
      'shared_desk_failure_hours',
      'shared_desk_operator_hours',
      'shared_desk_statistics_hours',
      'shared_label_prints',
      'shared_operator_copies',
      'shared_operators',
      'shared_order_refreshes',
      'shared_sold_orders',
      'shared_statistics_hours',
      'shared_verified_orders',
      'shared_waybills',
    ]);
    expect(await tablesOf(pool, 'public')).toEqual([]);
    expect(await migrateSharedSchema(pool, DEFAULT_SHARED_SCHEMA)).toEqual({ schemaVersion: SHARED_SCHEMA_VERSION, applied: [] });
  });

  it('keeps one schema per account apart in one database', async () => {
    const pool = await freshPool();
    await migrateSharedSchema(pool, 'account_a');
    await migrateSharedSchema(pool, 'account_b');
    await pool.query(`INSERT INTO account_a.desks (desk_id, name) VALUES ('d1', 'Desk 1')`);
    expect((await pool.query('SELECT * FROM account_b.desks')).rowCount).toBe(0);
    expect((await pool.query('SELECT * FROM account_a.desks')).rowCount).toBe(1);
  });

  it('lets two desks migrate the same fresh database at once: it is migrated once', async () => {
    const pool = await freshPool();
    const other = openSharedDatabase(server.connection(((await pool.query<{ db: string }>('SELECT current_database() AS db')).rows[0] as { db: string }).db), { deskName: 'second desk' });
    pools.push(other);
    // The schema exists before (as after a first desk's test): both race for the migrations.
    await pool.query(`CREATE SCHEMA ${DEFAULT_SHARED_SCHEMA}`);
    const outcomes = await Promise.all([migrateSharedSchema(pool, DEFAULT_SHARED_SCHEMA), migrateSharedSchema(other, DEFAULT_SHARED_SCHEMA)]);
    expect(outcomes.map((outcome) => outcome.schemaVersion)).toEqual([SHARED_SCHEMA_VERSION, SHARED_SCHEMA_VERSION]);
    expect(outcomes.flatMap((outcome) => outcome.applied)).toEqual(SHARED_MIGRATION_NAMES);
  });

  it('refuses a schema a newer app migrated, naming its version, and changes nothing', async () => {
    const pool = await freshPool();
    await migrateSharedSchema(pool, DEFAULT_SHARED_SCHEMA);
    await pool.query(`INSERT INTO ${DEFAULT_SHARED_SCHEMA}.kysely_migration (name, timestamp) VALUES ('999-from-the-future', now()::text)`);
    const refusal = await migrateSharedSchema(pool, DEFAULT_SHARED_SCHEMA).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StationFailure);
    expect((refusal as StationFailure).error).toEqual({
      code: 'shared-mode.schema-newer',
      params: { schema: DEFAULT_SHARED_SCHEMA, version: SHARED_SCHEMA_VERSION + 1, known: SHARED_SCHEMA_VERSION },
      retryable: false,
    });
  });
});
