import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSharedDesksRig, type SharedDesksRig } from './testing/shared-desks-rig';

let rig: SharedDesksRig;

beforeAll(async () => {
  rig = await startSharedDesksRig({ deskCount: 3, orders: 1200 });
}, 120_000);

afterAll(async () => {
  await rig?.close();
});

describe('three desk processes on one account, one PostgreSQL, one sandbox process (its 614 check off), a print emulator each', () => {
  it('issues overlapping selections of 1,000 orders started at once: every order once, every label printed once, no violation, no 614', async () => {
    const orderNumbers = await rig.refreshOrders();
    expect(orderNumbers.length).toBeGreaterThanOrEqual(1200);
    const { plans, jobs } = await rig.issueTogether([orderNumbers.slice(0, 1000), orderNumbers.slice(100, 1100), orderNumbers.slice(200, 1200)]);
    await Promise.all(jobs.map((job, index) => rig.desks[index]?.process.jobEnded(job.id)));

    // Every order a desk could issue (invalid or held-back ones are no desk's) has one waybill.
    const issuable = new Set(plans.flatMap((plan) => plan.packages.flatMap((pkg) => pkg.orderNumbers)));
    expect(issuable.size).toBeGreaterThan(1000);
    const waybills = await rig.sandbox.issuedWaybills();
    const issued = waybills.flatMap((waybill) => waybill.orderNumbers);
    expect(issued.length).toBe(new Set(issued).size);
    expect([...issued].sort()).toEqual([...issuable].sort());
    expect(await rig.sandbox.secondWaybills()).toEqual([]);
    expect(await rig.sandbox.violations()).toBe(0);
    expect((await rig.sandbox.calls()).filter((call) => call.endpoint === 'issue' && call.code === 614)).toEqual([]);

    // Each label came out once, at the desk that issued it.
    await rig.allPrinted(waybills.length);
    expect([...rig.printed()].sort()).toEqual(waybills.map((waybill) => waybill.waybillCode).sort());
  }, 240_000);
});
