import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import type pg from 'pg';
import { stationError } from '../../../shared/errors/station-error';
import { StationFailure } from '../../ipc/to-station-error';
import { migration001SharedDesks } from './migrations/001-shared-desks';
import { migration002SharedRefreshDetails } from './migrations/002-shared-refresh-details';
import { migration003FencedCallStarts } from './migrations/003-fenced-call-starts';
import { migration004SchemaAccount } from './migrations/004-schema-account';
import { migration005SharedPrintState } from './migrations/005-shared-print-state';
import { migration006CallStartsGivenBack } from './migrations/006-call-starts-given-back';
import { migration007SharedBarcodes } from './migrations/007-shared-barcodes';
import { migration008SharedAuditLog } from './migrations/008-shared-audit-log';
import { migration009SharedStatisticsRollup } from './migrations/009-shared-statistics-rollup';
import { migration010SharedOperatorsAndVerifiedOrders } from './migrations/010-shared-operators-and-verified-orders';
import { migration011SharedDeskStatistics } from './migrations/011-shared-desk-statistics';
import { migration012CallStartsFillGaps } from './migrations/012-call-starts-fill-gaps';

/** Every migration of the shared schema, in order; the schema's version is how many have run. */
const sharedMigrations = [migration001SharedDesks, migration002SharedRefreshDetails, migration003FencedCallStarts, migration004SchemaAccount, migration005SharedPrintState, migration006CallStartsGivenBack, migration007SharedBarcodes, migration008SharedAuditLog, migration009SharedStatisticsRollup, migration010SharedOperatorsAndVerifiedOrders, migration011SharedDeskStatistics, migration012CallStartsFillGaps] as const;

/** The names of the shared schema's migrations, in order (what a fresh schema applies). */
export const SHARED_MIGRATION_NAMES: readonly string[] = sharedMigrations.map((migration) => migration.name);

/** The newest shared schema version this build knows. */
export const SHARED_SCHEMA_VERSION = sharedMigrations.length;

/** What migrating the shared schema did. */
export interface SharedMigrationOutcome {
  /** The schema's version now. */
  schemaVersion: number;
  /** The migrations run now (empty when the schema was already current). */
  applied: string[];
}

/**
 * Creates the account's schema or brings it up to SHARED_SCHEMA_VERSION with Kysely's migrator:
 * migrations ship in the bundle (an in-code provider), run in one transaction under the
 * migrator's lock (two desks testing at once migrate once), each with search_path set to the
 * schema so its tables land there; the migrator's own tables sit in the same schema. A schema
 * migrated by a newer app is refused (`shared-mode.schema-newer`), never touched.
 */
export async function migrateSharedSchema(pool: pg.Pool, schema: string): Promise<SharedMigrationOutcome> {
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  const inSchema = (migration: (typeof sharedMigrations)[number]): Migration => ({
    async up(trx) {
      await sql`SELECT set_config('search_path', ${schema}, true)`.execute(trx);
      await migration.up(trx);
    },
  });
  const migrator = new Migrator({
    db,
    migrationTableSchema: schema,
    provider: { getMigrations: () => Promise.resolve(Object.fromEntries(sharedMigrations.map((migration) => [migration.name, inSchema(migration)]))) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    if (error instanceof Error && /previously executed migration .* is missing/.test(error.message)) {
      throw new StationFailure(stationError('shared-mode.schema-newer', { schema, version: await sharedSchemaVersion(pool, schema), known: SHARED_SCHEMA_VERSION }));
    }
    throw error;
  }
  return { schemaVersion: await sharedSchemaVersion(pool, schema), applied: (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName) };
}

/** The version of a migrated schema: how many migrations have run on it (by this app or a newer one). */
export async function sharedSchemaVersion(pool: pg.Pool, schema: string): Promise<number> {
  const { rows } = await pool.query<{ count: string }>(`SELECT count(*) FROM ${quoteIdentifier(schema)}.kysely_migration`);
  return Number(rows[0]?.count ?? 0);
}

/** Quotes an identifier for SQL (Settings checks schema names against SHARED_SCHEMA_NAME_PATTERN; quoting keeps any name safe anyway). */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
