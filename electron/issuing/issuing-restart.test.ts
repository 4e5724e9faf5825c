import { afterEach, describe, expect, it } from 'vitest';
import type { SoldOrder } from '../../shared/domain/sold-order';
import { stationError } from '../../shared/errors/station-error';
import { fail } from '../../shared/result';
import { waitFor } from '../printing/testing/print-test-kit';
import { entryForOrders } from './issue-plan';
import { lookUpOnce } from './waybill-lookup';
import { demoJobSettings, openIssuingTestStation } from './testing/issuing-test-kit';
import type { IssuingTestStation } from './testing/issuing-test-kit';

let station: IssuingTestStation | null = null;
afterEach(async () => {
  await station?.close();
  station = null;
});

/** Sends an issue call for these orders straight through the client, as the engine would have before a crash. */
async function issueDirectly(opened: IssuingTestStation, orders: readonly SoldOrder[]) {
  const result = await opened.client.issueWaybills({
    carrierCode: demoJobSettings.carrierCode,
    branchCode: demoJobSettings.branchCode,
    sender: demoJobSettings.sender,
    needEncrypt: true,
    entries: orders.map((order) => entryForOrders(opened.bench.sandbox.shopId, [order], demoJobSettings)),
  });
  if (!result.ok) throw new Error(result.error.code);
  return result.data;
}

const numbers = (orders: readonly SoldOrder[]) => orders.map((order) => order.orderNumber);

describe('the start-up pass', () => {
  it('finishes every step a crash interrupted: pending looked up, lost answers recovered, recorded waybills printed; retry issues the rest', async () => {
    station = await openIssuingTestStation();
    const orders = await station.issuable(40);
    const [neverSent, answerLost, notQueued, untouched] = [0, 10, 20, 30].map((start) => orders.slice(start, start + 10)) as [SoldOrder[], SoldOrder[], SoldOrder[], SoldOrder[]];
    const plan = await station.engine.plan(station.planRequest(numbers(orders)));
    const journal = station.backend.write.journal;
    const now = Date.now();
    await journal.updateJob(plan.jobId, { state: 'issuing', startedAt: now }, now);
    await journal.claim(plan.jobId, { retryFailed: false, packageLimit: null, owner: { deskId: station.deskId, leaseUntil: now + 60_000 } }, now);
    // Crash between "pending recorded" and "call sent".
    await journal.beginIssue(plan.jobId, station.bench.sandbox.shopId, numbers(neverSent), now);
    // Crash between "answer received" and "waybill recorded" (the call took effect).
    await journal.beginIssue(plan.jobId, station.bench.sandbox.shopId, numbers(answerLost), now);
    const lost = await issueDirectly(station, answerLost);
    // Crash between "waybill recorded" and "print task recorded"; one answer's print data could not be read.
    const begun = await journal.beginIssue(plan.jobId, station.bench.sandbox.shopId, numbers(notQueued), now);
    const answered = await issueDirectly(station, notQueued);
    const recorded = answered.outcomes.flatMap((outcome) => (outcome.status === 'issued' ? [{ ...outcome.waybill, orderNumbers: [outcome.objectId] }] : []));
    const unreadable = recorded[0] as (typeof recorded)[number];
    unreadable.printData = fail(stationError('gateway.print-data-unreadable', { objectId: unreadable.objectId, waybillCode: unreadable.waybillCode }));
    await journal.finishIssue(begun.attemptId, { kind: 'answered', issued: recorded, failed: [], unknown: [] }, now);
    station.bench.sandbox.clearCalls();

    await station.restart();
    const report = await station.engine.startUp();
    expect(new Set(report.reconciled.recovered)).toEqual(new Set(numbers(answerLost)));
    expect(new Set(report.reconciled.notIssued)).toEqual(new Set(numbers(neverSent)));
    expect(report.reconciled.issuedElsewhere).toEqual([]);
    expect(report.interruptedJobs).toEqual([plan.jobId]);
    expect(report.labelsQueued).toBe(19);
    const interrupted = await station.engine.settled(plan.jobId);
    expect(interrupted.state).toBe('cancelled');
    expect(interrupted.orders).toMatchObject({ recovered: 10, issued: 10, planned: 20 });
    const recoveredCodes = lost.outcomes.flatMap((outcome) => (outcome.status === 'issued' ? [outcome.waybill.waybillCode] : []));
    expect(station.emulator.printed().map((document) => document.documentId)).toEqual(expect.arrayContaining(recoveredCodes));
    expect(station.emulator.printed()).toHaveLength(19);

    await station.engine.retry({ jobId: plan.jobId });
    const done = await station.engine.settled(plan.jobId);
    expect(done.state).toBe('done');
    expect(done.orders).toMatchObject({ recovered: 10, issued: 30, planned: 0, pending: 0 });
    // After the restart, issue calls carried only orders that never had a waybill.
    const carried = station.bench.sandbox
      .calls()
      .filter((call) => call.endpoint === 'issue')
      .flatMap((call) => (call.body as { param_waybill_cloud_print_apply_new_request: { trade_order_info_dtos: { object_id: string }[] } }).param_waybill_cloud_print_apply_new_request.trade_order_info_dtos.map((entry) => entry.object_id));
    expect(new Set(carried)).toEqual(new Set([...numbers(neverSent), ...numbers(untouched)]));
    expect(station.bench.sandbox.issuedWaybills()).toHaveLength(40);
    // The waybill with unreadable print data is recorded and named; its label comes once the data is fetched again.
    expect((await station.engine.summary(plan.jobId))?.printDataUnreadable).toEqual([unreadable.waybillCode]);
    expect(station.emulator.printed()).toHaveLength(39);
    expect((await station.history.refetchPrintData([unreadable.waybillCode])).refreshed).toEqual([unreadable.waybillCode]);
    expect((await station.history.reprint({ waybillCodes: [unreadable.waybillCode], confirmAlreadyPrinted: false })).queued).toEqual([unreadable.waybillCode]);
    await waitFor(() => station?.emulator.printed().length === 40, 'the last label');
    const printed = station.emulator.printed().map((document) => document.documentId);
    expect(new Set(printed).size).toBe(40);
  });

  it('a job killed after its first calls left, before the rest of its orders was claimed: nothing issued twice, no waybill lost, every label printed once', async () => {
    station = await openIssuingTestStation();
    const orders = await station.issuable(30);
    const [answerLost, recorded] = [orders.slice(0, 10), orders.slice(10, 20)];
    const plan = await station.engine.plan(station.planRequest(numbers(orders)));
    const journal = station.backend.write.journal;
    const now = Date.now();
    await journal.updateJob(plan.jobId, { state: 'issuing', startedAt: now }, now);
    // The run claimed the packages of its first calls (here two calls' worth) and sent both calls; the rest was not claimed yet.
    await journal.claim(plan.jobId, { retryFailed: false, packageLimit: null, owner: { deskId: station.deskId, leaseUntil: now + 60_000 }, packages: { first: 20 } }, now);
    await journal.beginIssue(plan.jobId, station.bench.sandbox.shopId, numbers(answerLost), now);
    const lost = await issueDirectly(station, answerLost);
    const begun = await journal.beginIssue(plan.jobId, station.bench.sandbox.shopId, numbers(recorded), now);
    const answered = await issueDirectly(station, recorded);
    const issued = answered.outcomes.flatMap((outcome) => (outcome.status === 'issued' ? [{ ...outcome.waybill, orderNumbers: [outcome.objectId] }] : []));
    await journal.finishIssue(begun.attemptId, { kind: 'answered', issued, failed: [], unknown: [] }, now);
    expect(station.bench.db.prepare('SELECT COUNT(*) FROM journal_orders WHERE job_id = ?').pluck().get(plan.jobId)).toBe(20);

    await station.restart();
    const report = await station.engine.startUp();
    expect(new Set(report.reconciled.recovered)).toEqual(new Set(numbers(answerLost)));
    expect(report.interruptedJobs).toEqual([plan.jobId]);
    const interrupted = await station.engine.settled(plan.jobId);
    expect(interrupted.state).toBe('cancelled');
    // The orders never claimed count as planned: the job was interrupted with them still to issue.
    expect(interrupted.orders).toMatchObject({ recovered: 10, issued: 10, planned: 10 });

    await station.engine.retry({ jobId: plan.jobId });
    const done = await station.engine.settled(plan.jobId);
    expect(done.state).toBe('done');
    expect(done.orders).toMatchObject({ recovered: 10, issued: 20, planned: 0, pending: 0 });
    const carried = station.bench.sandbox
      .calls()
      .filter((call) => call.endpoint === 'issue')
      .flatMap((call) => (call.body as { param_waybill_cloud_print_apply_new_request: { trade_order_info_dtos: { object_id: string }[] } }).param_waybill_cloud_print_apply_new_request.trade_order_info_dtos.map((entry) => entry.object_id));
    // Each order went out in one issue call: the two before the kill, the rest after the retry.
    expect([...carried].sort()).toEqual(numbers(orders).sort());
    expect(station.bench.sandbox.issuedWaybills()).toHaveLength(30);
    expect(station.bench.sandbox.secondWaybills()).toEqual([]);
    const recoveredCodes = lost.outcomes.flatMap((outcome) => (outcome.status === 'issued' ? [outcome.waybill.waybillCode] : []));
    await waitFor(() => station?.emulator.printed().length === 30, 'every label');
    const printed = station.emulator.printed().map((document) => document.documentId);
    expect(new Set(printed).size).toBe(30);
    expect(printed).toEqual(expect.arrayContaining(recoveredCodes));
  });

  it('asks the print component about labels sent before a restart; one it cannot account for waits for the user, then prints once', async () => {
    station = await openIssuingTestStation();
    const orders = await station.issuable(3);
    await station.emulator.setFault({ kind: 'stall', count: 1 });
    const plan = await station.engine.plan(station.planRequest(numbers(orders), { print: true }));
    await station.engine.start({ jobId: plan.jobId });
    // The first label's print request is read by the stalled component and never answered: saved `sent`, no reply.
    await waitFor(() => station?.emulator.printed().length === 2, 'the other two labels');
    await station.restart();
    await station.engine.startUp();
    const ended = await station.engine.settled(plan.jobId);
    expect(ended.state).toBe('done');
    // The component does not know the task: it may have printed (a component that forgot it). Never sent again by itself.
    expect(ended.labels).toMatchObject({ printed: 2, unknown: 1, queued: 0 });
    expect(station.emulator.commandCounts()['print']).toBe(3);
    const unknown = (await station.history.search({ states: ['print-unknown'] })).rows.flatMap((row) => (row.waybillCode ? [row.waybillCode] : []));
    expect(unknown).toHaveLength(1);
    // The packer looked: it is not there. Printed again, once.
    expect((await station.history.resendUnknown(unknown)).requeued).toHaveLength(1);
    await waitFor(() => station?.emulator.printed().length === 3, 'the label printed at the packer’s word');
    const printed = station.emulator.printed().map((document) => document.documentId);
    expect(new Set(printed).size).toBe(3);
  });

  it('never prints a waybill issued elsewhere that was recorded before a restart: the component receives nothing for it', async () => {
    station = await openIssuingTestStation();
    const orders = numbers(await station.issuable(10));
    const elsewhere = orders[3] as string;
    // Another station issued a waybill for this order: the sandbox holds it.
    const [other] = await station.bench.sandbox.markIssuedElsewhere([elsewhere]);
    const plan = await station.engine.plan(station.planRequest(orders));
    const journal = station.backend.write.journal;
    const now = Date.now();
    await journal.updateJob(plan.jobId, { state: 'issuing', startedAt: now }, now);
    await journal.claim(plan.jobId, { retryFailed: false, packageLimit: null, owner: { deskId: station.deskId, leaseUntil: now + 60_000 } }, now);
    // Crash after the batch came back 614 "already issued" and its look-up was recorded, before anything else.
    await lookUpOnce({ client: station.client, journal, logger: station.bench.logger, now: Date.now }, plan.jobId, station.bench.sandbox.shopId, orders);
    expect(await station.backend.read.journal.waybillsOf(station.bench.sandbox.shopId, [elsewhere])).toEqual(new Map([[elsewhere, other?.waybillCode]]));
    expect((await station.engine.jobOrders(plan.jobId)).find((order) => order.orderNumber === elsewhere)?.state).toBe('elsewhere');

    await station.restart();
    const report = await station.engine.startUp();
    expect(report.interruptedJobs).toEqual([plan.jobId]);
    expect(report.labelsQueued).toBe(0);
    const interrupted = await station.engine.settled(plan.jobId);
    expect(interrupted.state).toBe('cancelled');
    expect(interrupted.orders).toMatchObject({ elsewhere: 1, planned: 9 });
    expect(station.emulator.received()).toEqual([]);

    await station.engine.retry({ jobId: plan.jobId });
    const done = await station.engine.settled(plan.jobId);
    expect(done.state).toBe('done');
    expect(done.orders).toMatchObject({ elsewhere: 1, issued: 9, planned: 0 });
    expect(station.emulator.printed()).toHaveLength(9);
    const sentToComponent = station.emulator.received().flatMap((task) => task.documentIds);
    expect(sentToComponent).toHaveLength(9);
    expect(sentToComponent).not.toContain(other?.waybillCode);
    expect((await station.history.search({ text: elsewhere })).rows.map((row) => row.printState)).toEqual(['not-printed']);
  });
});
