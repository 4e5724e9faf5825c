import Database from 'better-sqlite3';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStationDatabase } from './open-station-database';
import { stationMigrations } from './station-migrations';
import type { StationMigration } from './station-migrations';

let directory: string;
let file: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'station-db-'));
  file = join(directory, 'station.sqlite');
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** The version a migration appended after the station's own takes. */
const nextVersion = stationMigrations.length + 1;

const notesMigration: StationMigration = {
  version: nextVersion,
  name: 'notes',
  up(db) {
    db.exec('CREATE TABLE notes (text TEXT NOT NULL)');
  },
};

describe('openStationDatabase', () => {
  it('creates the database in WAL mode at the latest schema version, without a pointless backup', async () => {
    const db = openStationDatabase({ file });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(stationMigrations.length);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'gateway_call_costs'").get()).toBeTruthy();
    db.close();
    expect((await readdir(directory)).filter((name) => name.endsWith('.bak'))).toEqual([]);
  });

  it('backs the file up before applying a new migration, and the backup holds the old data', async () => {
    const first = openStationDatabase({ file });
    first.prepare("INSERT INTO gateway_call_costs (endpoint, points, job_id, at, china_day) VALUES ('issue', 3, NULL, 1, '1970-01-01')").run();
    first.close();

    const events: Array<{ version: number; backupFile: string | null }> = [];
    const second = openStationDatabase({ file, migrations: [...stationMigrations, notesMigration], onMigration: (event) => events.push(event) });
    expect(second.pragma('user_version', { simple: true })).toBe(nextVersion);
    second.close();

    expect(events).toHaveLength(1);
    const backupFile = events[0]?.backupFile ?? '';
    expect(backupFile.startsWith(`${file}.before-v${nextVersion}-`)).toBe(true);
    const backup = new Database(backupFile, { readonly: true });
    expect(backup.pragma('user_version', { simple: true })).toBe(stationMigrations.length);
    expect(backup.prepare('SELECT points FROM gateway_call_costs').all()).toEqual([{ points: 3 }]);
    expect(backup.prepare("SELECT name FROM sqlite_master WHERE name = 'notes'").get()).toBeUndefined();
    backup.close();
  });

  it('rolls a failing migration back completely and leaves the version where it was', () => {
    openStationDatabase({ file }).close();
    const broken: StationMigration = {
      version: nextVersion,
      name: 'broken',
      up(db) {
        db.exec('CREATE TABLE half_done (x INTEGER)');
        throw new Error('migration failed halfway');
      },
    };
    expect(() => openStationDatabase({ file, migrations: [...stationMigrations, broken] })).toThrow('migration failed halfway');
    const db = openStationDatabase({ file });
    expect(db.pragma('user_version', { simple: true })).toBe(stationMigrations.length);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half_done'").get()).toBeUndefined();
    db.close();
  });

  it('refuses a database written by a newer version of the app', () => {
    openStationDatabase({ file, migrations: [...stationMigrations, notesMigration] }).close();
    expect(() => openStationDatabase({ file })).toThrow(/newer/);
  });

  it('refuses a migration list with a gap', () => {
    expect(() => openStationDatabase({ file, migrations: [...stationMigrations, { ...notesMigration, version: nextVersion + 1 }] })).toThrow(
      new RegExp(`expected ${nextVersion}`),
    );
  });
});
