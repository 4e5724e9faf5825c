import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage, IssuePlan, JobSummary, JobView, ReprintResult } from '../../shared/domain/issuing';
import type { Result } from '../../shared/result';
import { shopOrderKey } from '../../shared/domain/shop-order';
import { ofDemoShop, openTestStation, sandboxDeskPatch } from '../composition/testing/sandbox-desk';
import type { Station } from '../composition/station';
import { startPrintEmulator, type PrintEmulator } from '../demo/print-emulator/print-emulator';
import { startSandbox, type RunningSandbox } from '../demo/sandbox';
import { openSharedDatabase, type SharedConnectionSettings } from '../store/postgres/open-shared-database';
import { startPostgresTestServer, type PostgresTestServer } from '../store/postgres/testing/postgres-test-server';
import { stationData } from '../composition/testing/station-data';

const token = 'tok-two-desks-7731';
let server: PostgresTestServer;
let database: SharedConnectionSettings;
let sandbox: RunningSandbox;
let emulator: PrintEmulator;
let root: string;
const desks: Station[] = [];

const data = stationData;

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A desk in shared mode: its settings saved, then started again (the mode is read at start). */
async function openDesk(name: string): Promise<Station> {
  const dataDir = join(root, name);
  const overrides = { baseUrl: sandbox.url, componentUrl: emulator.url };
  const first = await openTestStation(dataDir, overrides);
  await data(first, 'token.set', { token });
  const { host, port, database: db, user, tls } = database;
  await data(first, 'settings.update', { patch: { ...sandboxDeskPatch(sandbox), sharedMode: { enabled: true, host, port, database: db, user, tls, deskName: name } } });
  await data(first, 'shared-mode.set-password', { password: database.password });
  await first.close();
  const station = await openTestStation(dataDir, overrides);
  desks.push(station);
  await until(`${name} connected`, () => (station.sharedMode.state() === 'connected' ? true : undefined));
  return station;
}

const finished = (station: Station, jobId: string) =>
  until(`job ${jobId} ended`, async () => {
    const jobs = await data<JobView[]>(station, 'jobs.list', {});
    const job = jobs.find((candidate) => candidate.id === jobId);
    return job && ['done', 'cancelled', 'failed'].includes(job.state) ? job : undefined;
  }, 60_000);

const issueCalls = () => sandbox.calls().filter((call) => call.endpoint === 'issue');

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'two-desks-'));
  server = await startPostgresTestServer();
  database = await server.freshDatabase();
  sandbox = await startSandbox({ port: 0, token, orders: 60 });
  // The desks alone must keep an order from being issued twice.
  sandbox.setFaults({ overlapCheckOff: true });
  emulator = await startPrintEmulator({ port: 0, spoolDir: join(root, 'spool'), noRender: true });
}, 60_000);

afterAll(async () => {
  for (const station of desks.splice(0)) await station.close();
  await emulator?.close();
  await sandbox?.close();
  server?.dispose();
  await rm(root, { recursive: true, force: true });
});

describe('two desks on one account, one PostgreSQL, one sandbox (composition root, real SQLite each)', () => {
  let a: Station;
  let b: Station;
  let orderNumbers: string[];

  it('issues overlapping selections started at once: every order exactly once, no rate-limit violation, no 614', async () => {
    a = await openDesk('Desk A');
    b = await openDesk('Desk B');
    // One refresh for both desks: while A holds the shop's turn (a slow gateway), B is told A refreshes.
    sandbox.setFaults({ latencyMs: 400 });
    const refreshAtA = data(a, 'orders.refresh', { mode: 'full' });
    const watcher = openSharedDatabase(database, { deskName: 'test' });
    try {
      await until('A to hold the shop’s refresh turn', async () => {
        const { rows } = await watcher.query<{ held: boolean }>('SELECT refreshing_desk_id IS NOT NULL AS held FROM waybill_station.shared_order_refreshes');
        return rows[0]?.held === true ? true : undefined;
      });
    } finally {
      await watcher.end();
    }
    const refusedAtB = (await b.dispatch('orders.refresh', { mode: 'full' })) as Result<unknown>;
    expect(refusedAtB).toEqual({ ok: false, error: { code: 'shared-mode.refreshing-elsewhere', params: { desk: 'Desk A' }, retryable: true } });
    await refreshAtA;
    sandbox.setFaults({ latencyMs: 0 });
    const soldOrderCalls = () => sandbox.calls().filter((call) => call.endpoint === 'sold-orders').length;
    const paidByA = soldOrderCalls();
    const listedAtA = await data<{ rows: { order: { orderNumber: string } }[] }>(a, 'orders.list', {});
    const listedAtB = await until('B to read A’s refresh', async () => {
      const rows = (await data<{ rows: { order: { orderNumber: string } }[] }>(b, 'orders.list', {})).rows;
      return rows.length > 0 ? rows : undefined;
    });
    expect(listedAtB.map((row) => row.order.orderNumber)).toEqual(listedAtA.rows.map((row) => row.order.orderNumber));
    expect(soldOrderCalls()).toBe(paidByA);
    const listing = await data<{ rows: { order: { orderNumber: string } }[] }>(a, 'orders.list', {});
    orderNumbers = listing.rows.map((row) => row.order.orderNumber).slice(0, 50);
    const plans = await Promise.all([
      data<IssuePlan>(a, 'issue.plan', { orders: ofDemoShop(orderNumbers.slice(0, 35)), merge: false, keepApart: [] }),
      data<IssuePlan>(b, 'issue.plan', { orders: ofDemoShop(orderNumbers.slice(15)), merge: false, keepApart: [] }),
    ]);
    // The Desks view shows each desk's running job while it runs (a slow printer keeps it printing a while), and nothing once it ended.
    await emulator.setFault({ kind: 'slow', delayMs: 20 });
    const runningAtA = until('A’s job on B’s Desks view', async () => ((await b.sharedMode.desks()).find((desk) => desk.name === 'Desk A')?.currentJobId === plans[0].jobId ? true : undefined));
    const [jobA, jobB] = await Promise.all([data<JobView>(a, 'issue.start', { jobId: plans[0].jobId }), data<JobView>(b, 'issue.start', { jobId: plans[1].jobId })]);
    await Promise.all([finished(a, jobA.id), finished(b, jobB.id)]);
    await emulator.setFault(null);
    expect(await runningAtA).toBe(true);
    await until('both desks idle on the Desks view', async () => ((await a.sharedMode.desks()).every((desk) => desk.currentJobId === null) ? true : undefined));

    // Every order either desk could issue (invalid or held-back ones are no desk's) was issued, each once.
    const issuable = new Set(plans.flatMap((plan) => plan.packages.flatMap((pkg) => pkg.orderNumbers)));
    expect(issuable.size).toBeGreaterThan(40);
    const issued = sandbox.issuedWaybills().flatMap((waybill) => waybill.orderNumbers);
    expect([...issued].sort()).toEqual([...issuable].sort());
    expect(sandbox.secondWaybills()).toEqual([]);
    // Each order both desks planned went to one desk; the other left it out, saying where it is.
    const overlap = orderNumbers.slice(15, 35).filter((order) => issuable.has(order));
    const summaries = await Promise.all([data<JobSummary>(a, 'jobs.summary', { jobId: jobA.id }), data<JobSummary>(b, 'jobs.summary', { jobId: jobB.id })]);
    const leftOut = summaries.flatMap((summary) => summary.failed).filter((failure) => failure.error.code.startsWith('shared-mode.'));
    expect(leftOut.map((failure) => failure.orderNumber).sort()).toEqual([...overlap].sort());
    expect(sandbox.violations()).toBe(0);
    expect(issueCalls().filter((call) => call.code === 614)).toEqual([]);
  }, 120_000);

  it('shows an order issued at A as issued at A on B, and B’s history finds A’s waybill', async () => {
    const byA = sandbox.issuedWaybills().find((waybill) => waybill.orderNumbers.includes(orderNumbers[0] as string));
    expect(byA).toBeDefined();
    const order = { shopId: sandbox.shopId, orderNumber: orderNumbers[0] as string };
    const elsewhere = await until('B to see A’s waybill', async () => (await b.sharedMode.elsewhere([order])).get(shopOrderKey(order)));
    expect(elsewhere).toEqual({ desk: 'Desk A', state: 'issued', waybillCode: byA?.waybillCode });
    const page = await data<HistoryPage>(b, 'history.search', { text: orderNumbers[0] });
    expect(page.rows).toEqual([expect.objectContaining({ orderNumber: orderNumbers[0], waybillCode: byA?.waybillCode, desk: expect.objectContaining({ name: 'Desk A' }) as unknown })]);
    expect((await b.sharedMode.desks()).map((desk) => desk.name).sort()).toEqual(['Desk A', 'Desk B']);
  }, 60_000);

  it('shows A’s printed label as printed at Desk A in B’s history, and B’s reprint asks first naming Desk A; confirmed, it prints once', async () => {
    const waybillCode = sandbox.issuedWaybills().find((waybill) => waybill.orderNumbers.includes(orderNumbers[2] as string))?.waybillCode as string;
    expect(emulator.printed().filter((document) => document.documentId === waybillCode)).toHaveLength(1);
    const line = await until('A’s print in B’s history', async () => (await data<HistoryPage>(b, 'history.search', { text: waybillCode })).rows.find((row) => row.printedAtDesks?.length === 1));
    expect(line).toMatchObject({ waybillCode, desk: { name: 'Desk A' }, printState: 'printed', printCount: 1, printedAtDesks: [{ deskName: 'Desk A', count: 1, lastAt: expect.any(Number) as number }] });
    // As a reprint of B's own printed label: nothing is queued until the packer confirms.
    const asked = await data<ReprintResult>(b, 'history.reprint', { waybillCodes: [waybillCode], confirmAlreadyPrinted: false });
    expect(asked).toEqual({ queued: [], refused: [], needsConfirmation: [{ waybillCode, printCount: 1, printedAtDesks: [expect.objectContaining({ deskName: 'Desk A', count: 1 }) as unknown] }] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(emulator.printed().filter((document) => document.documentId === waybillCode)).toHaveLength(1);
    expect(await data<ReprintResult>(b, 'history.reprint', { waybillCodes: [waybillCode], confirmAlreadyPrinted: true })).toMatchObject({ queued: [waybillCode] });
    await until('the reprint out of B’s printer', () => (emulator.printed().filter((document) => document.documentId === waybillCode).length === 2 ? true : undefined));
    // Printed once more, and A's history now shows it printed at B as well.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(emulator.printed().filter((document) => document.documentId === waybillCode)).toHaveLength(2);
    const atA = await until('B’s print in A’s history', async () => (await data<HistoryPage>(a, 'history.search', { text: waybillCode })).rows.find((row) => row.printedAtDesks?.length === 1));
    expect(atA).toMatchObject({ printCount: 2, printedAtDesks: [{ deskName: 'Desk B', count: 1 }] });
  }, 60_000);

  it('reprints A’s waybill at B from the shared history: B’s printer and queue, never an issue call, in B’s history; refused once its print data is purged', async () => {
    const [own, purged] = orderNumbers.slice(0, 2).map((order) => sandbox.issuedWaybills().find((waybill) => waybill.orderNumbers.includes(order))?.waybillCode as string);
    await data(b, 'settings.update', { patch: { print: { printer: 'HPRT N41' } } });
    const callsBefore = sandbox.calls().length;
    const printedBefore = emulator.printed().filter((document) => document.documentId === own).length;
    const reprint = await data<{ queued: string[]; refused: unknown[] }>(b, 'history.reprint', { waybillCodes: [own], confirmAlreadyPrinted: true });
    expect(reprint).toMatchObject({ queued: [own], refused: [] });
    const printedAtB = await until('the reprint out of B’s printer', () => emulator.printed().filter((document) => document.documentId === own).slice(printedBefore)[0]);
    expect(printedAtB.printer).toBe('HPRT N41');
    // Printed once, from the shared print data: no call to the gateway at all, let alone an issue.
    expect(sandbox.calls().slice(callsBefore)).toEqual([]);
    const line = await until('B’s history to show the reprint', async () => {
      const found = (await data<HistoryPage>(b, 'history.search', { text: own })).rows.find((row) => row.waybillCode === own);
      return found?.printState === 'printed' && found.printCount === 2 ? found : undefined;
    });
    // Printed once at A, once here: both count, A's named.
    expect(line).toMatchObject({ desk: { name: 'Desk A' }, printState: 'printed', printedAtDesks: [{ deskName: 'Desk A', count: 1 }] });

    const pool = openSharedDatabase(database, { deskName: 'test' });
    try {
      await pool.query('UPDATE waybill_station.shared_waybills SET print_data = NULL, print_data_purged_at = now() WHERE waybill_code = $1', [purged]);
    } finally {
      await pool.end();
    }
    expect(await data(b, 'history.reprint', { waybillCodes: [purged], confirmAlreadyPrinted: true })).toEqual({ queued: [], needsConfirmation: [], refused: [{ waybillCode: purged, reason: 'print-data-purged' }] });
  }, 60_000);

  it('exports the history CSV across desks with the desk column', async () => {
    const csv = await data<{ text: string; lines: number }>(b, 'history.export-csv', {});
    const [header, ...rows] = csv.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(header).toBe('订单编号,物流公司,运单号,出单台');
    expect(rows).toHaveLength(csv.lines);
    expect(csv.lines).toBe(sandbox.issuedWaybills().flatMap((waybill) => waybill.orderNumbers).length);
    expect(new Set(rows.map((row) => row.split(',')[3]))).toEqual(new Set(['Desk A', 'Desk B']));
    expect(rows.find((row) => row.startsWith(`${orderNumbers[0] as string},`))?.endsWith(',Desk A')).toBe(true);
  });

  it('stops issuing with shared-mode.unreachable while the server is away, and shares what was recorded once it is back', async () => {
    const rest = (await data<{ rows: { order: { orderNumber: string } }[] }>(a, 'orders.list', {})).rows.map((row) => row.order.orderNumber).filter((order) => !orderNumbers.includes(order));
    const plan = await data<IssuePlan>(a, 'issue.plan', { orders: ofDemoShop(rest), merge: false, keepApart: [] });
    const callsBefore = issueCalls().length;
    server.stop();
    try {
      await until('A to see the server gone', () => (a.sharedMode.state() === 'unreachable' ? true : undefined));
      const job = await data<JobView>(a, 'issue.start', { jobId: plan.jobId });
      const ended = await finished(a, job.id);
      expect(ended.stopError?.code).toBe('shared-mode.unreachable');
      expect(issueCalls().length).toBe(callsBefore);
      // Printing this desk's own labels goes on without the server.
      const own = sandbox.issuedWaybills().find((waybill) => waybill.orderNumbers.includes(orderNumbers[0] as string));
      const reprint = await data<{ queued: string[] }>(a, 'history.reprint', { waybillCodes: [own?.waybillCode], confirmAlreadyPrinted: true });
      expect(reprint.queued).toEqual([own?.waybillCode]);
    } finally {
      server.start();
    }
    await until('A connected again', () => (a.sharedMode.state() === 'connected' ? true : undefined), 30_000);
    const pool = openSharedDatabase(database, { deskName: 'test' });
    try {
      const shared = await until('every waybill in the shared history', async () => {
        const { rows } = await pool.query<{ count: number }>('SELECT count(*)::integer AS count FROM waybill_station.shared_waybills');
        return rows[0]?.count === sandbox.issuedWaybills().length ? rows[0].count : undefined;
      });
      expect(shared).toBe(sandbox.issuedWaybills().length);
    } finally {
      await pool.end();
    }
  }, 120_000);
});
