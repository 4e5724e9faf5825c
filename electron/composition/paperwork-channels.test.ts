import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobOrderView, JobView } from '../../shared/domain/issuing';
import type { PaperworkPdf, PaperworkPrintResult } from '../../shared/domain/paperwork';
import type { SoldOrder } from '../../shared/domain/sold-order';
import { startPrintEmulator, type PrintEmulator } from '../demo/print-emulator/print-emulator';
import { startSandbox, type RunningSandbox } from '../demo/sandbox';
import { ofDemoShop, openTestStation, sandboxDeskPatch } from './testing/sandbox-desk';
import { pdfPageSizes, pdfText, rasterizePdf } from '../labels/testing/pdf-inspection';
import { readCode128 } from '../labels/testing/raster-inspection';
import { CUPS_PDF_QUEUE, takeCupsPdfOutput } from '../os-printing/testing/cups-pdf-queue';
import { arrangeForPrinting } from '../paperwork/print-order';
import type { Station } from './station';
import { stationData } from './testing/station-data';

const token = 'tok-paperwork-channels-test-5521';
/** The shared CUPS queue runs other desks' test jobs too: give it time. */
const cupsWaitMs = 60_000;
const customAreaUrl = 'https://cloudprint.cainiao.com/template/customArea/880011/3';

describe('paperwork through the station dispatcher', () => {
  let dataDir: string;
  let sandbox: RunningSandbox;
  let emulator: PrintEmulator;
  let station: Station;
  let loaded: SoldOrder[] = [];

  const open = async () => {
    station = await openTestStation(join(dataDir, 'station'), { baseUrl: sandbox.url, componentUrl: emulator.url });
  };
  const data = <T>(channel: string, input: unknown) => stationData<T>(station, channel, input);
  const waitForJob = async (jobId: string, done: (job: JobView) => boolean): Promise<JobView> => {
    for (let asked = 0; asked < 400; asked += 1) {
      const job = (await data<JobView[]>('jobs.list', { limit: 10 })).find((view) => view.id === jobId);
      if (job && done(job)) return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`job ${jobId} did not get there`);
  };
  const pick = (count: number, from: number) => loaded.slice(from, from + count);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'paperwork-'));
    sandbox = await startSandbox({ port: 0, token, orders: 60 });
    emulator = await startPrintEmulator({ port: 0, spoolDir: join(dataDir, 'spool') });
    await open();
    await data('token.set', { token });
    const desk = sandboxDeskPatch(sandbox);
    await data('settings.update', {
      patch: {
        ...desk,
        print: { ...desk.print, needEncrypt: false, customAreaTemplateUrl: customAreaUrl },
        paperwork: { slipPrinter: CUPS_PDF_QUEUE, slipSize: '76x130', customAreaFields: ['goods', 'sellerNote', 'totalCount', 'orderNumber'] },
      },
    });
    await data('orders.refresh', { mode: 'full' });
    const listing = await data<{ rows: { order: SoldOrder }[] }>('orders.list', {});
    const plan = await data<{ packages: { orderNumbers: string[] }[]; jobId: string }>('issue.plan', { orders: ofDemoShop(listing.rows.map((row) => row.order.orderNumber)), merge: false, keepApart: [] });
    const valid = new Set(plan.packages.map((entry) => entry.orderNumbers[0] as string));
    loaded = listing.rows.map((row) => row.order).filter((order) => valid.has(order.orderNumber));
  }, 180_000);

  afterAll(async () => {
    await station.close();
    await emulator.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints the labels in the chosen order (by goods) with the chosen custom area, each followed by its packing slip on the slip printer', async () => {
    const orders = pick(4, 0);
    const expected = arrangeForPrinting(orders, 'by-goods').map((order) => order.orderNumber);
    const plan = await data<{ jobId: string; packages: { orderNumbers: string[] }[] }>('issue.plan', {
      orders: ofDemoShop(orders.map((order) => order.orderNumber)),
      merge: false,
      keepApart: [],
      printOrder: 'by-goods',
      packingSlips: true,
    });
    expect(plan.packages.map((entry) => entry.orderNumbers[0] as string)).toEqual(expected);
    const printedBefore = emulator.printed().length;
    await data('issue.start', { jobId: plan.jobId });
    const job = await waitForJob(plan.jobId, (view) => view.labels.printed === 4);
    const waybills = (await data<JobOrderView[]>('jobs.orders', { jobId: job.id })).map((order) => order.waybillCode);
    expect(emulator.printed().slice(printedBefore).map((document) => document.documentId)).toEqual(waybills);

    // The custom area reached the component in each document's contents, with the chosen fields only.
    const task = emulator.received().find((received) => received.documentIds.includes(waybills[0] ?? ''));
    const area = task?.documents[0]?.contents[1] as { templateURL: string; data: Record<string, string> };
    expect(area.templateURL).toBe(customAreaUrl);
    expect(Object.keys(area.data)).toEqual(['ITEM_INFO', 'SELLER_NOTE', 'TOTAL_COUNT', 'ORDER_ID']);
    expect(area.data['ORDER_ID']).toBe(expected[0]);
    // …and shows in the emulator's spooled label, the order number as a barcode that scans back.
    const spooled = emulator.printed().find((document) => document.documentId === waybills[0]);
    const label = new Uint8Array(await readFile(spooled?.file ?? ''));
    expect(await pdfText(label)).toContain(`订单号：${expected[0]}`);
    expect(await readCode128(await rasterizePdf(label, 203))).toContain(expected[0]);

    // The slips came out on the slip printer, in the labels' order (gathered into print jobs): read
    // back from the cups-pdf output by the order-number barcode on each slip.
    const slipOrder: string[] = [];
    while (slipOrder.length < expected.length) {
      const pdf = await takeCupsPdfOutput(`packing-slips-${expected[slipOrder.length]}`, cupsWaitMs);
      for (let page = 1; page <= (await pdfPageSizes(pdf)).length; page += 1) slipOrder.push(...(await readCode128(await rasterizePdf(pdf, 203, page))));
    }
    expect(slipOrder).toEqual(expected);
  }, 180_000);

  it('reprints slips and makes picking lists from the journal and the order cache alone: the gateway sees no call', async () => {
    const orders = pick(3, 4);
    const plan = await data<{ jobId: string }>('issue.plan', { orders: ofDemoShop(orders.map((order) => order.orderNumber)), merge: false, keepApart: [] });
    await data('issue.start', { jobId: plan.jobId });
    await waitForJob(plan.jobId, (view) => view.labels.printed === 3);
    const waybills = (await data<JobOrderView[]>('jobs.orders', { jobId: plan.jobId })).map((order) => order.waybillCode ?? '');
    const callsBefore = sandbox.calls().length;

    const bySelection = await data<PaperworkPrintResult>('paperwork.print-slips', { orderNumbers: [orders[0]?.orderNumber, 'NOT-LOADED-1'] });
    expect(bySelection).toEqual({ printed: 1, printer: CUPS_PDF_QUEUE, unknownOrders: ['NOT-LOADED-1'] });
    const slip = await takeCupsPdfOutput(`packing-slips-${orders[0]?.orderNumber}`, cupsWaitMs);
    expect(await readCode128(await rasterizePdf(slip, 203))).toEqual([orders[0]?.orderNumber]);
    const byHistory = await data<PaperworkPrintResult>('paperwork.print-slips', { waybillCodes: waybills.slice(1) });
    expect(byHistory.printed).toBe(2);
    expect(await pdfPageSizes(await takeCupsPdfOutput(`packing-slips-${orders[1]?.orderNumber}`, cupsWaitMs))).toHaveLength(2);

    const list = await data<PaperworkPdf>('paperwork.picking-list-pdf', { scope: { jobId: plan.jobId }, sort: 'count', language: 'en' });
    const pdf = new Uint8Array(Buffer.from(list.base64, 'base64'));
    expect(await pdfPageSizes(pdf)).toHaveLength(list.pages);
    const text = await pdfText(pdf);
    expect(text).toContain('Picking list');
    for (const order of orders) expect(text).toContain(order.orderNumber);
    const printedList = await data<PaperworkPrintResult>('paperwork.print-picking-list', { scope: { orderNumbers: orders.map((order) => order.orderNumber) }, sort: 'name', language: 'zh-CN' });
    expect(printedList.printed).toBe(1);
    const [sheet] = await pdfPageSizes(await takeCupsPdfOutput(`picking-list-${orders[0]?.orderNumber}`, cupsWaitMs));
    // A4, as Ghostscript (cups-pdf) rounds it to whole points.
    expect(sheet?.width).toBeCloseTo(595, 0);

    expect(sandbox.calls().slice(callsBefore)).toEqual([]);
  }, 180_000);

  it('keeps the print order of a planned job across a restart (by province)', async () => {
    const orders = pick(6, 7);
    const expected = arrangeForPrinting(orders, 'by-province').map((order) => order.orderNumber);
    const plan = await data<{ jobId: string }>('issue.plan', { orders: ofDemoShop(orders.map((order) => order.orderNumber)), merge: false, keepApart: [], printOrder: 'by-province' });
    await station.close();
    await open();
    expect((await data<JobOrderView[]>('jobs.orders', { jobId: plan.jobId })).map((order) => order.orderNumber)).toEqual(expected);
    // A planned job's picking list (before anything is issued) holds its orders.
    const list = await data<PaperworkPdf>('paperwork.picking-list-pdf', { scope: { jobId: plan.jobId }, sort: 'name', language: 'zh-CN' });
    const listText = await pdfText(new Uint8Array(Buffer.from(list.base64, 'base64')));
    for (const orderNumber of expected) expect(listText).toContain(orderNumber);
    const printedBefore = emulator.printed().length;
    await data('issue.start', { jobId: plan.jobId });
    await waitForJob(plan.jobId, (view) => view.labels.printed === 6);
    const byWaybill = new Map((await data<JobOrderView[]>('jobs.orders', { jobId: plan.jobId })).map((order) => [order.waybillCode, order.orderNumber]));
    expect(emulator.printed().slice(printedBefore).map((document) => byWaybill.get(document.documentId))).toEqual(expected);
  }, 180_000);

  it('tells the desk which orders’ slips did not print when the slip printer refuses them (their labels printed)', async () => {
    await data('settings.update', { patch: { paperwork: { slipPrinter: 'No Such Slip Printer' } } });
    const failures: unknown[] = [];
    const unsubscribe = station.events.subscribe((name, payload) => {
      if (name === 'paperwork.slips-failed') failures.push(payload);
    });
    try {
      const orders = pick(2, 13);
      const plan = await data<{ jobId: string }>('issue.plan', { orders: ofDemoShop(orders.map((order) => order.orderNumber)), merge: false, keepApart: [], packingSlips: true });
      await data('issue.start', { jobId: plan.jobId });
      await waitForJob(plan.jobId, (view) => view.labels.printed === 2);
      for (let waited = 0; waited < 100 && failures.length === 0; waited += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(failures).toEqual([{ error: expect.objectContaining({ code: 'print.os-printer-not-found', params: { printer: 'No Such Slip Printer' } }), orderNumbers: expect.arrayContaining(orders.map((order) => order.orderNumber)) }]);
    } finally {
      unsubscribe();
      await data('settings.update', { patch: { paperwork: { slipPrinter: CUPS_PDF_QUEUE } } });
    }
  }, 60_000);

  it('previews the custom area with the chosen fields on a sample label', async () => {
    const preview = await data<{ image: string }>('paperwork.custom-area-preview', { fields: ['sellerNote', 'totalCount'], size: '76x130' });
    expect(preview.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await data('paperwork.custom-area-preview', { fields: [], size: '100x180' })).not.toEqual(preview);
  });
});
