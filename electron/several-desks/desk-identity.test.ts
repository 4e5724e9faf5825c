import { cp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import type { HistoryPage, IssuePlan, JobView, StartUpReport } from '../../shared/domain/issuing';
import { ofDemoShop } from '../composition/testing/sandbox-desk';
import type { SharedDeskProcess } from './testing/shared-desk-process';
import { cleanOutcome, plannedOrders, sharedDesksOutcome } from './testing/shared-desks-outcome';
import { startSharedDesksRig, type RigDesk, type SharedDesksRig } from './testing/shared-desks-rig';

/** The desks' claim lease: short, so that a dead desk's claims lapse in seconds. */
const LEASE_MS = 6_000;

/** Starts a test's rig, closed after the test whatever happens (`onTestFinished` of the test's context). */
async function startRig(options: Parameters<typeof startSharedDesksRig>[0], onTestFinished: TestContext['onTestFinished']): Promise<SharedDesksRig> {
  const rig = await startSharedDesksRig(options);
  onTestFinished(() => rig.close(), 60_000);
  return rig;
}

const selection = (orderNumbers: readonly string[]) => ({ orders: ofDemoShop(orderNumbers), merge: false, keepApart: [] });

/** Plans and starts a job of these orders at the desk; answers its plan and job. */
async function issue(desk: SharedDeskProcess, orderNumbers: readonly string[]): Promise<{ plan: IssuePlan; job: JobView }> {
  const plan = await desk.call<IssuePlan>('issue.plan', selection(orderNumbers));
  return { plan, job: await desk.call<JobView>('issue.start', { jobId: plan.jobId }) };
}

/** Retries a desk's job (each retry looks pending orders up before issuing) until none of its orders is left open. */
async function settle(desk: SharedDeskProcess, jobId: string): Promise<JobView> {
  for (let round = 0; ; round += 1) {
    const job = await desk.jobEnded(jobId, 90_000);
    if ((job.orders.planned === 0 && job.orders.pending === 0 && job.stopError === null) || round >= 6) return job;
    await desk.call('jobs.retry', { jobId });
  }
}

/** Waits until the sandbox has issued at least `count` waybills. */
async function issuedAtLeast(live: SharedDesksRig, count: number): Promise<void> {
  for (const deadline = Date.now() + 30_000; (await live.sandbox.issuedWaybills()).length < count; await new Promise((wait) => setTimeout(wait, 20))) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} waybills issued`);
  }
}

/** Waits until an issue call reached the sandbox (answered or not: the sandbox logs it on arrival). */
async function issueCallArrived(live: SharedDesksRig): Promise<void> {
  for (const deadline = Date.now() + 30_000; !(await live.sandbox.calls()).some((call) => call.endpoint === 'issue'); await new Promise((wait) => setTimeout(wait, 10))) {
    if (Date.now() > deadline) throw new Error('no issue call reached the sandbox');
  }
}

/** The SQLite files of a data folder (the journal and its write-ahead log). */
async function sqliteFiles(dataDir: string): Promise<string[]> {
  return (await readdir(dataDir)).filter((name) => /^station\.db/.test(name));
}

/** Copies a stopped desk's SQLite files into `backupDir`, as a backup of its data folder would. */
async function backUpJournal(desk: RigDesk, backupDir: string): Promise<string[]> {
  const files = await sqliteFiles(desk.setup.dataDir);
  for (const name of files) await cp(join(desk.setup.dataDir, name), join(backupDir, name));
  return files;
}

/** Replaces a stopped desk's SQLite files by the backup's (its later write-ahead log goes too). */
async function restoreJournal(desk: RigDesk, backupDir: string, files: readonly string[]): Promise<void> {
  for (const name of await sqliteFiles(desk.setup.dataDir)) await rm(join(desk.setup.dataDir, name));
  for (const name of files) await cp(join(backupDir, name), join(desk.setup.dataDir, name));
}

/**
 * Has a desk try to issue `orderNumbers`: answers the refusal it met at its plan or start, or
 * null when it was let issue — then after its job ended. A link still coming up (`unreachable`)
 * is asked again, for 20 s at most.
 */
async function triesToIssue(desk: SharedDeskProcess, orderNumbers: readonly string[]): Promise<{ refusal: string | null; plan: IssuePlan | null }> {
  for (const deadline = Date.now() + 20_000; ; await new Promise((wait) => setTimeout(wait, 250))) {
    try {
      const { plan, job } = await issue(desk, orderNumbers);
      await settle(desk, job.id);
      return { refusal: null, plan };
    } catch (error) {
      const message = String(error);
      if (!message.includes('shared-mode.unreachable') || Date.now() > deadline) return { refusal: message, plan: null };
    }
  }
}

// The three run at once, each on a rig of its own: they wait on leases and gateway latency, not the CPU.
describe.concurrent('a desk is one desk: its identity survives a restored journal, a cloned folder and a kill inside its claim', () => {
  it('a desk whose journal is put back from a backup after it died mid-job plans an overlapping selection: every order once, none lost, no label twice; labels whose print record went with the journal are the packer’s to print, shown in the history', async ({ expect, onTestFinished }) => {
    // A slow gateway: when the desk dies, some of its calls are in flight.
    const live = await startRig({ deskCount: 1, orders: 350, latencyMs: 300, leaseMs: LEASE_MS }, onTestFinished);
    const [a] = live.desks;
    if (!a) throw new Error('one desk');
    const orderNumbers = await live.refreshOrders();
    const plans: IssuePlan[] = [];

    const morning = await issue(a.process, orderNumbers.slice(0, 100));
    plans.push(morning.plan);
    await settle(a.process, morning.job.id);
    // Mid-day, the desk stopped: its journal is backed up.
    await a.process.close();
    const backupDir = join(live.root, 'backup');
    const files = await backUpJournal(a, backupDir);
    expect(files).toContain('station.db');

    await live.restart(a);
    const afternoon = await issue(a.process, orderNumbers.slice(100, 200));
    plans.push(afternoon.plan);
    // The desk dies mid-job (its disk, say, which is why the backup is put back): its claims stay behind.
    await issuedAtLeast(live, 120);
    await a.process.kill();

    // The backup is put back: the journal no longer knows the afternoon's job nor its waybills.
    await restoreJournal(a, backupDir, files);
    await live.restart(a);
    const again = await issue(a.process, orderNumbers.slice(50, 250));
    plans.push(again.plan);
    await settle(a.process, again.job.id);

    const { outcome, details } = await sharedDesksOutcome(live, plannedOrders(plans));
    // Whether the afternoon's last labels came out went with the journal (only the printer knows):
    // the station never prints them again by itself. Each is in the desk's history, to be printed
    // there on the packer's say, so none is lost from view.
    expect(outcome, JSON.stringify(details)).toEqual({ ...cleanOutcome, labelsNotPrinted: outcome.labelsNotPrinted });
    const printed = new Set(live.printed());
    const notPrinted = (await live.sandbox.issuedWaybills()).filter((waybill) => !printed.has(waybill.waybillCode));
    expect(notPrinted.length).toBeLessThanOrEqual(100);
    for (const waybill of notPrinted) {
      const page = await a.process.call<HistoryPage>('history.search', { text: waybill.waybillCode });
      expect(page.rows.map((row) => row.waybillCode), waybill.waybillCode).toContain(waybill.waybillCode);
    }
  }, 180_000);

  it('a second desk started on a copy of a desk’s data folder (one desk id, two live desks) is refused with shared-mode.desk-id-in-use, and no order is issued twice', async ({ expect, onTestFinished }) => {
    // A slow gateway: the original's calls are in flight while its copy tries to issue.
    const live = await startRig({ deskCount: 1, orders: 350, latencyMs: 300, leaseMs: LEASE_MS }, onTestFinished);
    const [a] = live.desks;
    if (!a) throw new Error('one desk');
    const orderNumbers = await live.refreshOrders();
    await a.process.close();
    const cloneDir = join(live.root, 'desk-a-copy');
    await cp(a.setup.dataDir, cloneDir, { recursive: true });
    await live.restart(a);
    // Both live at once: the copy is up (or refused at its start) before the original starts its job.
    let clone: RigDesk | null = null;
    let refusedAtStart: string | null = null;
    try {
      clone = await live.addDesk({ deskName: 'Desk A (copy)', dataDir: cloneDir, configure: false, awaitConnection: false });
    } catch (error) {
      refusedAtStart = String(error);
    }

    const original = await issue(a.process, orderNumbers.slice(0, 300));
    const { refusal, plan: clonePlan } = clone === null ? { refusal: refusedAtStart, plan: null } : await triesToIssue(clone.process, orderNumbers.slice(0, 300));
    await settle(a.process, original.job.id);

    const { outcome, details } = await sharedDesksOutcome(live, plannedOrders([original.plan, ...(clonePlan === null ? [] : [clonePlan])]));
    expect(refusal ?? 'the copy was let issue', JSON.stringify(outcome)).toMatch(/shared-mode\.desk-id-in-use/);
    expect(outcome, JSON.stringify(details)).toEqual(cleanOutcome);
  }, 180_000);

  it('a desk killed (SIGKILL) right after it started a job, its claims taken by another desk once lapsed, then started again: every order once, none lost, each label once', async ({ expect, onTestFinished }) => {
    const live = await startRig({ deskCount: 2, orders: 350, latencyMs: 300, leaseMs: LEASE_MS }, onTestFinished);
    const [a, b] = live.desks;
    if (!a || !b) throw new Error('two desks');
    const orderNumbers = await live.refreshOrders();

    // Killed inside its claim: the job claimed its orders and its first call is on the wire (its answer lost).
    const first = await issue(a.process, orderNumbers.slice(0, 200));
    await issueCallArrived(live);
    await a.process.kill();
    const issuedAtKill = (await live.sandbox.issuedWaybills()).length;

    // Past the lease, another desk plans an overlapping selection and takes the lapsed orders.
    await new Promise((wait) => setTimeout(wait, 1.5 * LEASE_MS));
    const second = await issue(b.process, orderNumbers.slice(100, 300));
    await settle(b.process, second.job.id);

    await live.restart(a);
    const startUp = await a.process.call<StartUpReport>('jobs.startup-report');
    await settle(a.process, first.job.id);

    const { outcome, details } = await sharedDesksOutcome(live, plannedOrders([first.plan, second.plan]));
    expect(outcome, JSON.stringify({ ...details, issuedAtKill: [String(issuedAtKill)], interruptedJobs: startUp.interruptedJobs })).toEqual(cleanOutcome);
  }, 180_000);
});
