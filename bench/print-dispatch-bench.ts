import { pathToFileURL } from 'node:url';
import { createCainiaoPrintComponent } from '../electron/printing/cainiao/cainiao-print-component';
import { createPrintQueue } from '../electron/printing/print-queue';
import { createInMemoryPrintTaskStore } from '../electron/printing/print-task-store';
import { encryptedDocument, startTestEmulator, waitFor, waybillCodes } from '../electron/printing/testing/print-test-kit';
import { meetsGoal } from './benchmark';
import type { Benchmark, BenchmarkFigure } from './benchmark';

/** The dispatch goal of issue 6: 500 labels to the last printed notice in under a second. */
export const PRINT_DISPATCH_GOAL_MS = 1_000;

/** What dispatching a run of labels cost. */
export interface PrintDispatchMeasurement {
  labels: number;
  /** From enqueueing the job to the last document known printed, in milliseconds. */
  elapsedMs: number;
  /** Documents the emulator printed (each exactly once when all is well). */
  printed: number;
  /** Print tasks the emulator received. */
  tasksReceived: number;
}

/**
 * Dispatches `labels` sandbox-encrypted labels (one per task, the default) through the print queue
 * and the CAINIAO adapter to the emulator in no-render mode, and times enqueue → last printed
 * notice. The connection is up before the clock starts.
 */
export async function measurePrintDispatch(labels = 500): Promise<PrintDispatchMeasurement> {
  const emulator = await startTestEmulator({ noRender: true });
  const component = createCainiaoPrintComponent({ url: emulator.url });
  const queue = createPrintQueue({ component, store: createInMemoryPrintTaskStore() });
  try {
    component.connect();
    await waitFor(() => component.state().kind === 'connected', 'the emulator connection');
    const documents = waybillCodes(labels).map(encryptedDocument);
    let printed = 0;
    const allPrinted = new Promise<void>((resolve) => {
      queue.onEvent((event) => {
        if (event.kind === 'document' && event.document.state === 'printed' && ++printed === labels) resolve();
      });
    });
    const started = performance.now();
    await queue.enqueue({ jobId: 'bench', printer: '', documents });
    await allPrinted;
    const elapsedMs = performance.now() - started;
    await emulator.idle();
    return { labels, elapsedMs, printed: emulator.printed().length, tasksReceived: emulator.received().length };
  } finally {
    queue.close();
    await component.close();
    await emulator.dispose();
  }
}

const round = (value: number, digits = 1): number => Number(value.toFixed(digits));

/** The print dispatch benchmark, for the benchmark runner's list. */
export const printDispatchBenchmark: Benchmark = {
  name: 'printing: dispatch 500 labels to the print component',
  description: 'Print queue → CAINIAO adapter → emulator (no-render mode, sandbox-encrypted print data), one document per task; enqueue to the last printed notice.',
  async run(): Promise<BenchmarkFigure[]> {
    const measured = await measurePrintDispatch(500);
    return [
      {
        name: 'time to last printed notice',
        value: round(measured.elapsedMs),
        unit: 'ms',
        goal: { comparison: 'at-most', value: PRINT_DISPATCH_GOAL_MS, basis: 'issue 6: under 1 s for 500 labels' },
      },
      { name: 'per label', value: round(measured.elapsedMs / measured.labels, 3), unit: 'ms', goal: null },
      { name: 'labels printed', value: measured.printed, unit: 'labels', goal: { comparison: 'at-most', value: measured.labels, basis: 'never a double label' } },
      { name: 'print tasks received', value: measured.tasksReceived, unit: 'tasks', goal: { comparison: 'at-most', value: measured.labels, basis: 'each task sent once' } },
    ];
  },
};

// Run alone: `npx tsx bench/print-dispatch-bench.ts`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(printDispatchBenchmark.name);
  for (const figure of await printDispatchBenchmark.run()) {
    const verdict = meetsGoal(figure);
    console.log(`  ${verdict === null ? ' ' : verdict ? '✓' : '✗'} ${figure.name}: ${figure.value} ${figure.unit}`);
  }
}
