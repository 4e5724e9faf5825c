import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxCall } from '../demo/sandbox';
import { openSharedDatabase } from '../store/postgres/open-shared-database';
import { startSharedDesksRig, type SharedDesksRig } from './testing/shared-desks-rig';

let rig: SharedDesksRig;

/** The order numbers an issue call carried (its request's entries' trade order lists). */
function ordersOfIssueCall(call: SandboxCall): string[] {
  const request = (call.body as { param_waybill_cloud_print_apply_new_request?: { trade_order_info_dtos?: { order_info?: { trade_order_list?: string[] } }[] } } | null)
    ?.param_waybill_cloud_print_apply_new_request;
  return (request?.trade_order_info_dtos ?? []).flatMap((entry) => entry.order_info?.trade_order_list ?? []);
}

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

    // Each desk claimed every order of its job before its first call left: the last claim's
    // transaction began before the gateway saw the job's first issue call.
    const issueCalls = (await rig.sandbox.calls()).filter((call) => call.endpoint === 'issue');
    const watcher = openSharedDatabase(rig.database, { deskName: 'test' });
    try {
      const claimedPerJob: number[] = [];
      for (const job of jobs) {
        const { rows } = await watcher.query<{ order_number: string; claimed_at: Date }>('SELECT order_number, claimed_at FROM waybill_station.order_claims WHERE job_id = $1', [job.id]);
        const claimed = new Set(rows.map((row) => row.order_number));
        claimedPerJob.push(claimed.size);
        const firstCall = issueCalls.find((call) => ordersOfIssueCall(call).some((order) => claimed.has(order)));
        const lastClaimAt = Math.max(...rows.map((row) => row.claimed_at.getTime()));
        expect(lastClaimAt).toBeLessThan(firstCall?.at ?? 0);
      }
      // More than a desk alone claims before its first call (its first calls' packages: 8 calls of 10).
      expect(Math.max(...claimedPerJob)).toBeGreaterThan(80);
    } finally {
      await watcher.end();
    }

    // Each label came out once, at the desk that issued it.
    await rig.allPrinted(waybills.length);
    expect([...rig.printed()].sort()).toEqual(waybills.map((waybill) => waybill.waybillCode).sort());
  }, 240_000);
});
