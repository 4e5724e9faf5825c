import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../printing/testing/print-test-kit';
import { openIssuingTestStation } from './testing/issuing-test-kit';
import type { IssuingTestStation } from './testing/issuing-test-kit';

let station: IssuingTestStation | null = null;
afterEach(async () => {
  await station?.close();
  station = null;
});

const issueCalls = (opened: IssuingTestStation) => opened.bench.sandbox.calls().filter((call) => call.endpoint === 'issue').length;

describe('labels that did not come out', () => {
  it('a job whose labels failed ends with each named by the printer’s words; "print again" prints exactly those, once each, issuing nothing', async () => {
    station = await openIssuingTestStation();
    const orders = (await station.issuable(4)).map((order) => order.orderNumber);
    await station.emulator.setFault({ kind: 'paper-out' });
    const jobId = await station.issueAndPrint(orders);

    const failed = await station.engine.summary(jobId);
    expect(failed?.job).toMatchObject({ state: 'done', labels: { printed: 0, failed: 4 } });
    expect(failed?.labelProblems.map((problem) => [problem.state, problem.condition, problem.error.code])).toEqual(Array.from({ length: 4 }, () => ['failed', 'paper-out', 'print.paper-out']));
    expect(failed?.labelProblems[0]?.error.params).toMatchObject({ detail: 'Printer out of paper.' });
    expect(failed?.labelProblems.flatMap((problem) => problem.orderNumbers).sort()).toEqual([...orders].sort());

    const calls = issueCalls(station);
    await station.emulator.setFault(null);
    expect(await station.engine.printAgain({ jobId, confirmMaybePrinted: false })).toEqual({ requeued: 4, needsConfirmation: 0 });
    const ended = await station.engine.settled(jobId);
    expect(ended).toMatchObject({ state: 'done', labels: { printed: 4, failed: 0 } });
    expect((await station.engine.summary(jobId))?.labelProblems).toEqual([]);
    const waybills = station.bench.sandbox.issuedWaybills().map((waybill) => waybill.waybillCode);
    expect(waybills).toHaveLength(4);
    expect(station.emulator.printed().map((label) => label.documentId).sort()).toEqual([...waybills].sort());
    expect(issueCalls(station)).toBe(calls);
  });

  it('"cancel the rest" on a stalled printer keeps the labels not yet sent back, says so, and "switch printer" prints them on the other printer once', async () => {
    station = await openIssuingTestStation({ tuning: { labelsAhead: 1 } });
    const orders = (await station.issuable(3)).map((order) => order.orderNumber);
    await station.emulator.setFault({ kind: 'stall' });
    const plan = await station.engine.plan(station.planRequest(orders));
    await station.engine.start({ jobId: plan.jobId });
    await waitFor(async () => (await station?.engine.job(plan.jobId))?.orders.issued === 3 && station?.queue.documents().length === 1, 'issued, one label out', 15_000);

    const stopped = await station.engine.stopPrinting(plan.jobId);
    expect(stopped.labels).toMatchObject({ queued: 0 });
    await station.emulator.setFault(null);
    // The one label the component took is asked about and printed; the other two were never sent.
    await station.engine.settled(plan.jobId);
    const summary = await station.engine.summary(plan.jobId);
    expect(summary?.labelProblems.filter((problem) => problem.state === 'failed').map((problem) => problem.error.code)).toEqual(['print.withdrawn', 'print.withdrawn']);
    // The one label the component took stayed with it: printed once asked about, or of unknown outcome when the component cannot say.
    const tookFirst = station.queue.documents()[0];
    expect(tookFirst?.state === 'printed' || tookFirst?.state === 'unknown').toBe(true);

    const calls = issueCalls(station);
    await station.engine.switchPrinter({ jobId: plan.jobId, printer: 'HPRT N41' });
    const again = await station.engine.settled(plan.jobId);
    expect(again.labels).toMatchObject({ failed: 0 });
    expect(again.printer).toBe('HPRT N41');
    const onNewPrinter = station.emulator.printed().filter((label) => label.printer === 'HPRT N41');
    expect(onNewPrinter).toHaveLength(2);
    expect(onNewPrinter.map((label) => label.documentId)).not.toContain(tookFirst?.documentId);
    if (tookFirst?.state === 'unknown') {
      expect((await station.engine.printAgain({ jobId: plan.jobId, confirmMaybePrinted: false })).needsConfirmation).toBe(1);
      await station.engine.printAgain({ jobId: plan.jobId, confirmMaybePrinted: true });
      await station.engine.settled(plan.jobId);
    }
    const printed = station.emulator.printed().map((label) => label.documentId);
    expect(printed).toHaveLength(3);
    expect(new Set(printed).size).toBe(3);
    expect(issueCalls(station)).toBe(calls);
  });
});
