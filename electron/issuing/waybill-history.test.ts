import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../printing/testing/print-test-kit';
import { shipmentCsv } from './waybill-csv';
import { openIssuingTestStation } from './testing/issuing-test-kit';
import type { IssuingTestStation } from './testing/issuing-test-kit';

let station: IssuingTestStation | null = null;
afterEach(async () => {
  await station?.close();
  station = null;
});

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the shipment CSV', () => {
  it('is UTF-8 with BOM, CRLF, a Chinese header, carrier names, and quotes what needs quoting', () => {
    const text = shipmentCsv([
      { orderNumber: '3123456789012345678', carrierCode: 'YTO', waybillCode: 'YT1234567890123' },
      { orderNumber: '240115-123456789012345', carrierCode: 'NEWCO', waybillCode: 'N,1' },
      { orderNumber: '3123456789012345679', carrierCode: null, waybillCode: '=1+1' },
    ]);
    expect(text).toBe('\uFEFF订单编号,物流公司,运单号\r\n3123456789012345678,圆通速递,YT1234567890123\r\n240115-123456789012345,NEWCO,"N,1"\r\n3123456789012345679,,\'=1+1\r\n');
    expect(Buffer.from(text, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});

describe('the history', () => {
  it('finds orders by number or waybill code, filters by state and date, and exports what ships', async () => {
    station = await openIssuingTestStation();
    const orders = (await station.issuable(6)).map((order) => order.orderNumber);
    const [elsewhereOrder] = orders.slice(5);
    await station.bench.sandbox.markIssuedElsewhere([elsewhereOrder as string]);
    const jobId = await station.issueAndPrint(orders);
    const summary = await station.engine.summary(jobId);
    const first = summary?.issued[0];
    if (!first) throw new Error('nothing issued');

    const { history } = station;
    expect((await history.search({ text: first.orderNumbers[0] })).rows).toEqual([expect.objectContaining({ orderNumber: first.orderNumbers[0], waybillCode: first.waybillCode, state: 'issued', printState: 'printed', printCount: 1, carrierCode: 'YTO', printData: 'present' })]);
    expect((await history.search({ text: first.waybillCode })).rows.map((row) => row.orderNumber)).toEqual(first.orderNumbers);
    // The order list shows the same journal state, for its local "issued / printed" filters.
    expect((await station.orderCache.list()).rows.find((row) => row.order.orderNumber === first.orderNumbers[0])?.station).toEqual({
      waybill: 'issued', waybillCode: first.waybillCode, parcelWaybills: [], carrierCode: 'YTO', print: 'printed', printCount: 1, voided: false, problem: null,
    });
    expect((await station.orderCache.list()).rows.find((row) => row.order.orderNumber === elsewhereOrder)?.station).toMatchObject({ waybill: 'issued-elsewhere', print: 'not-printed' });
    expect((await history.search({ text: first.waybillCode.slice(0, 6) })).total).toBeGreaterThanOrEqual(1);
    expect((await history.search({ states: ['elsewhere'] })).rows).toEqual([expect.objectContaining({ orderNumber: elsewhereOrder, printState: 'not-printed', carrierCode: null })]);
    expect((await history.search({ states: ['printed'] })).total).toBe(5);
    expect((await history.search({ from: Date.now() + DAY_MS })).total).toBe(0);
    expect((await history.search({ to: Date.now() + DAY_MS })).total).toBe(6);

    await history.setVoid({ waybillCodes: [first.waybillCode], voided: true, note: 'parcel lost' });
    expect((await history.search({ states: ['voided'] })).rows).toEqual([expect.objectContaining({ waybillCode: first.waybillCode, voided: true, voidNote: 'parcel lost' })]);
    const csv = await history.exportCsv({});
    expect(csv.fileName).toMatch(/^waybills-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.lines).toBe(4);
    const lines = csv.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('订单编号,物流公司,运单号');
    const expected = (summary?.issued ?? []).filter((entry) => entry.waybillCode !== first.waybillCode).map((entry) => `${entry.orderNumbers[0]},圆通速递,${entry.waybillCode}`);
    expect(lines.slice(1).sort()).toEqual(expected.sort());
    // Filters narrow the export; an issued-elsewhere waybill never ships from here.
    expect((await history.exportCsv({ text: expected[0]?.split(',')[0] })).lines).toBe(1);
    expect((await history.exportCsv({ states: ['elsewhere'] })).lines).toBe(0);
  });

  it('reprints from stored print data only after confirmation for a label already printed; never issues', async () => {
    station = await openIssuingTestStation();
    const orders = (await station.issuable(3)).map((order) => order.orderNumber);
    const elsewhereOrder = orders[2] as string;
    const [elsewhere] = await station.bench.sandbox.markIssuedElsewhere([elsewhereOrder]);
    const jobId = await station.issueAndPrint(orders);
    const [printedCode, otherCode] = ((await station.engine.summary(jobId))?.issued ?? []).map((entry) => entry.waybillCode);
    const issueCalls = () => station?.bench.sandbox.calls().filter((call) => call.endpoint === 'issue').length;
    const callsBefore = issueCalls();
    const { history } = station;

    const asked = await history.reprint({ waybillCodes: [printedCode as string], confirmAlreadyPrinted: false });
    expect(asked).toEqual({ queued: [], needsConfirmation: [{ waybillCode: printedCode, printCount: 1, printedAtDesks: [] }], refused: [] });
    expect(station.emulator.printed()).toHaveLength(2);

    const confirmed = await history.reprint({ waybillCodes: [printedCode as string], confirmAlreadyPrinted: true });
    expect(confirmed.queued).toEqual([printedCode]);
    await waitFor(async () => (await history.search({ text: printedCode })).rows[0]?.printCount === 2, 'the reprint');
    expect((await history.search({ text: printedCode })).rows[0]).toMatchObject({ printCount: 2, printState: 'printed' });
    expect(station.emulator.printed()).toHaveLength(3);

    // An issued-elsewhere label prints only through this explicit request, and was never printed: no question.
    const fromElsewhere = await history.reprint({ waybillCodes: [elsewhere?.waybillCode as string], confirmAlreadyPrinted: false });
    expect(fromElsewhere.queued).toEqual([elsewhere?.waybillCode]);
    await waitFor(() => station?.emulator.printed().length === 4, 'the issued-elsewhere label');

    await history.setVoid({ waybillCodes: [otherCode as string], voided: true });
    expect((await history.reprint({ waybillCodes: [otherCode as string, 'NO-SUCH'], confirmAlreadyPrinted: true })).refused).toEqual([
      { waybillCode: otherCode, reason: 'voided' },
      { waybillCode: 'NO-SUCH', reason: 'unknown-waybill' },
    ]);
    expect(issueCalls()).toBe(callsBefore);
    expect(station.bench.sandbox.issuedWaybills()).toHaveLength(3);
  });

  it('purges stored print data past the retention, keeps the waybill numbers, and can fetch the data again', async () => {
    let clockOffset = 0;
    station = await openIssuingTestStation({ historyClockOffsetMs: () => clockOffset });
    // One label fails (out of paper) and keeps its print data in the print queue; the other prints and drops it.
    await station.emulator.setFault({ kind: 'paper-out', count: 1 });
    const jobId = await station.issueAndPrint((await station.issuable(2)).map((order) => order.orderNumber));
    expect((await station.engine.job(jobId))?.labels).toMatchObject({ printed: 1, failed: 1 });
    const codes = ((await station.engine.summary(jobId))?.issued ?? []).map((entry) => entry.waybillCode);
    const { history } = station;

    expect(await history.purgePrintData(30)).toEqual({ waybills: 0, printDocuments: 0 });
    clockOffset = 31 * DAY_MS;
    expect(await history.purgePrintData(30)).toEqual({ waybills: 2, printDocuments: 1 });
    const kept = station.bench.db.prepare('SELECT COUNT(*) AS n FROM print_documents WHERE own_layers_json IS NOT NULL').get() as { n: number };
    expect(kept.n).toBe(0);
    const rows = (await history.search({ states: ['issued'] })).rows;
    expect(rows.map((row) => row.waybillCode).sort()).toEqual([...codes].sort());
    expect(rows.every((row) => row.printData === 'purged')).toBe(true);
    const stored = station.bench.db.prepare("SELECT COUNT(*) AS n FROM waybills WHERE print_data IS NOT NULL").get() as { n: number };
    expect(stored.n).toBe(0);
    expect((await history.reprint({ waybillCodes: [codes[0] as string], confirmAlreadyPrinted: true })).refused).toEqual([{ waybillCode: codes[0], reason: 'print-data-purged' }]);

    const refetched = await history.refetchPrintData(codes);
    expect(refetched.refreshed.sort()).toEqual([...codes].sort());
    expect((await history.reprint({ waybillCodes: [codes[0] as string], confirmAlreadyPrinted: true })).queued).toEqual([codes[0]]);
    await waitFor(() => station?.emulator.printed().length === 2, 'the reprint');
  });
});
