import nodeLog from 'electron-log/node';
import { randomUUID } from 'node:crypto';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join, parse } from 'node:path';
import { createLogRedactor } from './redact-log-data';

/** Structured fields of one log entry. */
export type LogFields = Record<string, unknown>;

/** Log levels the station uses, most severe first. */
export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

/** The station's logger: callers log an event name and an object of fields, never formatted text. */
export interface StationLogger {
  error(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  info(event: string, fields?: LogFields): void;
  debug(event: string, fields?: LogFields): void;
  /** The file currently written to. */
  readonly filePath: string;
  /** The redaction every entry goes through, for text shown elsewhere (the shell's error dialogs). */
  redact(value: unknown): unknown;
}

/** Where and how the station logs. */
export interface StationLoggerOptions {
  /** The data folder's log directory. */
  directory: string;
  /** File name of the current log; archives are `<name>.1<ext>` (newest) … `<name>.<maxArchives><ext>`. */
  fileName?: string;
  /** Rotate when the current file grows past this many bytes. */
  maxFileBytes?: number;
  /** Archived files kept beside the current one. */
  maxArchives?: number;
  /** Lowest level written to the file. */
  level?: LogLevel;
  /** Also write to the console (development). */
  console?: boolean;
  /** Secrets (the access token) to scrub from every string, read at each entry. */
  secrets: () => ReadonlyArray<string | null | undefined>;
}

/** Defaults: 5 MB per file, five archives, info and above. */
export const stationLoggerDefaults = { fileName: 'station.log', maxFileBytes: 5 * 1024 * 1024, maxArchives: 5, level: 'info' } as const;

/** Shifts station.log → station.1.log → station.2.log …, dropping the oldest beyond `maxArchives`. */
function rotate(currentPath: string, maxArchives: number): void {
  const { dir, name, ext } = parse(currentPath);
  const archive = (index: number): string => join(dir, `${name}.${index}${ext}`);
  rmSync(archive(maxArchives), { force: true });
  for (let index = maxArchives - 1; index >= 1; index -= 1) {
    if (existsSync(archive(index))) renameSync(archive(index), archive(index + 1));
  }
  if (maxArchives >= 1) renameSync(currentPath, archive(1));
  else rmSync(currentPath, { force: true });
}

/**
 * A logger on electron-log's plain-Node entry (it runs the same in Electron's main process, in
 * tests and in benchmarks) writing one JSON object per line to rotating files. Redaction is a
 * hook on the logger itself, so it applies to every entry and every transport: no caller can
 * forget it.
 */
export function createStationLogger(options: StationLoggerOptions): StationLogger {
  const settings = { ...stationLoggerDefaults, ...options };
  const filePath = join(settings.directory, settings.fileName);
  const redact = createLogRedactor({ secrets: settings.secrets });
  const logger = nodeLog.create({ logId: `station-${randomUUID()}` });

  for (const [name, transport] of Object.entries(logger.transports)) {
    if (transport && name !== 'file' && name !== 'console') transport.level = false;
  }
  logger.hooks.push((message) => ({ ...message, data: message.data.map((item) => redact(item)) }));

  const file = logger.transports.file;
  file.level = settings.level;
  file.maxSize = settings.maxFileBytes;
  file.resolvePathFn = () => filePath;
  file.archiveLogFn = (oldFile) => rotate(oldFile.path, settings.maxArchives);
  file.format = ({ message, data }) => {
    const [event, fields] = data as [unknown, unknown];
    const entry = { at: (message.date ?? new Date()).toISOString(), level: message.level, event, ...(typeof fields === 'object' && fields !== null ? fields : {}) };
    return [JSON.stringify(entry)];
  };
  logger.transports.console.level = settings.console ? settings.level : false;

  const write = (level: LogLevel) => (event: string, fields?: LogFields): void => {
    logger[level](event, fields ?? {});
  };
  return { filePath, redact, error: write('error'), warn: write('warn'), info: write('info'), debug: write('debug') };
}
