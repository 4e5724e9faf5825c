import { afterEach, describe, expect, it } from 'vitest';
import type { EmulatorFault, PrintEmulator } from '../demo/print-emulator/print-emulator';
import type { PrinterStateView } from '../../shared/domain/printer-condition';
import { createCainiaoPrintComponent } from './cainiao/cainiao-print-component';
import { createPrintQueue, type PrintQueue } from './print-queue';
import { createInMemoryPrintTaskStore } from './print-task-store';
import { createPrinterStateTracker, type PrinterStateTracker } from './printer-state';
import { createStallWatch, type StallWatch } from './stall-watch';
import { plainDocument, startTestEmulator, waitFor, waybillCodes } from './testing/print-test-kit';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Desk {
  emulator: PrintEmulator;
  queue: PrintQueue;
  stall: StallWatch;
  tracker: PrinterStateTracker;
  /** Every printer state the header was told, in order. */
  told: PrinterStateView[];
}

/** An emulator, the CAINIAO adapter, a queue, the stall watch and the tracker, wired as the station wires them. */
async function desk(options: { fault?: EmulatorFault; stallMs?: number } = {}): Promise<Desk> {
  const emulator = await startTestEmulator({ noRender: true });
  cleanups.push(() => emulator.dispose());
  const component = createCainiaoPrintComponent({ url: emulator.url, requestTimeoutMs: 1_000, backoff: { initialDelayMs: 20, maxDelayMs: 100 } });
  const queue = createPrintQueue({ component, store: createInMemoryPrintTaskStore(), statusPollMs: 100, acceptedStaleMs: 300 });
  const stall = createStallWatch({ queue, component, stallMs: () => options.stallMs ?? 60_000, tickMs: 50 });
  const tracker = createPrinterStateTracker({ component, queue, stall, printer: () => null, pollMs: 100 });
  const told: PrinterStateView[] = [];
  tracker.onChange((state) => told.push(state));
  cleanups.push(() => component.close());
  cleanups.push(() => queue.close());
  cleanups.push(() => stall.close());
  cleanups.push(() => tracker.close());
  component.connect();
  await waitFor(() => tracker.state().condition === 'ready', 'the printer reads ready');
  if (options.fault) await emulator.setFault(options.fault);
  return { emulator, queue, stall, tracker, told };
}

describe('printer state and stall watch', () => {
  it.each([
    ['paper-out', 'paper-out', 'Printer out of paper.'],
    ['jam', 'jam', 'Paper jam.'],
    ['offline', 'offline', 'Printer is offline.'],
  ] as const)('a %s fault: labels fail with the printer’s words and the header says %s until a label prints again', async (kind, condition, words) => {
    const { emulator, queue, tracker } = await desk({ fault: { kind, count: 2 } });
    const codes = waybillCodes(3);
    await queue.enqueue({ jobId: 'job-1', printer: '', documents: codes.map(plainDocument) });
    await waitFor(() => queue.documents().filter((document) => document.state === 'failed').length === 2 && queue.documents().some((document) => document.state === 'printed'), 'two failed, one printed');
    // The third printed after the fault was used up: the printer works again.
    await waitFor(() => tracker.state().condition === 'ready', 'ready once a label printed');

    await emulator.setFault({ kind, count: 1 });
    // The printer list read while the fault is on says so in its status code; the label's failure then gives the printer's words.
    await tracker.refresh();
    // The header as the failure leaves it (the tracker follows the queue before this listener does).
    let atFailure: PrinterStateView | null = null;
    const unsubscribe = queue.onEvent((event) => {
      if (event.kind === 'document' && event.document.documentId === 'W-FAULT' && event.document.state === 'failed') atFailure = tracker.state();
    });
    await queue.enqueue({ jobId: 'job-2', printer: '', documents: [plainDocument('W-FAULT')] });
    await waitFor(() => atFailure !== null, 'the label failed');
    unsubscribe();
    expect(atFailure).toMatchObject({ condition, words });
    await waitFor(() => tracker.state().condition === condition, `the header says ${condition}`);
    expect(tracker.state().words).toBe(words);
    // The component's printer list says "enable" again (the fault was used up): the failure still stands until a label prints.
    await tracker.refresh();
    expect(tracker.state().condition).toBe(condition);
    const failed = queue.documents().find((document) => document.documentId === 'W-FAULT');
    await queue.retry([failed?.id ?? '']);
    await waitFor(() => tracker.state().condition === 'ready', 'ready after the label printed');
    expect(emulator.printed().filter((label) => label.documentId === 'W-FAULT')).toHaveLength(1);
  });

  it('a refresh asked while a read of the printer list is in flight reads it again after that one (what asked may be newer than it)', async () => {
    const emulator = await startTestEmulator({ noRender: true });
    cleanups.push(() => emulator.dispose());
    const component = createCainiaoPrintComponent({ url: emulator.url, requestTimeoutMs: 1_000, backoff: { initialDelayMs: 20, maxDelayMs: 100 } });
    cleanups.push(() => component.close());
    let reads = 0;
    const counted = { ...component, getPrinters: () => ((reads += 1), component.getPrinters()) };
    const queue = createPrintQueue({ component, store: createInMemoryPrintTaskStore(), statusPollMs: 100, acceptedStaleMs: 300 });
    cleanups.push(() => queue.close());
    const stall = createStallWatch({ queue, component, stallMs: () => 60_000, tickMs: 50 });
    cleanups.push(() => stall.close());
    const tracker = createPrinterStateTracker({ component: counted, queue, stall, printer: () => null, pollMs: 60_000 });
    cleanups.push(() => tracker.close());
    component.connect();
    await waitFor(() => tracker.state().condition === 'ready', 'the printer reads ready');
    const before = reads;
    const inFlight = tracker.refresh();
    const asked = tracker.refresh();
    // Two more asked while the second waits: they share its read.
    const sharing = [tracker.refresh(), tracker.refresh()];
    await Promise.all([inFlight, asked, ...sharing]);
    expect(reads - before).toBe(2);
    await emulator.setFault({ kind: 'paper-out' });
    await Promise.all([tracker.refresh(), tracker.refresh()]);
    expect(tracker.state().condition).toBe('paper-out');
  });

  it('reads the printer list’s own status words while a fault lasts', async () => {
    const { emulator, tracker } = await desk();
    await emulator.setFault({ kind: 'paper-out' });
    await tracker.refresh();
    expect(tracker.state()).toMatchObject({ condition: 'paper-out', words: 'paperOut', printer: 'Deli DL-888T (76×130)' });
    await emulator.setFault({ kind: 'jam' });
    await tracker.refresh();
    expect(tracker.state()).toMatchObject({ condition: 'jam', words: 'paperJam' });
    await emulator.setFault(null);
    await tracker.refresh();
    expect(tracker.state().condition).toBe('ready');
  });

  it('a stalled component: "not responding" after the stall time, with the labels waiting; after Retry each prints once', async () => {
    const { emulator, queue, stall, tracker } = await desk({ fault: { kind: 'stall' }, stallMs: 800 });
    const codes = waybillCodes(3);
    const startedAt = Date.now();
    await queue.enqueue({ jobId: 'job-stall', printer: '', documents: codes.map(plainDocument) });
    const stalled = await waitFor(() => stall.state() ?? undefined, 'the stall');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(800);
    expect(stalled).toMatchObject({ labels: 3, jobIds: ['job-stall'], seconds: 1 });
    expect(tracker.state().condition).toBe('not-responding');
    expect(emulator.printed()).toHaveLength(0);

    // The component comes back; Retry asks it again and restarts the clock.
    await emulator.setFault(null);
    stall.restart();
    await queue.reconcile();
    // The component never took the tasks: they print, or (where the queue treats a task it does not know as of unknown outcome) they are printed again once the desk says so.
    await waitFor(() => queue.documents().every((document) => document.state === 'printed' || (document.state === 'unknown' && document.statusAskedAt !== null)), 'printed or asked about');
    await queue.resendUnknown(queue.documents().filter((document) => document.state === 'unknown').map((document) => document.id));
    await waitFor(() => queue.documents().every((document) => document.state === 'printed'), 'all printed');
    expect(emulator.printed().map((label) => label.documentId).sort()).toEqual([...codes].sort());
    await waitFor(() => stall.state() === null, 'the stall is over');
    expect(tracker.state().condition).toBe('ready');
  });

  it('a slow printer that keeps moving is never "not responding"', async () => {
    const { emulator, queue, stall, told } = await desk({ fault: { kind: 'slow', delayMs: 300 }, stallMs: 700 });
    await queue.enqueue({ jobId: 'job-slow', printer: '', documents: waybillCodes(4).map(plainDocument) });
    await waitFor(() => queue.documents().every((document) => document.state === 'printed'), 'all printed', 15_000);
    expect(emulator.printed()).toHaveLength(4);
    expect(stall.state()).toBeNull();
    expect(told.map((state) => state.condition)).toContain('printing');
    expect(told.map((state) => state.condition)).not.toContain('not-responding');
  });

  it('withdraws queued labels on "cancel the rest": they are failed, never sent, and print once when asked again', async () => {
    const { emulator, queue, tracker } = await desk({ fault: { kind: 'refuse-connections' } });
    await waitFor(() => queue.status().component.kind !== 'connected', 'the component is away');
    expect(tracker.state().condition).toBe('unknown');
    const codes = waybillCodes(2);
    await queue.enqueue({ jobId: 'job-w', printer: '', documents: codes.map(plainDocument) });
    const ids = queue.documents().map((document) => document.id);
    expect((await queue.withdraw(ids)).requeued).toEqual(ids);
    expect(queue.documents().map((document) => [document.state, document.failure?.source])).toEqual([
      ['failed', 'withdrawn'],
      ['failed', 'withdrawn'],
    ]);
    await emulator.setFault(null);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(emulator.received()).toHaveLength(0);
    await queue.retry(ids, 'HPRT N41');
    await waitFor(() => queue.documents().every((document) => document.state === 'printed'), 'printed after asked again');
    expect(emulator.printed().map((label) => [label.documentId, label.printer])).toEqual(codes.map((code) => [code, 'HPRT N41']));
  });
});
