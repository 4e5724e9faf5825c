import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { SoldOrder } from '../../shared/domain/sold-order';
import { endpointAtPath } from '../../shared/gateway/endpoints';
import { SANDBOX_DEFAULTS } from '../demo/sandbox/index';
import type { SandboxCall } from '../demo/sandbox/sandbox-types';
import type { StationBackend } from '../store/station-backend';
import { stationBackends } from '../composition/station-backends';
import { entryForOrders } from './issue-plan';
import type { RunTuning } from './job-run';
import { demoJobSettings, openIssuingTestStation } from './testing/issuing-test-kit';
import type { IssuingTestStation } from './testing/issuing-test-kit';
import { assembleIssuingStation } from './testing/issuing-station-parts';
import type { IssuingStationParts } from './testing/issuing-station-parts';

let station: IssuingTestStation | null = null;
let otherDesk: { parts: IssuingStationParts | null; backend: StationBackend } | null = null;
afterEach(async () => {
  await otherDesk?.parts?.close();
  await otherDesk?.backend.close();
  otherDesk = null;
  await station?.close();
  station = null;
});

const numbers = (orders: readonly SoldOrder[]) => orders.map((order) => order.orderNumber);

/** Order numbers an issue call carried. */
function carried(call: SandboxCall): string[] {
  const body = call.body as { param_waybill_cloud_print_apply_new_request?: { trade_order_info_dtos?: { order_info: { trade_order_list: string[] } }[] } } | null;
  return body?.param_waybill_cloud_print_apply_new_request?.trade_order_info_dtos?.flatMap((entry) => entry.order_info.trade_order_list) ?? [];
}

/** Order numbers a query call asked about. */
function asked(call: SandboxCall): string[] {
  const body = call.body as { param_list?: { biz_sub_code: string }[] } | null;
  return body?.param_list?.map((entry) => entry.biz_sub_code) ?? [];
}

/** A second connection to the station's database file, as another desk (or process) would hold. */
async function secondBackend(opened: IssuingTestStation): Promise<StationBackend> {
  const backend = await stationBackends.local({ file: join(dirname(opened.bench.logDirectory), 'station.sqlite') });
  otherDesk = { parts: null, backend };
  return backend;
}

/** Another desk's issuing parts (its own engine, queue and desk id) on the same database file, sandbox and print emulator. */
async function openOtherDesk(opened: IssuingTestStation, tuning: Partial<RunTuning>): Promise<IssuingStationParts> {
  const backend = await secondBackend(opened);
  const gateway = { baseUrl: opened.bench.sandbox.url, shopId: opened.bench.sandbox.shopId };
  const parts = await assembleIssuingStation({
    backend,
    client: opened.client,
    logger: opened.bench.logger,
    componentUrl: opened.emulator.url,
    emit: () => undefined,
    gatewayIdentity: () => gateway,
    deskId: randomUUID(),
    tuning,
  });
  otherDesk = { parts, backend };
  return parts;
}

describe('one issuer per order: the claim', () => {
  it('two desks on one database file start jobs on overlapping orders at once: each order is issued by one job, the other is refused by the store', async () => {
    const tuning = { callsInFlight: 1 };
    station = await openIssuingTestStation({ sandbox: { faults: { latencyMs: 100 } }, tuning });
    const other = await openOtherDesk(station, tuning);
    const orders = numbers(await station.issuable(30));
    const [first, second] = [orders.slice(0, 20), orders.slice(10, 30)];
    const planA = await station.engine.plan(station.planRequest(first));
    const planB = await other.engine.plan(station.planRequest(second));
    await Promise.all([station.engine.start({ jobId: planA.jobId }), other.engine.start({ jobId: planB.jobId })]);
    await Promise.all([station.engine.settled(planA.jobId), other.engine.settled(planB.jobId)]);

    const issueCalls = station.bench.sandbox.calls().filter((call) => call.endpoint === 'issue');
    const carriedOrders = issueCalls.flatMap(carried).sort();
    expect(carriedOrders).toEqual([...orders].sort());
    expect(station.bench.sandbox.secondWaybills()).toEqual([]);
    const rowsA = await station.engine.jobOrders(planA.jobId);
    const rowsB = await other.engine.jobOrders(planB.jobId);
    const issuedBy = (rows: typeof rowsA) => new Set(rows.filter((row) => row.state === 'issued').map((row) => row.orderNumber));
    const [byA, byB] = [issuedBy(rowsA), issuedBy(rowsB)];
    for (const orderNumber of orders) expect([byA.has(orderNumber), byB.has(orderNumber)].filter(Boolean), orderNumber).toHaveLength(1);
    // The store refused the orders the other desk's run held (the job member says by whom): never moved, issued by the holder.
    const refused = station.bench.db.prepare('SELECT job_id, order_number, held_by_job_id FROM job_orders WHERE held_by_job_id IS NOT NULL').all() as { job_id: string; order_number: string; held_by_job_id: string }[];
    expect(refused.length).toBeGreaterThan(0);
    for (const row of refused) expect((row.held_by_job_id === planA.jobId ? byA : byB).has(row.order_number), row.order_number).toBe(true);
    expect([...rowsA, ...rowsB].filter((row) => row.state === 'moved')).toEqual([]);
    const printed = station.emulator.printed().map((document) => document.documentId);
    expect(printed).toHaveLength(30);
    expect(new Set(printed).size).toBe(30);
  });

  it('two jobs claiming overlapping orders at once past the engine, on two connections: each order goes to one job, the other names who holds it', async () => {
    station = await openIssuingTestStation();
    const backend = await secondBackend(station);
    const orders = numbers(await station.issuable(6));
    const planA = await station.engine.plan(station.planRequest(orders.slice(0, 4)));
    const planB = await station.engine.plan(station.planRequest(orders.slice(2, 6)));
    const now = Date.now();
    const [deskA, deskB] = [randomUUID(), randomUUID()];
    const [claimA, claimB] = await Promise.all([
      station.backend.write.journal.claim(planA.jobId, { retryFailed: false, packageLimit: null, owner: { deskId: deskA, leaseUntil: now + 60_000 } }, now),
      backend.write.journal.claim(planB.jobId, { retryFailed: false, packageLimit: null, owner: { deskId: deskB, leaseUntil: now + 60_000 } }, now),
    ]);
    const overlap = orders.slice(2, 4);
    expect(numbers(claimA.owned.map((owned) => owned.order))).toEqual(orders.slice(0, 4));
    expect(claimA.held).toEqual([]);
    expect(numbers(claimB.owned.map((owned) => owned.order))).toEqual(orders.slice(4, 6));
    expect(claimB.held).toEqual(overlap.map((orderNumber) => ({ shopId: SANDBOX_DEFAULTS.shopId, orderNumber, jobId: planA.jobId, deskId: deskA })));
    // The refused job cannot send them either: only its own planned orders go pending.
    expect((await backend.write.journal.beginIssue(planB.jobId, SANDBOX_DEFAULTS.shopId, overlap, now)).orderNumbers).toEqual([]);
    expect((await station.engine.jobOrders(planB.jobId)).map((row) => row.state)).toEqual(['held', 'held', 'planned', 'planned']);
  });

  it('claims the packages of the first calls first and the rest once the first call left, before any later call: whole packages in the user’s order, each order issued once', async () => {
    // One call at a time: the first calls are one call of 10 packages.
    const tuning = { callsInFlight: 1 };
    let jobId = '';
    const claimedAtArrival: number[] = [];
    station = await openIssuingTestStation({
      sandbox: { faults: { latencyMs: 100 } },
      tuning,
      onGatewayRequest: (request) => {
        if (endpointAtPath(request.path)?.id !== 'issue' || !station) return;
        // Read from the database file itself at the instant the call reaches the gateway.
        claimedAtArrival.push((station.bench.db.prepare('SELECT COUNT(*) AS claimed FROM journal_orders WHERE job_id = ?').get(jobId) as { claimed: number }).claimed);
      },
    });
    const orders = numbers(await station.issuable(30));

    // The store takes the packages asked for, in the user's order, and leaves the others as they were.
    const probe = await station.engine.plan(station.planRequest(orders));
    const journal = station.backend.write.journal;
    const now = Date.now();
    const owner = { deskId: station.deskId, leaseUntil: now + 60_000 };
    const first = await journal.claim(probe.jobId, { retryFailed: false, packageLimit: null, owner, packages: { first: 10 } }, now);
    expect(numbers(first.owned.map((owned) => owned.order))).toEqual(orders.slice(0, 10));
    expect(station.bench.db.prepare('SELECT order_number FROM journal_orders WHERE job_id = ? ORDER BY order_number').pluck().all(probe.jobId)).toEqual([...orders.slice(0, 10)].sort());
    // A package limit left for the rest counts on from there: 5 more packages, the others skipped.
    const rest = await journal.claim(probe.jobId, { retryFailed: false, packageLimit: 5, owner, packages: { after: 10 } }, now);
    expect(numbers(rest.owned.map((owned) => owned.order))).toEqual(orders.slice(10));
    expect(rest.owned.map((owned) => owned.state)).toEqual([...orders.slice(10, 15).map(() => 'planned'), ...orders.slice(15).map(() => 'skipped')]);
    await journal.releaseClaim(probe.jobId, station.deskId);
    await station.engine.cancel(probe.jobId);

    // A run: the first call carries the first packages claimed before it; the rest is claimed before the second call leaves.
    const plan = await station.engine.plan(station.planRequest(orders));
    jobId = plan.jobId;
    await station.engine.start({ jobId });
    const ended = await station.engine.settled(jobId);
    expect(ended.orders.issued).toBe(30);
    expect(claimedAtArrival).toHaveLength(3);
    expect(claimedAtArrival[0]).toBeGreaterThanOrEqual(10);
    expect(claimedAtArrival.slice(1)).toEqual([30, 30]);
    expect(station.bench.sandbox.calls().filter((call) => call.endpoint === 'issue').flatMap(carried)).toEqual(orders);
    expect(station.bench.sandbox.secondWaybills()).toEqual([]);
    const printed = station.emulator.printed().map((document) => document.documentId);
    expect(printed).toHaveLength(30);
    expect(new Set(printed).size).toBe(30);
  });

  it('takes an order whose owner died mid-call only once its lease lapsed, and then looks it up before anything is issued', async () => {
    station = await openIssuingTestStation({ tuning: { retryDelayMs: 10 } });
    const orders = await station.issuable(5);
    const dead = await station.engine.plan(station.planRequest(numbers(orders)));
    const journal = station.backend.write.journal;
    const now = Date.now();
    await journal.updateJob(dead.jobId, { state: 'issuing', startedAt: now }, now);
    // Another desk claimed them for a short lease, recorded them pending, sent the call (it took effect) and died.
    const deadDesk = randomUUID();
    await journal.claim(dead.jobId, { retryFailed: false, packageLimit: null, owner: { deskId: deadDesk, leaseUntil: now + 400 } }, now);
    await journal.beginIssue(dead.jobId, SANDBOX_DEFAULTS.shopId, numbers(orders), now);
    const issued = await station.client.issueWaybills({
      carrierCode: demoJobSettings.carrierCode,
      branchCode: demoJobSettings.branchCode,
      sender: demoJobSettings.sender,
      needEncrypt: true,
      entries: orders.map((order) => entryForOrders(SANDBOX_DEFAULTS.shopId, [order], demoJobSettings)),
    });
    expect(issued.ok).toBe(true);

    const plan = await station.engine.plan(station.planRequest(numbers(orders)));
    await station.engine.start({ jobId: plan.jobId });
    await station.engine.settled(plan.jobId);
    // Its lease still ran: refused, left with the dead job, pending.
    expect((await station.engine.jobOrders(plan.jobId)).map((row) => row.state)).toEqual(orders.map(() => 'held'));
    expect((await station.backend.read.journal.pendingOrders(station.deskId, Date.now())).find((group) => group.jobId === dead.jobId)).toBeUndefined();

    await delay(Math.max(0, now + 450 - Date.now()));
    const callsBefore = station.bench.sandbox.calls().length;
    await station.engine.retry({ jobId: plan.jobId });
    const ended = await station.engine.settled(plan.jobId);
    const calls = station.bench.sandbox.calls().slice(callsBefore);
    expect(calls.filter((call) => call.endpoint === 'issue').flatMap(carried)).toEqual([]);
    expect(calls.filter((call) => call.endpoint === 'query-issued').flatMap(asked).sort()).toEqual(numbers(orders).sort());
    expect(station.bench.sandbox.secondWaybills()).toEqual([]);
    expect(ended.orders.recovered).toBe(5);
    expect(new Set(station.emulator.printed().map((document) => document.documentId)).size).toBe(5);
  });

  it('renews the lease while a job runs longer than it: another desk is refused the orders the job has not issued yet', async () => {
    station = await openIssuingTestStation({ sandbox: { faults: { latencyMs: 250 } }, tuning: { callsInFlight: 1, claimLeaseMs: 150 } });
    const orders = numbers(await station.issuable(40));
    const planA = await station.engine.plan(station.planRequest(orders));
    const planB = await station.engine.plan(station.planRequest(orders));
    const started = Date.now();
    await station.engine.start({ jobId: planA.jobId });
    await delay(600);
    const now = Date.now();
    const claimB = await station.backend.write.journal.claim(planB.jobId, { retryFailed: false, packageLimit: null, owner: { deskId: randomUUID(), leaseUntil: now + 150 } }, now);
    expect(now - started).toBeGreaterThan(3 * 150);
    expect(claimB.owned).toEqual([]);
    expect(claimB.held.length).toBeGreaterThan(0);
    expect(claimB.held.every((order) => order.jobId === planA.jobId && order.deskId === station?.deskId)).toBe(true);
    const ended = await station.engine.settled(planA.jobId);
    expect(ended.orders.issued).toBe(40);
    expect(station.bench.sandbox.secondWaybills()).toEqual([]);
  });
});
