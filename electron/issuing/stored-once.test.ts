import { afterEach, describe, expect, it } from 'vitest';
import type { SoldOrder } from '../../shared/domain/sold-order';
import { createPaperworkSources } from '../paperwork/paperwork-sources';
import { waitFor } from '../printing/testing/print-test-kit';
import type { StationDatabase } from '../store/local/open-station-database';
import { openIssuingTestStation } from './testing/issuing-test-kit';
import type { IssuingTestStation } from './testing/issuing-test-kit';

let station: IssuingTestStation | null = null;
afterEach(async () => {
  await station?.close();
  station = null;
});

const DAY_MS = 24 * 60 * 60 * 1000;
const customAreaTemplateUrl = 'https://cloudprint.cainiao.com/template/customArea/1234/1';
const numbers = (orders: readonly SoldOrder[]) => orders.map((order) => order.orderNumber);

/** Every cell of every table of the database file whose text contains `needle`: table, column and how many rows. */
function cellsContaining(db: StationDatabase, needle: string): { table: string; column: string; rows: number }[] {
  const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name").pluck().all() as string[];
  return tables.flatMap((table) =>
    (db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[]).flatMap((column) => {
      const rows = db.prepare(`SELECT COUNT(*) FROM "${table}" WHERE instr(CAST("${column}" AS TEXT), ?) > 0`).pluck().get(needle) as number;
      return rows === 0 ? [] : [{ table, column, rows }];
    }),
  );
}

/** The print data the station stored for each waybill, as text. */
const storedPrintData = (db: StationDatabase) =>
  new Map((db.prepare('SELECT waybill_code, print_data FROM waybills').all() as { waybill_code: string; print_data: string | null }[]).map((row) => [row.waybill_code, row.print_data]));

/** The contents of each delivery of a waybill's label to the component, in arrival order. */
const deliveriesOf = (opened: IssuingTestStation, waybillCode: string) =>
  opened.emulator
    .received()
    .filter((task) => !task.preview)
    .flatMap((task) => task.documents)
    .filter((document) => document.documentId === waybillCode)
    .map((document) => document.contents);

describe('print data and sold orders stored once', () => {
  it('keeps each label’s print data once and each order once in the database file, however often the orders are planned and fetched', async () => {
    station = await openIssuingTestStation();
    const orders = await station.issuable(4);
    // Two labels fail (out of paper): their print documents keep their layers, to be printed again.
    await station.emulator.setFault({ kind: 'paper-out', count: 2 });
    // A plan looked at and left, then the job: the same orders planned twice; then the orders fetched again.
    await station.engine.plan(station.planRequest(numbers(orders), { customAreaTemplateUrl }));
    const jobId = await station.issueAndPrint(numbers(orders), { customAreaTemplateUrl });
    await station.orderCache.refresh({ mode: 'full' });
    expect((await station.engine.job(jobId))?.labels).toMatchObject({ printed: 2, failed: 2 });

    const { db } = station.bench;
    const printData = storedPrintData(db);
    expect(printData.size).toBe(4);
    for (const [waybillCode, text] of printData) {
      const once = [{ table: 'waybills', column: 'print_data', rows: 1 }];
      expect(cellsContaining(db, text as string), waybillCode).toEqual(once);
      // Its secret alone too: no other layout of the same print data anywhere.
      expect(cellsContaining(db, (JSON.parse(text as string) as { encryptedData: string }).encryptedData), waybillCode).toEqual(once);
      // The component got both layers all the same.
      expect(deliveriesOf(station, waybillCode)).toEqual([[JSON.parse(text as string), expect.objectContaining({ templateURL: customAreaTemplateUrl })]]);
    }
    for (const order of orders) expect(cellsContaining(db, JSON.stringify(order)), order.orderNumber).toEqual([{ table: 'sold_orders', column: 'order_json', rows: 1 }]);
  });

  it('after a restart, sends a label from the store with exactly the layers it had; reprints, previews and packs with the orders as planned, whatever the cache did since', async () => {
    station = await openIssuingTestStation();
    const orders = await station.issuable(2);
    await station.emulator.setFault({ kind: 'paper-out', count: 2 });
    const jobId = await station.issueAndPrint(numbers(orders), { customAreaTemplateUrl });
    expect((await station.engine.job(jobId))?.labels).toMatchObject({ failed: 2 });
    const waybillOf = new Map((await station.engine.jobOrders(jobId)).map((row) => [row.orderNumber, row.waybillCode as string]));
    const codes = orders.map((order) => waybillOf.get(order.orderNumber) as string);
    const first = new Map(codes.map((code) => [code, deliveriesOf(station as IssuingTestStation, code)[0]]));
    expect([...first.values()].every((contents) => contents?.length === 2)).toBe(true);

    // The cache changes one order (a new remark) and forgets the other (a complete fetch no longer lists it).
    const [changed, forgotten] = orders as [SoldOrder, SoldOrder];
    const shopId = station.bench.sandbox.shopId;
    const at = Date.now();
    await station.backend.write.orders.storePage(shopId, [{ ...changed, remark: 'changed after planning' }], at);
    await station.backend.write.orders.removeUnseen(shopId, at);
    expect(await station.backend.read.orders.orders(shopId, [forgotten.orderNumber])).toEqual([]);

    await station.restart();
    // The failed labels come back from the print queue's store; asked again, each is sent as it was.
    const failed = station.queue.documents().filter((document) => document.state === 'failed');
    expect(failed.map((document) => document.documentId).sort()).toEqual([...codes].sort());
    expect((await station.queue.retry(failed.map((document) => document.id))).requeued).toHaveLength(2);
    await waitFor(() => station?.emulator.printed().length === 2, 'the labels sent again after the restart');
    // The station holds them printed once the component's notices came back: until then a label is still in the queue, and not reprinted.
    await waitFor(() => codes.every((code) => station?.queue.documents().some((document) => document.documentId === code && document.state === 'printed')), 'the station to hold the labels printed');
    for (const code of codes) expect(deliveriesOf(station, code)).toEqual([first.get(code), first.get(code)]);

    // From the history: the same layers again, the custom area from the orders as planned.
    expect((await station.history.reprint({ waybillCodes: codes, confirmAlreadyPrinted: true })).queued).toEqual(codes);
    await waitFor(() => station?.emulator.printed().length === 4, 'the reprints');
    for (const code of codes) expect(deliveriesOf(station, code)).toEqual([first.get(code), first.get(code), first.get(code)]);

    // The preview and the packing slips read the orders as planned too.
    for (const [index, code] of codes.entries()) {
      const preview = await station.backend.read.journal.previewLabel(code);
      expect(preview.kind === 'label' && preview.label.orders).toEqual([orders[index]]);
    }
    const paperwork = createPaperworkSources({ journal: station.backend.read.paperwork, shopId: () => shopId, soldOrders: (orderNumbers) => station?.backend.read.orders.orders(shopId, orderNumbers) ?? Promise.resolve([]) });
    expect((await paperwork.packagesOfWaybills(codes)).packages.map((pkg) => pkg.orders)).toEqual([[changed], [forgotten]]);
  });

  it('purges print data by retention leaving none of it in any table; a failed label within retention keeps it, once, and still prints', async () => {
    let clockOffset = 0;
    station = await openIssuingTestStation({ historyClockOffsetMs: () => clockOffset });
    await station.emulator.setFault({ kind: 'paper-out', count: 1 });
    const jobId = await station.issueAndPrint(numbers(await station.issuable(2)), { customAreaTemplateUrl });
    expect((await station.engine.job(jobId))?.labels).toMatchObject({ printed: 1, failed: 1 });
    const { db } = station.bench;
    const printData = storedPrintData(db);
    const [failed] = station.queue.documents().filter((document) => document.state === 'failed');
    const failedCode = failed?.documentId as string;
    const printedCode = [...printData.keys()].find((code) => code !== failedCode) as string;
    const secretOf = (code: string) => (JSON.parse(printData.get(code) as string) as { encryptedData: string }).encryptedData;

    // Both waybills were recorded long ago; the label failed just now and may still be retried.
    db.prepare('UPDATE waybills SET recorded_at = 0').run();
    expect(await station.history.purgePrintData(30)).toEqual({ waybills: 1, printDocuments: 0 });
    expect(cellsContaining(db, secretOf(printedCode))).toEqual([]);
    expect(cellsContaining(db, secretOf(failedCode))).toEqual([{ table: 'waybills', column: 'print_data', rows: 1 }]);
    expect((await station.queue.retry([failed?.id as string])).requeued).toHaveLength(1);
    await waitFor(() => station?.emulator.printed().length === 2, 'the failed label, retried');
    const [sentFirst, sentAgain] = deliveriesOf(station, failedCode);
    expect(sentAgain).toEqual(sentFirst);

    clockOffset = 31 * DAY_MS;
    expect(await station.history.purgePrintData(30)).toEqual({ waybills: 1, printDocuments: 0 });
    for (const code of printData.keys()) {
      expect(cellsContaining(db, printData.get(code) as string), code).toEqual([]);
      expect(cellsContaining(db, secretOf(code)), code).toEqual([]);
    }
    expect(db.prepare('SELECT COUNT(*) FROM print_documents WHERE own_layers_json IS NOT NULL').pluck().get()).toBe(0);
    expect(db.prepare("SELECT COUNT(*) FROM waybills WHERE print_data_state = 'purged'").pluck().get()).toBe(2);
  });
});
