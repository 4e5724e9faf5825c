import type { SharedModeView } from '../several-desks/shared-mode-view';
import { describeError, type StationError } from '../../shared/errors/station-error';
import type { StationInfo } from '../../shared/ipc/ipc-contract';
import type { Settings } from '../../shared/settings/settings-schema';
import type { DesktopActions } from '../about/about-ipc-handlers';
import type { DataFolderLock } from '../data-folder/data-folder-lock';
import type { IpcDispatch } from '../ipc/ipc-dispatcher';
import type { StationEvents } from '../ipc/station-events';
import type { JobSafePoints } from '../lifecycle/quit-guard';
import type { StationLogger } from '../logging/station-logger';
import type { TokenCipher } from '../token-vault/token-vault';
import type { RunOverrides } from '../settings/effective-settings';

/** What the shells pass to the composition root. */
export interface CreateStationOptions {
  shell: StationInfo['shell'];
  /** An explicit data folder (else STATION_DATA_DIR, else `appDataDir`). */
  dataDir?: string | undefined;
  /** The platform's default data folder, from the shell. */
  appDataDir?: string;
  /** How the token is encrypted at rest: Electron's safeStorage, or a key file of the host's own. */
  tokenCipher: (dataDir: string) => TokenCipher;
  overrides: RunOverrides;
  /** Size of the embedded sandbox's demo shop on first start (tests and benchmarks). */
  demoOrders?: number | undefined;
  /** How long a job's claim on its orders lives without renewal (tests shorten it to pause a desk past it); 60 s unless set. */
  claimLeaseMs?: number | undefined;
  /** Also log to the console (the browser host and development). */
  consoleLog?: boolean;
  /** The desktop shell's file-manager actions (About → open data folder, diagnostics). */
  desktop?: DesktopActions;
  /** The data folder's lock when the shell took it already (the browser host, before it listens); else the station takes it. Either way the station releases it on close and on a refused start. */
  lock?: DataFolderLock | undefined;
}

/** A wired station: the contract's dispatcher, its event bus, and what the shells show. */
export interface Station {
  dispatch: IpcDispatch;
  events: StationEvents;
  info: StationInfo;
  /** The UI language the user chose, or null to follow the system. */
  uiLanguage: () => Settings['ui']['language'];
  /** The station's log (the shell logs its own lifecycle and uncaught errors there). */
  logger: StationLogger;
  /** Running jobs and how to stop them at a safe point, for the quit question. */
  jobs: JobSafePoints;
  /** The shared mode as the views show it: the link, the desks, orders held or issued at other desks. */
  sharedMode: SharedModeView;
  /** Stops the embedded servers, closes the database and frees the data folder. */
  close: () => Promise<void>;
}

/**
 * The station, or a refusal the shell shows (e.g. the data folder is in use, the database is
 * damaged): `message` in English for logs and consoles, `error` for the shell to show in the
 * user's language.
 */
export type StartedStation = { ok: true; station: Station } | { ok: false; message: string; error: StationError };

/** A start the shell refuses: the English text for logs, the error to show in the user's language. */
export function refusedStart(error: StationError): StartedStation {
  const { text, remedy } = describeError(error);
  return { ok: false, message: `${text} ${remedy}`, error };
}
