import { zipSync, strToU8, type Zippable } from 'fflate';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RuntimeVersions } from '../about/runtime-versions';
import { writeFileAtomically } from '../data-folder/atomic-file';
import type { DiagnosticsReader } from '../store/station-backend';
import { createDiagnosticsRedactor, type DiagnosticsRedactor } from './diagnostics-redaction';

/** Everything a diagnostics archive is made from; the composition root passes the live parts. */
export interface DiagnosticsSources {
  dataDir: string;
  /** The folder of the rotating logs (`<data folder>/logs`). */
  logsDir: string;
  /** The station backend's counts of its journal. */
  journal: DiagnosticsReader;
  /** The settings as the UI sees them: never the token itself. */
  settings: () => unknown;
  /** Secrets to scrub wherever they appear (the stored token, a run's token, the sandbox's). */
  secrets: () => ReadonlyArray<string | null | undefined>;
  app: { name: string; version: string; shell: string };
  runtime: RuntimeVersions;
  now?: () => Date;
}

/** An archive built in memory, and the names of the files in it. */
export interface DiagnosticsArchive {
  bytes: Uint8Array;
  entries: string[];
}

/** An archive written to the data folder. */
export interface WrittenDiagnosticsArchive {
  file: string;
  bytes: number;
  entries: string[];
}

/** The folder archives are written to, inside the data folder. */
export const diagnosticsFolderName = 'diagnostics';

/** How many archives are kept there; older ones are removed when a new one is written. */
export const keptDiagnosticsArchives = 5;

const archivePrefix = 'diagnostics-';

/** Settings fields about the sender (a person and a phone), redacted like receivers are in the logs. */
const senderFields = ['senderName', 'senderPhone', 'senderAddress'] as const;

/** The settings view with the sender's personal fields and any credentials in the gateway address removed. */
function settingsForSupport(view: unknown): unknown {
  if (typeof view !== 'object' || view === null) return view;
  const { token, ...rest } = view as { token?: { isSet?: boolean } };
  const copy = structuredClone(rest) as { settings?: { shipFrom?: Record<string, unknown>; gateway?: { baseUrl?: unknown } }; tokenStored?: boolean };
  const shipFrom = copy.settings?.shipFrom;
  if (shipFrom) for (const field of senderFields) if (shipFrom[field]) shipFrom[field] = '[redacted]';
  const gateway = copy.settings?.gateway;
  if (gateway && typeof gateway.baseUrl === 'string' && URL.canParse(gateway.baseUrl)) {
    const url = new URL(gateway.baseUrl);
    url.username = '';
    url.password = '';
    gateway.baseUrl = url.toString();
  }
  // Whether a token is stored helps support; even its last characters stay out.
  if (token) copy.tokenStored = Boolean(token.isSet);
  return copy;
}

/** One log file, line by line through the redactor; a line that is not JSON is redacted as text. */
function redactLogFile(text: string, redactor: DiagnosticsRedactor): string {
  return text
    .split('\n')
    .map((line) => {
      if (line.trim() === '') return line;
      try {
        return JSON.stringify(redactor.data(JSON.parse(line) as unknown));
      } catch {
        return redactor.text(line);
      }
    })
    .join('\n');
}

/** The log files, newest first (`station.log`, `station.1.log`, …). */
function logFiles(logsDir: string): string[] {
  if (!existsSync(logsDir)) return [];
  const order = (name: string) => Number(/\.(\d+)\.log$/.exec(name)?.[1] ?? 0);
  return readdirSync(logsDir)
    .filter((name) => name.endsWith('.log'))
    .sort((a, b) => order(a) - order(b) || a.localeCompare(b));
}

/** Size of a file, or of everything inside a folder. */
function sizeOf(path: string): { bytes: number; files: number } {
  const stat = statSync(path);
  if (!stat.isDirectory()) return { bytes: stat.size, files: 1 };
  let bytes = 0;
  let files = 0;
  for (const name of readdirSync(path)) {
    const inner = sizeOf(join(path, name));
    bytes += inner.bytes;
    files += inner.files;
  }
  return { bytes, files };
}

/** What the data folder holds: names, sizes and dates only (set-aside settings, backups, spool size). */
function dataFolderListing(dataDir: string): { name: string; kind: 'file' | 'folder'; bytes: number; files: number; modified: string }[] {
  return readdirSync(dataDir)
    .sort()
    .map((name) => {
      const path = join(dataDir, name);
      const stat = statSync(path);
      return { name, kind: stat.isDirectory() ? 'folder' : 'file', ...sizeOf(path), modified: stat.mtime.toISOString() };
    });
}

const json = (value: unknown): Uint8Array => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/**
 * Builds the one archive support asks for: redacted logs, the settings without the token or
 * the sender's personal data, the journal's row counts per table (never a row), the versions of
 * the app, its runtimes and the OS, and a listing of the data folder. Every file passes the
 * redactor, which scrubs the token, personal fields, print data and phone numbers.
 */
export async function buildDiagnosticsArchive(sources: DiagnosticsSources): Promise<DiagnosticsArchive> {
  const createdAt = (sources.now ?? (() => new Date()))();
  const redactor = createDiagnosticsRedactor(sources.secrets);
  const files: Zippable = {
    'versions.json': json(redactor.data({ app: sources.app, runtime: sources.runtime })),
    'settings.json': json(redactor.data(settingsForSupport(sources.settings()))),
    'journal-counts.json': json(await sources.journal.journalCounts()),
    'data-folder.json': json(redactor.data(dataFolderListing(sources.dataDir))),
  };
  for (const name of logFiles(sources.logsDir)) {
    files[`logs/${name}`] = strToU8(redactLogFile(readFileSync(join(sources.logsDir, name), 'utf8'), redactor));
  }
  const entries = ['manifest.json', ...Object.keys(files)];
  files['manifest.json'] = json({
    kind: 'waybill-print-station-diagnostics',
    createdAt: createdAt.toISOString(),
    app: sources.app,
    entries,
    redaction: 'token, receiver and sender names, phone numbers, addresses and print data removed; the journal is counted, never copied',
  });
  // Zip entries carry local time; fflate takes the date to stamp them with.
  const bytes = zipSync(files, { level: 6, mtime: createdAt });
  return { bytes, entries };
}

/**
 * Builds the archive and writes it into `<data folder>/diagnostics/` (atomically, so support
 * never gets half a file), keeping the newest few archives there.
 */
export async function writeDiagnosticsArchive(sources: DiagnosticsSources): Promise<WrittenDiagnosticsArchive> {
  const createdAt = (sources.now ?? (() => new Date()))();
  const archive = await buildDiagnosticsArchive({ ...sources, now: () => createdAt });
  const folder = join(sources.dataDir, diagnosticsFolderName);
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `${archivePrefix}${createdAt.toISOString().replace(/[:.]/g, '-')}.zip`);
  writeFileAtomically(file, archive.bytes);
  const archives = readdirSync(folder)
    .filter((name) => name.startsWith(archivePrefix) && name.endsWith('.zip'))
    .sort()
    .reverse();
  for (const old of archives.slice(keptDiagnosticsArchives)) rmSync(join(folder, old), { force: true });
  return { file, bytes: archive.bytes.length, entries: archive.entries };
}
