import { afterEach, describe, expect, it } from 'vitest';
import { describeError } from '../../shared/errors/station-error';
import { waitFor } from '../printing/testing/print-test-kit';
import { openIssuingTestStation } from './testing/issuing-test-kit';
import type { IssuingTestStation } from './testing/issuing-test-kit';

let station: IssuingTestStation | null = null;
afterEach(async () => {
  await station?.close();
  station = null;
});

/** The issue calls the sandbox received, with the order numbers each carried. */
function issueCalls(opened: IssuingTestStation): { orderNumbers: string[]; code: number }[] {
  return opened.bench.sandbox
    .calls()
    .filter((call) => call.endpoint === 'issue')
    .map((call) => {
      const body = call.body as { param_waybill_cloud_print_apply_new_request: { trade_order_info_dtos: { order_info: { trade_order_list: string[] } }[] } };
      return { orderNumbers: body.param_waybill_cloud_print_apply_new_request.trade_order_info_dtos.flatMap((entry) => entry.order_info.trade_order_list), code: call.code };
    });
}

describe('issuing a job', () => {
  it('issues every order once, prints each label once in the order chosen, and ends done with a summary', async () => {
    station = await openIssuingTestStation({ sandbox: { faults: { latencyMs: 20 } } });
    const orders = await station.issuable(25);
    const chosen = [...orders].reverse().map((order) => order.orderNumber);
    const jobId = await station.issueAndPrint(chosen, { customAreaTemplateUrl: 'https://cloudprint.cainiao.com/template/customArea/1234/1' });

    const summary = await station.engine.summary(jobId);
    expect(summary?.job.state).toBe('done');
    expect(summary?.issued).toHaveLength(25);
    expect(summary?.failed).toEqual([]);
    const waybillOf = new Map(summary?.issued.map((entry) => [entry.orderNumbers[0], entry.waybillCode]));
    // The sandbox's issued set is the journal's.
    expect(new Map(station.bench.sandbox.issuedWaybills().map((waybill) => [waybill.orderNumbers[0], waybill.waybillCode]))).toEqual(waybillOf);
    // Printed once each, in the chosen order.
    expect(station.emulator.printed().map((document) => document.documentId)).toEqual(chosen.map((orderNumber) => waybillOf.get(orderNumber)));
    expect(issueCalls(station)).toHaveLength(3);
    expect(summary?.printed).toBe(25);
    expect(summary?.points).toBe(3 * 2 + 1);
    const states = station.events.flatMap((event) => (event.kind === 'job' ? [event.job.state] : []));
    expect(states).toContain('issuing');
    expect(states.at(-1)).toBe('done');
  });
});

describe('printing while issuing', () => {
  it('prints the first labels while later batches are still being issued, keeping a bounded window of labels out', async () => {
    station = await openIssuingTestStation({ sandbox: { faults: { latencyMs: 30 } }, emulator: { renderDelayMs: 10 }, tuning: { callsInFlight: 2, labelsAhead: 5 } });
    const orders = (await station.issuable(60)).map((order) => order.orderNumber);
    const plan = await station.engine.plan(station.planRequest(orders));
    let mostOut = 0;
    station.queue.onEvent((event) => {
      if (event.kind !== 'status') return;
      const { queued, sent, accepted } = event.status.counts;
      mostOut = Math.max(mostOut, queued + sent + accepted);
    });
    await station.engine.start({ jobId: plan.jobId });
    await station.engine.settled(plan.jobId);

    const lastIssueCall = Math.max(...station.bench.sandbox.calls().filter((call) => call.endpoint === 'issue').map((call) => call.at));
    const firstPrinted = Math.min(...station.emulator.printed().map((document) => document.at));
    expect(firstPrinted).toBeLessThan(lastIssueCall);
    expect(mostOut).toBeLessThanOrEqual(5);
    expect(mostOut).toBeGreaterThan(0);
    expect(station.emulator.printed()).toHaveLength(60);
  });
});

describe('the three kinds of 614', () => {
  it('stop the job: an empty branch stops it, keeps what was issued with its labels, shows the remedy; retry finishes it', async () => {
    station = await openIssuingTestStation({ tuning: { callsInFlight: 1 } });
    await station.bench.sandbox.setBranchBalance('571001', 15);
    const orders = (await station.issuable(45)).map((order) => order.orderNumber);
    const plan = await station.engine.plan(station.planRequest(orders));
    await station.engine.start({ jobId: plan.jobId });
    const stopped = await station.engine.settled(plan.jobId);

    expect(stopped.state).toBe('failed');
    expect(stopped.stopError?.code).toBe('gateway.issue-rejected.stop-job');
    expect(describeError(stopped.stopError ?? { code: 'cancelled', params: {}, retryable: true }).remedy).toMatch(/stopped; waybills already issued are kept/);
    expect(String(stopped.stopError?.params.message)).toContain('余额不足');
    expect(stopped.orders).toMatchObject({ issued: 10, planned: 35, failed: 0 });
    // Nothing after the rejected call: one accepted, one rejected.
    expect(issueCalls(station).map((call) => call.code)).toEqual([0, 614]);
    expect(station.emulator.printed()).toHaveLength(10);

    await station.bench.sandbox.setBranchBalance('571001', 100);
    await station.engine.retry({ jobId: plan.jobId });
    const finished = await station.engine.settled(plan.jobId);
    expect(finished.state).toBe('done');
    expect(finished.orders).toMatchObject({ issued: 45, planned: 0 });
    expect(new Set(station.emulator.printed().map((document) => document.documentId)).size).toBe(45);
    expect(station.emulator.printed()).toHaveLength(45);
  });

  it('this order only: an order that passed local validation but is rejected is isolated by halving; the others are issued', async () => {
    station = await openIssuingTestStation();
    const orders = await station.issuable(10);
    // A well-formed order number the platform does not know (tid not a real order): only the gateway can tell.
    const stranger = { ...(orders[7] as (typeof orders)[number]), orderNumber: '3999999999999999999' };
    const chosen = orders.map((order, index) => (index === 7 ? stranger.orderNumber : order.orderNumber));
    // The engine reads orders from the cache: put the stranger there the way a refresh would.
    await station.bench.backend.write.orders.storePage(station.bench.sandbox.shopId, [stranger], Date.now());

    const jobId = await station.issueAndPrint(chosen);
    const summary = await station.engine.summary(jobId);
    expect(summary?.job.state).toBe('done');
    expect(summary?.issued).toHaveLength(9);
    expect(summary?.failed).toEqual([{ orderNumber: stranger.orderNumber, error: expect.objectContaining({ code: 'gateway.issue-rejected.this-order-only' }) }]);
    expect(String(summary?.failed[0]?.error.params.message)).toContain(stranger.orderNumber);
    // 10 → 5+5 → (3+2) → (2+1): seven calls, four levels at most.
    const calls = issueCalls(station);
    expect(calls.map((call) => call.orderNumbers.length)).toEqual([10, 5, 5, 3, 2, 2, 1]);
    expect(calls.filter((call) => call.code === 614).map((call) => call.orderNumbers.length)).toEqual([10, 5, 3, 1]);
    const waybillOf = new Map(summary?.issued.map((entry) => [entry.orderNumbers[0], entry.waybillCode]));
    expect(station.emulator.printed().map((document) => document.documentId)).toEqual(chosen.filter((orderNumber) => orderNumber !== stranger.orderNumber).map((orderNumber) => waybillOf.get(orderNumber)));
  });

  it('outcome unknown (waybills allocated, then "unknown exception"): looked up, recovered and printed, never issued again', async () => {
    station = await openIssuingTestStation({ sandbox: { faults: { issueUnknownErrorRate: 1 } } });
    const orders = (await station.issuable(20)).map((order) => order.orderNumber);
    const jobId = await station.issueAndPrint(orders);
    const summary = await station.engine.summary(jobId);
    expect(summary?.job.state).toBe('done');
    expect(summary?.recovered).toHaveLength(20);
    expect(summary?.issued).toHaveLength(0);
    expect(issueCalls(station).map((call) => call.code)).toEqual([614, 614]);
    expect(station.bench.sandbox.calls().filter((call) => call.endpoint === 'query-issued')).not.toHaveLength(0);
    expect(station.bench.sandbox.issuedWaybills()).toHaveLength(20);
    expect(station.emulator.printed()).toHaveLength(20);
  });

  it('outcome unknown (temporary error, nothing allocated): looked up first, then issued', async () => {
    station = await openIssuingTestStation({ sandbox: { faults: { latencyMs: 30, issueTemporaryErrorRate: 1 } }, tuning: { callsInFlight: 1 } });
    const orders = (await station.issuable(10)).map((order) => order.orderNumber);
    const plan = await station.engine.plan(station.planRequest(orders));
    await station.engine.start({ jobId: plan.jobId });
    const sandbox = station.bench.sandbox;
    await waitFor(() => sandbox.calls().some((call) => call.endpoint === 'query-issued'), 'the look-up');
    sandbox.setFaults({ issueTemporaryErrorRate: 0 });
    const ended = await station.engine.settled(plan.jobId);

    expect(ended.state).toBe('done');
    expect(ended.orders.issued).toBe(10);
    const endpoints = sandbox.calls().filter((call) => call.endpoint === 'issue' || call.endpoint === 'query-issued').map((call) => `${call.endpoint}:${call.code}`);
    expect(endpoints.slice(0, 2)).toEqual(['issue:614', 'query-issued:0']);
    expect(endpoints.at(-1)).toBe('issue:0');
    expect(station.emulator.printed()).toHaveLength(10);
  });

  it('already issued: a waybill issued elsewhere is shown and not printed; the rest of the batch is issued', async () => {
    station = await openIssuingTestStation();
    const orders = (await station.issuable(10)).map((order) => order.orderNumber);
    const elsewhere = orders[3] as string;
    const [other] = await station.bench.sandbox.markIssuedElsewhere([elsewhere]);
    const jobId = await station.issueAndPrint(orders);

    const summary = await station.engine.summary(jobId);
    expect(summary?.job.state).toBe('done');
    expect(summary?.issuedElsewhere).toEqual([{ orderNumbers: [elsewhere], waybillCode: other?.waybillCode }]);
    expect(summary?.issued).toHaveLength(9);
    expect(issueCalls(station).map((call) => call.code)).toEqual([614, 0]);
    expect(issueCalls(station)[1]?.orderNumbers).not.toContain(elsewhere);
    const printed = station.emulator.printed().map((document) => document.documentId);
    expect(printed).toHaveLength(9);
    expect(printed).not.toContain(other?.waybillCode);
  });

  it('already issued: the waybill of an order with an earlier attempt of unknown outcome is recovered and printed', async () => {
    station = await openIssuingTestStation();
    const orders = (await station.issuable(10)).map((order) => order.orderNumber);
    const lost = orders[5] as string;
    const plan = await station.engine.plan(station.planRequest(orders));
    // An earlier run sent `lost` and never learned the outcome; a look-up then found nothing, and the
    // call took effect afterwards (a slow gateway): the journal holds an unknown attempt, the gateway a waybill.
    const journal = station.backend.write.journal;
    await journal.claim(plan.jobId, { retryFailed: false, packageLimit: null, owner: { deskId: station.deskId, leaseUntil: Date.now() + 60_000 } }, Date.now());
    await journal.beginIssue(plan.jobId, station.bench.sandbox.shopId, [lost], Date.now());
    await journal.recordQuery(plan.jobId, station.bench.sandbox.shopId, [{ orderNumber: lost, status: 'not-issued' }], Date.now());
    const late = await station.client.issueWaybills({
      carrierCode: 'YTO', branchCode: '571001', sender: station.planRequest([]).sender, needEncrypt: true,
      entries: [{ objectId: lost, orderChannel: 'TB', orderNumbers: [lost], packageId: '', items: [{ name: 'x', count: 1 }], templateUrl: station.planRequest([]).templateUrl, logisticsServices: '',
        recipient: { name: '张*', mobile: '138****0000', phone: '', address: { province: '浙江省', city: '杭州市', district: '西湖区', town: '', detail: '文三路*号' }, oaid: '', tid: lost, caid: '' } }],
    });
    expect(late.ok).toBe(true);

    await station.engine.start({ jobId: plan.jobId });
    await station.engine.settled(plan.jobId);
    const summary = await station.engine.summary(plan.jobId);
    expect(summary?.recovered.map((entry) => entry.orderNumbers)).toEqual([[lost]]);
    expect(summary?.issued).toHaveLength(9);
    expect(summary?.issuedElsewhere).toEqual([]);
    expect(station.emulator.printed()).toHaveLength(10);
  });
});

describe('cancelling', () => {
  it('stops between calls: no call after the cancel is sent, issued labels print, retry issues the rest', async () => {
    station = await openIssuingTestStation({ sandbox: { faults: { latencyMs: 40 } }, tuning: { callsInFlight: 1 } });
    const orders = (await station.issuable(60)).map((order) => order.orderNumber);
    const plan = await station.engine.plan(station.planRequest(orders));
    await station.engine.start({ jobId: plan.jobId });
    await waitFor(async () => ((await station?.engine.job(plan.jobId))?.orders.issued ?? 0) >= 10, 'the first batch');
    await station.engine.cancel(plan.jobId);
    const cancelled = await station.engine.settled(plan.jobId);

    expect(cancelled.state).toBe('cancelled');
    const issuedCount = cancelled.orders.issued;
    // The call in flight at the cancel is answered and kept; none is sent after it.
    expect(issuedCount === 10 || issuedCount === 20).toBe(true);
    expect(issueCalls(station)).toHaveLength(issuedCount / 10);
    expect(cancelled.orders.planned).toBe(60 - issuedCount);
    expect(station.emulator.printed()).toHaveLength(issuedCount);

    await station.engine.retry({ jobId: plan.jobId });
    const done = await station.engine.settled(plan.jobId);
    expect(done.state).toBe('done');
    expect(done.orders.issued).toBe(60);
    expect(station.emulator.printed()).toHaveLength(60);
  });

  it('brings a running job to a safe point for a quit: no call in flight, nothing pending', async () => {
    station = await openIssuingTestStation({ sandbox: { faults: { latencyMs: 40 } }, tuning: { callsInFlight: 2 } });
    const orders = (await station.issuable(60)).map((order) => order.orderNumber);
    const plan = await station.engine.plan(station.planRequest(orders));
    expect(station.engine.activeJobs()).toEqual([]);
    await station.engine.start({ jobId: plan.jobId });
    expect(station.engine.activeJobs()).toEqual([{ id: plan.jobId, state: 'issuing' }]);
    await waitFor(async () => ((await station?.engine.job(plan.jobId))?.orders.issued ?? 0) >= 10, 'the first batch');

    await station.engine.bringToSafePoint(plan.jobId);
    const callsAtSafePoint = issueCalls(station).length;
    const view = await station.engine.job(plan.jobId);
    expect(view?.orders.pending).toBe(0);
    expect(view?.orders.issued).toBe(callsAtSafePoint * 10);
    await station.engine.settled(plan.jobId);
    expect(issueCalls(station)).toHaveLength(callsAtSafePoint);
    expect(station.engine.activeJobs()).toEqual([]);
  });
});

describe('a job’s events', () => {
  it('tell its progress at most every 100 ms, and its ending once, last', async () => {
    station = await openIssuingTestStation({ sandbox: { faults: { latencyMs: 20 } }, emulator: { renderDelayMs: 5 } });
    const orders = (await station.issuable(60)).map((order) => order.orderNumber);
    const jobId = await station.issueAndPrint(orders);
    const opened = station;
    const told = opened.events.flatMap((event, index) => (event.kind === 'job' && event.job.id === jobId ? [{ at: opened.eventTimes[index] ?? 0, state: event.job.state }] : []));
    const ending = told.at(-1);
    expect(ending?.state).toBe('done');
    expect(told.filter((view) => view.state === 'done')).toHaveLength(1);
    // Sixty labels change the job hundreds of times; its views are a timer's interval apart. A view
    // is read after its turn is taken, so two may come a read's few milliseconds nearer.
    const progress = told.slice(0, -1);
    expect(progress.length).toBeGreaterThan(2);
    const gaps = progress.slice(1).map((view, index) => view.at - (progress[index]?.at ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(90);
  });
});
