import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { stationError } from '../../shared/errors/station-error';
import type { Settings, SettingsPatch } from '../../shared/settings/settings-schema';
import {
  CURRENT_SETTINGS_VERSION,
  defaultSettings,
  describeSettingsIssue,
  mergeSettingsPatch,
  settingsPatchSchema,
  settingsSchema,
} from '../../shared/settings/settings-schema';
import { removeStrayTempFiles, setFileAside, writeFileAtomically } from '../data-folder/atomic-file';
import { systemErrorCode } from '../data-folder/system-error-code';
import { StationFailure } from '../ipc/to-station-error';
import type { StationLogger } from '../logging/station-logger';
import { settingsMigrations } from './settings-migrations';
import type { RawSettings } from './settings-migrations';

/** Why a settings file could not be used. */
export type SettingsFileProblem = 'unparsable' | 'invalid' | 'future-version';

/**
 * What the UI must tell the user after start-up: the settings file could not be used, so it was
 * moved aside (its bytes kept) and the station started from the defaults.
 */
export interface SettingsLoadNotice {
  kind: 'corrupt-set-aside';
  /** Where the unusable file now lies, beside the settings file. */
  setAsidePath: string;
  reason: SettingsFileProblem;
  /** What exactly was wrong, in English (no setting values). */
  detail: string;
}

/** The settings of this station, kept in one file. */
export interface SettingsStore {
  /** The current settings (a frozen object: change them through `update`). */
  get(): Settings;
  /**
   * Validates the patch and the merged result, saves it atomically, tells the listeners, and
   * answers the new settings. Throws a StationFailure (`settings.invalid` naming the field, or
   * `settings.write-failed`) and changes nothing, in memory or on disk, when it cannot.
   */
  update(patch: SettingsPatch): Settings;
  /** Calls the listener after each change; answers a function that stops it. */
  onChange(listener: (settings: Settings) => void): () => void;
  /** Set when the file found at start-up was unusable and was set aside. */
  readonly loadNotice: SettingsLoadNotice | null;
}

/** What the settings store needs. */
export interface SettingsStoreOptions {
  /** The settings file, e.g. `<data folder>/settings.json`. */
  filePath: string;
  log?: Pick<StationLogger, 'info' | 'warn'>;
  /** Test seam: runs between writing the temp file and renaming it over the settings file. */
  beforeRename?: (tempPath: string) => void;
}

/** The settings read from a file, or why they could not be. */
type DecodedSettings =
  | { ok: true; settings: Settings; fromVersion: number }
  | { ok: false; reason: SettingsFileProblem; detail: string };

function invalidSettings(error: z.ZodError): StationFailure {
  const firstIssue = error.issues[0];
  return new StationFailure(stationError('settings.invalid', firstIssue ? describeSettingsIssue(firstIssue) : { field: '(settings)', problem: 'is invalid' }));
}

const isPlainObject = (value: unknown): value is RawSettings =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a settings document of any known version: parses it, migrates it up to the current
 * version, lays it over the defaults (fields it lacks take their default), validates it.
 */
function decodeSettingsFile(bytes: Buffer): DecodedSettings {
  let raw: unknown;
  try {
    // A byte-order mark (an editor's doing) is not part of the JSON.
    raw = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    // Not the parser's message: it quotes the file's content, which may hold personal data.
    return { ok: false, reason: 'unparsable', detail: 'the file is not valid JSON text' };
  }
  if (!isPlainObject(raw)) return { ok: false, reason: 'invalid', detail: 'the file does not hold a settings object' };

  const fromVersion = raw.schemaVersion ?? 0;
  if (typeof fromVersion !== 'number' || !Number.isSafeInteger(fromVersion) || fromVersion < 0) {
    return { ok: false, reason: 'invalid', detail: 'schemaVersion is not a version number' };
  }
  if (fromVersion > CURRENT_SETTINGS_VERSION) {
    return {
      ok: false,
      reason: 'future-version',
      detail: `the file has schemaVersion ${fromVersion}, written by a newer version of the app (this one reads up to ${CURRENT_SETTINGS_VERSION})`,
    };
  }

  let migrated: RawSettings = raw;
  for (let version = fromVersion; version < CURRENT_SETTINGS_VERSION; version += 1) {
    const migration = settingsMigrations[version];
    if (!migration) throw new Error(`no settings migration from version ${version}`);
    try {
      migrated = { ...migration(migrated), schemaVersion: version + 1 };
    } catch {
      return { ok: false, reason: 'invalid', detail: `the version ${version} settings could not be migrated` };
    }
  }

  const parsed = settingsSchema.safeParse(mergeSettingsPatch(defaultSettings(), migrated));
  if (!parsed.success) {
    const { field, problem } = describeSettingsIssue(parsed.error.issues[0] as z.core.$ZodIssue);
    return { ok: false, reason: 'invalid', detail: `${field}: ${problem}` };
  }
  return { ok: true, settings: parsed.data, fromVersion };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

const serialize = (settings: Settings): string => `${JSON.stringify(settings, null, 2)}\n`;


/**
 * Opens the settings file: removes temp files an interrupted save left, reads and migrates the
 * file (saving the migrated form), or starts from the defaults when there is none. An unusable
 * file is set aside as `settings.corrupt-<time>.json` (never reset silently, never overwritten)
 * and reported in `loadNotice`. Throws `settings.unreadable` when the file exists but cannot
 * be read at all (permissions): starting from defaults then would hide the user's settings.
 */
export function createSettingsStore(options: SettingsStoreOptions): SettingsStore {
  const { filePath, log, beforeRename } = options;
  const save = (settings: Settings): void => {
    try {
      writeFileAtomically(filePath, serialize(settings), { beforeRename });
    } catch (error) {
      throw new StationFailure(stationError('settings.write-failed', { reason: systemErrorCode(error) }));
    }
  };

  const strays = removeStrayTempFiles(filePath);
  if (strays.length > 0) log?.info('settings.stray-temp-files-removed', { count: strays.length });

  let bytes: Buffer | null = null;
  try {
    bytes = readFileSync(filePath);
  } catch (error) {
    if (systemErrorCode(error) !== 'ENOENT') throw new StationFailure(stationError('settings.unreadable', { filePath, reason: systemErrorCode(error) }));
  }

  let current = defaultSettings();
  let loadNotice: SettingsLoadNotice | null = null;
  if (bytes !== null) {
    const decoded = decodeSettingsFile(bytes);
    if (decoded.ok) {
      current = decoded.settings;
      if (decoded.fromVersion < CURRENT_SETTINGS_VERSION) {
        // Saving the migrated form is a courtesy: if it fails, the next start migrates again.
        try {
          save(current);
          log?.info('settings.migrated', { fromVersion: decoded.fromVersion, toVersion: CURRENT_SETTINGS_VERSION });
        } catch (error) {
          log?.warn('settings.migrated-not-saved', { fromVersion: decoded.fromVersion, error });
        }
      }
    } else {
      const setAsidePath = setFileAside(filePath, 'corrupt');
      loadNotice = { kind: 'corrupt-set-aside', setAsidePath, reason: decoded.reason, detail: decoded.detail };
      log?.warn('settings.corrupt-set-aside', { setAsidePath, reason: decoded.reason, detail: decoded.detail });
    }
  }
  deepFreeze(current);

  const listeners = new Set<(settings: Settings) => void>();

  return {
    get: () => current,
    update(patch) {
      const parsedPatch = settingsPatchSchema.safeParse(patch);
      if (!parsedPatch.success) throw invalidSettings(parsedPatch.error);
      const parsed = settingsSchema.safeParse(mergeSettingsPatch(current, parsedPatch.data));
      if (!parsed.success) throw invalidSettings(parsed.error);
      const next = parsed.data;
      if (serialize(next) === serialize(current)) return current;
      save(next);
      current = deepFreeze(next);
      for (const listener of listeners) {
        try {
          listener(current);
        } catch (error) {
          log?.warn('settings.listener-failed', { error });
        }
      }
      return current;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    loadNotice,
  };
}
