import Database from 'better-sqlite3';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sameGateway, UNKNOWN_GATEWAY } from '../../shared/domain/gateway-identity';
import { describeError, type StationError } from '../../shared/errors/station-error';
import { StationFailure } from '../ipc/to-station-error';
import { MIGRATION_BACKUPS_KEPT, migrationBackupFile, migrationBackups, openStationDatabase, type StationDatabase } from './open-station-database';
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

  it('refuses a database written by a newer version of the app, naming the backups to restore, and leaves it as it was', () => {
    const older = openStationDatabase({ file });
    older.prepare("INSERT INTO gateway_call_costs (endpoint, points, job_id, at, china_day) VALUES ('issue', 3, NULL, 1, '1970-01-01')").run();
    older.close();
    openStationDatabase({ file, migrations: [...stationMigrations, notesMigration] }).close();
    const [backup] = migrationBackups(file);
    const refusal = refusalOf(() => openStationDatabase({ file }));
    expect(refusal).toEqual({ code: 'database.newer-schema', params: { file, backups: backup, version: nextVersion, known: stationMigrations.length }, retryable: false });
    expect(describeError(refusal, 'zh').remedy).toContain(backup);
    const untouched = new Database(file, { readonly: true });
    expect(untouched.pragma('user_version', { simple: true })).toBe(nextVersion);
    untouched.close();
  });

  it('refuses a migration list with a gap', () => {
    expect(() => openStationDatabase({ file, migrations: [...stationMigrations, { ...notesMigration, version: nextVersion + 1 }] })).toThrow(
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
    const withNotes = openStationDatabase({ file, migrations: [...stationMigrations, notesMigration] });
    withNotes.close();
    const backups = migrationBackups(file);
    expect(backups).toHaveLength(MIGRATION_BACKUPS_KEPT);
    expect(backups[0]).toBe(migrationBackupFile(file, 3, 3_000));
    expect(backups[1]).toMatch(new RegExp(`before-v${nextVersion}-\\d+\\.bak$`));
    expect((await readdir(directory)).filter((name) => name.endsWith('.bak'))).toHaveLength(2);
  });
});

describe('migration 7: the gateway and shop of every row', () => {
  /** A version-5 database holding one job, its journal row and a queued print task. */
  function version5WithAJob(): void {
    const db = openStationDatabase({ file, migrations: stationMigrations.slice(0, 5) });
    db.exec(`
      INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json) VALUES ('job-1', 'issuing', 1, 1, 'YTO', 'B1', '{}');
      INSERT INTO journal_orders (order_number, job_id, state, updated_at) VALUES ('T1', 'job-1', 'pending', 1);
      INSERT INTO print_documents (id, job_id, seq, document_id, printer, contents_json, documents_per_task, state, attempts, received, rendered, created_at, updated_at)
        VALUES ('p-1', 'job-1', 0, 'YT1', '', '[]', 1, 'queued', 0, 0, 0, 1, 1);
    `);
    db.close();
  }
  const gatewaysOf = (db: StationDatabase) =>
    ['issue_jobs', 'journal_orders', 'print_documents'].map((table) => db.prepare(`SELECT gateway_base_url AS baseUrl, gateway_shop_id AS shopId FROM ${table}`).get());

  it('gives existing rows the gateway they were issued under where the station knows it', () => {
    version5WithAJob();
    const gateway = { baseUrl: 'https://gateway.example.com', shopId: '8800' };
    const db = openStationDatabase({ file, context: { legacyGateway: gateway } });
    expect(gatewaysOf(db)).toEqual([gateway, gateway, gateway]);
    db.close();
  });

  it('marks them unknown where it does not (no settings could be read): they match no gateway', () => {
    version5WithAJob();
    const db = openStationDatabase({ file, context: { legacyGateway: null } });
    const unknown = { baseUrl: UNKNOWN_GATEWAY, shopId: UNKNOWN_GATEWAY };
    expect(gatewaysOf(db)).toEqual([unknown, unknown, unknown]);
    expect(sameGateway(unknown, unknown)).toBe(false);
    db.close();
  });
});
