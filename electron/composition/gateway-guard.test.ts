import Database from 'better-sqlite3';
import { createServer, type AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobView, ReprintResult, StartUpReport } from '../../shared/domain/issuing';
import type { StationError } from '../../shared/errors/station-error';
import type { Result } from '../../shared/result';
import { CURRENT_SETTINGS_VERSION } from '../../shared/settings/settings-schema';
import type { StationInfo } from '../../shared/ipc/ipc-contract';
import { startPrintEmulator } from '../demo/print-emulator/print-emulator';
import { startSandbox, type RunningSandbox } from '../demo/sandbox';
import { ofDemoShop, openTestStation, sandboxDeskPatch, sandboxShopSettings } from './testing/sandbox-desk';
import { openLocalBackend } from '../store/local/open-local-backend';
import type { Station } from './station';
import { readOrCreateDeskId } from '../several-desks/desk-id';

/**
 * A desk that worked against a real gateway must never silently become a demo desk: whatever
 * happens to its settings file, its pending orders and queued labels wait for that gateway and
 * shop. The "real" gateway and print component here are a sandbox and an emulator of the test's
 * own, which count every request.
 */
const token = 'tok-gateway-guard-test-5521';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Dispatch = <T>(channel: string, input?: unknown) => Promise<Result<T>>;

async function openStation(dataDir: string): Promise<{ station: Station; call: Dispatch; data: <T>(channel: string, input?: unknown) => Promise<T> }> {
  const station = await openTestStation(dataDir);
  let closed = false;
  cleanups.push(async () => {
    if (!closed) await station.close();
  });
  const close = station.close;
  station.close = async () => {
    closed = true;
    await close();
  };
  const call: Dispatch = async <T>(channel: string, input: unknown = {}) => (await station.dispatch(channel, input)) as Result<T>;
  const data = async <T>(channel: string, input: unknown = {}): Promise<T> => {
    const answer = await call<T>(channel, input);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.code}`);
    return answer.data;
  };
  return { station, call, data };
}

const errorOf = <T>(answer: Result<T>): StationError => {
  if (answer.ok) throw new Error('answered ok');
  return answer.error;
};

/** The connection of the real desk: its gateway, shop and print component. */
function realConnection(sandbox: RunningSandbox, componentUrl: string) {
  const desk = sandboxDeskPatch(sandbox);
  return {
    ...desk,
    gateway: { ...desk.gateway, baseUrl: sandbox.url },
    print: { ...desk.print, componentUrl },
    ui: { setupCompleted: true },
  };
}

/** What the real desk left behind: a job whose labels wait in the print queue, and a job whose orders are pending. */
interface WorkLeft {
  dataDir: string;
  sandbox: RunningSandbox;
  queuedJobId: string;
  queuedWaybills: string[];
  pendingJobId: string;
  pendingOrders: string[];
}

/**
 * A desk on the real gateway: three labels issued while the print component was away (queued),
 * then a crash between "pending recorded" and "call sent" for two more orders.
 */
async function realDeskWithWorkLeft(whileQueued?: (call: Dispatch) => Promise<void>): Promise<WorkLeft> {
  const dataDir = await mkdtemp(join(tmpdir(), 'gateway-guard-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const sandbox = await startSandbox({ port: 0, token, orders: 20 });
  cleanups.push(() => sandbox.close());
  // The print component is away (its port answers, then hangs up): issued labels wait in the queue.
  const away = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => away.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => away.close(() => resolve())));
  const componentUrl = `ws://127.0.0.1:${(away.address() as AddressInfo).port}`;

  const { station, call, data } = await openStation(join(dataDir, 'station'));
  // The connection first: a token belongs to the gateway it is entered for.
  await data('settings.update', { patch: realConnection(sandbox, componentUrl) });
  await data('token.set', { token });
  await data('orders.refresh', { mode: 'full' });
  const listing = await data<{ rows: { order: { orderNumber: string } }[] }>('orders.list');
  const orderNumbers = listing.rows.map((row) => row.order.orderNumber);
  const queuedPlan = await data<{ jobId: string; packages: { orderNumbers: string[] }[] }>('issue.plan', { orders: ofDemoShop(orderNumbers.slice(0, 3)), merge: false, keepApart: [] });
  await data('issue.start', { jobId: queuedPlan.jobId });
  let queued: JobView | undefined;
  for (let asked = 0; asked < 200 && !(queued?.orders.issued === 3 && queued.labels.queued === 3); asked += 1) {
    await delay(50);
    queued = (await data<JobView[]>('jobs.list', { limit: 5 })).find((job) => job.id === queuedPlan.jobId);
  }
  expect(queued).toMatchObject({ labels: { queued: 3 } });
  await whileQueued?.(call);
  const pendingPlan = await data<{ jobId: string; packages: { orderNumbers: string[] }[] }>('issue.plan', { orders: ofDemoShop(orderNumbers.slice(3, 5)), merge: false, keepApart: [] });
  await station.close();

  // The crash: the next two orders were recorded pending, and the call never left.
  const pendingOrders = pendingPlan.packages.map((entry) => entry.orderNumbers[0] as string);
  const backend = await openLocalBackend({ file: join(dataDir, 'station', 'station.db') });
  const journal = backend.write.journal;
  await journal.updateJob(pendingPlan.jobId, { state: 'issuing', startedAt: Date.now() }, Date.now());
  await journal.claim(pendingPlan.jobId, { retryFailed: false, packageLimit: null, owner: { deskId: readOrCreateDeskId(join(dataDir, 'station')), leaseUntil: Date.now() + 60_000 } }, Date.now());
  expect((await journal.beginIssue(pendingPlan.jobId, sandbox.shopId, pendingOrders, Date.now())).orderNumbers).toEqual(pendingOrders);
  await backend.close();
  const db = new Database(join(dataDir, 'station', 'station.db'), { readonly: true });
  const queuedWaybills = (db.prepare('SELECT document_id FROM print_documents WHERE job_id = ? ORDER BY seq').all(queuedPlan.jobId) as { document_id: string }[]).map((row) => row.document_id);
  db.close();
  sandbox.clearCalls();
  return { dataDir, sandbox, queuedJobId: queuedPlan.jobId, queuedWaybills, pendingJobId: pendingPlan.jobId, pendingOrders };
}

/** The journal as it lies on disk: the states of the pending orders and of the queued labels. */
function journalStates(work: WorkLeft): { orders: string[]; labels: string[] } {
  const db = new Database(join(work.dataDir, 'station', 'station.db'), { readonly: true });
  try {
    const orders = work.pendingOrders.map((orderNumber) => (db.prepare('SELECT state FROM journal_orders WHERE order_number = ?').get(orderNumber) as { state: string }).state);
    const labels = (db.prepare('SELECT state FROM print_documents WHERE job_id = ? ORDER BY seq').all(work.queuedJobId) as { state: string }[]).map((row) => row.state);
    return { orders, labels };
  } finally {
    db.close();
  }
}

/** PDFs any emulator of this data folder printed (the demo emulator spools into `demo/spool`). */
function demoSpool(work: WorkLeft): string[] {
  const spool = join(work.dataDir, 'station', 'demo', 'spool');
  return existsSync(spool) ? readdirSync(spool).filter((name) => name.endsWith('.pdf')) : [];
}

const settingsFile = (work: WorkLeft) => join(work.dataDir, 'station', 'settings.json');
const lastGoodFile = (work: WorkLeft) => join(work.dataDir, 'station', 'settings.last-good.json');
/** The settings as a newer version of the app would write them. */
const newerVersion = (bytes: string) => JSON.stringify({ ...(JSON.parse(bytes) as object), schemaVersion: CURRENT_SETTINGS_VERSION + 1, somethingNew: { enabled: true } });

const damages: [string, (work: WorkLeft) => void][] = [
  [
    'a corrupt settings file',
    (work) => {
      writeFileSync(settingsFile(work), readFileSync(settingsFile(work)).subarray(0, 40));
      rmSync(lastGoodFile(work));
    },
  ],
  [
    'a settings file written by a newer version',
    (work) => {
      writeFileSync(settingsFile(work), newerVersion(readFileSync(settingsFile(work), 'utf8')));
      rmSync(lastGoodFile(work));
    },
  ],
  [
    'a downgrade (the newer version rewrote the file and its last-good copy)',
    (work) => {
      const newer = newerVersion(readFileSync(settingsFile(work), 'utf8'));
      writeFileSync(settingsFile(work), newer);
      writeFileSync(lastGoodFile(work), newer);
    },
  ],
];

describe('a desk never silently becomes a demo desk', () => {
  it.each(damages)('after %s it starts in "settings need attention": pending orders stay pending, queued labels stay queued, nothing reaches a gateway or a printer', async (_kind, damage) => {
    const work = await realDeskWithWorkLeft();
    damage(work);
    const realEmulator = await startPrintEmulator({ port: 0, spoolDir: join(work.dataDir, 'real-spool-2') });
    cleanups.push(() => realEmulator.close());

    const { call, data } = await openStation(join(work.dataDir, 'station'));
    const info = await data<StationInfo>('station.info');
    expect(info.settingsNeedAttention).toBe(true);
    expect(info.demoMode).toBe(true);

    // Issue, print and reprint are refused with their own code; the report says what waits, and for which gateway.
    expect(errorOf(await call('issue.plan', { orders: ofDemoShop(work.pendingOrders), merge: false, keepApart: [] }))).toMatchObject({ code: 'settings.need-attention', params: { channel: 'issue.plan' } });
    expect(errorOf(await call('jobs.retry', { jobId: work.pendingJobId }))).toMatchObject({ code: 'settings.need-attention' });
    expect(errorOf(await call('history.reprint', { waybillCodes: work.queuedWaybills, confirmAlreadyPrinted: true }))).toMatchObject({ code: 'settings.need-attention' });
    expect(errorOf(await call('history.resend-unknown', { waybillCodes: work.queuedWaybills }))).toMatchObject({ code: 'settings.need-attention' });
    const report = await data<StartUpReport>('jobs.startup-report');
    expect(report.reconciled).toEqual({ recovered: [], issuedElsewhere: [], notIssued: [], unresolved: [] });
    expect(report.waiting).toEqual([{ gateway: { baseUrl: work.sandbox.url, shopId: work.sandbox.shopId }, orders: 2, labels: 3 }]);
    // The print component's state is asked, as the desk does: the demo emulator starts, and still prints nothing.
    await data('print.component-state');
    await delay(1500);

    expect(journalStates(work)).toEqual({ orders: ['pending', 'pending'], labels: ['queued', 'queued', 'queued'] });
    expect(work.sandbox.calls()).toEqual([]);
    expect(realEmulator.received()).toEqual([]);
    expect(demoSpool(work)).toEqual([]);

    // The user sets the connection again: the start-up pass runs against that gateway, and the labels print once each.
    await data('settings.update', { patch: realConnection(work.sandbox, realEmulator.url) });
    expect((await data<StationInfo>('station.info')).settingsNeedAttention).toBe(false);
    const resumed = await data<StartUpReport>('jobs.startup-report');
    expect(new Set(resumed.reconciled.notIssued)).toEqual(new Set(work.pendingOrders));
    expect(resumed.waiting).toEqual([]);
    for (let waited = 0; waited < 100 && realEmulator.printed().length < 3; waited += 1) await delay(50);
    expect(realEmulator.printed().map((document) => document.documentId)).toEqual(work.queuedWaybills);
    expect(work.sandbox.calls().filter((entry) => entry.endpoint === 'issue')).toEqual([]);
    expect(demoSpool(work)).toEqual([]);
  }, 60_000);

  it('keeps the real gateway where a last-good copy of the settings survives a corrupt file', async () => {
    const work = await realDeskWithWorkLeft();
    writeFileSync(settingsFile(work), '{"schemaVersion": 1, "gateway": {"baseU');
    const realEmulator = await startPrintEmulator({ port: 0, spoolDir: join(work.dataDir, 'real-spool-2') });
    cleanups.push(() => realEmulator.close());
    const { data } = await openStation(join(work.dataDir, 'station'));
    const info = await data<StationInfo>('station.info');
    expect(info).toMatchObject({ settingsNeedAttention: false, demoMode: false, settingsNotice: { restoredLastGood: true, reason: 'unparsable' } });
    const report = await data<StartUpReport>('jobs.startup-report');
    // Looked up at the gateway they are pending under: "not issued" there, so they go back to planned.
    expect(new Set(report.reconciled.notIssued)).toEqual(new Set(work.pendingOrders));
    expect(demoSpool(work)).toEqual([]);
  }, 60_000);
});

describe('work of one gateway and shop waits while another is set', () => {
  it('a desk switched to demo mode leaves the real shop’s pending orders and queued labels alone and says what waits', async () => {
    const work = await realDeskWithWorkLeft();
    // The user chose demo mode in Settings (a valid file, saved as the app saves it).
    const chosen = JSON.parse(readFileSync(settingsFile(work), 'utf8')) as { gateway: { baseUrl: string | null } };
    chosen.gateway.baseUrl = null;
    for (const file of [settingsFile(work), lastGoodFile(work)]) writeFileSync(file, JSON.stringify(chosen));

    const { station, call, data } = await openStation(join(work.dataDir, 'station'));
    expect(await data<StationInfo>('station.info')).toMatchObject({ demoMode: true, settingsNeedAttention: false });
    const report = await data<StartUpReport>('jobs.startup-report');
    expect(report.reconciled).toEqual({ recovered: [], issuedElsewhere: [], notIssued: [], unresolved: [] });
    expect(report.waiting).toEqual([{ gateway: { baseUrl: work.sandbox.url, shopId: work.sandbox.shopId }, orders: 2, labels: 3 }]);
    expect(errorOf(await call('jobs.retry', { jobId: work.pendingJobId }))).toMatchObject({
      code: 'issuing.other-gateway',
      params: { jobId: work.pendingJobId, baseUrl: work.sandbox.url, shopId: work.sandbox.shopId },
    });
    const reprint = await data<ReprintResult>('history.reprint', { waybillCodes: work.queuedWaybills.slice(0, 1), confirmAlreadyPrinted: true });
    expect(reprint.refused).toEqual([{ waybillCode: work.queuedWaybills[0], reason: 'other-gateway' }]);
    await delay(1000);
    expect(journalStates(work)).toEqual({ orders: ['pending', 'pending'], labels: ['queued', 'queued', 'queued'] });
    expect(work.sandbox.calls()).toEqual([]);
    expect(demoSpool(work)).toEqual([]);
    // Waiting work holds no quit: nothing of it runs.
    expect(station.jobs.activeJobs()).toEqual([]);
  }, 60_000);
});

describe('moving to another gateway while labels of this one are on their way', () => {
  it('is refused, naming the running jobs and the labels: none of them goes to the other gateway’s printer', async () => {
    const refusals: StationError[] = [];
    const work = await realDeskWithWorkLeft(async (call) => {
      refusals.push(errorOf(await call('settings.update', { patch: { gateway: { baseUrl: null } } })));
      refusals.push(errorOf(await call('settings.update', { patch: { gateway: { shops: [{ shopId: 'another-shop', sellerNick: 'another', merchantUserId: 1, name: '', colour: 'blue' }] } } })));
    });
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ code: 'settings.gateway-busy', params: { labels: 3 }, retryable: true });
      expect(refusal.params.jobs).toBeGreaterThanOrEqual(0);
    }
    expect(JSON.parse(readFileSync(settingsFile(work), 'utf8'))).toMatchObject({ gateway: { baseUrl: work.sandbox.url, shops: sandboxShopSettings(work.sandbox) } });
    expect(journalStates(work).labels).toEqual(['queued', 'queued', 'queued']);
    expect(demoSpool(work)).toEqual([]);
  }, 60_000);
});
