import type pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StationFailure } from '../../ipc/to-station-error';
import { killFixtureProcesses, startFixtureProcess } from '../../testing/fixture-process';
import { openSharedDatabase, type SharedConnectionSettings } from './open-shared-database';
import { createSharedCallWindow, type SharedCallWindowOptions } from './shared-call-window';
import { migrateSharedSchema } from './shared-migrations';
import { startPostgresTestServer, type PostgresTestServer } from './testing/postgres-test-server';

const fixture = new URL('./testing/shared-call-window-fixture.ts', import.meta.url).pathname;
const schema = 'acct';

let server: PostgresTestServer;
let connection: SharedConnectionSettings;
const pools: pg.Pool[] = [];
beforeAll(async () => {
  server = await startPostgresTestServer();
});
afterAll(() => server.dispose());
beforeEach(async () => {
  connection = await server.freshDatabase();
  await migrateSharedSchema(openPool('migrator'), schema);
});
afterEach(async () => {
  killFixtureProcesses();
  await Promise.all(pools.splice(0).map((pool) => pool.end().catch(() => undefined)));
});

function openPool(deskName: string): pg.Pool {
  const pool = openSharedDatabase(connection, { deskName, connectTimeoutMs: 2000 });
  pools.push(pool);
  return pool;
}

function deskWindow(deskId: string, window: Omit<SharedCallWindowOptions, 'schema' | 'deskId' | 'connection'>) {
  return createSharedCallWindow(openPool(deskId), { schema, deskId, connection, ...window });
}

/** Every grant, as the server's clock stamped it (milliseconds, oldest first), with its desk. */
async function grants(): Promise<{ at: number; desk: string }[]> {
  const { rows } = await openPool('reader').query<{ at: string; desk_id: string }>(
    `SELECT extract(epoch FROM granted_at) * 1000 AS at, desk_id FROM ${schema}.call_grants ORDER BY granted_at`,
  );
  return rows.map((row) => ({ at: Number(row.at), desk: row.desk_id }));
}

/** The most grants found in any sliding window of `windowMs` (any window starts at some grant). */
function mostInAnyWindow(times: number[], windowMs: number): number {
  let most = 0;
  for (let first = 0, last = 0; first < times.length; first += 1) {
    while (last < times.length && (times[last] as number) - (times[first] as number) < windowMs) last += 1;
    most = Math.max(most, last - first);
  }
  return most;
}

const takeAll = async (window: { take: () => Promise<unknown> }, count: number) => {
  for (let taken = 0; taken < count; taken += 1) await window.take();
};

describe('the shared call window (the account-wide sliding window in PostgreSQL)', () => {
  it('never grants more than the limit in any sliding window to three desks (one in another process) taking at once, and sustains close to the limit', async () => {
    const window = { limit: 10, windowMs: 250, marginMs: 20 };
    const takes = 40;
    const child = startFixtureProcess(fixture, [JSON.stringify(connection), JSON.stringify({ schema, deskId: 'desk-3', ...window, takes })]);
    await child.until(() => child.output().includes('"ready"'), 'ready');
    const desks = [deskWindow('desk-1', window), deskWindow('desk-2', window)];
    await openPool('starter').query('NOTIFY go');
    await Promise.all(desks.map((desk) => takeAll(desk, takes)));
    await child.until(() => child.output().includes('"done"'), 'done');
    await child.finished();

    const granted = await grants();
    expect(granted).toHaveLength(3 * takes);
    expect(new Set(granted.map((grant) => grant.desk))).toEqual(new Set(['desk-1', 'desk-2', 'desk-3']));
    const times = granted.map((grant) => grant.at);
    // The rule as the server's clock saw it: at most 10 grants in any 270 ms.
    expect(mostInAnyWindow(times, window.windowMs + window.marginMs)).toBe(window.limit);
    // …and not far below it: the bound is 10 grants per 270 ms after the first burst of 10.
    const elapsed = (times.at(-1) as number) - (times[0] as number);
    const bound = ((times.length - window.limit) / window.limit) * (window.windowMs + window.marginMs);
    expect(elapsed).toBeGreaterThanOrEqual(bound);
    expect(elapsed).toBeLessThan(bound * 1.25);
  });

  it('keeps the gateway’s own rule with the defaults (10 per 1000 ms + 50 ms) for two desks at once', async () => {
    const desks = [deskWindow('desk-1', {}), deskWindow('desk-2', {})];
    await Promise.all(desks.map((desk) => takeAll(desk, 15)));
    const times = (await grants()).map((grant) => grant.at);
    expect(times).toHaveLength(30);
    expect(mostInAnyWindow(times, 1050)).toBe(10);
  });

  it('rejects with the signal’s reason when aborted while waiting, and grants nothing more', async () => {
    const desk = deskWindow('desk-1', { limit: 2, windowMs: 5000, marginMs: 0 });
    await takeAll(desk, 2);
    const controller = new AbortController();
    const started = Date.now();
    const waiting = desk.take(controller.signal);
    setTimeout(() => controller.abort(new Error('the user cancelled')), 100);
    await expect(waiting).rejects.toThrow('the user cancelled');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await grants()).toHaveLength(2);
  });

  it('answers shared-mode.unreachable, never a silent grant, when the server stops while a desk waits', async () => {
    const desk = deskWindow('desk-1', { limit: 1, windowMs: 1500, marginMs: 0 });
    await desk.take();
    const waiting = desk.take().then(
      () => 'granted',
      (error: unknown) => error,
    );
    await new Promise((waited) => setTimeout(waited, 200));
    server.stop();
    try {
      const outcome = await waiting;
      expect(outcome).toBeInstanceOf(StationFailure);
      expect((outcome as StationFailure).error).toMatchObject({ code: 'shared-mode.unreachable', params: { host: '127.0.0.1', port: connection.port }, retryable: true });
      // A desk asking while the server is down is refused at once, too.
      await expect(desk.take()).rejects.toMatchObject({ error: { code: 'shared-mode.unreachable' } });
    } finally {
      server.start();
    }
    // Back up: the window goes on from the grants the server kept.
    await desk.take();
    expect(await grants()).toHaveLength(2);
  });
});
