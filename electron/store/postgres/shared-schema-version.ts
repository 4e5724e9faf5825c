import type pg from 'pg';
import { stationError } from '../../../shared/errors/station-error';
import { StationFailure } from '../../ipc/to-station-error';
import { SHARED_SCHEMA_VERSION, sharedSchemaVersion } from './shared-migrations';

/**
 * Checks that the account's schema is still at the version this desk migrated it to
 * (SHARED_SCHEMA_VERSION). A running desk asks with its heartbeat: another desk with a newer app
 * may have migrated the schema meanwhile, and this desk's statements were written for the old
 * one. Throws `shared-mode.schema-changed` (naming both versions) on a mismatch; the desk stops
 * issuing until it is restarted (and, if the schema is newer than it knows, updated).
 */
export async function checkSharedSchemaVersion(pool: pg.Pool, schema: string): Promise<void> {
  const version = await sharedSchemaVersion(pool, schema);
  if (version !== SHARED_SCHEMA_VERSION) throw new StationFailure(stationError('shared-mode.schema-changed', { schema, version, known: SHARED_SCHEMA_VERSION }));
}
