import type { StatisticsDimension, StatisticsFigures, StatisticsGroup, StatisticsReport } from '../../../shared/domain/statistics';
import type { ChartOption } from './echarts-setup';

/** The words a chart needs, in the UI's language. */
export interface ChartWords {
  figure(name: keyof StatisticsFigures): string;
  period(start: number): string;
  key(dimension: StatisticsDimension, key: string): string;
}

/**
 * Waybills and points per period: bars per day, or a line per hour (today), points on their own
 * axis; the tooltip shows both numbers of the period hovered.
 */
export function perPeriodOption(report: StatisticsReport, words: ChartWords): ChartOption {
  const type = report.period === 'hour' ? 'line' : 'bar';
  return {
    aria: { enabled: true },
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 48, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: report.periods.map((period) => words.period(period.start)) },
    yAxis: [
      { type: 'value', name: words.figure('waybills'), minInterval: 1 },
      { type: 'value', name: words.figure('points'), minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      { name: words.figure('waybills'), type, data: report.periods.map((period) => period.waybills) },
      { name: words.figure('points'), type, yAxisIndex: 1, data: report.periods.map((period) => period.points) },
    ],
  };
}

/** Waybills per value of a dimension as a pie, the count and share one hover away. */
export function byGroupOption(groups: readonly StatisticsGroup[], dimension: StatisticsDimension, words: ChartWords): ChartOption {
  return {
    aria: { enabled: true },
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        name: words.figure('waybills'),
        type: 'pie',
        radius: ['35%', '65%'],
        label: { formatter: '{b}: {c}' },
        data: groups.filter((group) => group.waybills > 0).map((group) => ({ name: words.key(dimension, group.key), value: group.waybills })),
      },
    ],
  };
}

/** Scan-to-verify per period: orders verified and mismatches caught (bars), goods counted by hand beside them. */
export function verificationOption(report: StatisticsReport, words: ChartWords): ChartOption {
  const figures = ['verified', 'mismatches', 'overrides'] as const;
  return {
    aria: { enabled: true },
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 24, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: report.periods.map((period) => words.period(period.start)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: figures.map((name) => ({ name: words.figure(name), type: 'bar', data: report.periods.map((period) => period[name]) })),
  };
}
