import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StationError } from '../../shared/errors/station-error';
import type { SettingsView, SharedModeStatus, SharedModeTestReport } from '../../shared/ipc/ipc-contract';
import type { Result } from '../../shared/result';
import { openTestStation } from '../composition/testing/sandbox-desk';
import type { Station } from '../composition/station';
import type { SharedConnectionSettings } from '../store/postgres/open-shared-database';
import { SHARED_MIGRATION_NAMES, SHARED_SCHEMA_VERSION } from '../store/postgres/shared-migrations';
import { startPostgresTestServer, type PostgresTestServer } from '../store/postgres/testing/postgres-test-server';

let server: PostgresTestServer;
let dataDir: string;
let station: Station;
let database: SharedConnectionSettings;

beforeAll(async () => {
  server = await startPostgresTestServer();
});
afterAll(() => server.dispose());
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'shared-mode-handlers-'));
  station = await openTestStation(dataDir);
  database = await server.freshDatabase();
});
afterEach(async () => {
  await station.close();
  await rm(dataDir, { recursive: true, force: true });
});

const call = async <T>(channel: string, input: unknown = {}): Promise<Result<T>> => (await station.dispatch(channel, input)) as Result<T>;
const data = async <T>(channel: string, input: unknown = {}): Promise<T> => {
  const answer = await call<T>(channel, input);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${JSON.stringify(answer.error.params)}`);
  return answer.data;
};
const errorOf = async (channel: string, input: unknown = {}): Promise<StationError> => {
  const answer = await call(channel, input);
  if (answer.ok) throw new Error(`${channel} answered ok`);
  return answer.error;
};

/** Saves the shared-mode settings of the test database (its password stored separately). */
async function configure(patch: Partial<SettingsView['settings']['sharedMode']> = {}): Promise<void> {
  const { host, port, database: name, user, tls } = database;
  await data('settings.update', { patch: { sharedMode: { enabled: true, host, port, database: name, user, tls, ...patch } } });
}

describe('Settings → Shared mode through the composition root (real PostgreSQL)', () => {
  it('keeps the password out of the settings and the renderer: only whether it is set', async () => {
    expect(await data<SharedModeStatus>('shared-mode.status')).toMatchObject({ password: { isSet: false }, computerName: hostname() });
    const stored = await data<SharedModeStatus>('shared-mode.set-password', { password: database.password });
    expect(stored.password.isSet).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(database.password);
    const view = await data<SettingsView>('settings.get');
    expect(JSON.stringify(view)).not.toContain(database.password);
    for (const file of await readdir(dataDir)) {
      if (file.endsWith('.vault') || file === 'settings.json') expect(await readFile(join(dataDir, file), 'utf8')).not.toContain(database.password);
    }
    expect((await data<SharedModeStatus>('shared-mode.clear-password')).password.isSet).toBe(false);
  });

  it('says when the saved mode differs from the running one: it takes effect after a restart', async () => {
    expect(await data<SharedModeStatus>('shared-mode.status')).toMatchObject({ runningMode: 'local', restartToApply: false });
    await configure();
    expect(await data<SharedModeStatus>('shared-mode.status')).toMatchObject({ runningMode: 'local', restartToApply: true });
    await station.close();
    station = await openTestStation(dataDir);
    expect(await data<SharedModeStatus>('shared-mode.status')).toMatchObject({ runningMode: 'shared', restartToApply: false });
    await data('settings.update', { patch: { sharedMode: { enabled: false } } });
    expect(await data<SharedModeStatus>('shared-mode.status')).toMatchObject({ runningMode: 'shared', restartToApply: true });
  });

  it('migrates a fresh database on the first test, and the second test changes nothing', async () => {
    await configure();
    await data('shared-mode.set-password', { password: database.password });
    const first = await data<SharedModeTestReport>('shared-mode.test');
    expect(first).toMatchObject({ serverVersion: expect.stringMatching(new RegExp(`^${server.version}\\.`)) as unknown, schema: 'waybill_station', schemaVersion: SHARED_SCHEMA_VERSION, migrated: SHARED_MIGRATION_NAMES, deskName: hostname() });
    expect(first.desks.map((desk) => desk.name)).toEqual([hostname()]);
    await configure({ deskName: 'Desk 2' });
    const second = await data<SharedModeTestReport>('shared-mode.test');
    expect(second).toMatchObject({ schemaVersion: SHARED_SCHEMA_VERSION, migrated: [], deskName: 'Desk 2' });
    // The same desk (its id kept in the data folder) under its new name: still one desk.
    expect(second.desks.map((desk) => desk.name)).toEqual(['Desk 2']);
  });

  it('says the login was refused for a wrong password or none', async () => {
    await configure();
    expect(await errorOf('shared-mode.test')).toEqual({ code: 'shared-mode.auth-failed', params: { user: database.user, database: database.database }, retryable: false });
    await data('shared-mode.set-password', { password: 'not-the-password' });
    expect(await errorOf('shared-mode.test')).toEqual({ code: 'shared-mode.auth-failed', params: { user: database.user, database: database.database }, retryable: false });
  });

  it('says the server cannot be reached when it is down, and that a missing database is missing', async () => {
    await configure();
    await data('shared-mode.set-password', { password: database.password });
    server.stop();
    try {
      expect(await errorOf('shared-mode.test')).toMatchObject({ code: 'shared-mode.unreachable', params: { host: database.host, port: database.port, reason: 'ECONNREFUSED' }, retryable: true });
    } finally {
      server.start();
    }
    await configure({ database: 'no_such_database' });
    expect(await errorOf('shared-mode.test')).toMatchObject({ code: 'shared-mode.database-missing', params: { database: 'no_such_database' } });
  });

  it('says TLS was refused when the server offers none, and what is missing before connecting', async () => {
    await configure({ tls: 'verify-full' });
    await data('shared-mode.set-password', { password: database.password });
    expect(await errorOf('shared-mode.test')).toMatchObject({ code: 'shared-mode.tls-refused', params: { host: database.host } });
    await data('settings.update', { patch: { sharedMode: { host: '', user: '' } } });
    expect(await errorOf('shared-mode.test')).toEqual({ code: 'shared-mode.not-configured', params: { missing: 'host, user' }, retryable: false });
  });
});
