import Database from 'better-sqlite3';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { stationMigrations } from './station-migrations';
import type { StationMigration } from './station-migrations';

/** The station's SQLite database (better-sqlite3 handle). */
export type StationDatabase = Database.Database;

/** How to open the station database. */
export interface OpenStationDatabaseOptions {
  /** Path of the database file in the data folder. */
  file: string;
  /** The migrations to bring it up to date; the station's own list by default. */
  migrations?: readonly StationMigration[];
  /** Told about each backup and migration (for the log). */
  onMigration?: (event: { version: number; name: string; backupFile: string | null }) => void;
}

/** Backup file written at `at` (epoch ms) before the migration to `version` is applied. */
export function migrationBackupFile(file: string, version: number, at: number): string {
  return `${file}.before-v${version}-${at}.bak`;
}

function assertMigrationsOrdered(migrations: readonly StationMigration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`migration "${migration.name}" has version ${migration.version}, expected ${index + 1}`);
    }
  });
}

/**
 * Opens (creating if needed) the station database in WAL mode and applies the pending
 * migrations in order. The schema version lives in the `user_version` pragma. Before each
 * migration runs on a database that already holds data, a consistent copy of it is written
 * beside the file (`VACUUM INTO`), so a failed or faulty migration never costs the journal.
 * Each migration and its version bump commit together or not at all.
 */
export function openStationDatabase(options: OpenStationDatabaseOptions): StationDatabase {
  const migrations = options.migrations ?? stationMigrations;
  assertMigrationsOrdered(migrations);
  mkdirSync(dirname(options.file), { recursive: true });
  const hadData = existsSync(options.file) && statSync(options.file).size > 0;

  const db = new Database(options.file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const current = db.pragma('user_version', { simple: true }) as number;
    if (current > migrations.length) {
      throw new Error(`database schema version ${current} is newer than this app knows (${migrations.length})`);
    }
    for (const migration of migrations.slice(current)) {
      let backupFile: string | null = null;
      // A fresh file has nothing to lose: only a database that held data before this start is copied.
      if (hadData) {
        backupFile = migrationBackupFile(options.file, migration.version, Date.now());
        db.prepare('VACUUM INTO ?').run(backupFile);
      }
      db.transaction(() => {
        migration.up(db);
        db.pragma(`user_version = ${migration.version}`);
      })();
      options.onMigration?.({ version: migration.version, name: migration.name, backupFile });
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
