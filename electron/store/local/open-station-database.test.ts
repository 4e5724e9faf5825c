import Database from 'better-sqlite3';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeError, type StationError } from '../../../shared/errors/station-error';
import { StationFailure } from '../../ipc/to-station-error';
import { MIGRATION_BACKUPS_KEPT, migrationBackupFile, migrationBackups, openStationDatabase } from './open-station-database';
import { localMigrations } from './local-migrations';
import type { StationMigration } from './station-migration';

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
const nextVersion = localMigrations.length + 1;

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
    expect(db.pragma('user_version', { simple: true })).toBe(localMigrations.length);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'gateway_call_costs'").get()).toBeTruthy();
    db.close();
    expect((await readdir(directory)).filter((name) => name.endsWith('.bak'))).toEqual([]);
  });

  it('backs the file up before applying a new migration, and the backup holds the old data', async () => {
    const first = openStationDatabase({ file });
    first.prepare("INSERT INTO gateway_call_costs (endpoint, points, job_id, at, china_day) VALUES ('issue', 3, NULL, 1, '1970-01-01')").run();
    first.close();

    const events: Array<{ version: number; backupFile: string | null }> = [];
    const second = openStationDatabase({ file, migrations: [...localMigrations, notesMigration], onMigration: (event) => events.push(event) });
    expect(second.pragma('user_version', { simple: true })).toBe(nextVersion);
    second.close();

    expect(events).toHaveLength(1);
    const backupFile = events[0]?.backupFile ?? '';
    expect(backupFile.startsWith(`${file}.before-v${nextVersion}-`)).toBe(true);
    const backup = new Database(backupFile, { readonly: true });
    expect(backup.pragma('user_version', { simple: true })).toBe(localMigrations.length);
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
    expect(() => openStationDatabase({ file, migrations: [...localMigrations, broken] })).toThrow('migration failed halfway');
    const db = openStationDatabase({ file });
    expect(db.pragma('user_version', { simple: true })).toBe(localMigrations.length);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half_done'").get()).toBeUndefined();
    db.close();
  });

  it('refuses a database written by a newer version of the app, naming the backups to restore, and leaves it as it was', () => {
    const older = openStationDatabase({ file });
    older.prepare("INSERT INTO gateway_call_costs (endpoint, points, job_id, at, china_day) VALUES ('issue', 3, NULL, 1, '1970-01-01')").run();
    older.close();
    openStationDatabase({ file, migrations: [...localMigrations, notesMigration] }).close();
    const [backup] = migrationBackups(file);
    const refusal = refusalOf(() => openStationDatabase({ file }));
    expect(refusal).toEqual({ code: 'database.newer-schema', params: { file, backups: backup, version: nextVersion, known: localMigrations.length }, retryable: false });
    expect(describeError(refusal, 'zh').remedy).toContain(backup);
    const untouched = new Database(file, { readonly: true });
    expect(untouched.pragma('user_version', { simple: true })).toBe(nextVersion);
    untouched.close();
  });

  it('refuses a migration list with a gap', () => {
    expect(() => openStationDatabase({ file, migrations: [...localMigrations, { ...notesMigration, version: nextVersion + 1 }] })).toThrow(
      new RegExp(`expected ${nextVersion}`),
    );
  });
});

/** The StationFailure's error a call throws; fails the test when it throws anything else. */
function refusalOf(open: () => unknown): StationError {
  try {
    open();
  } catch (error) {
    if (error instanceof StationFailure) return error.error;
    throw error;
  }
  throw new Error('the database was opened');
}

/** A database with enough rows to span many pages, closed (checkpointed). */
function databaseWithRows(): void {
  const db = openStationDatabase({ file });
  const insert = db.prepare("INSERT INTO gateway_call_costs (endpoint, points, job_id, at, china_day) VALUES ('issue', ?, ?, ?, '2026-11-24')");
  db.transaction(() => {
    for (let row = 0; row < 3000; row += 1) insert.run(row % 7, `job-${row}`, row);
  })();
  db.close();
}

describe('the station database survives power loss', () => {
  it('commits with synchronous=FULL, on every reopen; with fullfsync on macOS', () => {
    openStationDatabase({ file }).close();
    const reopened = openStationDatabase({ file });
    // 2 = FULL: each commit is on the disk before the next step is taken.
    expect(reopened.pragma('synchronous', { simple: true })).toBe(2);
    expect(reopened.pragma('journal_mode', { simple: true })).toBe('wal');
    reopened.close();
    const onMac = openStationDatabase({ file, platform: 'darwin' });
    expect(onMac.pragma('fullfsync', { simple: true })).toBe(1);
    expect(onMac.pragma('synchronous', { simple: true })).toBe(2);
    onMac.close();
  });

  it('refuses a file that is not a database, with what to do and the backups to restore from, and leaves it as it was', async () => {
    const bytes = Buffer.from('These are the notes of a packing desk, not a database.\n'.repeat(200));
    await writeFile(file, bytes);
    await writeFile(migrationBackupFile(file, 5, 1_700_000_000_000), 'an older copy');
    const refusal = refusalOf(() => openStationDatabase({ file }));
    expect(refusal).toEqual({ code: 'database.not-a-database', params: { file, backups: migrationBackupFile(file, 5, 1_700_000_000_000) }, retryable: false });
    expect(describeError(refusal, 'en').remedy).toContain(migrationBackupFile(file, 5, 1_700_000_000_000));
    expect((await readFile(file)).equals(bytes)).toBe(true);
  });

  it('refuses a database with a torn page (bytes overwritten inside a page) after PRAGMA quick_check', async () => {
    databaseWithRows();
    const pageSize = 4096;
    const bytes = await readFile(file);
    expect(bytes.length).toBeGreaterThan(pageSize * 8);
    // A write torn half-way: the first half of a table page holds what another write left there.
    const torn = Buffer.from(bytes);
    const pageStart = pageSize * 5;
    for (let offset = pageStart; offset < pageStart + pageSize / 2; offset += 1) torn[offset] = (offset * 131) % 251;
    await writeFile(file, torn);
    const refusal = refusalOf(() => openStationDatabase({ file }));
    expect(refusal).toMatchObject({ code: 'database.corrupt', params: { file, backups: '—' }, retryable: false });
    expect(describeError(refusal, 'zh').text).toContain('已损坏');
    expect((await readFile(file)).equals(torn)).toBe(true);
  });

  it('keeps only the two newest migration backups (they hold personal data)', async () => {
    databaseWithRows();
    for (const at of [1_000, 2_000, 3_000]) await writeFile(migrationBackupFile(file, 3, at), 'old copy');
    const withNotes = openStationDatabase({ file, migrations: [...localMigrations, notesMigration] });
    withNotes.close();
    const backups = migrationBackups(file);
    expect(backups).toHaveLength(MIGRATION_BACKUPS_KEPT);
    expect(backups[0]).toBe(migrationBackupFile(file, 3, 3_000));
    expect(backups[1]).toMatch(new RegExp(`before-v${nextVersion}-\\d+\\.bak$`));
    expect((await readdir(directory)).filter((name) => name.endsWith('.bak'))).toHaveLength(2);
  });
});
