import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import type { IssuePlan, JobView } from '../shared/domain/issuing';
import { callWindowDefaults } from '../electron/gateway/call-window';
import { startSharedDesksRig } from '../electron/several-desks/testing/shared-desks-rig';
import { ofDemoShop } from '../electron/composition/testing/sandbox-desk';
import { meetsGoal } from './benchmark';
import type { Benchmark, BenchmarkFigure } from './benchmark';
import { missingPostgres } from './bench-machine';

/** The gateway's latency the benchmark runs at. */
const latencyMs = 300;
/** Orders each desk issues and prints. */
const ordersPerDesk = 1000;
const deskCount = 3;
/** 10 entries per call at the account's 10 calls/s: the bound of every desk together. */
const boundOrdersPerSecond = 100;

const round = (value: number, digits = 2): number => Number(value.toFixed(digits));

/**
 * Three desk processes (composition root, SQLite files each) in shared mode on one PostgreSQL,
 * one sandbox process at `latencyMs` and a print emulator each (no-render mode): each desk
 * issues and prints its own 1,000 orders, all started at once. The orders are fetched and the plans
 * made (claims included) before the jobs start, once their gateway calls have left the account's
 * window (one window plus its margin later), so the issuing is not charged for planning's calls.
 * The clock is outside the desks: from the first issue request the sandbox received to the moment
 * the emulators stamped the last label printed.
 */
export const sharedDesksBenchmark: Benchmark = {
  name: `shared mode: ${deskCount} desks issue and print ${ordersPerDesk.toLocaleString('en')} orders each`,
  missing: missingPostgres,
  description: `${deskCount} desk processes, one PostgreSQL (the account's call window), one sandbox process at ${latencyMs} ms latency, an emulator each; no faults.`,
  async run(): Promise<BenchmarkFigure[]> {
    const rig = await startSharedDesksRig({ deskCount, orders: deskCount * ordersPerDesk, latencyMs });
    try {
      const desks = rig.desks.map((desk) => desk.process);
      const orderNumbers = await rig.refreshOrders();
      const callsBefore = (await rig.sandbox.calls()).filter((call) => call.endpoint === 'issue').length;
      const plans = await Promise.all(desks.map((desk, index) => desk.call<IssuePlan>('issue.plan', { orders: ofDemoShop(orderNumbers.slice(index * ordersPerDesk, (index + 1) * ordersPerDesk)), merge: false, keepApart: [] })));
      // Planning's network-info calls still in the window would hold back the first issue calls on the clock.
      await delay(callWindowDefaults.windowMs + callWindowDefaults.marginMs);
      const jobs = await Promise.all(plans.map((plan, index) => desks[index]?.call<JobView>('issue.start', { jobId: plan.jobId })));
      await Promise.all(jobs.map((job, index) => job && rig.desks[index]?.process.jobEnded(job.id, 300_000)));
      // Orders a plan left out as invalid are no desk's to issue.
      const issued = plans.reduce((sum, plan) => sum + plan.packages.flatMap((pkg) => pkg.orderNumbers).length, 0);
      await rig.allPrinted(issued);
      // Measured from outside the desks: from the first issue request the sandbox received to the last
      // label an emulator printed (the sandbox process and the emulators, in this process, share the machine's clock).
      const issueCallsMade = (await rig.sandbox.calls()).filter((call) => call.endpoint === 'issue').slice(callsBefore);
      const started = Math.min(...issueCallsMade.map((call) => call.at));
      const seconds = (rig.lastPrintedAt() - started) / 1000;
      const issueCalls = issueCallsMade.length;
      const printed = rig.printed();
      return [
        {
          name: 'issued and printed, all desks together',
          value: round(issued / seconds, 1),
          unit: 'orders/s',
          goal: { comparison: 'at-least', value: 95, basis: `beside the account's bound of ${boundOrdersPerSecond} orders/s (10 calls/s × 10 orders), whatever the desks` },
        },
        { name: 'orders issued', value: issued, unit: 'orders', goal: null },
        { name: 'wall time (start to the last label)', value: round(seconds), unit: 's', goal: null },
        { name: 'issue calls per order', value: round(issueCalls / issued, 3), unit: 'calls', goal: { comparison: 'at-most', value: 0.101, basis: 'batches of 10, nothing sent twice, no 614 between desks' } },
        { name: 'labels printed', value: printed.length, unit: 'labels', goal: { comparison: 'at-most', value: issued, basis: 'never a double label' } },
        { name: 'distinct labels printed', value: new Set(printed).size, unit: 'labels', goal: { comparison: 'at-least', value: issued, basis: 'every label' } },
        { name: 'rate-limit violations', value: await rig.sandbox.violations(), unit: 'calls', goal: { comparison: 'at-most', value: 0, basis: 'the account’s window holds across desks' } },
      ];
    } finally {
      await rig.close();
    }
  },
};

// Run alone: `npx tsx bench/shared-desks-bench.ts`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(sharedDesksBenchmark.name);
  for (const figure of await sharedDesksBenchmark.run()) {
    const verdict = meetsGoal(figure);
    console.log(`  ${verdict === null ? ' ' : verdict ? '✓' : '✗'} ${figure.name}: ${figure.value} ${figure.unit}`);
  }
}
