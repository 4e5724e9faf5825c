import type { OpenStationDatabaseOptions } from './local/open-station-database';
import { openLocalBackend } from './local/open-local-backend';
import type { StationBackend } from './station-backend';

/** Where a station keeps its data: `local`, its own SQLite file in the data folder. */
export type StationMode = 'local';

/** Opens a station's backend (refusing storage it cannot use with a StationFailure). */
export type OpenStationBackend = (options: OpenStationDatabaseOptions) => Promise<StationBackend>;

/** The backend of each mode: the composition root opens the station's storage through it. */
export const stationBackends = { local: openLocalBackend } satisfies Record<StationMode, OpenStationBackend>;
