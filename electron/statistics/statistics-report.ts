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

/** The figures of a row without its keys. */
export function figuresOf(row: StatisticsFigures): StatisticsFigures {
  return Object.fromEntries(statisticsFigureNames.map((name) => [name, row[name]])) as unknown as StatisticsFigures;
}

function sum(rows: readonly StatisticsFigures[]): StatisticsFigures {
  const total = noFigures();
  for (const row of rows) for (const name of statisticsFigureNames) total[name] += row[name];
  return total;
}

/**
 * The statistics of a range from the store's sums: every period of it (empty ones zero, so a
 * chart's axis has no holes), the totals, each dimension the store groups by (largest first) and
 * the failures per reason. The range is taken in whole hours (the sums' unit).
 */
export async function statisticsReport(reader: StatisticsReader, range: StatisticsRange): Promise<StatisticsReport> {
  const period = periodOf(range);
  const whole = { from: range.from - (range.from % HOUR_MS), to: range.to };
  const byPeriod = new Map((await reader.figures(whole, [period])).map((row) => [Number(row.keys[0]), figuresOf(row)]));
  const periods: StatisticsPeriod[] = periodStarts(range).map((start) => ({ start, ...(byPeriod.get(start) ?? noFigures()) }));
  const groups: StatisticsReport['groups'] = {};
  for (const dimension of reader.dimensions) {
    const rows: StatisticsRow[] = await reader.figures(whole, [dimension]);
    groups[dimension] = rows.map((row) => ({ key: row.keys[0] ?? '', ...figuresOf(row) })).sort((a, b) => b.waybills - a.waybills || b.points - a.points || a.key.localeCompare(b.key));
  }
  return { ...range, period, totals: sum(periods), periods, groups, failuresByReason: await reader.failuresByReason(whole) };
}
