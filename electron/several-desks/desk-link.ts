import { hostname } from 'node:os';
import type { GatewayIdentity } from '../../shared/domain/gateway-identity';
import type { StationError } from '../../shared/errors/station-error';
import type { Settings } from '../../shared/settings/settings-schema';
import { StationFailure } from '../ipc/to-station-error';
import type { StationLogger } from '../logging/station-logger';
import type { SharedAccount } from '../store/postgres/shared-account';
import type { SharedConnectionSettings } from '../store/postgres/open-shared-database';
import type { OrderCacheReader, OrderCacheWriter, StatisticsOutboxReader, StatisticsOutboxWriter, UploadOutboxReader, UploadOutboxWriter } from '../store/station-backend';
import { readOrCreateDeskId } from './desk-id';
import { startHistoryUpload, type HistoryUpload } from './history-upload';
import { createSharedModeView, sharedModeOff, type SharedModeView } from './shared-mode-view';
import type { SharedOrderRefreshes } from '../order-cache/order-cache';
import { createSharedOrderRefreshes } from './shared-order-refreshes';
import { openSharedStation, type SharedStation } from './shared-station';
import { sharedConnectionOf } from './test-shared-connection';

/** What a desk's link to the shared database is opened with. */
export interface DeskLinkOptions {
  /** The saved Settings → Shared mode. */
  saved: Settings['sharedMode'];
  /** The shared database's password from its vault (null: none saved). */
  password: () => string | null;
  dataDir: string;
  gatewayIdentity: () => GatewayIdentity;
  account: () => SharedAccount;
  logger: StationLogger;
}

/**
 * This desk's link to the shared database: it connects in the background (a desk starts without
 * the server). Settings that cannot name a connection (no host, a root certificate that cannot be
 * read…) still open the link, without a connection: it says why (`problem`) to every desk action
 * that needs the server, and nothing is issued.
 */
export function openDeskLink(options: DeskLinkOptions): SharedStation {
  const { saved } = options;
  let connection: SharedConnectionSettings | null = null;
  let problem: StationError | undefined;
  try {
    connection = sharedConnectionOf(saved, options.password());
  } catch (error) {
    if (!(error instanceof StationFailure)) throw error;
    problem = error.error;
  }
  return openSharedStation({
    connection,
    ...(problem === undefined ? {} : { problem }),
    schema: saved.schema,
    deskId: readOrCreateDeskId(options.dataDir),
    deskName: saved.deskName === '' ? hostname() : saved.deskName,
    gatewayIdentity: options.gatewayIdentity,
    account: options.account,
    logger: options.logger,
  });
}

/** The several-desks parts a station runs beside its own (none for a desk alone). */
export interface SeveralDesksParts {
  /** One refresh of a shop's orders serves every desk. */
  refreshes: (SharedOrderRefreshes & { close(): void }) | undefined;
  /** Uploads this desk's waybills, void marks and label prints to the shared history. */
  upload: HistoryUpload | undefined;
  /** What the renderer's shared-mode views read. */
  view: SharedModeView;
  close(): Promise<void>;
}

/** What the parts are attached to. */
export interface SeveralDesksWiring {
  /** This desk's sold-order cache (another desk's refresh fills it). */
  orders: { read: OrderCacheReader; write: OrderCacheWriter };
  outbox: { read: UploadOutboxReader; write: UploadOutboxWriter };
  /** This desk's own statistics not yet sent to the account's. */
  statisticsOutbox: { read: StatisticsOutboxReader; write: StatisticsOutboxWriter };
  /** The orders table may have changed (another desk's claims, waybills or refresh). */
  onOrdersChanged: () => void;
  /** The shared mode's view changed (the link came or went, a desk changed). */
  onViewChanged: (view: SharedModeView) => void;
  logger: StationLogger;
}

/** Starts the shared mode's parts on a desk's link; with no link, the desk alone (nothing runs). */
export function startSeveralDesks(link: SharedStation | undefined, wiring: SeveralDesksWiring): SeveralDesksParts {
  if (link === undefined) return { refreshes: undefined, upload: undefined, view: sharedModeOff, close: async () => undefined };
  const { logger } = wiring;
  const refreshes = createSharedOrderRefreshes({ station: link, store: wiring.orders, onChanged: wiring.onOrdersChanged, logger });
  const upload = startHistoryUpload({ station: link, outbox: wiring.outbox, statistics: wiring.statisticsOutbox, logger });
  const view = createSharedModeView(link);
  // Other desks' claims and waybills show within a second; after a reconnect everything is read again.
  view.onChange(() => {
    wiring.onOrdersChanged();
    wiring.onViewChanged(view);
  });
  return {
    refreshes,
    upload,
    view,
    close: async () => {
      refreshes.close();
      await upload.close();
      await link.close();
    },
  };
}
