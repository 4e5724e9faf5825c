import { beforeEach, describe, expect, it } from 'vitest';
import { chinaDayStart, dayMs } from '../../../shared/time/china-time';
import { createSharedHistory, type SharedHistory, type SharedHistoryRow, type SharedWaybillRecord } from './shared-history';
import { createSharedStatistics, type SharedHistoryFigures, type SharedStatistics } from './shared-statistics';
import { useSharedTestDesks } from './testing/use-shared-test-desks';

// Two desks' known jobs (an order in three parcels, a void set and one cleared, reprints at both
// desks, prints sent in batches and late) go into the shared history; the account's statistics
// equal the counts computed from the shared history's own lines, per desk, shop, carrier, hour and day.

const rig = useSharedTestDesks();

const gateway = { baseUrl: 'https://gw.example', shopId: 'shop-1' };
const secondShop = { ...gateway, shopId: 'shop-2' };
const HOUR = 3_600_000;
// 10:00 China time.
const ten = chinaDayStart(Date.UTC(2025, 5, 1, 2, 0, 0)) + 10 * HOUR;
const waybill = (code: string, orderNumbers: string[], minutes: number, extra: Partial<SharedWaybillRecord> = {}): SharedWaybillRecord => ({
  waybillCode: code,
  parentWaybillCode: null,
  orderNumbers,
  carrierCode: 'YTO',
  branchCode: 'B1',
  issuedAt: ten + minutes * 60_000,
  printDataText: JSON.stringify({ label: code }),
  ...extra,
});
const print = (printId: string, code: string, minutes: number, shop = gateway) => ({ printId, gateway: shop, waybillCode: code, printedAt: ten + minutes * 60_000 });

let desk1: SharedHistory;
let desk2: SharedHistory;
let statistics: SharedStatistics;
beforeEach(async () => {
  desk1 = createSharedHistory(await rig.desks.join('desk-1', 'Desk 1'));
  desk2 = createSharedHistory(await rig.desks.join('desk-2', 'Desk 2'));
  statistics = createSharedStatistics(await rig.desks.join('desk-3', 'Desk 3'));
});

/** Every waybill of the shared history once (its lines are one per order), read page by page from a desk. */
async function historyWaybills(): Promise<SharedHistoryRow[]> {
  const rows = new Map<string, SharedHistoryRow>();
  for (let offset = 0; ; offset += 100) {
    const page = await desk2.search({ limit: 100, offset });
    for (const row of page.rows) rows.set(JSON.stringify([row.gateway.shopId, row.waybillCode]), row);
    if (offset + 100 >= page.total) break;
  }
  return [...rows.values()];
}

/** The figures counted from the shared history's waybills, grouped by `keyOf`: a parcel is a waybill whose parent it shares with another. */
function countedBy(rows: readonly SharedHistoryRow[], keyOf: (row: SharedHistoryRow) => string): Map<string, SharedHistoryFigures> {
  const ticketSize = new Map<string, number>();
  const ticketOf = (row: SharedHistoryRow) => JSON.stringify([row.gateway.shopId, row.parentWaybillCode]);
  for (const row of rows) if (row.parentWaybillCode !== null) ticketSize.set(ticketOf(row), (ticketSize.get(ticketOf(row)) ?? 0) + 1);
  const counted = new Map<string, SharedHistoryFigures>();
  for (const row of rows) {
    const figures = counted.get(keyOf(row)) ?? { waybills: 0, splitParcels: 0, labelsPrinted: 0, reprints: 0, voids: 0 };
    const printed = row.prints.reduce((sum, desk) => sum + desk.count, 0);
    figures.waybills += 1;
    figures.splitParcels += row.parentWaybillCode !== null && (ticketSize.get(ticketOf(row)) ?? 0) >= 2 ? 1 : 0;
    figures.labelsPrinted += printed;
    figures.reprints += Math.max(printed - 1, 0);
    figures.voids += row.voided ? 1 : 0;
    counted.set(keyOf(row), figures);
  }
  return counted;
}

const byKey = (rows: readonly (SharedHistoryFigures & { keys: string[] })[]) => new Map(rows.map(({ keys, ...figures }) => [keys.join('|'), figures]));

describe('the account’s statistics over the shared history (real PostgreSQL)', () => {
  it('equal the counts of two desks’ history, parcels, voids and reprints included, however the rows arrive', async () => {
    // Desk 1: an order in three parcels (two sent first, the third after an outage), two single orders.
    await desk1.recordWaybills(gateway, 'job-1', [waybill('YT1', ['T1'], 1, { parentWaybillCode: 'YT1' }), waybill('YT2', ['T1'], 1, { parentWaybillCode: 'YT1' }), waybill('YT3', ['T2'], 2)]);
    await desk1.recordWaybills(gateway, 'job-1', [waybill('YT4', ['T1'], 3, { parentWaybillCode: 'YT1' }), waybill('YT5', ['T3'], 70)]);
    // Sent again: counted once.
    await desk1.recordWaybills(gateway, 'job-1', [waybill('YT3', ['T2'], 2)]);
    // Desk 2: another carrier in the next hour, a waybill of the second shop, one with a parent of its own only (a single parcel).
    await desk2.recordWaybills(gateway, 'job-9', [waybill('ZT1', ['T10'], 65, { carrierCode: 'ZTO', branchCode: null }), waybill('ZT2', ['T11'], 66, { carrierCode: 'ZTO', parentWaybillCode: 'ZT2' })]);
    await desk2.recordWaybills(secondShop, 'job-8', [waybill('YT9', ['S1'], 5)]);

    // Prints: a batch with a reprint in it, a late one printed earlier than one already shared, the other desk reprinting.
    await desk1.recordPrints([print('p-1', 'YT1', 2), print('p-2', 'YT2', 2), print('p-3', 'YT3', 3), print('p-4', 'YT3', 4)]);
    await desk2.recordPrints([print('p-1', 'YT3', 9)]);
    await desk1.recordPrints([print('p-5', 'YT5', 71)]);
    await desk1.recordPrints([print('p-6', 'YT5', 70), print('p-1', 'YT1', 2)]);
    await desk2.recordPrints([print('p-2', 'ZT1', 66), print('p-3', 'YT9', 6, secondShop)]);
    // Voids: one set at the other desk, one set and cleared.
    await desk2.setVoid(gateway, ['YT3'], ten + 20 * 60_000, 'damaged');
    await desk1.setVoid(gateway, ['YT5', 'ZT1'], ten + 80 * 60_000, 'cancelled');
    await desk1.setVoid(gateway, ['YT5'], null, '');
    // Purging print data changes no figure.
    await desk1.purgePrintData(ten + 60 * 60_000);

    const rows = await historyWaybills();
    expect(rows).toHaveLength(8);
    const day = { from: ten - 10 * HOUR, to: ten + 14 * HOUR };
    const total = countedBy(rows, () => '').get('');
    expect(total).toEqual({ waybills: 8, splitParcels: 3, labelsPrinted: 9, reprints: 3, voids: 2 });
    expect(byKey(await statistics.figures(day, []))).toEqual(new Map([['', total]]));

    // Per desk, shop, carrier, branch; per hour and desk; per China day.
    const hourOf = (row: SharedHistoryRow) => String(row.at - (row.at % HOUR));
    const groupings = [
      [['desk'], (row: SharedHistoryRow) => row.deskId],
      [['shop', 'carrier', 'branch'], (row: SharedHistoryRow) => [row.gateway.shopId, row.carrierCode, row.branchCode ?? ''].join('|')],
      [['hour', 'desk'], (row: SharedHistoryRow) => [hourOf(row), row.deskId].join('|')],
      [['day', 'shop'], (row: SharedHistoryRow) => [String(chinaDayStart(row.at)), row.gateway.shopId].join('|')],
    ] as const;
    for (const [grouping, keyOf] of groupings) {
      expect(byKey(await statistics.figures(day, grouping)), grouping.join(', ')).toEqual(countedBy(rows, keyOf));
    }
    // A range is whole hours: the 11 o'clock hour holds desk 2's carrier and desk 1's late waybill.
    expect(byKey(await statistics.figures({ from: ten + HOUR, to: ten + 2 * HOUR }, ['desk']))).toEqual(countedBy(rows.filter((row) => row.at >= ten + HOUR), (row) => row.deskId));
    expect(await statistics.figures({ from: ten + dayMs, to: ten + 2 * dayMs }, ['desk'])).toEqual([]);
  });
});
