import { afterEach, describe, expect, it } from 'vitest';
import { createSharedClaims } from './shared-claims';
import { createSharedDesks } from './shared-desks';
import { listenToSharedChanges, type SharedEvent, type SharedNotifications } from './shared-notifications';
import { TEST_SCHEMA } from './testing/shared-test-desks';
import { useSharedTestDesks } from './testing/use-shared-test-desks';

const rig = useSharedTestDesks();

const gateway = { baseUrl: 'https://gw.example', shopId: 'shop-1' };

const listeners: SharedNotifications[] = [];
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((listener) => listener.close()));
});

/** Desk B's listener, with every event it heard and a way to wait for one. */
function listenAsDeskB(options: { backoffMs?: number } = {}) {
  const listener = listenToSharedChanges(rig.desks.connection, { schema: TEST_SCHEMA, deskName: 'Desk B', ...options });
  listeners.push(listener);
  const heard: SharedEvent[] = [];
  const waiting: Array<{ matches: (event: SharedEvent) => boolean; resolve: (event: SharedEvent) => void }> = [];
  listener.subscribe((event) => {
    heard.push(event);
    for (const waiter of waiting.splice(0)) {
      if (waiter.matches(event)) waiter.resolve(event);
      else waiting.push(waiter);
    }
  });
  const next = (matches: (event: SharedEvent) => boolean, timeoutMs = 10_000) =>
    new Promise<SharedEvent>((resolve, reject) => {
      const found = heard.find(matches);
      if (found !== undefined) return resolve(found);
      const timer = setTimeout(() => reject(new Error(`no matching event in ${timeoutMs} ms; heard ${JSON.stringify(heard)}`)), timeoutMs);
      waiting.push({ matches, resolve: (event) => (clearTimeout(timer), resolve(event)) });
    });
  return { listener, heard, next };
}

const claimsOf = (event: SharedEvent) => (event.type === 'claims-changed' ? event.orderNumbers : []);

describe('shared notifications (LISTEN/NOTIFY on real PostgreSQL)', () => {
  it('tells desk B of desk A’s claims within a second, in payloads under the limit for a thousand orders', async () => {
    const deskB = listenAsDeskB();
    await deskB.next((event) => event.type === 'listening');
    const deskA = await rig.desks.join('desk-a', 'Desk A');
    const claims = createSharedClaims(deskA);
    const started = performance.now();
    const claimed = claims.claim(gateway, 'job-1', ['T1', 'T2'], 30_000);
    const event = await deskB.next((heard) => claimsOf(heard).includes('T1'));
    const elapsedMs = performance.now() - started;
    await claimed;
    expect(event).toEqual({ type: 'claims-changed', gateway, orderNumbers: ['T1', 'T2'] });
    expect(elapsedMs).toBeLessThan(1000);

    // A thousand long order numbers are split into several notifications that name every one.
    const many = Array.from({ length: 1000 }, (_, index) => `2024061512345678${String(index).padStart(4, '0')}`);
    await claims.claim(gateway, 'job-2', many, 30_000);
    const last = many.at(-1) as string;
    await deskB.next((heard) => claimsOf(heard).includes(last));
    const told = deskB.heard.flatMap(claimsOf).filter((order) => order.startsWith('2024'));
    expect(new Set(told)).toEqual(new Set(many));
    expect(deskB.heard.filter((heard) => heard.type === 'claims-changed').length).toBeGreaterThan(2);

    // A desk joining is announced; its heartbeat without change is not.
    const deskC = createSharedDesks(await rig.desks.join('desk-c', 'Desk C'));
    await deskC.heartbeat('Desk C', 'job-9');
    await deskB.next((heard) => heard.type === 'desk-changed' && heard.deskId === 'desk-c');
    const deskEvents = () => deskB.heard.filter((heard) => heard.type === 'desk-changed').length;
    const before = deskEvents();
    await deskC.heartbeat('Desk C', 'job-9');
    await claims.release(gateway, 'job-1', ['T1']);
    await deskB.next((heard) => heard.type === 'claims-changed' && heard.orderNumbers.length === 1 && heard.orderNumbers[0] === 'T1');
    expect(deskEvents()).toBe(before);
  });

  it('comes back after the server restarts: reports the loss, listens again, and hears changes again', async () => {
    const deskB = listenAsDeskB({ backoffMs: 100 });
    await deskB.next((event) => event.type === 'listening');
    const claims = createSharedClaims(await rig.desks.join('desk-a', 'Desk A'));
    rig.server.restart();
    await deskB.next((event) => event.type === 'connection-lost');
    await deskB.next((event) => event.type === 'listening' && deskB.heard.indexOf(event) > 0);
    expect(deskB.listener.listening).toBe(true);
    const started = performance.now();
    await claims.claim(gateway, 'job-1', ['T5'], 30_000);
    await deskB.next((heard) => claimsOf(heard).includes('T5'));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
