import { beforeEach, describe, expect, it } from 'vitest';
import { createSharedHistory, type SharedHistory, type SharedWaybillRecord } from './shared-history';
import { useSharedTestDesks } from './testing/use-shared-test-desks';

const rig = useSharedTestDesks();

const gateway = { baseUrl: 'https://gw.example', shopId: 'shop-1' };
const day = Date.UTC(2025, 5, 1, 2, 0, 0);
const waybill = (code: string, orderNumbers: string[], minutes: number, extra: Partial<SharedWaybillRecord> = {}): SharedWaybillRecord => ({
  waybillCode: code,
  parentWaybillCode: null,
  orderNumbers,
  carrierCode: 'YTO',
  branchCode: 'B1',
  issuedAt: day + minutes * 60_000,
  printDataText: JSON.stringify({ label: code }),
  ...extra,
});

let desk1: SharedHistory;
let desk2: SharedHistory;
beforeEach(async () => {
  desk1 = createSharedHistory(await rig.desks.join('desk-1', 'Desk 1'));
  desk2 = createSharedHistory(await rig.desks.join('desk-2', 'Desk 2'));
});

describe('the shared history across desks (real PostgreSQL)', () => {
  it('records each waybill once however often it is sent, and finds it from any desk by order or waybill, desk, carrier and time, page by page', async () => {
    expect(await desk1.recordWaybills(gateway, 'job-1', [waybill('YT1', ['T1'], 1), waybill('YT2', ['T2', 'T3'], 2)])).toBe(2);
    // Sent again after an outage, together with a new one: only the new one is added.
    expect(await desk1.recordWaybills(gateway, 'job-1', [waybill('YT1', ['T1'], 1, { printDataText: JSON.stringify({ label: 'changed' }) }), waybill('YT3', ['T4'], 3)])).toBe(1);
    expect(await desk2.recordWaybills(gateway, 'job-9', [waybill('ZT1', ['T10'], 4, { carrierCode: 'ZTO', parentWaybillCode: 'ZT0' })])).toBe(1);
    expect(await desk2.recordWaybills({ ...gateway, shopId: 'shop-2' }, 'job-8', [waybill('YT1', ['T1'], 5)])).toBe(1);

    const all = await desk2.search({ gateway });
    expect(all.total).toBe(5);
    expect(all.rows.map((row) => [row.orderNumber, row.waybillCode, row.deskName])).toEqual([
      ['T10', 'ZT1', 'Desk 2'],
      ['T4', 'YT3', 'Desk 1'],
      ['T2', 'YT2', 'Desk 1'],
      ['T3', 'YT2', 'Desk 1'],
      ['T1', 'YT1', 'Desk 1'],
    ]);
    expect(all.rows[4]).toEqual({
      orderNumber: 'T1',
      waybillCode: 'YT1',
      parentWaybillCode: null,
      carrierCode: 'YTO',
      branchCode: 'B1',
      gateway,
      deskId: 'desk-1',
      deskName: 'Desk 1',
      jobId: 'job-1',
      at: day + 60_000,
      printData: 'present',
      voided: false,
      voidNote: '',
      prints: [],
    });
    expect((await desk2.search({})).total).toBe(6);
    expect((await desk2.search({ text: 'T1' })).rows.map((row) => row.orderNumber)).toEqual(['T1', 'T10', 'T1']);
    expect((await desk2.search({ text: 'YT2', gateway })).rows.map((row) => row.orderNumber)).toEqual(['T2', 'T3']);
    expect((await desk2.search({ text: 'ZT0' })).rows.map((row) => row.waybillCode)).toEqual(['ZT1']);
    expect((await desk2.search({ text: '%' })).total).toBe(0);
    expect((await desk1.search({ deskId: 'desk-2', gateway })).rows.map((row) => row.waybillCode)).toEqual(['ZT1']);
    expect((await desk1.search({ carrierCode: 'ZTO' })).total).toBe(1);
    expect((await desk1.search({ from: day + 2 * 60_000, to: day + 3 * 60_000 })).rows.map((row) => row.orderNumber)).toEqual(['T4', 'T2', 'T3']);
    const page = await desk1.search({ gateway, limit: 2, offset: 2 });
    expect(page).toMatchObject({ total: 5 });
    expect(page.rows.map((row) => row.orderNumber)).toEqual(['T2', 'T3']);
  });

  it('gives another desk the print data for a reprint, shares void marks, and purges old print data', async () => {
    await desk1.recordWaybills(gateway, 'job-1', [waybill('YT1', ['T1', 'T2'], 1), waybill('YT2', ['T3'], 60), waybill('YT3', ['T4'], 61, { printDataText: null })]);
    expect(await desk2.printData(gateway.baseUrl, 'YT1')).toEqual({
      gateway,
      printData: { label: 'YT1' },
      printDataState: 'present',
      voided: false,
      orderNumbers: ['T1', 'T2'],
      carrierCode: 'YTO',
      deskId: 'desk-1',
      jobId: 'job-1',
      prints: [],
    });
    expect(await desk2.printData('https://other.example', 'YT1')).toBeUndefined();
    expect(await desk2.printData(gateway.baseUrl, 'YT3')).toMatchObject({ printData: null, printDataState: 'purged' });

    expect(await desk2.setVoid(gateway, ['YT1', 'NOPE'], day + 5_000_000, 'cancelled by buyer')).toBe(1);
    expect(await desk1.printData(gateway.baseUrl, 'YT1')).toMatchObject({ voided: true });
    expect((await desk1.search({ text: 'T1' })).rows[0]).toMatchObject({ voided: true, voidNote: 'cancelled by buyer' });
    expect(await desk1.setVoid(gateway, ['YT1'], null, '')).toBe(1);
    expect((await desk1.search({ text: 'T1' })).rows[0]).toMatchObject({ voided: false, voidNote: '' });

    expect(await desk2.purgePrintData(day + 30 * 60_000)).toBe(1);
    expect(await desk2.purgePrintData(day + 30 * 60_000)).toBe(0);
    expect(await desk2.printData(gateway.baseUrl, 'YT1')).toMatchObject({ printData: null, printDataState: 'purged' });
    expect(await desk2.printData(gateway.baseUrl, 'YT2')).toMatchObject({ printData: { label: 'YT2' }, printDataState: 'present' });
    expect((await desk1.search({ text: 'T1' })).rows[0]?.printData).toBe('purged');
    // Recorded again after the purge (a desk resending): the waybill stays once, its data stays purged.
    expect(await desk1.recordWaybills(gateway, 'job-1', [waybill('YT1', ['T1', 'T2'], 1)])).toBe(0);
    expect(await desk2.printData(gateway.baseUrl, 'YT1')).toMatchObject({ printDataState: 'purged' });
  });

  it('counts each desk’s label prints once however often they are sent, names the desk and the time, and finds a waybill of a second shop under its own shop', async () => {
    const secondShop = { ...gateway, shopId: 'shop-2' };
    await desk1.recordWaybills(gateway, 'job-1', [waybill('YT1', ['T1'], 1)]);
    await desk1.recordWaybills(secondShop, 'job-2', [waybill('YT7', ['S7'], 2)]);
    const print = (printId: string, code: string, minutes: number, shop = gateway) => ({ printId, gateway: shop, waybillCode: code, printedAt: day + minutes * 60_000 });
    expect(await desk1.recordPrints([print('p-1', 'YT1', 3), print('p-2', 'YT1', 4)])).toBe(2);
    // Sent again after an outage, with a print of a waybill the shared history lacks (a test print): only the new one of a known waybill counts.
    expect(await desk1.recordPrints([print('p-1', 'YT1', 3), print('p-3', 'NOPE', 5)])).toBe(0);
    // Desk 2 reprints the second shop's waybill from the first shop's view: it goes to the waybill's own shop.
    expect(await desk2.recordPrints([print('p-1', 'YT7', 9)])).toBe(1);

    expect((await desk2.search({ text: 'T1' })).rows[0]?.prints).toEqual([{ deskId: 'desk-1', deskName: 'Desk 1', count: 2, lastAt: day + 4 * 60_000 }]);
    const second = await desk1.printData(gateway.baseUrl, 'YT7');
    expect(second).toMatchObject({ gateway: secondShop, orderNumbers: ['S7'], prints: [{ deskId: 'desk-2', deskName: 'Desk 2', count: 1, lastAt: day + 9 * 60_000 }] });
    await desk1.recordPrints([print('p-4', 'YT7', 10, secondShop)]);
    expect((await desk2.printData(gateway.baseUrl, 'YT7'))?.prints.map((desk) => [desk.deskName, desk.count])).toEqual([
      ['Desk 1', 1],
      ['Desk 2', 1],
    ]);
  });
});
