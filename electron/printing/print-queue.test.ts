import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { PrintEmulator } from '../demo/print-emulator/print-emulator';
import { createCainiaoPrintComponent } from './cainiao/cainiao-print-component';
import type { PrintComponent } from './print-component';
import { createPrintQueue } from './print-queue';
import type { PrintQueue, PrintQueueEvent } from './print-queue';
import { createInMemoryPrintTaskStore } from './print-task-store';
import type { DocumentState } from '../../shared/domain/printing';
import type { PrintDocumentRecord } from '../store/station-records';
import type { InMemoryPrintTaskStore } from './print-task-store';
import {
  connectRawClient,
  encryptedDocument,
  foreignCiphertextDocument,
  plainDocument,
  startTestEmulator,
  waitFor,
  waybillCodes,
} from './testing/print-test-kit';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emulator(options: Parameters<typeof startTestEmulator>[0] = {}): Promise<PrintEmulator> {
  const started = await startTestEmulator({ noRender: true, ...options });
  cleanups.push(() => started.dispose());
  return started;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Harness {
  component: PrintComponent;
  queue: PrintQueue;
  store: InMemoryPrintTaskStore;
  events: PrintQueueEvent[];
  /** The states each waybill went through, in order (a repeated state, e.g. from a status poll, counted once). */
  history(documentId: string): DocumentState[];
  /** Resolves when every listed waybill has reached one of the final states. */
  settled(documentIds: readonly string[]): Promise<void>;
}

/** A connected (or connecting) component and a queue over it, with fast reconnects and polls. */
async function harness(url: string, store: InMemoryPrintTaskStore = createInMemoryPrintTaskStore()): Promise<Harness> {
  const component = createCainiaoPrintComponent({ url, requestTimeoutMs: 2_000, backoff: { initialDelayMs: 20, maxDelayMs: 100 } });
  const queue = createPrintQueue({ component, store, statusPollMs: 50, acceptedStaleMs: 150, refusedResendMs: 20 });
  const events: PrintQueueEvent[] = [];
  queue.onEvent((event) => events.push(event));
  component.connect();
  cleanups.push(() => component.close());
  cleanups.push(() => queue.close());
  // What the store held is loaded before the test looks.
  await queue.idle();
  const states = (documentId: string): DocumentState[] =>
    events
      .flatMap((event) => (event.kind === 'document' && event.document.documentId === documentId ? [event.document.state] : []))
      .filter((state, index, all) => index === 0 || all[index - 1] !== state);
  return {
    component,
    queue,
    store,
    events,
    history: states,
    settled: async (documentIds) => {
      await waitFor(
        () => documentIds.every((documentId) => queue.documents().some((record) => record.documentId === documentId && (record.state === 'printed' || record.state === 'failed'))),
        'every document to print or fail',
      );
    },
  };
}

function stateOf(queue: PrintQueue, documentId: string): PrintDocumentRecord['state'] | undefined {
  return queue.documents().find((record) => record.documentId === documentId)?.state;
}

/** How many print tasks the emulator received carrying each waybill. */
function receivedCounts(emulated: PrintEmulator): Map<string, number> {
  const counts = new Map<string, number>();
  for (const task of emulated.received()) for (const documentId of task.documentIds) counts.set(documentId, (counts.get(documentId) ?? 0) + 1);
  return counts;
}

describe('print queue', () => {
  it('sends tasks back to back in the order given, one document per task, on each job’s printer', async () => {
    const emulated = await emulator();
    const h = await harness(emulated.url);
    const first = waybillCodes(4, 1);
    const second = waybillCodes(2, 100);
    await h.queue.enqueue({ jobId: 'job-1', printer: 'Xprinter XP-460B (100×180)', documents: first.map(plainDocument) });
    await h.queue.enqueue({ jobId: 'job-2', printer: 'HPRT N41', documents: second.map(encryptedDocument) });
    await h.settled([...first, ...second]);

    expect(emulated.received().map((task) => [task.documentIds, task.printer])).toEqual([
      ...first.map((id) => [[id], 'Xprinter XP-460B (100×180)']),
      ...second.map((id) => [[id], 'HPRT N41']),
    ]);
    expect(emulated.printed().map((document) => document.documentId)).toEqual([...first, ...second]);
    for (const documentId of [...first, ...second]) expect(h.history(documentId)).toEqual(['queued', 'sent', 'accepted', 'printed']);
    expect(h.store.records().map((record) => record.state)).toEqual(Array(6).fill('printed'));
    expect(h.queue.status().counts).toMatchObject({ printed: 6, queued: 0, sent: 0, accepted: 0, failed: 0, unknown: 0 });
  });

  it('groups documents into tasks when a job asks for it', async () => {
    const emulated = await emulator();
    const h = await harness(emulated.url);
    const codes = waybillCodes(5, 200);
    await h.queue.enqueue({ jobId: 'job', printer: '', documents: codes.map(plainDocument), documentsPerTask: 2 });
    await h.settled(codes);
    expect(emulated.received().map((task) => task.documentIds)).toEqual([codes.slice(0, 2), codes.slice(2, 4), codes.slice(4)]);
    expect(h.queue.status().counts.printed).toBe(5);
  });

  it('keeps documents queued while the component is not running, says so, and drains them exactly once when it appears', async () => {
    const port = await freePort();
    const h = await harness(`ws://127.0.0.1:${port}`);
    await waitFor(() => h.component.state().kind === 'offline', 'the first refused attempt');
    const codes = waybillCodes(3, 300);
    const result = await h.queue.enqueue({ jobId: 'job', printer: '', documents: codes.map(plainDocument) });
    expect(result.rejected).toEqual([]);
    await waitFor(() => h.component.state().kind === 'offline' && h.queue.status().waitingForComponent === 3, 'the waiting status');
    expect(h.queue.status()).toMatchObject({ component: { kind: 'offline', reason: 'not-running' }, waitingForComponent: 3, counts: { queued: 3 } });
    const lastStatus = h.events.filter((event) => event.kind === 'status').at(-1);
    expect(lastStatus).toMatchObject({ status: { waitingForComponent: 3 } });

    const emulated = await emulator({ port });
    await h.settled(codes);
    expect([...receivedCounts(emulated)]).toEqual(codes.map((code) => [code, 1]));
    expect(emulated.printed().map((document) => document.documentId)).toEqual(codes);
    expect(h.queue.status().waitingForComponent).toBe(0);
  });

  it('after the component restarts, sends the documents queued meanwhile exactly once', async () => {
    const emulated = await emulator();
    const h = await harness(emulated.url);
    const before = waybillCodes(2, 400);
    await h.queue.enqueue({ jobId: 'before', printer: '', documents: before.map(plainDocument) });
    await h.settled(before);

    const restarting = emulated.restart({ downMs: 1_000 });
    await waitFor(() => h.component.state().kind !== 'connected', 'the connection to drop');
    const during = waybillCodes(3, 500);
    await h.queue.enqueue({ jobId: 'during', printer: '', documents: during.map(plainDocument) });
    expect(during.map((code) => stateOf(h.queue, code))).toEqual(['queued', 'queued', 'queued']);
    expect(h.queue.status().waitingForComponent).toBe(3);
    await restarting;
    await h.settled(during);

    expect([...receivedCounts(emulated)]).toEqual([...before, ...during].map((code) => [code, 1]));
    expect(emulated.printed().map((document) => document.documentId)).toEqual([...before, ...during]);
    expect(emulated.commandCounts()['setGlobalConfig']).toBe(2);
  });

  it('records each failure kind with its code and detail; reprints a label that failed at the printer only when asked', async () => {
    const emulated = await emulator();
    const h = await harness(emulated.url);
    await waitFor(() => h.component.state().kind === 'connected', 'the connection');
    const [badCipher, paperOut, badPrinter] = waybillCodes(3, 600) as [string, string, string];
    await h.queue.enqueue({ jobId: 'cipher', printer: '', documents: [foreignCiphertextDocument(badCipher)] });
    await h.settled([badCipher]);
    await emulated.setFault({ kind: 'paper-out', count: 1 });
    await h.queue.enqueue({ jobId: 'paper', printer: '', documents: [plainDocument(paperOut)] });
    await h.settled([paperOut]);
    await h.queue.enqueue({ jobId: 'printer', printer: 'Unplugged Printer', documents: [plainDocument(badPrinter)] });
    await h.settled([badPrinter]);

    const failures = Object.fromEntries(h.queue.documents().map((record) => [record.documentId, [record.state, record.failure]]));
    expect(failures).toEqual({
      [badCipher]: ['failed', { code: 40, detail: 'Unknown encryption type.', source: 'document' }],
      [paperOut]: ['failed', { code: 50, detail: 'Printer out of paper.', source: 'document' }],
      [badPrinter]: ['failed', { code: 14, detail: 'printer not found', source: 'print-reply' }],
    });
    expect(h.history(badCipher)).toEqual(['queued', 'sent', 'accepted', 'failed']);
    expect(h.history(paperOut)).toEqual(['queued', 'sent', 'accepted', 'failed']);
    expect(h.queue.documents().find((record) => record.documentId === paperOut)).toMatchObject({ rendered: true, received: true });
    // A refused task left no label: it was sent again by itself, three sends in all; the others never.
    expect(h.history(badPrinter)).toEqual(['queued', 'sent', 'queued', 'sent', 'queued', 'sent', 'failed']);
    expect([...receivedCounts(emulated)]).toEqual([
      [badCipher, 1],
      [paperOut, 1],
      [badPrinter, 3],
    ]);

    const paperRecord = h.queue.documents().find((record) => record.documentId === paperOut);
    expect(await h.queue.retry([paperRecord?.id as string])).toEqual({ requeued: [paperRecord?.id], refused: [] });
    await waitFor(() => stateOf(h.queue, paperOut) === 'printed', 'the reprint');
    expect(h.queue.document(paperRecord?.id as string)).toMatchObject({ attempts: 2, failure: null });
    expect(await h.queue.retry([paperRecord?.id as string, 'no-such-record'])).toEqual({
      requeued: [],
      refused: [
        { id: paperRecord?.id, reason: 'state', state: 'printed' },
        { id: 'no-such-record', reason: 'missing', state: null },
      ],
    });
  });

  it('asks with getTaskStatus about a task whose socket dropped after it was accepted, and never sends it again', async () => {
    const emulated = await emulator();
    const h = await harness(emulated.url);
    await waitFor(() => h.component.state().kind === 'connected', 'the connection');
    await emulated.setFault({ kind: 'drop-after-accept', count: 1 });
    const [code] = waybillCodes(1, 700) as [string];
    await h.queue.enqueue({ jobId: 'job', printer: '', documents: [plainDocument(code)] });
    await waitFor(() => stateOf(h.queue, code) === 'printed', 'the document to be known printed');

    expect(h.history(code)).toEqual(['queued', 'sent', 'accepted', 'unknown', 'printed']);
    expect(emulated.commandCounts()['getTaskStatus']).toBeGreaterThanOrEqual(1);
    expect(emulated.received()).toHaveLength(1);
    expect(emulated.printed()).toHaveLength(1);
    expect(h.queue.documents()[0]).toMatchObject({ attempts: 1, statusAskedAt: expect.any(Number) });
  });

  it('keeps asking about a task still printing when its socket dropped, until it printed', async () => {
    // Slow enough that the status query after the reconnect finds the document still printing.
    const emulated = await emulator({ renderDelayMs: 1_500 });
    const h = await harness(emulated.url);
    await waitFor(() => h.component.state().kind === 'connected', 'the connection');
    await emulated.setFault({ kind: 'drop-after-accept', count: 1 });
    const [code] = waybillCodes(1, 750) as [string];
    await h.queue.enqueue({ jobId: 'job', printer: '', documents: [plainDocument(code)] });
    await waitFor(() => stateOf(h.queue, code) === 'printed', 'the document to be known printed');

    expect(h.history(code)).toEqual(['queued', 'sent', 'accepted', 'unknown', 'accepted', 'printed']);
    expect(emulated.commandCounts()['getTaskStatus']).toBeGreaterThanOrEqual(2);
    expect(emulated.received()).toHaveLength(1);
  });

  it('leaves a task whose socket was cut on arrival unknown (it may have arrived), and sends it again only when the user asks', async () => {
    const emulated = await emulator();
    const h = await harness(emulated.url);
    await waitFor(() => h.component.state().kind === 'connected', 'the connection');
    await emulated.setFault({ kind: 'drop-before-reply', count: 1 });
    const codes = waybillCodes(2, 800);
    const [lost, other] = codes as [string, string];
    await h.queue.enqueue({ jobId: 'job', printer: '', documents: codes.map(plainDocument) });
    await h.settled([other]);
    await waitFor(() => h.queue.documents().find((record) => record.documentId === lost)?.statusAskedAt !== null, 'the component to be asked');

    expect(h.history(lost)).toEqual(['queued', 'sent', 'unknown']);
    expect(emulated.commandCounts()['getTaskStatus']).toBeGreaterThanOrEqual(1);
    expect([...receivedCounts(emulated)]).toEqual([[other, 1]]);
    const record = h.queue.documents().find((document) => document.documentId === lost) as PrintDocumentRecord;
    expect(await h.queue.resendUnknown([record.id])).toEqual({ requeued: [record.id], refused: [] });
    await h.settled(codes);
    expect(emulated.printed().map((document) => document.documentId)).toEqual([other, lost]);
  });

  it('after the user sent an unknown label again, refuses resendUnknown until the component was asked about the new task', async () => {
    const emulated = await emulator();
    const h = await harness(emulated.url);
    await waitFor(() => h.component.state().kind === 'connected', 'the connection');
    const [code] = waybillCodes(1, 850) as [string];
    // The first task is cut before any reply; the user sends it again; that one is accepted, then its
    // connection drops too, and the component stays away: its outcome is unknown.
    await emulated.setFault({ kind: 'drop-before-reply', count: 1 });
    let acceptedTimes = 0;
    h.queue.onEvent((event) => {
      if (event.kind !== 'document' || event.document.documentId !== code) return;
      // Switched within the event, so that it is on before the queue reconnects.
      if (event.document.state === 'accepted' && ++acceptedTimes === 1) void emulated.setFault({ kind: 'refuse-connections' });
    });
    await h.queue.enqueue({ jobId: 'job', printer: '', documents: [plainDocument(code)] });
    await waitFor(() => h.queue.documents()[0]?.statusAskedAt !== null, 'the component to be asked about the first task');
    await emulated.setFault({ kind: 'drop-after-accept', count: 1 });
    const first = h.queue.documents()[0] as PrintDocumentRecord;
    expect(await h.queue.resendUnknown([first.id])).toEqual({ requeued: [first.id], refused: [] });
    await waitFor(() => acceptedTimes === 1 && h.queue.documents()[0]?.state === 'unknown' && h.component.state().kind !== 'connected', 'the re-sent task to become unknown');

    const record = h.queue.documents()[0] as PrintDocumentRecord;
    expect(h.history(code)).toEqual(['queued', 'sent', 'unknown', 'queued', 'sent', 'accepted', 'unknown']);
    expect(record).toMatchObject({ state: 'unknown', attempts: 2, received: true });
    // The status answer about the first task ("not found") says nothing about the second, which the
    // component accepted and is printing: sending it a third time would be a second label.
    expect(record.statusAskedAt).toBeNull();
    expect(await h.queue.resendUnknown([record.id])).toEqual({ requeued: [], refused: [{ id: record.id, reason: 'state', state: 'unknown' }] });

    await emulated.setFault(null);
    await waitFor(() => stateOf(h.queue, code) === 'printed', 'the status answer about the re-sent task');
    expect(await h.queue.resendUnknown([record.id])).toEqual({ requeued: [], refused: [{ id: record.id, reason: 'state', state: 'printed' }] });
    // The first task was cut on arrival (never received): the component got the waybill once, and printed it once.
    expect([...receivedCounts(emulated)]).toEqual([[code, 1]]);
    expect(emulated.printed().map((document) => document.documentId)).toEqual([code]);
  });

  it('sends an unknown document again only when asked, once the component was asked and could not account for it', async () => {
    const emulated = await emulator();
    const [code] = waybillCodes(1, 870) as [string];
    // An earlier run's task the component accepted, but that it no longer knows (it was reinstalled since).
    const store = createInMemoryPrintTaskStore([
      {
        id: 'r1', jobId: 'earlier', seq: 0, documentId: code, printer: '', contents: plainDocument(code).contents, printDataOfWaybill: false, documentsPerTask: 1,
        state: 'unknown', taskId: 'earlier-1', attempts: 1, automaticSends: 1, output: 'print-component', received: true, rendered: false, failure: null, updatedAt: 0,
        statusAskedAt: null,
      },
    ]);
    const h = await harness(emulated.url, store);
    await waitFor(() => typeof h.queue.document('r1')?.statusAskedAt === 'number', 'the status question about the earlier task');
    expect(h.queue.document('r1')).toMatchObject({ state: 'unknown', attempts: 1 });
    expect(emulated.received()).toEqual([]);

    expect(await h.queue.resendUnknown(['r1'])).toEqual({ requeued: ['r1'], refused: [] });
    await waitFor(() => stateOf(h.queue, code) === 'printed', 'the resent label');
    expect(h.queue.document('r1')).toMatchObject({ attempts: 2 });
    expect([...receivedCounts(emulated)]).toEqual([[code, 1]]);
  });

  it('after an app restart, asks about documents left in flight: printed ones are known printed, unknown ones wait for the user', async () => {
    const emulated = await emulator();
    const [printedBefore, neverArrived] = waybillCodes(2, 900) as [string, string];
    // The earlier run's print of `printedBefore` reached the component; that of `neverArrived` did not.
    const earlier = await connectRawClient(emulated.url);
    await earlier.request('print', { task: { taskID: 'earlier-1', printer: '', documents: [{ documentID: printedBefore, contents: plainDocument(printedBefore).contents }] } });
    await earlier.close();
    await emulated.idle();
    const base = { jobId: 'earlier', printer: '', printDataOfWaybill: false, documentsPerTask: 1, attempts: 1, automaticSends: 1, output: 'print-component' as const, received: false, rendered: false, failure: null, updatedAt: 0, statusAskedAt: null };
    const store = createInMemoryPrintTaskStore([
      { ...base, id: 'r1', seq: 0, documentId: printedBefore, contents: plainDocument(printedBefore).contents, state: 'sent', taskId: 'earlier-1' },
      { ...base, id: 'r2', seq: 1, documentId: neverArrived, contents: plainDocument(neverArrived).contents, state: 'accepted', taskId: 'earlier-2' },
    ]);

    const h = await harness(emulated.url, store);
    expect(h.queue.documents().map((record) => record.state)).toEqual(['unknown', 'unknown']);
    await h.settled([printedBefore]);
    await waitFor(() => h.queue.document('r2')?.statusAskedAt !== null, 'the component to be asked about the other');
    expect(h.queue.document('r1')).toMatchObject({ state: 'printed', attempts: 1 });
    // The component does not know it: never received, or forgotten. It may be on the desk: the user decides.
    expect(h.queue.document('r2')).toMatchObject({ state: 'unknown', attempts: 1 });
    expect([...receivedCounts(emulated)]).toEqual([[printedBefore, 1]]);
  });

  it('leaves a label the component forgot as unknown, and prints it again, once, when the user asks', async () => {
    const emulated = await emulator();
    const [forgotten] = waybillCodes(1, 950) as [string];
    // The earlier run saw the task accepted; the component restarted since and knows nothing of it.
    const base = { jobId: 'earlier', printer: '', printDataOfWaybill: false, documentsPerTask: 1, attempts: 1, automaticSends: 1, output: 'print-component' as const, rendered: false, failure: null, updatedAt: 0, statusAskedAt: null };
    const store = createInMemoryPrintTaskStore([
      { ...base, id: 'r1', seq: 0, documentId: forgotten, contents: plainDocument(forgotten).contents, state: 'accepted', taskId: 'earlier-1', received: true },
    ]);
    const h = await harness(emulated.url, store);
    await waitFor(() => h.queue.document('r1')?.statusAskedAt !== null, 'the component to be asked');
    expect(h.queue.document('r1')).toMatchObject({ state: 'unknown' });
    expect(emulated.received()).toHaveLength(0);

    expect(await h.queue.resendUnknown(['r1'])).toEqual({ requeued: ['r1'], refused: [] });
    await h.settled([forgotten]);
    expect(emulated.printed().map((document) => document.documentId)).toEqual([forgotten]);
    expect((await h.queue.resendUnknown(['r1'])).refused).toEqual([{ id: 'r1', reason: 'state', state: 'printed' }]);
  });

  it('refuses a waybill that is already queued or in flight, and duplicates within a job', async () => {
    const port = await freePort();
    const h = await harness(`ws://127.0.0.1:${port}`);
    const [a, b] = waybillCodes(2, 1000) as [string, string];
    expect((await h.queue.enqueue({ jobId: 'one', printer: '', documents: [plainDocument(a)] })).rejected).toEqual([]);
    const second = await h.queue.enqueue({ jobId: 'two', printer: '', documents: [plainDocument(a), plainDocument(b), plainDocument(b), { documentId: 'empty', contents: [] }] });
    expect(second.queued.map((record) => record.documentId)).toEqual([b]);
    expect(second.rejected).toEqual([
      { documentId: a, reason: 'already-open' },
      { documentId: b, reason: 'duplicate-in-job' },
      { documentId: 'empty', reason: 'no-contents' },
    ]);
  });

  it('previews documents as images without printing or queueing them', async () => {
    const emulated = await emulator();
    const h = await harness(emulated.url);
    await waitFor(() => h.component.state().kind === 'connected', 'the connection');
    const [code] = waybillCodes(1, 1100) as [string];
    const preview = await h.queue.preview({ printer: 'HPRT N41', documents: [plainDocument(code)] });
    expect(preview).toMatchObject({ ok: true, previewImages: [expect.stringContaining('/preview/')] });
    expect(emulated.received()).toMatchObject([{ preview: true, documentIds: [code] }]);
    expect(emulated.printed()).toEqual([]);
    expect(h.queue.documents()).toEqual([]);
  });
});
