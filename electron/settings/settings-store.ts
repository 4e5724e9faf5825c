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
 * What the UI must tell the user after start-up: the settings file could not be used (or was
 * missing while a last-good copy was there). It was moved aside (its bytes kept) and the station
 * either restored the last-good copy (`restored-last-good`) or, with none usable, started from
 * the defaults (`corrupt-set-aside`) — which are demo mode, so the composition root then decides
 * whether the desk must stop until the connection is set again.
 */
export interface SettingsLoadNotice {
  kind: 'corrupt-set-aside' | 'restored-last-good';
  /** Where the unusable file now lies, beside the settings file; null when it was missing. */
  setAsidePath: string | null;
  reason: SettingsFileProblem | 'missing';
  /** What exactly was wrong, in English (no setting values). */
  detail: string;
}

/** The last-good copy of a settings file: `settings.json` → `settings.last-good.json`. */
export function lastGoodSettingsPath(filePath: string): string {
  return filePath.replace(/(\.json)?$/, '.last-good.json');
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
  /** True when no settings were read at start-up (no file, or an unusable one, and no usable last-good copy): the defaults are in use. */
  readonly startedFromDefaults: boolean;
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


/** Reads a file; null when there is none, `settings.unreadable` when it cannot be read. */
function readIfPresent(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch (error) {
    if (systemErrorCode(error) === 'ENOENT') return null;
    throw new StationFailure(stationError('settings.unreadable', { filePath: path, reason: systemErrorCode(error) }));
  }
}

/**
 * Opens the settings file: removes temp files an interrupted save left, reads and migrates the
 * file (saving the migrated form), or starts from the defaults when there is none. After each
 * successful load and save a last-good copy is written atomically beside it
 * (`settings.last-good.json`). An unusable file is set aside as `settings.corrupt-<time>.json`
 * (never reset silently, never overwritten); the last-good copy then takes its place (also when
 * the file is missing and a copy is there), and only without a usable copy do the defaults.
 * Either is reported in `loadNotice`. Throws `settings.unreadable` when a file exists but cannot
 * be read at all (permissions): starting from defaults then would hide the user's settings.
 */
export function createSettingsStore(options: SettingsStoreOptions): SettingsStore {
  const { filePath, log, beforeRename } = options;
  const lastGoodPath = lastGoodSettingsPath(filePath);
  const write = (path: string, settings: Settings, seam?: (tempPath: string) => void): void => {
    try {
      writeFileAtomically(path, serialize(settings), { beforeRename: seam });
    } catch (error) {
      throw new StationFailure(stationError('settings.write-failed', { reason: systemErrorCode(error) }));
    }
  };
  /** The copy is a second line of defence: failing to refresh it never fails a save. */
  const keepLastGood = (settings: Settings): void => {
    try {
      write(lastGoodPath, settings);
    } catch (error) {
      log?.warn('settings.last-good-not-saved', { error });
    }
  };
  const save = (settings: Settings): void => {
    write(filePath, settings, beforeRename);
    keepLastGood(settings);
  };
  /** The last-good copy's bytes; null when there is none or it cannot be read (it never stops a start). */
  const readLastGood = (): Buffer | null => {
    try {
      return readIfPresent(lastGoodPath);
    } catch (error) {
      log?.warn('settings.last-good-unreadable', { error });
      return null;
    }
  };

  for (const path of [filePath, lastGoodPath]) {
    const strays = removeStrayTempFiles(path);
    if (strays.length > 0) log?.info('settings.stray-temp-files-removed', { count: strays.length });
  }

  const bytes = readIfPresent(filePath);
  let current = defaultSettings();
  let loadNotice: SettingsLoadNotice | null = null;
  let startedFromDefaults = true;
  const decoded: DecodedSettings | null = bytes === null ? null : decodeSettingsFile(bytes);
  if (decoded?.ok) {
    current = decoded.settings;
    startedFromDefaults = false;
    if (decoded.fromVersion < CURRENT_SETTINGS_VERSION) {
      // Saving the migrated form is a courtesy: if it fails, the next start migrates again.
      try {
        save(current);
        log?.info('settings.migrated', { fromVersion: decoded.fromVersion, toVersion: CURRENT_SETTINGS_VERSION });
      } catch (error) {
        log?.warn('settings.migrated-not-saved', { fromVersion: decoded.fromVersion, error });
      }
    } else if (readLastGood()?.equals(bytes as Buffer) !== true) {
      keepLastGood(current);
    }
  } else {
    const setAsidePath = decoded === null ? null : setFileAside(filePath, 'corrupt');
    const reason = decoded === null ? 'missing' : decoded.reason;
    const detail = decoded === null ? 'the settings file is missing' : decoded.detail;
    const copyBytes = readLastGood();
    const copy = copyBytes === null ? null : decodeSettingsFile(copyBytes);
    if (copy?.ok) {
      current = copy.settings;
      startedFromDefaults = false;
      loadNotice = { kind: 'restored-last-good', setAsidePath, reason, detail };
      log?.warn('settings.restored-last-good', { setAsidePath, reason, detail });
      try {
        save(current);
      } catch (error) {
        log?.warn('settings.restored-not-saved', { error });
      }
    } else if (decoded !== null) {
      loadNotice = { kind: 'corrupt-set-aside', setAsidePath, reason, detail };
      log?.warn('settings.corrupt-set-aside', { setAsidePath, reason, detail, lastGood: copy === null ? 'none' : copy.reason });
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
    startedFromDefaults,
  };
}
