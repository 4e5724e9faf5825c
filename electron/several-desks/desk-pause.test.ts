import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuePlan, JobView } from '../../shared/domain/issuing';
import { ofDemoShop } from '../composition/testing/sandbox-desk';
import { cleanOutcome, plannedOrders, sharedDesksOutcome } from './testing/shared-desks-outcome';
import { startSharedDesksRig, type SharedDesksRig } from './testing/shared-desks-rig';

/** The desks' claim lease: short, so that a pause past it takes seconds, not the station's minute. */
const LEASE_MS = 6_000;
/** Orders of the one selection both desks plan. */
const ORDERS = 300;

let rig: SharedDesksRig;

beforeAll(async () => {
  // A slow gateway (300 ms an answer): when desk A freezes, some of its issue calls are in flight.
  rig = await startSharedDesksRig({ deskCount: 2, orders: ORDERS + 50, latencyMs: 300, leaseMs: LEASE_MS });
}, 120_000);

afterAll(async () => {
  await rig?.close();
}, 60_000);

/** Waits until the sandbox has issued at least `count` waybills. */
async function issuedAtLeast(count: number): Promise<void> {
  for (const deadline = Date.now() + 30_000; (await rig.sandbox.issuedWaybills()).length < count; await new Promise((wait) => setTimeout(wait, 20))) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} waybills issued`);
  }
}

describe('a desk frozen (SIGSTOP) past its claim lease while its calls are in flight, then thawed', () => {
  it('leaves every order one waybill and every label printed once, though another desk took the lapsed orders meanwhile', async () => {
    const [a, b] = rig.desks;
    if (!a || !b) throw new Error('two desks');
    const orderNumbers = (await rig.refreshOrders()).slice(0, ORDERS);
    const selection = { orders: ofDemoShop(orderNumbers), merge: false, keepApart: [] };

    const planA = await a.process.call<IssuePlan>('issue.plan', selection);
    const jobA = await a.process.call<JobView>('issue.start', { jobId: planA.jobId });
    // Frozen once its first calls were answered: the calls behind them are on the wire.
    await issuedAtLeast(20);
    a.process.pause();
    const frozenWith = (await rig.sandbox.issuedWaybills()).length;
    try {
      // Twice the lease: A's claims lapsed however recently it renewed them.
      await new Promise((wait) => setTimeout(wait, 2 * LEASE_MS));
      const planB = await b.process.call<IssuePlan>('issue.plan', selection);
      const jobB = await b.process.call<JobView>('issue.start', { jobId: planB.jobId });
      await b.process.jobEnded(jobB.id, 90_000);

      a.process.resume();
      await a.process.jobEnded(jobA.id, 90_000);

      const { outcome, details } = await sharedDesksOutcome(rig, plannedOrders([planA, planB]));
      // The freeze must have caught A mid-job, or the test proves nothing.
      expect(frozenWith).toBeLessThan(ORDERS);
      expect(outcome, JSON.stringify({ ...details, waybillsWhenFrozen: [String(frozenWith)] })).toEqual(cleanOutcome);
    } finally {
      a.process.resume();
    }
  }, 240_000);
});
