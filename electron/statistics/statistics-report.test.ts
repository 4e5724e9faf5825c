import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderParcels } from '../../shared/domain/issuing';
import { shopOrderKey } from '../../shared/domain/shop-order';
import { noFigures, statisticsFigureNames, type StatisticsFigures } from '../../shared/domain/statistics';
import type { DeskEventKind } from '../../shared/domain/verification';
import { chinaDayOf, chinaDayStart, dayMs } from '../../shared/time/china-time';
import { SANDBOX_DEFAULTS } from '../demo/sandbox/index';
import { waitFor } from '../printing/testing/print-test-kit';
import { openIssuingTestStation, type IssuingTestStation } from '../issuing/testing/issuing-test-kit';
import type { WaybillHistory } from '../issuing/waybill-history';
import { exportStatistics } from './statistics-export';
import { branchUsage, periodStarts, statisticsReport } from './statistics-report';

// The statistics of a known set of jobs issued through the sandbox (an order in three parcels,
// a rejected order, a void, two reprints) equal the counts computed from the history line by
// line, and the cost ledger's points; per hour, per day, per shop, carrier and branch alike. The
// orders plans held back equal the plans' own lists, the verification figures the desk events
// counted by kind, the operators' figures the history's lines of their jobs and their audit entries.

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
    heldBack: 0,
    verified: 0,
    mismatches: 0,
    overrides: 0,
    reasons,
  };
}

/** The verification figures counted from the desk events of the range, kind by kind. */
async function countedFromDeskEvents(range: { from: number; to: number }): Promise<Pick<StatisticsFigures, 'verified' | 'mismatches' | 'overrides'>> {
  const counts = await station.backend.read.deskEvents.counts(range.from, range.to);
  const ofKind = (kind: DeskEventKind) => counts.filter((count) => count.kind === kind).reduce((sum, count) => sum + count.count, 0);
  return { verified: ofKind('verification.completed'), mismatches: ofKind('verification.mismatch'), overrides: ofKind('verification.override') };
}

describe('statistics against the history', () => {
  it('counts a known day of work exactly as the history and the cost ledger do', async () => {
    const audit = (id: string, operatorName: string, action: 'issue' | 'reprint' | 'void', facts: { jobId?: string; waybillCodes?: string[] }) =>
      station.backend.write.audit.append({
        id, at: Date.now(), deskId: 'desk', deskName: 'Desk', operatorId: operatorName, operatorName, approvedBy: null, action, outcome: 'done',
        orderNumbers: [], waybillCodes: facts.waybillCodes ?? [], jobId: facts.jobId ?? null, detail: '',
      });
    const orders = await station.issuable(8);
    const [big, ...rest] = orders;
    if (!big) throw new Error('no orders');
    const parcelsByOrder: Record<string, OrderParcels> = { [shopOrderKey({ shopId: SANDBOX_DEFAULTS.shopId, orderNumber: big.orderNumber })]: { count: 3, split: null } };
    // A well-formed order number the platform does not know: the gateway rejects it alone.
    const stranger = { ...(rest[0] as (typeof orders)[number]), orderNumber: '3999999999999999998' };
    await station.bench.backend.write.orders.storePage(station.bench.sandbox.shopId, [stranger], Date.now());
    // An operator starts the job (the audit log names them before its first call, as the operator gate does).
    const plan = await station.engine.plan(station.planRequest([big.orderNumber, ...rest.slice(1).map((order) => order.orderNumber), stranger.orderNumber], { parcelsByOrder }));
    const jobId = plan.jobId;
    await audit('a1', '李娜', 'issue', { jobId });
    await station.engine.start({ jobId });
    await station.engine.settled(jobId);
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

    // Orders a plan holds back by their status, planned twice (never started): each counts once today.
    const held = await station.issuable(3);
    const heldBack = new Set<string>();
    for (const attempt of [1, 2]) {
      const plan = await station.engine.plan(station.planRequest(held.map((order) => order.orderNumber), { heldBackStatuses: [...new Set(held.map((order) => order.orderStatus ?? 0))] }));
      for (const entry of plan.heldBack) heldBack.add(shopOrderKey(entry));
      expect(plan.heldBack, `plan ${attempt}`).toHaveLength(3);
    }

    // Scan-to-verify's desk events: two orders verified, three scans refused, goods counted by hand once.
    const shopId = SANDBOX_DEFAULTS.shopId;
    const mismatch = (orderNumber: string, kind: 'wrong-item' | 'one-too-many') =>
      station.backend.write.deskEvents.record({ kind: 'verification.mismatch', shopId, orderNumber, at: Date.now(), details: { mismatch: kind, barcode: '6901234567892', goodsName: null, goodsSpec: null } });
    await mismatch('V1', 'wrong-item');
    await mismatch('V1', 'one-too-many');
    await mismatch('V2', 'wrong-item');
    await station.backend.write.deskEvents.record({ kind: 'verification.override', shopId, orderNumber: 'V2', at: Date.now(), details: { goodsName: '保温杯', goodsSpec: '', count: 2, reason: 'no barcode' }, operatorName: 'Wang Wei' });
    for (const orderNumber of ['V1', 'V2']) {
      await station.backend.write.deskEvents.record({ kind: 'verification.completed', shopId, orderNumber, at: Date.now(), details: { lines: 1, items: 2, overridden: 0, weightG: null } });
    }

    // Operators: another reprinted the label twice and voided a waybill.
    await audit('a2', 'Wang Wei', 'reprint', { waybillCodes: [reprinted] });
    await audit('a3', 'Wang Wei', 'reprint', { waybillCodes: [reprinted] });
    await audit('a4', 'Wang Wei', 'void', { waybillCodes: [voided] });
    // A refused void counts nothing.
    await station.backend.write.audit.append({
      id: 'a5', at: Date.now(), deskId: 'desk', deskName: 'Desk', operatorId: 'p', operatorName: 'Zhao', approvedBy: null, action: 'void', outcome: 'refused',
      orderNumbers: [], waybillCodes: [reprinted], jobId: null, detail: '',
    });

    const now = Date.now();
    const today = { from: chinaDayStart(now), to: chinaDayStart(now) + dayMs };
    const report = await statisticsReport(station.backend.read.statistics, today);
    const { reasons, ...fromHistory } = await countedFromHistory(station.history, chinaDayOf(now));
    const fromEvents = await countedFromDeskEvents(today);
    const counted = { ...fromHistory, heldBack: heldBack.size, ...fromEvents };
    expect(counted).toMatchObject({ splitParcels: 3, voids: 1, reprints: 2, failures: 1, heldBack: 3, verified: 2, mismatches: 3, overrides: 1 });
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
    // Held-back orders are of their plan's carrier and branch; desk events of none.
    for (const [dimension, key] of [['carrier', 'YTO'], ['branch', '571001']] as const) {
      const [ofJobs, outsideJobs, ...others] = report.groups[dimension] ?? [];
      expect(others).toEqual([]);
      expect(ofJobs).toEqual({ key, ...counted, calls: expect.any(Number), points: expect.any(Number), verified: 0, mismatches: 0, overrides: 0 });
      expect(outsideJobs).toEqual({ key: '', ...noFigures(), calls: counted.calls - (ofJobs?.calls ?? 0), points: counted.points - (ofJobs?.points ?? 0), ...fromEvents });
      expect(ofJobs?.points).toBeGreaterThanOrEqual(job.points);
      expect(outsideJobs?.calls).toBeGreaterThan(0);
    }
    expect(report.groups.desk).toBeUndefined();

    // Per operator: the waybills of the job they started (each printed once), the reprints and voids they asked for.
    const jobLines = (await station.history.search({ limit: 1000 })).rows.filter((row) => row.jobId === jobId && (row.state === 'issued' || row.state === 'recovered'));
    const jobWaybills = new Map(jobLines.map((row) => [row.waybillCode, row.printCount]));
    expect(report.groups.operator).toEqual([
      { key: '李娜', ...noFigures(), waybills: jobWaybills.size, labelsPrinted: [...jobWaybills.values()].filter((printCount) => printCount > 0).length },
      { key: 'Wang Wei', ...noFigures(), labelsPrinted: 2, reprints: 2, voids: 1, overrides: 1 },
    ]);

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

    // The export holds the same figures, in CSV and XLSX alike, headed in the language asked for;
    // then the failures per reason, by code and in words, and the operators' figures.
    const names = { shopName: (shopId: string) => `Shop ${shopId}`, deskName: (deskId: string) => deskId };
    const csv = await exportStatistics(station.backend.read.statistics, { range: today, format: 'csv', language: 'zh-CN' }, names);
    const [figureLines = [], reasonLines = [], operatorLines = [], ...more] = Buffer.from(csv.base64, 'base64')
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n\r\n')
      .map((table) => table.split('\r\n'));
    expect(more).toEqual([]);
    expect(figureLines[0]).toBe('时段,店铺,快递公司,网点,面单,多包裹子单,打印,重打,作废,失败,调用,点数,暂扣订单,验货完成,验货报错,手工计数');
    const figures = (values: StatisticsFigures) => statisticsFigureNames.map((name) => values[name]).join(',');
    const [ofJobs, outsideJobs] = report.groups.carrier ?? [];
    if (!ofJobs || !outsideJobs) throw new Error('no carrier groups');
    expect(figureLines.slice(1).map((line) => line.split(',').slice(1).join(','))).toEqual([`Shop ${SANDBOX_DEFAULTS.shopId},圆通速递,571001,${figures(ofJobs)}`, `Shop ${SANDBOX_DEFAULTS.shopId},,,${figures(outsideJobs)}`]);
    expect(reasonLines).toEqual(['错误代码,失败原因,失败', 'gateway.issue-rejected.this-order-only,网关拒绝了该请求中的某个订单：…,1']);
    expect(operatorLines).toEqual([
      '操作员,面单,打印,重打,作废,验货完成,验货报错,手工计数',
      ...(report.groups.operator ?? []).map((operator) => [operator.key, operator.waybills, operator.labelsPrinted, operator.reprints, operator.voids, operator.verified, operator.mismatches, operator.overrides].join(',')),
    ]);
    expect(csv).toMatchObject({ lines: 2, fileName: `statistics-${chinaDayOf(now)}-${chinaDayOf(now)}.csv` });
    const xlsx = await exportStatistics(station.backend.read.statistics, { range: today, format: 'xlsx', language: 'en' }, names);
    expect(xlsx.fileName).toMatch(/\.xlsx$/);
    // An XLSX file is a zip archive.
    expect(Buffer.from(xlsx.base64, 'base64').subarray(0, 2).toString()).toBe('PK');
    expect(xlsx.lines).toBe(2);
  });
});
