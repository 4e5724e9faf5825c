import { afterEach, describe, expect, it } from 'vitest';
import type { JobView } from '../../shared/domain/issuing';
import { waitFor } from '../printing/testing/print-test-kit';
import { openIssuingTestStation } from './testing/issuing-test-kit';
import type { IssuingTestStation } from './testing/issuing-test-kit';

let station: IssuingTestStation | null = null;
afterEach(async () => {
  await station?.close();
  station = null;
});

/** Print tasks the emulator received (previews left out). */
const printTasks = (opened: IssuingTestStation) => opened.emulator.received().filter((task) => !task.preview);

/** Plans these orders and starts them with the preview of the first label. */
async function startHeld(opened: IssuingTestStation, orderNumbers: string[]): Promise<string> {
  const plan = await opened.engine.plan(opened.planRequest(orderNumbers));
  await opened.engine.start({ jobId: plan.jobId, previewFirstLabel: true });
  return plan.jobId;
}

/** Waits until the held job has issued everything and holds every label for the decision. */
function heldWithAll(opened: IssuingTestStation, jobId: string, labels: number): Promise<JobView> {
  return waitFor(async () => {
    const job = await opened.engine.job(jobId);
    return job?.state === 'printing' && job.printHold?.labels === labels ? job : undefined;
  }, `job ${jobId} holding ${labels} labels`);
}

/** Lets the engine, the queue and the emulator take any step they would take. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('the print hold for the preview of the first label', () => {
  it('issues everything but prints nothing before the decision; confirmed, prints each label once in the order chosen', async () => {
    station = await openIssuingTestStation();
    const chosen = (await station.issuable(12)).map((order) => order.orderNumber).reverse();
    const jobId = await startHeld(station, chosen);
    const held = await heldWithAll(station, jobId, 12);
    await settle();

    const waybills = new Map((await station.engine.jobOrders(jobId)).map((order) => [order.orderNumber, order.waybillCode]));
    expect(held.orders.issued).toBe(12);
    expect(held.printHold?.firstLabel).toEqual({ waybillCode: waybills.get(chosen[0] ?? ''), orderNumbers: [chosen[0]] });
    expect(printTasks(station)).toEqual([]);
    expect(station.queue.documents()).toEqual([]);
    expect((await station.engine.job(jobId))?.labels).toMatchObject({ queued: 0, sent: 0, printed: 0 });
    expect(station.engine.activeJobs()).toEqual([{ id: jobId, state: 'printing' }]);

    const confirmed = await station.engine.confirmPreview(jobId);
    expect(confirmed.printHold).toBeNull();
    const done = await station.engine.settled(jobId);
    expect(done.state).toBe('done');
    expect(done.labels.printed).toBe(12);
    expect(station.emulator.printed().map((document) => document.documentId)).toEqual(chosen.map((orderNumber) => waybills.get(orderNumber)));
    // A second confirmation (a double click) changes nothing.
    expect((await station.engine.confirmPreview(jobId)).state).toBe('done');
    await settle();
    expect(station.emulator.printed()).toHaveLength(12);
    expect(printTasks(station).flatMap((task) => task.documentIds)).toHaveLength(12);
  });

  it('a job stopped while held prints nothing: its labels stay in the history as not printed, and reprint once each', async () => {
    station = await openIssuingTestStation();
    const chosen = (await station.issuable(5)).map((order) => order.orderNumber);
    const jobId = await startHeld(station, chosen);
    await heldWithAll(station, jobId, 5);

    const stopped = await station.engine.cancel(jobId);
    expect(stopped.printHold).toBeNull();
    const ended = await station.engine.settled(jobId);
    expect(ended.state).toBe('cancelled');
    expect(ended.orders.issued).toBe(5);
    await settle();
    expect(printTasks(station)).toEqual([]);
    await expect(station.engine.confirmPreview(jobId)).rejects.toThrow();

    const rows = (await station.history.search({ text: '' })).rows.filter((row) => chosen.includes(row.orderNumber));
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => row.printState === 'not-printed' && row.waybillCode !== null)).toBe(true);
    const codes = chosen.map((orderNumber) => rows.find((row) => row.orderNumber === orderNumber)?.waybillCode ?? '');
    expect((await station.history.reprint({ waybillCodes: codes, confirmAlreadyPrinted: false })).queued).toEqual(codes);
    await waitFor(() => station?.emulator.printed().length === 5, 'the reprinted labels');
    expect(new Set(station.emulator.printed().map((document) => document.documentId))).toEqual(new Set(codes));
  });

  it('a job stopped while still issuing ends without printing what it issued', async () => {
    station = await openIssuingTestStation({ sandbox: { faults: { latencyMs: 150 } }, tuning: { callsInFlight: 1 } });
    const chosen = (await station.issuable(30)).map((order) => order.orderNumber);
    const jobId = await startHeld(station, chosen);
    await waitFor(async () => ((await station?.engine.job(jobId))?.printHold?.labels ?? 0) > 0, 'the first held label');
    await station.engine.cancel(jobId);
    const ended = await station.engine.settled(jobId);
    expect(ended.state).toBe('cancelled');
    expect(ended.orders.issued).toBeGreaterThan(0);
    expect(ended.orders.issued).toBeLessThan(30);
    await settle();
    expect(printTasks(station)).toEqual([]);
  });

  it('a restart keeps the job holding; the decision after it prints each label once', async () => {
    station = await openIssuingTestStation();
    const chosen = (await station.issuable(8)).map((order) => order.orderNumber);
    const jobId = await startHeld(station, chosen);
    const before = await heldWithAll(station, jobId, 8);

    await station.restart();
    const report = await station.engine.startUp();
    expect(report.labelsQueued).toBe(0);
    await settle();
    const after = await station.engine.job(jobId);
    expect(after?.state).toBe('printing');
    expect(after?.printHold).toEqual(before.printHold);
    expect(printTasks(station)).toEqual([]);

    await station.engine.confirmPreview(jobId);
    const done = await station.engine.settled(jobId);
    expect(done.state).toBe('done');
    expect(done.labels.printed).toBe(8);
    await settle();
    expect(station.emulator.printed()).toHaveLength(8);
    expect(new Set(station.emulator.printed().map((document) => document.documentId)).size).toBe(8);
  });

  it('without the flag nothing is held: labels print as they are issued', async () => {
    station = await openIssuingTestStation();
    const chosen = (await station.issuable(6)).map((order) => order.orderNumber);
    const plan = await station.engine.plan(station.planRequest(chosen));
    await station.engine.start({ jobId: plan.jobId });
    const done = await station.engine.settled(plan.jobId);
    expect(done.state).toBe('done');
    expect(done.labels.printed).toBe(6);
    expect(station.events.every((event) => event.kind !== 'job' || event.job.printHold === null)).toBe(true);
    expect(station.emulator.printed()).toHaveLength(6);
  });
});
