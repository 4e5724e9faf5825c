import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { stationError } from '../../shared/errors/station-error';
import { StationFailure } from '../ipc/to-station-error';
import { systemErrorCode } from './system-error-code';

/** The environment variable that names the data folder when no explicit one is given. */
export const DATA_FOLDER_ENV = 'STATION_DATA_DIR';

/** Where the data folder may come from, most specific first. */
export interface DataFolderSources {
  /** A command-line choice (`--data-dir`). */
  explicit?: string | undefined;
  env: NodeJS.ProcessEnv;
  /** The shell's default (Electron's userData folder), passed in by the glue. */
  appDataDir?: string | undefined;
}

/**
 * Picks the data folder — the explicit choice, else STATION_DATA_DIR, else the app's default
 * (empty values count as unset) — makes it an absolute path and creates it. Throws
 * `data-folder.unusable` when none is given or it cannot be created or is not a folder.
 */
export function resolveDataFolder(sources: DataFolderSources): string {
  const chosen = [sources.explicit, sources.env[DATA_FOLDER_ENV], sources.appDataDir].find(
    (candidate): candidate is string => typeof candidate === 'string' && candidate.trim() !== '',
  );
  if (chosen === undefined) {
    throw new StationFailure(stationError('data-folder.unusable', { dataDir: '', reason: `no data folder given: pass one, or set ${DATA_FOLDER_ENV}` }));
  }
  const dataDir = resolve(chosen);
  try {
    // Throws EEXIST where a file has the folder's name.
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new StationFailure(stationError('data-folder.unusable', { dataDir, reason: systemErrorCode(error) }));
  }
  return dataDir;
}
