import type { OpenStationDatabaseOptions } from '../store/local/open-station-database';
import { openLocalBackend } from '../store/local/open-local-backend';
import { withSharedHistory } from '../several-desks/with-shared-history';
import { withSharedLookups } from '../several-desks/with-shared-lookups';
import type { SharedStation } from '../several-desks/shared-station';
import type { StationBackend } from '../store/station-backend';

/**
 * Where a station keeps its data: `local`, its own SQLite file in the data folder; `shared`, that
 * file first and the account's shared database (PostgreSQL) after, for several desks on one account.
 */
export type StationMode = 'local' | 'shared';

/** What a backend is opened with: the station database, and in shared mode the desk's link to the shared database. */
export interface OpenStationBackendOptions extends OpenStationDatabaseOptions {
  shared?: SharedStation;
}

/** Opens a station's backend (refusing storage it cannot use with a StationFailure). */
export type OpenStationBackend = (options: OpenStationBackendOptions) => Promise<StationBackend>;

/** The shared mode's backend: the local one, written first, with the account's shared history over it and its claims asked before a found waybill is taken as this desk's. */
async function openSharedBackend(options: OpenStationBackendOptions): Promise<StationBackend> {
  if (options.shared === undefined) throw new Error('the shared backend needs the desk’s link to the shared database');
  return withSharedLookups(withSharedHistory(await openLocalBackend(options), options.shared), options.shared);
}

/** The backend of each mode: the composition root opens the station's storage through it. */
export const stationBackends = { local: openLocalBackend, shared: openSharedBackend } satisfies Record<StationMode, OpenStationBackend>;
