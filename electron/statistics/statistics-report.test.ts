import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderParcels } from '../../shared/domain/issuing';
import { shopOrderKey } from '../../shared/domain/shop-order';
import { noFigures, type StatisticsFigures } from '../../shared/domain/statistics';
import { chinaDayOf, chinaDayStart, dayMs } from '../../shared/time/china-time';
import { SANDBOX_DEFAULTS } from '../demo/sandbox/index';
import { waitFor } from '../printing/testing/print-test-kit';
import { openIssuingTestStation, type IssuingTestStation } from '../issuing/testing/issuing-test-kit';
import type { WaybillHistory } from '../issuing/waybill-history';
import { exportStatistics } from './statistics-export';
import { branchUsage, periodStarts, statisticsReport } from './statistics-report';

// The statistics of a known set of jobs issued through the sandbox (an order in three parcels,
// a rejected order, a void, two reprints) equal the counts computed from the history line by
// line, and the cost ledger's points; per hour, per day, per shop, carrier and branch alike.

let station: IssuingTestStation;
beforeAll(async () => {
  station = await openIssuingTestStation({ sandbox: { orders: 200 } });
});
afterAll(async () => {
  await station.close();
});

/** The figures counted from the history's lines (every page) and the cost ledger, as a person would with the history open. */
async function countedFromHistory(history: WaybillHistory, day: string): Promise<StatisticsFigures & { reasons: Record<string, number> }> {
  const rows = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await history.search({ limit: 1000, offset });
    rows.push(...page.rows);
    if (offset + 1000 >= page.total) break;
  }
  const waybills = new Map(rows.filter((row) => row.waybillCode !== null).map((row) => [row.waybillCode as string, row]));
  const own = [...waybills.values()].filter((row) => row.state === 'issued' || row.state === 'recovered');
  const reasons: Record<string, number> = {};
  for (const row of rows) if (row.state === 'failed') reasons[row.error?.code ?? ''] = (reasons[row.error?.code ?? ''] ?? 0) + 1;
  const costs = await station.backend.read.costs.totalForChinaDay(day);
  return {
    waybills: own.length,
    splitParcels: own.filter((row) => row.parcel !== null).length,
    labelsPrinted: [...waybills.values()].reduce((sum, row) => sum + row.printCount, 0),
    reprints: [...waybills.values()].reduce((sum, row) => sum + Math.max(row.printCount - 1, 0), 0),
    voids: [...waybills.values()].filter((row) => row.voided).length,
    failures: rows.filter((row) => row.state === 'failed').length,
    calls: costs.calls,
    points: costs.points,
    reasons,
  };
}

describe('statistics against the history', () => {
  it('counts a known day of work exactly as the history and the cost ledger do', async () => {
    const orders = await station.issuable(8);
    const [big, ...rest] = orders;
    if (!big) throw new Error('no orders');
    const parcelsByOrder: Record<string, OrderParcels> = { [shopOrderKey({ shopId: SANDBOX_DEFAULTS.shopId, orderNumber: big.orderNumber })]: { count: 3, split: null } };
    // A well-formed order number the platform does not know: the gateway rejects it alone.
    const stranger = { ...(rest[0] as (typeof orders)[number]), orderNumber: '3999999999999999998' };
    await station.bench.backend.write.orders.storePage(station.bench.sandbox.shopId, [stranger], Date.now());
    const jobId = await station.issueAndPrint([big.orderNumber, ...rest.slice(1).map((order) => order.orderNumber), stranger.orderNumber], { parcelsByOrder });
    const summary = await station.engine.summary(jobId);
    const codes = (summary?.issued ?? []).map((entry) => entry.waybillCode);
    expect(codes.length).toBeGreaterThanOrEqual(8);
    expect(summary?.failed).toHaveLength(1);

    // One waybill voided, one label printed twice more.
    const [voided, reprinted] = codes.slice(-2) as [string, string];
    await station.history.setVoid({ waybillCodes: [voided], voided: true, note: 'damaged' });
    for (const printCount of [2, 3]) {
      await station.history.reprint({ waybillCodes: [reprinted], confirmAlreadyPrinted: true });
      await waitFor(async () => (await station.history.search({ text: reprinted })).rows[0]?.printCount === printCount, `print ${printCount} of the label`);
    }

    const now = Date.now();
    const today = { from: chinaDayStart(now), to: chinaDayStart(now) + dayMs };
    const report = await statisticsReport(station.backend.read.statistics, today);
    const { reasons, ...counted } = await countedFromHistory(station.history, chinaDayOf(now));
    expect(counted).toMatchObject({ splitParcels: 3, voids: 1, reprints: 2, failures: 1 });
    expect(report.totals).toEqual(counted);
    expect(report.failuresByReason).toEqual(Object.entries(reasons).map(([reason, failures]) => ({ reason, failures })));
    expect(report.failuresByReason).toEqual([{ reason: 'gateway.issue-rejected.this-order-only', failures: 1 }]);

    // Today is shown per hour, every hour of the day there, the work in the current one.
    expect(report.period).toBe('hour');
    expect(report.periods.map((period) => period.start)).toEqual(periodStarts(today));
    expect(report.periods).toHaveLength(24);
    const hourNow = report.periods.find((period) => period.start <= now && now < period.start + 3_600_000);
    expect(hourNow?.waybills).toBe(counted.waybills);

    // The dimensions share the totals out: one shop; the jobs' carrier and branch, and calls of no job (order refreshes) under none.
    expect(report.groups.shop).toEqual([{ key: SANDBOX_DEFAULTS.shopId, ...counted }]);
    const job = await station.backend.read.costs.totalForJob(jobId);
    for (const [dimension, key] of [['carrier', 'YTO'], ['branch', '571001']] as const) {
      const [ofJobs, outsideJobs, ...others] = report.groups[dimension] ?? [];
      expect(others).toEqual([]);
      expect(ofJobs).toEqual({ key, ...counted, calls: expect.any(Number), points: expect.any(Number) });
      expect(outsideJobs).toEqual({ key: '', ...noFigures(), calls: counted.calls - (ofJobs?.calls ?? 0), points: counted.points - (ofJobs?.points ?? 0) });
      expect(ofJobs?.points).toBeGreaterThanOrEqual(job.points);
      expect(outsideJobs?.calls).toBeGreaterThan(0);
    }
    expect(report.groups.desk).toBeUndefined();

    // A week is per day, today's figures on today.
    const week = await statisticsReport(station.backend.read.statistics, { from: today.from - 6 * dayMs, to: today.to });
    expect(week.period).toBe('day');
    expect(week.periods).toHaveLength(7);
    expect(week.periods.at(-1)).toEqual({ start: today.from, ...counted });
    expect(week.periods.slice(0, 6).every((period) => period.waybills === 0 && period.points === 0)).toBe(true);
    expect(week.totals).toEqual(counted);

    // The balance forecast's pace: today's waybills of the branch, none in the seven days before.
    expect(await branchUsage(station.backend.read.statistics, now)).toEqual([{ carrierCode: 'YTO', branchCode: '571001', lastSevenDays: 0, today: counted.waybills }]);

    // Undoing the void takes it back out of the figures.
    await station.history.setVoid({ waybillCodes: [voided], voided: false });
    expect((await statisticsReport(station.backend.read.statistics, today)).totals).toEqual({ ...counted, voids: 0 });
    await station.history.setVoid({ waybillCodes: [voided], voided: true, note: 'damaged' });

    // The export holds the same figures, in CSV and XLSX alike, headed in the language asked for.
    const names = { shopName: (shopId: string) => `Shop ${shopId}`, deskName: (deskId: string) => deskId };
    const csv = await exportStatistics(station.backend.read.statistics, { range: today, format: 'csv', language: 'zh-CN' }, names);
    const lines = Buffer.from(csv.base64, 'base64').toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('时段,店铺,快递公司,网点,面单,多包裹子单,打印,重打,作废,失败,调用,点数');
    const figures = (values: StatisticsFigures) => [values.waybills, values.splitParcels, values.labelsPrinted, values.reprints, values.voids, values.failures, values.calls, values.points].join(',');
    const [ofJobs, outsideJobs] = report.groups.carrier ?? [];
    if (!ofJobs || !outsideJobs) throw new Error('no carrier groups');
    expect(lines.slice(1).map((line) => line.split(',').slice(1).join(','))).toEqual([`Shop ${SANDBOX_DEFAULTS.shopId},圆通速递,571001,${figures(ofJobs)}`, `Shop ${SANDBOX_DEFAULTS.shopId},,,${figures(outsideJobs)}`]);
    expect(csv).toMatchObject({ lines: 2, fileName: `statistics-${chinaDayOf(now)}-${chinaDayOf(now)}.csv` });
    const xlsx = await exportStatistics(station.backend.read.statistics, { range: today, format: 'xlsx', language: 'en' }, names);
    expect(xlsx.fileName).toMatch(/\.xlsx$/);
    // An XLSX file is a zip archive.
    expect(Buffer.from(xlsx.base64, 'base64').subarray(0, 2).toString()).toBe('PK');
    expect(xlsx.lines).toBe(2);
  });
});
