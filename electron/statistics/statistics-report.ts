import type { BranchUsage } from '../../shared/domain/balance-forecast';
import { noFigures, statisticsFigureNames, type StatisticsFigures, type StatisticsPeriod, type StatisticsRange, type StatisticsReport } from '../../shared/domain/statistics';
import { chinaDayStart, dayMs } from '../../shared/time/china-time';
import type { StatisticsReader, StatisticsRow } from '../store/station-backend';

const HOUR_MS = 3_600_000;

/** Whether a range is summed per hour (one China day or less) or per day. */
export function periodOf(range: StatisticsRange): 'hour' | 'day' {
  return range.to - range.from <= dayMs ? 'hour' : 'day';
}

/** The starts of every period of the range, oldest first (a day's start is China's midnight). */
export function periodStarts(range: StatisticsRange): number[] {
  const hourly = periodOf(range) === 'hour';
  const step = hourly ? HOUR_MS : dayMs;
  const starts: number[] = [];
  for (let start = hourly ? range.from - (range.from % HOUR_MS) : chinaDayStart(range.from); start < range.to; start += step) starts.push(start);
  return starts;
}

function sum(rows: readonly StatisticsFigures[]): StatisticsFigures {
  const total = noFigures();
  for (const row of rows) for (const name of statisticsFigureNames) total[name] += row[name];
  return total;
}

/** Adds a row's figures into the figures kept under `key`. */
function addInto<K>(sums: Map<K, StatisticsFigures>, key: K, row: StatisticsFigures): void {
  let sum = sums.get(key);
  if (!sum) sums.set(key, (sum = noFigures()));
  for (const name of statisticsFigureNames) sum[name] += row[name];
}

/**
 * The statistics of a range from the store's sums: every period of it (empty ones zero, so a
 * chart's axis has no holes), the totals, each dimension the store groups by (largest first) and
 * the failures per reason; per operator once operators acted. One grouped read (period × every dimension, a few thousand rows for a
 * year) is shared out here, so a year costs one pass over the sums. The range is taken in whole
 * hours (the sums' unit).
 */
export async function statisticsReport(reader: StatisticsReader, range: StatisticsRange): Promise<StatisticsReport> {
  const period = periodOf(range);
  const whole = { from: range.from - (range.from % HOUR_MS), to: range.to };
  const rows: StatisticsRow[] = await reader.figures(whole, [period, ...reader.dimensions]);
  const byPeriod = new Map<number, StatisticsFigures>();
  const byDimension = reader.dimensions.map(() => new Map<string, StatisticsFigures>());
  for (const row of rows) {
    addInto(byPeriod, Number(row.keys[0]), row);
    byDimension.forEach((sums, index) => addInto(sums, row.keys[index + 1] ?? '', row));
  }
  const periods: StatisticsPeriod[] = periodStarts(range).map((start) => ({ start, ...(byPeriod.get(start) ?? noFigures()) }));
  const groups: StatisticsReport['groups'] = {};
  reader.dimensions.forEach((dimension, index) => {
    groups[dimension] = [...(byDimension[index] ?? new Map<string, StatisticsFigures>())]
      .map(([key, figures]) => ({ key, ...figures }))
      .sort((a, b) => b.waybills - a.waybills || b.points - a.points || a.key.localeCompare(b.key));
  });
  // Operators are counted from the audit log, a grouping of their own (shown once operators acted).
  const operators = await reader.operators(whole);
  if (operators.length > 0) groups.operator = operators;
  return { ...range, period, totals: sum(periods), periods, groups, failuresByReason: await reader.failuresByReason(whole) };
}

/** Waybills each carrier's branch used over the seven China days before today, and today so far (the balance forecast's pace). */
export async function branchUsage(reader: StatisticsReader, now: number): Promise<BranchUsage[]> {
  const today = chinaDayStart(now);
  const usage = new Map<string, BranchUsage>();
  const add = async (range: StatisticsRange, field: 'lastSevenDays' | 'today') => {
    for (const row of await reader.figures(range, ['carrier', 'branch'])) {
      const [carrierCode = '', branchCode = ''] = row.keys;
      if (carrierCode === '' || row.waybills === 0) continue;
      const key = `${carrierCode}\n${branchCode}`;
      const entry = usage.get(key) ?? { carrierCode, branchCode, lastSevenDays: 0, today: 0 };
      entry[field] += row.waybills;
      usage.set(key, entry);
    }
  };
  await add({ from: today - 7 * dayMs, to: today }, 'lastSevenDays');
  await add({ from: today, to: today + dayMs }, 'today');
  return [...usage.values()];
}
