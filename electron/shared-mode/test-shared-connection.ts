import { stationError } from '../../shared/errors/station-error';
import type { SharedModeTestReport } from '../../shared/ipc/ipc-contract';
import type { SharedModeSettings } from '../../shared/settings/settings-schema';
import { StationFailure } from '../ipc/to-station-error';
import { openSharedDatabase, type SharedConnectionSettings } from '../store/shared/open-shared-database';
import { sharedDatabaseFailure } from '../store/shared/shared-database-failure';
import { listSharedDesks, recordDeskSeen, sharedServerVersion } from '../store/shared/shared-desks';
import { migrateSharedSchema } from '../store/shared/shared-migrations';

/** The connection settings of the shared-mode settings and the stored password; refuses settings without a host, database or user. */
export function sharedConnectionOf(settings: SharedModeSettings, password: string | null): SharedConnectionSettings {
  const missing = (['host', 'database', 'user'] as const).filter((field) => settings[field] === '');
  if (missing.length > 0) throw new StationFailure(stationError('shared-mode.not-configured', { missing: missing.join(', ') }));
  return { host: settings.host, port: settings.port, database: settings.database, user: settings.user, password, tls: settings.tls };
}

/**
 * "Test connection" of the shared mode: connects as this desk, creates or migrates the account's
 * schema, records the desk as seen, and answers the versions and the desks. Any failure is a
 * typed StationFailure (see sharedDatabaseFailure). The connection is closed afterwards.
 */
export async function testSharedConnection(connection: SharedConnectionSettings, desk: { schema: string; deskId: string; deskName: string }): Promise<SharedModeTestReport> {
  const pool = openSharedDatabase(connection, { deskName: desk.deskName, maxConnections: 1 });
  try {
    const serverVersion = await sharedServerVersion(pool);
    const migrated = await migrateSharedSchema(pool, desk.schema);
    await recordDeskSeen(pool, desk.schema, { deskId: desk.deskId, name: desk.deskName });
    const desks = await listSharedDesks(pool, desk.schema);
    return {
      serverVersion,
      schema: desk.schema,
      schemaVersion: migrated.schemaVersion,
      migrated: migrated.applied,
      deskName: desk.deskName,
      desks: desks.map(({ name, lastSeenAt }) => ({ name, lastSeenAt })),
    };
  } catch (error) {
    throw sharedDatabaseFailure(error, connection);
  } finally {
    await pool.end().catch(() => undefined);
  }
}
