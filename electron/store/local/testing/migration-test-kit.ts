import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { localMigrations } from '../local-migrations';
import { openStationDatabase, type StationDatabase } from '../open-station-database';
import type { MigrationContext } from '../station-migration';

/** A column as SQLite describes it (PRAGMA table_info). */
export interface ColumnInfo {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

/** The path of a fresh database file in a temp folder per test, removed after it. */
export function useDatabaseFile(): () => string {
  let directory = '';
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'station-migration-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });
  return () => join(directory, 'station.sqlite');
}

/** The station database at `version` (the station's own migrations up to it), open. */
export function databaseAtVersion(file: string, version: number): StationDatabase {
  return openStationDatabase({ file, migrations: localMigrations.slice(0, version) });
}

/** Reopens the file with the station's migrations up to `version`: the ones after its version run. */
export function migrateTo(file: string, version: number, context: MigrationContext = {}): StationDatabase {
  return openStationDatabase({ file, migrations: localMigrations.slice(0, version), context });
}

/** The tables of the database, sorted by name (without SQLite's own). */
export function tablesOf(db: StationDatabase): string[] {
  const rows = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
  return rows.map((row) => row.name);
}

/** The columns of a table, in order. */
export function columnsOf(db: StationDatabase, table: string): ColumnInfo[] {
  return db.prepare(`PRAGMA table_info(${table})`).all() as ColumnInfo[];
}

/** The indexes the migrations created on a table, sorted by name (without SQLite's automatic ones). */
export function indexesOf(db: StationDatabase, table: string): string[] {
  const rows = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name").all(table) as { name: string }[];
  return rows.map((row) => row.name);
}
