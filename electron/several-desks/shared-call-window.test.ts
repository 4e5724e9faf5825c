import { afterEach, describe, expect, it } from 'vitest';
import type { CallSlot, CallWindow } from '../gateway/call-window';
import { StationFailure } from '../ipc/to-station-error';
import { killFixtureProcesses, startFixtureProcess } from '../testing/fixture-process';
import type { SharedDeskAccess } from '../store/postgres/shared-access';
import { createSharedCallWindow, type SharedCallWindowOptions } from './shared-call-window';
import { createSharedClaims } from '../store/postgres/shared-claims';
import { TEST_SCHEMA } from '../store/postgres/testing/shared-test-desks';
import { useSharedTestDesks } from '../store/postgres/testing/use-shared-test-desks';

const fixture = new URL('./testing/shared-call-window-fixture.ts', import.meta.url).pathname;
const rig = useSharedTestDesks();
afterEach(() => killFixtureProcesses());

/** Sets the account's rule in the schema (the desks have none of their own). */
const setRule = (rule: { callsPerWindow: number; windowMs: number; marginMs: number }) =>
  rig.desks.pool.query(`UPDATE ${TEST_SCHEMA}.call_limit SET calls_per_window = $1, window_ms = $2, margin_ms = $3`, [rule.callsPerWindow, rule.windowMs, rule.marginMs]);

/** The most sends found in any sliding window of `windowMs` (any window starts at some send). */
function mostInAnyWindow(unsorted: number[], windowMs: number): number {
  const times = [...unsorted].sort((a, b) => a - b);
  let most = 0;
  for (let first = 0, last = 0; first < times.length; first += 1) {
    while (last < times.length && (times[last] as number) - (times[first] as number) < windowMs) last += 1;
    most = Math.max(most, last - first);
  }
  return most;
}

/** Takes `count` slots as the gateway client does (a slot reached too late is taken again); answers when each call would have left (epoch ms). */
async function sendAll(window: CallWindow, count: number): Promise<number[]> {
  const sentAt: number[] = [];
  await Promise.all(
    Array.from({ length: window.concurrentTakes }, async (_, lane) => {
      for (let taken = lane; taken < count; taken += window.concurrentTakes) {
        for (let slot: CallSlot = await window.take(); !slot.sendable(); slot = await window.take()) await slot.unused();
        sentAt.push(Date.now());
      }
    }),
  );
  return sentAt;
}

const deskWindow = async (deskId: string, options: SharedCallWindowOptions = {}): Promise<{ access: SharedDeskAccess; window: CallWindow }> => {
  const access = await rig.desks.join(deskId);
  return { access, window: createSharedCallWindow(access, options) };
};

const gateway = { baseUrl: 'https://gateway.example', shopId: 'shop-1' };

describe('the shared call window (start times reserved by the server, fenced by the claims)', () => {
  it('never lets more than the limit leave in any sliding window from three desks (one in another process) at once, and sustains close to the limit', async () => {
    const rule = { callsPerWindow: 10, windowMs: 250, marginMs: 20 };
    await setRule(rule);
    const takes = 40;
    const child = startFixtureProcess(fixture, [JSON.stringify(rig.desks.connection), JSON.stringify({ schema: TEST_SCHEMA, deskId: 'desk-3', takes })]);
    await child.until(() => child.output().includes('"ready"'), 'ready');
    const desks = [await deskWindow('desk-1'), await deskWindow('desk-2')];
    await rig.desks.pool.query('NOTIFY go');
    const sent = (await Promise.all(desks.map((desk) => sendAll(desk.window, takes)))).flat();
    await child.until(() => child.output().includes('"done"'), 'done');
    await child.finished();
    const line = child.output().split('\n').find((each) => each.includes('"done"')) as string;
    const times = [...sent, ...(JSON.parse(line) as { sentAt: number[] }).sentAt];

    expect(times).toHaveLength(3 * takes);
    // The gateway's own rule at the moments the calls left: never more than 10 in any 250 ms.
    expect(mostInAnyWindow(times, rule.windowMs)).toBeLessThanOrEqual(rule.callsPerWindow);
    // …and not far below it: the bound is 10 sends per 270 ms after the first burst of 10.
    const elapsed = Math.max(...times) - Math.min(...times);
    const bound = ((times.length - rule.callsPerWindow) / rule.callsPerWindow) * (rule.windowMs + rule.marginMs);
    expect(elapsed).toBeGreaterThanOrEqual(bound - 20);
    expect(elapsed).toBeLessThan(bound * 1.25);
  });

  it('keeps the gateway’s own rule with the schema’s defaults (10 per 1000 ms + 50 ms) for two desks at once', async () => {
    const desks = [await deskWindow('desk-1'), await deskWindow('desk-2')];
    const times = (await Promise.all(desks.map((desk) => sendAll(desk.window, 15)))).flat();
    expect(times).toHaveLength(30);
    expect(mostInAnyWindow(times, 1000)).toBeLessThanOrEqual(10);
  });

  it('grants an issue call only while every order is claimed by this desk’s process and job, and stretches their leases over the call’s life', async () => {
    const { access, window } = await deskWindow('desk-1', { callLifeMs: 120_000 });
    const other = await rig.desks.join('desk-2');
    const claims = createSharedClaims(access);
    await claims.claim(gateway, 'job-1', ['T1', 'T2'], 5000);
    await createSharedClaims(other).claim(gateway, 'job-9', ['T3'], 5000);

    const leaseMs = async (orderNumber: string) =>
      Number((await rig.desks.pool.query<{ ms: number }>(`SELECT extract(epoch FROM lease_until - now()) * 1000 AS ms FROM ${TEST_SCHEMA}.order_claims WHERE order_number = $1`, [orderNumber])).rows[0]?.ms);
    const slot = await window.take(undefined, { gateway, jobId: 'job-1', orderNumbers: ['T1', 'T2'] });
    expect(slot.sendable()).toBe(true);
    // The lease outlives the call: its start plus the call's longest life.
    expect(await leaseMs('T1')).toBeGreaterThan(100_000);

    // Another desk's order, another job's, an order never claimed: refused, nothing granted.
    for (const [jobId, orderNumbers] of [['job-1', ['T1', 'T3']], ['job-2', ['T1']], ['job-1', ['T1', 'T4']]] as const) {
      const refused = await window.take(undefined, { gateway, jobId, orderNumbers }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(StationFailure);
      expect((refused as StationFailure).error.code).toBe('shared-mode.claim-lost');
    }
    const { rows } = await rig.desks.pool.query<{ starts: number }>(`SELECT cardinality(recent_starts) AS starts FROM ${TEST_SCHEMA}.call_limit`);
    expect(rows[0]?.starts).toBe(1);
    // Once the orders are released, no call for them is granted either.
    await claims.release(gateway, 'job-1', ['T2']);
    await expect(window.take(undefined, { gateway, jobId: 'job-1', orderNumbers: ['T2'] })).rejects.toMatchObject({ error: { code: 'shared-mode.claim-lost', params: { orderNumbers: 'T2', count: 1 } } });
  });

  it('grants nothing to a process whose desk id another live process took over', async () => {
    const { access, window } = await deskWindow('desk-1');
    await window.take();
    // The process slept past its heartbeats; a copy of the desk took its id (the server saw the first one long ago).
    await rig.desks.pool.query(`UPDATE ${TEST_SCHEMA}.desks SET last_seen_at = now() - interval '1 hour' WHERE desk_id = 'desk-1'`);
    await rig.desks.join('desk-1', 'desk-1 copy');
    await expect(window.take()).rejects.toMatchObject({ error: { code: 'shared-mode.desk-id-in-use', params: { deskId: access.deskId } } });
  });

  it('never lets a call leave late: a slot the desk reaches past its start (a stopped or paused process) is not sendable, and its start is given back', async () => {
    // One call per 5 s: a start kept after it went unused would hold the next call 5 s.
    await setRule({ callsPerWindow: 1, windowMs: 5000, marginMs: 0 });
    const { window } = await deskWindow('desk-1', { lateToleranceMs: 20 });
    const slot = await window.take();
    expect(slot.sendable()).toBe(true);
    // The event loop stands still as a stopped process would.
    const until = performance.now() + 80;
    while (performance.now() < until);
    expect(slot.sendable()).toBe(false);
    await slot.unused();
    const askedAt = performance.now();
    const next = await window.take();
    expect(next.sendable()).toBe(true);
    expect(performance.now() - askedAt).toBeLessThan(1000);
  });

  it('rejects with the signal’s reason when aborted while waiting', async () => {
    await setRule({ callsPerWindow: 2, windowMs: 5000, marginMs: 0 });
    const { window } = await deskWindow('desk-1');
    await sendAll(window, 2);
    const controller = new AbortController();
    const started = Date.now();
    const waiting = window.take(controller.signal);
    setTimeout(() => controller.abort(new Error('the user cancelled')), 100);
    await expect(waiting).rejects.toThrow('the user cancelled');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers shared-mode.unreachable, never a silent grant, while the server is down, and grants again once it is back', async () => {
    const { window } = await deskWindow('desk-1');
    await window.take();
    rig.server.stop();
    try {
      const outcome = await window.take().then(
        () => 'granted',
        (error: unknown) => error,
      );
      expect(outcome).toBeInstanceOf(StationFailure);
      expect((outcome as StationFailure).error).toMatchObject({ code: 'shared-mode.unreachable', params: { host: '127.0.0.1', port: rig.desks.connection.port }, retryable: true });
    } finally {
      rig.server.start();
    }
    const slot = await window.take();
    expect(slot.sendable()).toBe(true);
  });
});
