import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SoldOrder } from '../../shared/domain/sold-order';
import { DEMO_GATEWAY } from '../../shared/domain/gateway-identity';
import { MAX_AUTOMATIC_SENDS } from '../../shared/domain/printing';
import type { PrintEmulator, PrintEmulatorOptions } from '../demo/print-emulator/print-emulator';
import { labelContents } from '../issuing/label-printing';
import { demoJobSettings } from '../issuing/testing/issuing-test-kit';
import { createLabelRenderer } from '../labels/label-renderer';
import { createCupsPrinting } from '../os-printing/cups-printing';
import { createOsPrintComponent } from '../os-printing/os-print-component';
import { createInMemoryOsPrintStore } from '../os-printing/os-print-store';
import { openLocalBackend } from '../store/local/open-local-backend';
import type { StationBackend } from '../store/station-backend';
import { printTaskStoreOf } from './print-task-store';
import { createCainiaoPrintComponent } from './cainiao/cainiao-print-component';
import type { PrintComponent, PrintDocument } from './print-component';
import { createPrintQueue } from './print-queue';
import type { PrintDocumentView, PrintQueue } from './print-queue';
import { createSwitchablePrintComponent } from './switchable-print-component';
import { plainDocument, startTestEmulator, waitFor, waybillCodes } from './testing/print-test-kit';

// "A label is never printed twice by the station's own decision", end to end: the CAINIAO adapter
// over WebSocket to the real emulator, the queue on a real SQLite station database in a temp
// folder, and (for the switch of outputs) the OS print component on the machine's real CUPS.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emulator(options: Partial<PrintEmulatorOptions> = {}): Promise<PrintEmulator> {
  const started = await startTestEmulator({ noRender: true, ...options });
  cleanups.push(() => started.dispose());
  return started;
}

/** A station database file in a fresh temp folder; each `open()` is a new run of the app on it. */
async function stationFile(): Promise<{ open: () => Promise<StationBackend> }> {
  const folder = await mkdtemp(join(tmpdir(), 'print-once-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  return {
    open: async () => {
      const backend = await openLocalBackend({ file: join(folder, 'station.sqlite') });
      cleanups.push(() => backend.close());
      return backend;
    },
  };
}

function cainiao(url: string): PrintComponent {
  const component = createCainiaoPrintComponent({ url, requestTimeoutMs: 2_000, backoff: { initialDelayMs: 20, maxDelayMs: 100 } });
  cleanups.push(() => component.close());
  return component;
}

const demoShop = { baseUrl: DEMO_GATEWAY, shopId: 'demo-shop' };

/** One run of the app: a queue on the station's backend, in front of `component` (connected here). */
async function run(backend: StationBackend, component: PrintComponent): Promise<PrintQueue> {
  const queue = createPrintQueue({ component, store: printTaskStoreOf({ read: backend.read.printTasks, write: backend.write.printTasks }, () => [demoShop]), statusPollMs: 50, acceptedStaleMs: 150, refusedResendMs: 30 });
  cleanups.push(() => queue.close());
  component.connect();
  await queue.idle();
  return queue;
}

function only(queue: PrintQueue): PrintDocumentView {
  const [document] = queue.documents();
  if (!document) throw new Error('the queue holds no document');
  return document;
}

/** Gives a few status polls the chance to do something they must not. */
const pollsPass = () => new Promise((resolve) => setTimeout(resolve, 400));

/** A label as the station prints it when the settings have a custom area: print data, then the custom-area layer. */
function labelWithCustomArea(waybillCode: string): PrintDocument {
  const settings = { ...demoJobSettings, customAreaTemplateUrl: 'https://cloudprint.cainiao.com/template/customArea/1234/1' };
  const order: SoldOrder = {
    orderNumber: `P${waybillCode}`, receiverName: '张**', receiverPhone: '138****1234', province: '浙江省', city: '杭州市', district: '西湖区',
    addressDetail: '文三路1**号', goodsName: '纯棉短袖T恤', goodsSpec: '白色 XL', goodsImageUrl: '', goodsCount: 2, payAmountFen: 5900,
    orderStatus: 1, isPreSale: false, lastShipAt: null, confirmedAt: null, remark: '请勿折叠', flag: null, flagName: null,
  };
  const [printData] = plainDocument(waybillCode).contents;
  return { documentId: waybillCode, contents: labelContents(printData as Record<string, unknown>, settings, [order]) };
}

/** What the emulator received, document by document: each waybill with its content layers as they arrived. */
function receivedDocuments(emulated: PrintEmulator) {
  return emulated.received().flatMap((task) => task.documents);
}

describe('a label is never printed twice by the station’s own decision', () => {
  it('leaves tasks that reached the component unknown when it restarts and forgets them: never sent again by itself', async () => {
    // Slow enough that the restart comes while the first label is still being printed.
    const emulated = await emulator({ forgetTasksOnRestart: true, renderDelayMs: 300 });
    const db = await (await stationFile()).open();
    const queue = await run(db, cainiao(emulated.url));
    const [accepted, unanswered] = waybillCodes(2, 5000) as [string, string];
    const labels = [labelWithCustomArea(accepted), labelWithCustomArea(unanswered)];
    const stateOf = (target: PrintQueue, code: string) => target.documents().find((document) => document.documentId === code);
    // The first task is taken; the second is written and read, and no answer comes back.
    await queue.enqueue({ jobId: 'first', printer: '', documents: [labels[0] as PrintDocument] });
    await waitFor(() => stateOf(queue, accepted)?.state === 'accepted', 'the component to accept the first task');
    await emulated.setFault({ kind: 'stall', count: 1 });
    await queue.enqueue({ jobId: 'second', printer: '', documents: [labels[1] as PrintDocument] });
    await waitFor(() => emulated.received().length === 2, 'the component to read the second task');

    await emulated.restart({ downMs: 100 });
    await waitFor(() => queue.documents().every((document) => document.statusAskedAt !== null), 'the component to be asked after it came back');
    await pollsPass();

    for (const code of [accepted, unanswered]) {
      expect(stateOf(queue, code)).toMatchObject({ state: 'unknown', attempts: 1, automaticSends: 1, output: 'print-component' });
    }
    expect(emulated.commandCounts()['getTaskStatus']).toBeGreaterThanOrEqual(1);
    // The component received each label once, with its custom-area layer; the one it was printing came out.
    expect(receivedDocuments(emulated)).toEqual(labels.map((label) => ({ documentId: label.documentId, contents: label.contents })));
    expect(labels[0]?.contents[1]).toMatchObject({ templateURL: 'https://cloudprint.cainiao.com/template/customArea/1234/1', data: { ORDER_ID: `P${accepted}`, REMARK: '请勿折叠' } });
    await emulated.idle();
    expect(emulated.printed().map((document) => document.documentId)).toEqual([accepted]);

    // The same after the app restarts: asked again, and still waiting for the user.
    queue.close();
    const askedBefore = Math.max(...queue.documents().map((document) => document.statusAskedAt ?? 0));
    const again = await run(db, cainiao(emulated.url));
    await waitFor(() => again.documents().every((document) => (document.statusAskedAt ?? 0) > askedBefore), 'the new run to ask');
    await pollsPass();
    expect(again.documents().map((document) => document.state)).toEqual(['unknown', 'unknown']);
    expect(emulated.commandCounts()['print']).toBe(2);
  });

  it('sends a task that never left the station (the component was offline) once the component is back, exactly once', async () => {
    const emulated = await emulator();
    await emulated.setFault({ kind: 'refuse-connections' });
    const db = await (await stationFile()).open();
    const component = cainiao(emulated.url);
    const queue = await run(db, component);
    await waitFor(() => component.state().kind === 'offline', 'the component to be found not running');
    const [code] = waybillCodes(1, 5100) as [string];
    const label = labelWithCustomArea(code);
    await queue.enqueue({ jobId: 'job', printer: '', documents: [label] });
    await pollsPass();
    expect(only(queue)).toMatchObject({ state: 'queued', attempts: 0, automaticSends: 0, output: null });
    expect(queue.status().waitingForComponent).toBe(1);

    await emulated.setFault(null);
    await waitFor(() => only(queue).state === 'printed', 'the label to print once the component is back');
    await pollsPass();
    expect(only(queue)).toMatchObject({ attempts: 1, automaticSends: 1, output: 'print-component' });
    expect(receivedDocuments(emulated)).toEqual([{ documentId: code, contents: label.contents }]);
    expect(emulated.printed().map((document) => document.documentId)).toEqual([code]);
  });

  it(`sends a task the component keeps refusing at most ${MAX_AUTOMATIC_SENDS} times, then waits for the user`, async () => {
    const emulated = await emulator();
    const db = await (await stationFile()).open();
    const queue = await run(db, cainiao(emulated.url));
    const [refusedTwice, refusedAlways] = waybillCodes(2, 5200) as [string, string];

    // Refused twice, taken the third time: it comes out, once, without anyone doing anything.
    await emulated.setFault({ kind: 'refuse-print', count: 2 });
    await queue.enqueue({ jobId: 'twice', printer: '', documents: [plainDocument(refusedTwice)] });
    await waitFor(() => queue.documents().find((document) => document.documentId === refusedTwice)?.state === 'printed', 'the third send to print');
    expect(emulated.printed().map((document) => document.documentId)).toEqual([refusedTwice]);

    await emulated.setFault({ kind: 'refuse-print' });
    await queue.enqueue({ jobId: 'always', printer: '', documents: [labelWithCustomArea(refusedAlways)] });
    await waitFor(() => queue.documents().find((document) => document.documentId === refusedAlways)?.state === 'failed', 'the last refusal');
    await pollsPass();
    const stopped = queue.documents().find((document) => document.documentId === refusedAlways);
    expect(stopped).toMatchObject({ state: 'failed', attempts: MAX_AUTOMATIC_SENDS, automaticSends: MAX_AUTOMATIC_SENDS, failure: { code: 52, source: 'print-reply' } });
    const sends = receivedDocuments(emulated).filter((document) => document.documentId === refusedAlways);
    expect(sends).toEqual(Array(MAX_AUTOMATIC_SENDS).fill({ documentId: refusedAlways, contents: labelWithCustomArea(refusedAlways).contents }));
    // A restart does not start the count again: the label still waits for the user.
    queue.close();
    const again = await run(db, cainiao(emulated.url));
    await pollsPass();
    expect(again.documents().find((document) => document.documentId === refusedAlways)).toMatchObject({ state: 'failed', automaticSends: MAX_AUTOMATIC_SENDS });
    expect(receivedDocuments(emulated).filter((document) => document.documentId === refusedAlways)).toHaveLength(MAX_AUTOMATIC_SENDS);

    // The user's retry is a fresh decision: it prints.
    await emulated.setFault(null);
    const id = (stopped as PrintDocumentView).id;
    expect(await again.retry([id])).toEqual({ requeued: [id], refused: [] });
    await waitFor(() => again.document(id)?.state === 'printed', 'the retried label');
    expect(again.document(id)).toMatchObject({ attempts: MAX_AUTOMATIC_SENDS + 1, automaticSends: 1 });
    expect(emulated.printed().map((document) => document.documentId)).toEqual([refusedTwice, refusedAlways]);
  });

  it('never asks about or sends a label through the other output after a switch and a restart: it waits for its own', async () => {
    const emulated = await emulator();
    const osStore = createInMemoryOsPrintStore();
    const osPrinter = (): PrintComponent => {
      const component = createOsPrintComponent({ printing: createCupsPrinting(), renderer: createLabelRenderer(), store: osStore, jobPollMs: 100 });
      cleanups.push(() => component.close());
      return component;
    };
    const station = await stationFile();
    const db = await station.open();
    const switchable = createSwitchablePrintComponent(cainiao(emulated.url));
    cleanups.push(() => switchable.close());
    const queue = await run(db, switchable);
    const [code] = waybillCodes(1, 5300) as [string];
    await waitFor(() => switchable.state().kind === 'connected', 'the connection');
    // The component reads the task and never answers: the label may be printing there.
    await emulated.setFault({ kind: 'stall', count: 1 });
    // The packer switches to the OS printer the moment the outcome is unknown, before the component is asked.
    queue.onEvent((event) => {
      if (event.kind === 'document' && event.document.state === 'unknown' && switchable.output() === 'print-component') switchable.use(osPrinter());
    });
    await queue.enqueue({ jobId: 'job', printer: '', documents: [labelWithCustomArea(code)] });
    await waitFor(() => queue.status().output === 'os-printer' && switchable.state().kind === 'connected', 'the OS printer to be the output', 15_000);
    await pollsPass();
    expect(only(queue)).toMatchObject({ state: 'unknown', output: 'print-component', statusAskedAt: null });
    expect(queue.status()).toMatchObject({ output: 'os-printer', waitingForOtherOutput: 1 });
    expect((await queue.resendUnknown([only(queue).id])).refused).toEqual([{ id: only(queue).id, reason: 'other-output', state: 'unknown' }]);

    // The app restarts with the OS printer chosen: the label still waits, asked nowhere, sent nowhere.
    queue.close();
    const restarted = await run(await station.open(), osPrinter());
    await waitFor(() => restarted.status().component.kind === 'connected', 'the OS printer to connect');
    await pollsPass();
    expect(only(restarted)).toMatchObject({ state: 'unknown', output: 'print-component', statusAskedAt: null });
    expect(restarted.status()).toMatchObject({ output: 'os-printer', waitingForOtherOutput: 1 });
    expect(osStore.contents().tasks).toEqual([]);

    // Back on the print component (next run), it is asked there, and only there; it still waits for the user.
    restarted.close();
    const back = await run(await station.open(), cainiao(emulated.url));
    await waitFor(() => only(back).statusAskedAt !== null, 'the component to be asked');
    await pollsPass();
    expect(only(back)).toMatchObject({ state: 'unknown', output: 'print-component' });
    expect(back.status().waitingForOtherOutput).toBe(0);
    expect(receivedDocuments(emulated)).toEqual([{ documentId: code, contents: labelWithCustomArea(code).contents }]);
    expect(osStore.contents().tasks).toEqual([]);
  });

  it('leaves a task unknown, never sent again, when the component answers the status question in a shape it does not know', async () => {
    const emulated = await emulator();
    const db = await (await stationFile()).open();
    const queue = await run(db, cainiao(emulated.url));
    const [code] = waybillCodes(1, 5400) as [string];
    await waitFor(() => queue.status().component.kind === 'connected', 'the connection');
    // The task is read and never answered (the request times out); every status question gets an odd answer.
    await emulated.setFault({ kind: 'stall', count: 1 });
    queue.onEvent((event) => {
      if (event.kind === 'document' && event.document.state === 'unknown') void emulated.setFault({ kind: 'odd-task-status' });
    });
    const label = labelWithCustomArea(code);
    await queue.enqueue({ jobId: 'job', printer: '', documents: [label] });
    await waitFor(() => only(queue).statusAskedAt !== null, 'the component to be asked', 15_000);
    await pollsPass();

    expect(only(queue)).toMatchObject({ state: 'unknown', attempts: 1 });
    expect(emulated.commandCounts()['getTaskStatus']).toBeGreaterThanOrEqual(2);
    expect(emulated.commandCounts()['print']).toBe(1);
    expect(receivedDocuments(emulated)).toEqual([{ documentId: code, contents: label.contents }]);
    // Asked and not accounted for: the user may print it again (the recovery view and history offer it).
    expect(queue.documents().filter((document) => document.state === 'unknown' && document.statusAskedAt !== null)).toHaveLength(1);
  });
});
