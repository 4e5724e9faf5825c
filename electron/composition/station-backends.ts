import type { OpenStationDatabaseOptions } from '../store/local/open-station-database';
import { openLocalBackend } from '../store/local/open-local-backend';
import { withSharedHistory } from '../several-desks/with-shared-history';
import { withSharedLookups } from '../several-desks/with-shared-lookups';
import { withSharedBarcodes } from '../several-desks/with-shared-barcodes';
import { withSharedStatistics } from '../several-desks/with-shared-statistics';
import { withSharedOperators } from '../several-desks/with-shared-operators';
import { withSharedVerifiedOrders } from '../several-desks/with-shared-verified-orders';
import type { SharedStation } from '../several-desks/shared-station';
import type { StationBackend } from '../store/station-backend';
import { join } from 'node:path';
import type { StationError } from '../../shared/errors/station-error';
import type { Settings } from '../../shared/settings/settings-schema';
import { openDeskLink } from '../several-desks/desk-link';
import { gatewayIdentityOf, sharedAccountOf } from '../settings/effective-settings';
import type { SettingsStore } from '../settings/settings-store';
import { StationFailure } from '../ipc/to-station-error';
import type { StationLogger } from '../logging/station-logger';

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

/**
 * The shared mode's backend: the local one, written first, with the account's shared history over
 * it, its claims asked before a found waybill is taken as this desk's, its learned barcodes and
 * verified orders, its operators, and its statistics.
 */
async function openSharedBackend(options: OpenStationBackendOptions): Promise<StationBackend> {
  const { shared } = options;
  if (shared === undefined) throw new Error('the shared backend needs the desk’s link to the shared database');
  const layers = [withSharedHistory, withSharedLookups, withSharedBarcodes, withSharedVerifiedOrders, withSharedOperators, withSharedStatistics];
  return layers.reduce((backend, layer) => layer(backend, shared), await openLocalBackend(options));
}

/** The backend of each mode: the composition root opens the station's storage through it. */
export const stationBackends = { local: openLocalBackend, shared: openSharedBackend } satisfies Record<StationMode, OpenStationBackend>;

/** What the station's storage is opened with. */
export interface StationStorageOptions {
  dataDir: string;
  settings: SettingsStore;
  /** The settings in effect (the run's overrides over the saved ones). */
  effectiveSettings: () => Settings;
  /** The run overrides the gateway or shop (then no row is dated to the settings' gateway). */
  overridden: boolean;
  sharedPassword: () => string | null;
  logger: StationLogger;
}

/** What opening the station's storage came to: its backend in its mode (with the desk's link in shared mode), or the refusal to show. */
export type OpenedStorage = { ok: true; backend: StationBackend; mode: StationMode; shared: SharedStation | undefined } | { ok: false; error: StationError };

/**
 * Opens the station's storage: the mode is read once, at start (turning the shared mode on or
 * off takes effect at the next start); in shared mode the desk's link opens first (it connects in
 * the background). A refusal (a damaged or newer database) is answered as the error the station
 * shows at start, the link closed again; any other failure is thrown.
 */
export async function openStationStorage(options: StationStorageOptions): Promise<OpenedStorage> {
  const { settings, effectiveSettings, logger } = options;
  const saved = settings.get().sharedMode;
  const mode: StationMode = saved.enabled ? 'shared' : 'local';
  const shared =
    mode === 'shared'
      ? openDeskLink({ saved, password: options.sharedPassword, dataDir: options.dataDir, gatewayIdentity: () => gatewayIdentityOf(effectiveSettings()), account: () => sharedAccountOf(effectiveSettings()), logger })
      : undefined;
  // Rows written before the gateway was recorded were issued under the settings read intact now, if any.
  const legacyGateway = settings.loadNotice === null && !settings.startedFromDefaults && !options.overridden ? gatewayIdentityOf(effectiveSettings()) : null;
  try {
    const backend = await stationBackends[mode]({
      ...(shared === undefined ? {} : { shared }),
      file: join(options.dataDir, 'station.db'),
      context: { legacyGateway },
      onMigration: (event) => logger.info('database migrated', event),
    });
    return { ok: true, backend, mode, shared };
  } catch (error) {
    await shared?.close();
    if (!(error instanceof StationFailure)) throw error;
    logger.error('station database refused', { code: error.error.code, params: error.error.params });
    return { ok: false, error: error.error };
  }
}
