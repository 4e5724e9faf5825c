import { readFileSync } from 'node:fs';
import { stationError } from '../../shared/errors/station-error';
import type { SharedModeTestReport } from '../../shared/ipc/ipc-contract';
import { sharedTlsOffAllowed, type SharedModeSettings } from '../../shared/settings/settings-schema';
import { StationFailure } from '../ipc/to-station-error';
import type { SharedConnectionSettings } from '../store/postgres/open-shared-database';
import { sharedDatabaseFailure } from '../store/postgres/shared-database-failure';
import { introduceSharedDesk, listSharedDesks, sharedServerVersion } from '../store/postgres/shared-desks';
import { openSharedSchema, type SharedDeskIdentity } from './open-shared-schema';

/**
 * The connection settings of the shared-mode settings and the stored password, with the root
 * certificate file read now (a desk reads it when it connects: a renewed file takes effect at
 * the next start or test). Refuses settings without a host, database or user, TLS off to
 * another computer (`shared-mode.tls-off-remote`, also for a settings file written by hand),
 * and a root certificate file that cannot be read or holds no PEM certificate.
 */
export function sharedConnectionOf(settings: SharedModeSettings, password: string | null): SharedConnectionSettings {
  const missing = (['host', 'database', 'user'] as const).filter((field) => settings[field] === '');
  if (missing.length > 0) throw new StationFailure(stationError('shared-mode.not-configured', { missing: missing.join(', ') }));
  if (settings.tls === 'off' && !sharedTlsOffAllowed(settings.host)) throw new StationFailure(stationError('shared-mode.tls-off-remote', { host: settings.host }));
  const connection: SharedConnectionSettings = { host: settings.host, port: settings.port, database: settings.database, user: settings.user, password, tls: settings.tls };
  if (settings.tls === 'off' || settings.tlsRootCertificateFile === '') return connection;
  return { ...connection, rootCertificate: readRootCertificate(settings.tlsRootCertificateFile) };
}

/** The PEM text of a root certificate file; `shared-mode.tls-root-unreadable` when it cannot be read or holds no certificate. */
function readRootCertificate(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new StationFailure(stationError('shared-mode.tls-root-unreadable', { path, reason: (error as NodeJS.ErrnoException).code ?? String(error) }));
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) throw new StationFailure(stationError('shared-mode.tls-root-unreadable', { path, reason: 'no PEM certificate in it' }));
  return text;
}

/**
 * "Test connection" of the shared mode: connects as this desk the way the shared mode does
 * (creating or migrating the account's schema, refusing one of another account), makes the desk known under its name, and answers the
 * versions and the desks. Any failure is a typed StationFailure (see sharedDatabaseFailure). The
 * connection is closed afterwards.
 */
export async function testSharedConnection(connection: SharedConnectionSettings, desk: SharedDeskIdentity): Promise<SharedModeTestReport> {
  const shared = await openSharedSchema(connection, desk, { maxConnections: 1 });
  try {
    const serverVersion = await sharedServerVersion(shared.pool);
    await introduceSharedDesk(shared.pool, desk.schema, { deskId: desk.deskId, name: desk.deskName });
    const desks = await listSharedDesks(shared.pool, desk.schema);
    return {
      serverVersion,
      schema: desk.schema,
      schemaVersion: shared.migration.schemaVersion,
      migrated: shared.migration.applied,
      deskName: desk.deskName,
      desks: desks.map(({ name, lastSeenAt }) => ({ name, lastSeenAt })),
    };
  } catch (error) {
    throw sharedDatabaseFailure(error, connection);
  } finally {
    await shared.close().catch(() => undefined);
  }
}
