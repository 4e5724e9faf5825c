import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { stationError } from '../../../shared/errors/station-error';
import { StationFailure } from '../../ipc/to-station-error';
import { localMigrations } from './local-migrations';
import type { MigrationContext, StationMigration } from './station-migration';

/** The station's SQLite database (better-sqlite3 handle). */
export type StationDatabase = Database.Database;

/** How to open the station database. */
export interface OpenStationDatabaseOptions {
  /** Path of the database file in the data folder. */
  file: string;
  /** The migrations to bring it up to date; the station's own list by default. */
  migrations?: readonly StationMigration[];
  /** What the migrations may know about the data they migrate (see MigrationContext). */
  context?: MigrationContext;
  /** Told about each backup and migration (for the log). */
  onMigration?: (event: { version: number; name: string; backupFile: string | null }) => void;
  /** The platform, for the fsync pragma macOS needs (process.platform by default). */
  platform?: NodeJS.Platform;
}

/** How many migration backups are kept: they hold personal data, so only the latest ones stay. */
export const MIGRATION_BACKUPS_KEPT = 2;

/** Backup file written at `at` (epoch ms) before the migration to `version` is applied. */
export function migrationBackupFile(file: string, version: number, at: number): string {
  return `${file}.before-v${version}-${at}.bak`;
}

/** The migration backups beside the database file, oldest first (by the time in their name). */
export function migrationBackups(file: string): string[] {
  const folder = dirname(file);
  const pattern = new RegExp(`^${basename(file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.before-v(\\d+)-(\\d+)\\.bak$`);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names
    .flatMap((name) => {
      const match = pattern.exec(name);
      return match ? [{ path: join(folder, name), at: Number(match[2]), version: Number(match[1]) }] : [];
    })
    .sort((a, b) => a.at - b.at || a.version - b.version)
    .map((backup) => backup.path);
}

/** Removes all but the newest MIGRATION_BACKUPS_KEPT backups; answers the removed files. */
function pruneMigrationBackups(file: string): string[] {
  const backups = migrationBackups(file);
  const removed = backups.slice(0, Math.max(0, backups.length - MIGRATION_BACKUPS_KEPT));
  for (const path of removed) rmSync(path, { force: true });
  return removed;
}

function assertMigrationsOrdered(migrations: readonly StationMigration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`migration "${migration.name}" has version ${migration.version}, expected ${index + 1}`);
    }
  });
}

/** The backups a refused database can be restored from, newest first, as the refusal names them. */
function backupsOf(file: string): string {
  const backups = migrationBackups(file).reverse();
  return backups.length > 0 ? backups.join(', ') : '—';
}

/** SQLite's result codes for a file that is not a database or is damaged. */
const damagedCodes = new Set(['SQLITE_NOTADB', 'SQLITE_CORRUPT']);

/**
 * Opens (creating if needed) the station database in WAL mode with `synchronous=FULL` (every
 * commit reaches the disk before the next step, so a power loss never takes back a recorded
 * waybill; `fullfsync` on macOS, whose fsync alone does not flush the drive's cache), checks it
 * with `PRAGMA quick_check`, and applies the pending migrations in order. The schema version
 * lives in the `user_version` pragma. Before each migration runs on a database that already holds
 * data, a consistent copy of it is written beside the file (`VACUUM INTO`), so a failed or faulty
 * migration never costs the journal; only the newest two copies are kept (they hold personal
 * data). Each migration and its version bump commit together or not at all.
 *
 * A file that is not a database, a damaged one, or one with a schema newer than this build is
 * refused with a StationFailure (`database.not-a-database`, `database.corrupt`,
 * `database.newer-schema`) naming the backups it can be restored from: never opened, never changed.
 */
export function openStationDatabase(options: OpenStationDatabaseOptions): StationDatabase {
  const migrations = options.migrations ?? localMigrations;
  const platform = options.platform ?? process.platform;
  assertMigrationsOrdered(migrations);
  mkdirSync(dirname(options.file), { recursive: true });
  const hadData = existsSync(options.file) && statSync(options.file).size > 0;

  let db: StationDatabase;
  try {
    db = new Database(options.file);
  } catch (error) {
    if (damagedCodes.has((error as { code?: string }).code ?? '')) throw new StationFailure(stationError('database.not-a-database', { file: options.file, backups: backupsOf(options.file) }));
    throw error;
  }
  try {
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      if (platform === 'darwin') db.pragma('fullfsync = ON');
      db.pragma('foreign_keys = ON');
      db.pragma('busy_timeout = 5000');
      const problems = (db.pragma('quick_check') as { quick_check: string }[]).map((row) => row.quick_check);
      if (problems.length !== 1 || problems[0] !== 'ok') throw new StationFailure(stationError('database.corrupt', { file: options.file, backups: backupsOf(options.file), detail: problems.slice(0, 3).join('; ') }));
    } catch (error) {
      if (error instanceof StationFailure) throw error;
      const code = (error as { code?: string }).code ?? '';
      if (code === 'SQLITE_NOTADB') throw new StationFailure(stationError('database.not-a-database', { file: options.file, backups: backupsOf(options.file) }));
      if (code === 'SQLITE_CORRUPT') throw new StationFailure(stationError('database.corrupt', { file: options.file, backups: backupsOf(options.file), detail: (error as Error).message }));
      throw error;
    }
    const current = db.pragma('user_version', { simple: true }) as number;
    if (current > migrations.length) throw new StationFailure(stationError('database.newer-schema', { file: options.file, backups: backupsOf(options.file), version: current, known: migrations.length }));
    for (const migration of migrations.slice(current)) {
      let backupFile: string | null = null;
      // A fresh file has nothing to lose: only a database that held data before this start is copied.
      if (hadData) {
        backupFile = migrationBackupFile(options.file, migration.version, Date.now());
        db.prepare('VACUUM INTO ?').run(backupFile);
      }
      db.transaction(() => {
        migration.up(db, options.context ?? {});
        db.pragma(`user_version = ${migration.version}`);
      })();
      options.onMigration?.({ version: migration.version, name: migration.name, backupFile });
    }
    pruneMigrationBackups(options.file);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
