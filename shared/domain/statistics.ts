/**
 * The statistics screen's figures: what the desk (or, in shared mode, the account) issued,
 * printed, voided and spent over a range, per day or hour and per shop, carrier, branch and desk.
 * Every figure is counted from the same rows the history shows and the cost ledger records.
 */

/**
 * What figures may be grouped by besides time. `desk` is the shared mode's (a desk alone is one).
 * `operator` is counted from the audit log (who started the job, who reprinted, who voided), so
 * it is a grouping of its own, never crossed with the others.
 */
export const statisticsDimensions = ['shop', 'carrier', 'branch', 'desk', 'operator'] as const;
export type StatisticsDimension = (typeof statisticsDimensions)[number];

/** One group's figures. */
export interface StatisticsFigures {
  /** Waybills this desk (or the account) issued, one per parcel; another desk's found by a query are not counted twice. */
  waybills: number;
  /** Of them, parcels of orders shipped in several parcels. */
  splitParcels: number;
  /** Labels printed (every print, first ones and reprints). */
  labelsPrinted: number;
  /** Prints of a label after its first. */
  reprints: number;
  /** Waybills marked void. */
  voids: number;
  /** Orders that failed and were not issued since. */
  failures: number;
  /** Answered gateway calls and the points the gateway reported for them (the cost ledger). */
  calls: number;
  points: number;
  /** Orders a plan held back by their status (Settings), each once a China day. */
  heldBack: number;
  /** Orders scan-to-verify released complete; scans it refused (a wrong item, one too many, …); goods lines counted by hand. */
  verified: number;
  mismatches: number;
  overrides: number;
}

/** Figures of one period (its start, epoch ms) or one dimension value (`key`). */
export type StatisticsPeriod = StatisticsFigures & { start: number };
export type StatisticsGroup = StatisticsFigures & { key: string };

/** A range of time, epoch ms, `from` inclusive, `to` exclusive; the periods are hours when it is one China day or less, else days. */
export interface StatisticsRange {
  from: number;
  to: number;
}

/** The statistics of a range. */
export interface StatisticsReport extends StatisticsRange {
  period: 'hour' | 'day';
  totals: StatisticsFigures;
  /** Every period of the range, oldest first (empty ones with zeros, so a chart's axis has no holes). */
  periods: StatisticsPeriod[];
  /** Per dimension, largest waybill count first; `desk` only in shared mode, `operator` only once operators acted. */
  groups: Partial<Record<StatisticsDimension, StatisticsGroup[]>>;
  /** Failed orders per reason (an error code), most first. */
  failuresByReason: { reason: string; failures: number }[];
}

/** The longest range the statistics sum over at once (a bit over a year). */
export const STATISTICS_MAX_DAYS = 400;

/** Figures all zero. */
export function noFigures(): StatisticsFigures {
  return { waybills: 0, splitParcels: 0, labelsPrinted: 0, reprints: 0, voids: 0, failures: 0, calls: 0, points: 0, heldBack: 0, verified: 0, mismatches: 0, overrides: 0 };
}

/** The figure names, in the order tables and exports show them. */
export const statisticsFigureNames = ['waybills', 'splitParcels', 'labelsPrinted', 'reprints', 'voids', 'failures', 'calls', 'points', 'heldBack', 'verified', 'mismatches', 'overrides'] as const satisfies readonly (keyof StatisticsFigures)[];
