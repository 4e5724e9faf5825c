import { randomInt } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LABEL_SIZES_MM, POINTS_PER_MM } from '../labels/label-input';
import type { LabelSize } from '../labels/label-input';
import { createLabelRenderer } from '../labels/label-renderer';
import { pdfPageSizes, pdfText, rasterizePdf } from '../labels/testing/pdf-inspection';
import { readCode128 } from '../labels/testing/raster-inspection';
import { PrintComponentError } from '../printing/print-component';
import type { DocumentOutcome, PrintComponent, PrintDocument } from '../printing/print-component';
import { createPrintQueue } from '../printing/print-queue';
import type { PrintDocumentView, PrintQueue } from '../printing/print-queue';
import { createInMemoryPrintTaskStore } from '../printing/print-task-store';
import type { InMemoryPrintTaskStore } from '../printing/print-task-store';
import { encryptedDocument, plainDocument, waitFor } from '../printing/testing/print-test-kit';
import { createCupsPrinting } from './cups-printing';
import { createOsPrintComponent } from './os-print-component';
import { osPrintErrorOf } from './os-print-failure';
import { createFileOsPrintStore, createInMemoryOsPrintStore } from './os-print-store';
import type { OsPrintStore } from './os-print-store';
import { CUPS_PDF_OUT_DIR, CUPS_PDF_QUEUE, takeCupsPdfOutput } from './testing/cups-pdf-queue';
import type { PrinterConfig } from '../../shared/domain/printing';

// These tests print through the machine's real CUPS into the cups-pdf queue of
// `.ci/cups-setup.sh` (run it first; CI does). Without CUPS they fail; they never skip.

const renderer = createLabelRenderer();
/** CUPS takes a few seconds per job through cups-pdf (Ghostscript). */
const printTimeoutMs = 30_000;

/** A ZTO-shaped waybill number of its own, so that its cups-pdf output is found unambiguously. */
function uniqueWaybillCode(): string {
  return `73${String(randomInt(1e12)).padStart(12, '0')}`;
}

/** A plain document with the merchant's custom area layer (order number, goods, note). */
function documentWithCustomArea(waybillCode: string, orderId: string): PrintDocument {
  const base = plainDocument(waybillCode);
  const customArea = {
    templateURL: 'https://cloudprint.cainiao.com/template/customArea/1001/1',
    data: { ORDER_ID: orderId, ITEM_INFO: '纯棉短袖T恤 白色 XL×2；帆布包×1', REMARK: '请勿折叠' },
  };
  return { documentId: base.documentId, contents: [...base.contents, customArea] };
}

const toClose: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const close of toClose.splice(0).reverse()) await close();
});

/** A socket where no scheduler listens. */
const nowhereSocket = join(tmpdir(), 'no-cupsd-here.sock');

/** Points this process's CUPS clients (lpstat, lp) at a scheduler that is not there; returns the undo, also run after the test. */
function pointCupsClientsNowhere(): () => void {
  const reachable = process.env['CUPS_SERVER'];
  process.env['CUPS_SERVER'] = nowhereSocket;
  const restore = (): void => {
    if (reachable === undefined) delete process.env['CUPS_SERVER'];
    else process.env['CUPS_SERVER'] = reachable;
  };
  toClose.push(restore);
  return restore;
}

/** A component over the real CUPS, connected, closed after the test. */
async function connectedComponent(options: { store?: OsPrintStore; now?: () => number; jobPollMs?: number } = {}): Promise<PrintComponent> {
  const component = createOsPrintComponent({
    printing: createCupsPrinting(),
    renderer,
    store: options.store ?? createInMemoryOsPrintStore(),
    jobPollMs: options.jobPollMs ?? 100,
    ...(options.now && { now: options.now }),
    backoff: { initialDelayMs: 50, maxDelayMs: 200 },
  });
  toClose.push(() => component.close());
  component.connect();
  await waitFor(() => component.state().kind === 'connected', 'the OS print component to connect to CUPS');
  return component;
}

/** A print queue over the component, with what its store held loaded; closed after the test. */
async function queueOver(component: PrintComponent, store: InMemoryPrintTaskStore = createInMemoryPrintTaskStore()): Promise<PrintQueue> {
  const queue = createPrintQueue({ component, store, statusPollMs: 200 });
  toClose.push(() => queue.close());
  await queue.idle();
  return queue;
}

/** Waits until every document of the queue is in one of the given states. */
function waitForStates(queue: PrintQueue, states: readonly PrintDocumentView['state'][], what: string): Promise<PrintDocumentView[]> {
  return waitFor(
    () => {
      const documents = queue.documents();
      return documents.every((document) => states.includes(document.state)) && documents;
    },
    what,
    printTimeoutMs,
  );
}

/** The component's printed notices per document id. */
function countPrintedNotices(component: PrintComponent): Map<string, number> {
  const printed = new Map<string, number>();
  toClose.push(
    component.onDocumentOutcome((outcome: DocumentOutcome) => {
      if (outcome.kind === 'printed') printed.set(outcome.documentId, (printed.get(outcome.documentId) ?? 0) + 1);
    }),
  );
  return printed;
}

function paperConfig(size: LabelSize, offsets: { horizontalOffset?: number; verticalOffset?: number } = {}): PrinterConfig {
  return {
    name: CUPS_PDF_QUEUE,
    paperSize: { ...LABEL_SIZES_MM[size] },
    horizontalOffset: offsets.horizontalOffset ?? 0,
    verticalOffset: offsets.verticalOffset ?? 0,
    orientation: null,
    raw: {},
  };
}

async function expectPageSize(pdf: Uint8Array, size: LabelSize): Promise<void> {
  // cups-pdf re-renders the job through Ghostscript, which rounds the page to whole points.
  const [page] = await pdfPageSizes(pdf);
  expect(Math.abs((page?.width ?? 0) - LABEL_SIZES_MM[size].width * POINTS_PER_MM)).toBeLessThanOrEqual(1);
  expect(Math.abs((page?.height ?? 0) - LABEL_SIZES_MM[size].height * POINTS_PER_MM)).toBeLessThanOrEqual(1);
}

describe('the OS print component over CUPS', () => {
  it('is connected while CUPS answers, tells its version and lists the cups-pdf queue', async () => {
    const component = await connectedComponent();
    expect(component.state()).toMatchObject({ kind: 'connected', agentVersion: expect.stringMatching(/^CUPS \d/) });
    expect(await component.getAgentInfo()).toEqual({ version: expect.stringMatching(/^\d/), message: expect.stringContaining('CUPS at ') });
    const { printers } = await component.getPrinters();
    expect(printers).toContainEqual({ name: CUPS_PDF_QUEUE, status: 'idle' });
  });

  it('prints three labels of two sizes through the print queue, each reported printed once, only when CUPS completed it', async () => {
    const component = await connectedComponent();
    const printedNotices = countPrintedNotices(component);
    // cups-pdf writes its file before CUPS marks the job completed: a printed notice without the file came too early.
    const outputAtNotice = new Map<string, boolean>();
    toClose.push(
      component.onDocumentOutcome((outcome) => {
        if (outcome.kind !== 'printed') return;
        outputAtNotice.set(outcome.documentId, readdirSync(CUPS_PDF_OUT_DIR).some((name) => name.startsWith(outcome.documentId)));
      }),
    );
    const queue = await queueOver(component);
    const printedEvents = new Map<string, number>();
    toClose.push(
      queue.onEvent((event) => {
        if (event.kind === 'document' && event.document.state === 'printed') {
          printedEvents.set(event.document.id, (printedEvents.get(event.document.id) ?? 0) + 1);
        }
      }),
    );
    const small = [uniqueWaybillCode(), uniqueWaybillCode()];
    const large = uniqueWaybillCode();

    await component.setPrinterConfig(paperConfig('76x130'));
    expect((await queue.enqueue({ jobId: 'small', printer: CUPS_PDF_QUEUE, documents: small.map(plainDocument) })).queued).toHaveLength(2);
    // A task's paper is taken when the component accepts it: the next job may use other paper.
    await waitForStates(queue, ['accepted', 'printed'], 'the 76×130 labels to be accepted');
    await component.setPrinterConfig(paperConfig('100x180'));
    await queue.enqueue({ jobId: 'large', printer: CUPS_PDF_QUEUE, documents: [documentWithCustomArea(large, '3512345678901234567')] });

    const documents = await waitForStates(queue, ['printed'], 'all three labels to be printed');
    expect(documents.map((document) => document.documentId)).toEqual([...small, large]);
    expect(Object.fromEntries(outputAtNotice)).toEqual(Object.fromEntries([...small, large].map((code) => [code, true])));
    for (const code of small) await expectPageSize(await takeCupsPdfOutput(code), '76x130');
    const largePdf = await takeCupsPdfOutput(large);
    await expectPageSize(largePdf, '100x180');
    // 100×180 labels repeat the barcode on the tear-off customer part; the custom area adds the order number's.
    expect((await readCode128(await rasterizePdf(largePdf, 203))).toSorted()).toEqual([large, large, '3512345678901234567'].toSorted());

    // Late job-state polls and status queries must not report any label twice.
    await queue.reconcile();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(Object.fromEntries(printedNotices)).toEqual(Object.fromEntries([...small, large].map((code) => [code, 1])));
    expect([...printedEvents.values()]).toEqual([1, 1, 1]);
  });

  it('fails an encrypted document with the typed error naming the print component, and prints the others', async () => {
    const component = await connectedComponent();
    const queue = await queueOver(component);
    const [first, encrypted, last] = [uniqueWaybillCode(), uniqueWaybillCode(), uniqueWaybillCode()];
    await queue.enqueue({ jobId: 'mixed', printer: CUPS_PDF_QUEUE, documents: [plainDocument(first), encryptedDocument(encrypted), plainDocument(last)] });

    const documents = await waitForStates(queue, ['printed', 'failed'], 'the mixed job to end');
    expect(documents.map((document) => [document.documentId, document.state])).toEqual([
      [first, 'printed'],
      [encrypted, 'failed'],
      [last, 'printed'],
    ]);
    const failure = documents[1]?.failure;
    expect(failure).toMatchObject({ code: 101, source: 'document', detail: expect.stringContaining('print component') });
    expect(failure && osPrintErrorOf(failure)).toEqual({ code: 'print.encrypted-needs-component', params: { waybillCode: encrypted } });
    await takeCupsPdfOutput(first);
    await takeCupsPdfOutput(last);
    // Jobs run in order: the encrypted label, between the two, never reached CUPS.
    await expect(takeCupsPdfOutput(encrypted, 500)).rejects.toThrow(/no PDF/);
  });

  it('fails a document for a printer the system does not have, naming the printer', async () => {
    const component = await connectedComponent();
    const queue = await queueOver(component);
    await queue.enqueue({ jobId: 'nowhere', printer: 'No_Such_Printer', documents: [plainDocument(uniqueWaybillCode())] });

    const [document] = await waitForStates(queue, ['failed'], 'the document to fail');
    expect(document?.failure).toMatchObject({ code: 103, detail: 'The system has no printer named “No_Such_Printer”.' });
    expect(document?.failure && osPrintErrorOf(document.failure)).toEqual({ code: 'print.os-printer-not-found', params: { printer: 'No_Such_Printer' } });
  });

  it('knows after a restart what became of the tasks it handed to CUPS', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'os-print-store-test-'));
    toClose.push(() => rm(folder, { recursive: true, force: true }));
    const file = join(folder, 'os-print.json');
    const taskStore = createInMemoryPrintTaskStore();
    const waybillCode = uniqueWaybillCode();

    // This run never learns that the job completed: it does not poll before it stops.
    const before = await connectedComponent({ store: createFileOsPrintStore(file), jobPollMs: 60_000 });
    const firstQueue = await queueOver(before, taskStore);
    await firstQueue.enqueue({ jobId: 'before-restart', printer: CUPS_PDF_QUEUE, documents: [plainDocument(waybillCode)] });
    await waitFor(() => taskStore.records()[0]?.rendered, 'the job to be handed to CUPS', printTimeoutMs);
    // The app stops before CUPS has said the job completed.
    firstQueue.close();
    await before.close();
    expect(taskStore.records()[0]?.state).toBe('accepted');

    const after = await connectedComponent({ store: createFileOsPrintStore(file) });
    expect(await after.getTaskStatus(['never-sent'])).toEqual([{ taskId: 'never-sent', answer: 'not-found', documents: [] }]);
    const printedNotices = countPrintedNotices(after);
    const secondQueue = await queueOver(after, taskStore);
    const [document] = await waitForStates(secondQueue, ['printed'], 'the task of the earlier run to be known as printed');
    expect(document?.attempts).toBe(1);
    const [report] = await after.getTaskStatus([document?.taskId ?? '']);
    expect(report).toEqual({ taskId: document?.taskId, answer: 'found', documents: [{ documentId: waybillCode, status: { kind: 'printed' }, printer: CUPS_PDF_QUEUE }] });
    await takeCupsPdfOutput(waybillCode);
    expect([...printedNotices.values()].every((count) => count === 1)).toBe(true);
  });

  it('is offline, saying why, while CUPS does not answer, and connects once it does', async () => {
    const restore = pointCupsClientsNowhere();
    const component = createOsPrintComponent({
      printing: createCupsPrinting(),
      renderer,
      store: createInMemoryOsPrintStore(),
      backoff: { initialDelayMs: 50, maxDelayMs: 200 },
    });
    toClose.push(() => component.close());
    component.connect();

    const offline = await waitFor(() => {
      const state = component.state();
      return state.kind === 'offline' && state;
    }, 'the component to be offline');
    expect(offline).toMatchObject({ reason: 'not-running', detail: expect.stringContaining(nowhereSocket), retryInMs: expect.any(Number) });
    await expect(component.print({ taskId: 't-offline', printer: CUPS_PDF_QUEUE, documents: [plainDocument(uniqueWaybillCode())] })).rejects.toEqual(
      new PrintComponentError('offline', 'the print system (CUPS) is not available'),
    );

    restore();
    await waitFor(() => component.state().kind === 'connected', 'the component to connect once CUPS answers');
  });

  it('keeps labels queued while CUPS is gone, and prints them once it is back', async () => {
    const component = createOsPrintComponent({
      printing: createCupsPrinting(),
      renderer,
      store: createInMemoryOsPrintStore(),
      jobPollMs: 100,
      healthCheckMs: 100,
      backoff: { initialDelayMs: 50, maxDelayMs: 200 },
    });
    toClose.push(() => component.close());
    component.connect();
    await waitFor(() => component.state().kind === 'connected', 'the component to connect');
    const queue = await queueOver(component);

    const restore = pointCupsClientsNowhere();
    await waitFor(() => component.state().kind === 'offline', 'the component to notice that CUPS is gone');
    expect(component.state()).toMatchObject({ reason: 'connection-lost', retryInMs: expect.any(Number) });
    const waybillCode = uniqueWaybillCode();
    await queue.enqueue({ jobId: 'while-gone', printer: CUPS_PDF_QUEUE, documents: [plainDocument(waybillCode)] });
    expect(queue.documents().map((document) => document.state)).toEqual(['queued']);
    expect(queue.status().waitingForComponent).toBe(1);

    restore();
    await waitForStates(queue, ['printed'], 'the waiting label to print once CUPS is back');
    await takeCupsPdfOutput(waybillCode);
  });

  it('keeps paper and offsets per printer, and refuses paper it cannot draw', async () => {
    const component = await connectedComponent();
    expect(await component.getPrinterConfig('Desk_Printer')).toMatchObject({ paperSize: LABEL_SIZES_MM['100x180'], horizontalOffset: 0, verticalOffset: 0 });
    const config = { ...paperConfig('76x130', { horizontalOffset: 1.5, verticalOffset: -2 }), name: 'Desk_Printer', raw: { needTopLogo: false } };
    await component.setPrinterConfig(config);
    expect(await component.getPrinterConfig('Desk_Printer')).toEqual(config);

    await expect(component.setPrinterConfig({ ...config, paperSize: { width: 100, height: 150 } })).rejects.toMatchObject({ kind: 'refused' });
    await expect(component.setPrinterConfig({ ...config, verticalOffset: 31 })).rejects.toMatchObject({ kind: 'refused' });
    expect(await component.getPrinterConfig('Desk_Printer')).toEqual(config);
  });

  it('moves the drawing by the offsets it keeps for the printer', async () => {
    // A fixed clock: the print time on the label must not change between the two previews.
    const component = await connectedComponent({ now: () => Date.UTC(2025, 5, 1, 6, 3) });
    const document = plainDocument(uniqueWaybillCode());
    const preview = async (): Promise<string> => {
      const reply = await component.preview({ taskId: `preview-${randomInt(1e9)}`, printer: CUPS_PDF_QUEUE, documents: [document], previewType: 'image' });
      if (!reply.ok) throw new Error(reply.failure.detail);
      const [image] = reply.previewImages;
      expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
      return Buffer.from((image ?? '').split(',')[1] ?? '', 'base64').toString('utf8');
    };

    await component.setPrinterConfig(paperConfig('76x130'));
    const plain = await preview();
    await component.setPrinterConfig(paperConfig('76x130', { horizontalOffset: 2, verticalOffset: -3 }));
    const moved = await preview();

    expect(moved).not.toBe(plain);
    // 2 mm and -3 mm are 16 and -24 printer dots (203 dpi), in points.
    expect(moved).toContain(`<g transform="translate(${Math.round(16 * (72 / 203) * 1000) / 1000} ${Math.round(-24 * (72 / 203) * 1000) / 1000})">`);
    expect(moved.replace(/<g transform="translate\([^)]*\)">/, '').replace(/<\/g><\/svg>$/, '</svg>')).toBe(plain);
  });

  it('draws the custom area: order number, goods and note', async () => {
    const component = await connectedComponent();
    const waybillCode = uniqueWaybillCode();
    const reply = await component.preview({
      taskId: 'preview-custom-area',
      printer: CUPS_PDF_QUEUE,
      documents: [documentWithCustomArea(waybillCode, '3598765432109876543')],
      previewType: 'pdf',
    });
    if (!reply.ok) throw new Error(reply.failure.detail);
    expect(reply.previewUrl).toMatch(/^data:application\/pdf;base64,/);
    const pdf = new Uint8Array(Buffer.from((reply.previewUrl ?? '').split(',')[1] ?? '', 'base64'));
    const text = await pdfText(pdf);
    for (const expected of [waybillCode, '3598765432109876543', '纯棉短袖T恤 白色 XL×2', '帆布包×1', '请勿折叠', '中通快递']) expect(text).toContain(expected);
  });

  it('refuses to preview encrypted print data, naming the print component', async () => {
    const component = await connectedComponent();
    const waybillCode = uniqueWaybillCode();
    const reply = await component.preview({ taskId: 'preview-encrypted', printer: CUPS_PDF_QUEUE, documents: [encryptedDocument(waybillCode)], previewType: 'image' });
    expect(reply).toMatchObject({ ok: false, failure: { code: 101, source: 'print-reply' } });
    if (!reply.ok) expect(osPrintErrorOf(reply.failure)).toEqual({ code: 'print.encrypted-needs-component', params: { waybillCode } });
  });
});
