import { execFile } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createLabelRenderer } from '../labels/label-renderer';
import { createPrintQueue } from '../printing/print-queue';
import { createInMemoryPrintTaskStore } from '../printing/print-task-store';
import { createPrinterStateTracker } from '../printing/printer-state';
import { createStallWatch } from '../printing/stall-watch';
import { plainDocument, waitFor } from '../printing/testing/print-test-kit';
import { createCupsPrinting } from './cups-printing';
import { createOsPrintComponent } from './os-print-component';
import { createInMemoryOsPrintStore } from './os-print-store';
import { CUPS_PDF_QUEUE, takeCupsPdfOutput } from './testing/cups-pdf-queue';

// A CUPS queue of this test's own, stopped with cupsdisable: the shared cups-pdf queue is never
// disabled. It prints through cups-pdf like the shared one (same PPD) once enabled again, and is
// deleted after the test. Needs the CUPS of `.ci/cups-setup.sh`, as the other OS-printing tests.

const run = promisify(execFile);
const asAdmin = (command: string, args: string[]) => (process.getuid?.() === 0 ? run(command, args) : run('sudo', ['-n', command, ...args]));

const toClose: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of toClose.splice(0).reverse()) await close();
});

/** Creates the test's own queue (a copy of the cups-pdf queue's driver) and removes it, with any job left in it, after the test. */
async function ownQueue(): Promise<string> {
  const name = `WpsStallTest-${randomBytes(3).toString('hex')}`;
  await asAdmin('lpadmin', ['-p', name, '-E', '-v', 'cups-pdf:/', '-P', `/etc/cups/ppd/${CUPS_PDF_QUEUE}.ppd`]);
  toClose.push(async () => {
    await asAdmin('cancel', ['-a', name]).catch(() => undefined);
    await asAdmin('lpadmin', ['-x', name]);
  });
  return name;
}

describe('a stopped CUPS queue', () => {
  it('reads as "printer paused", a job left pending is called not responding after the stall time, and it prints once the queue is enabled', { timeout: 60_000 }, async () => {
    const printer = await ownQueue();
    await asAdmin('cupsdisable', ['-r', 'stopped by the stall test', printer]);
    const component = createOsPrintComponent({
      printing: createCupsPrinting(),
      renderer: createLabelRenderer(),
      store: createInMemoryOsPrintStore(),
      jobPollMs: 200,
      backoff: { initialDelayMs: 50, maxDelayMs: 200 },
    });
    const queue = createPrintQueue({ component, store: createInMemoryPrintTaskStore(), statusPollMs: 200, acceptedStaleMs: 500 });
    const stall = createStallWatch({ queue, component, stallMs: () => 1_500, tickMs: 100 });
    const tracker = createPrinterStateTracker({ component, queue, stall, printer: () => printer, pollMs: 300 });
    toClose.push(() => component.close());
    toClose.push(async () => {
      tracker.close();
      stall.close();
      queue.close();
    });
    component.connect();

    // The header reads CUPS's printer-state and printer-state-reasons: paused.
    await waitFor(() => tracker.state().condition === 'paused', 'the printer reads paused', 15_000);
    expect(tracker.state()).toMatchObject({ printer, words: expect.stringContaining('paused') as unknown });

    // A label goes to the stopped queue: CUPS accepts the job and leaves it pending.
    const waybillCode = `73${String(randomInt(1e12)).padStart(12, '0')}`;
    const startedAt = Date.now();
    await queue.enqueue({ jobId: 'job-paused', printer, documents: [plainDocument(waybillCode)] });
    await waitFor(() => queue.documents()[0]?.state === 'accepted', 'CUPS accepted the job', 15_000);
    const stalled = await waitFor(() => stall.state() ?? undefined, 'the stall', 15_000);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1_500);
    expect(stalled).toMatchObject({ labels: 1, printer, jobIds: ['job-paused'] });
    // The printer's own word explains the stall better than "not responding".
    expect(tracker.state()).toMatchObject({ condition: 'paused', stall: { labels: 1 } });
    expect(queue.documents()[0]?.state).toBe('accepted');

    // The queue is enabled again: the pending job prints, once, and the stall is over.
    await asAdmin('cupsenable', [printer]);
    await waitFor(() => queue.documents()[0]?.state === 'printed', 'the label printed', 30_000);
    await takeCupsPdfOutput(waybillCode);
    await waitFor(() => stall.state() === null && tracker.state().condition === 'ready', 'ready, no stall', 15_000);
  });
});
