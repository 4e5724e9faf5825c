import { chinaDayOf } from '../../shared/time/china-time';
import type { StationDatabase } from '../store/local/open-station-database';

/** One answered gateway call and the points it cost. */
export interface CallCost {
  /** Endpoint id (see shared/gateway/endpoints). */
  endpoint: string;
  /** withholding_money reported by the gateway; 0 when it reported none. */
  points: number;
  /** The job (e.g. an issuing run or a full fetch) the call belonged to, if any. */
  jobId: string | null;
  /** When the answer arrived (epoch ms). */
  at: number;
}

/** Calls and points over some span. */
export interface CostTotals {
  calls: number;
  points: number;
}

/** Points per call, per job and per China day (UTC+8), kept in the station database. */
export interface CostLedger {
  record(cost: CallCost): void;
  /** Totals of one job. */
  totalForJob(jobId: string): CostTotals;
  /** Totals of one China calendar day, `yyyy-MM-dd` (see chinaDayOf). */
  totalForChinaDay(day: string): CostTotals;
  /** Per-endpoint totals of one China calendar day. */
  endpointTotalsForChinaDay(day: string): Array<CostTotals & { endpoint: string }>;
}

/**
 * The cost ledger on the station database: every answered gateway call is one row, so totals
 * survive restarts and the day boundary is China's midnight, not the computer's.
 */
export function createCostLedger(db: StationDatabase): CostLedger {
  const insert = db.prepare(
    'INSERT INTO gateway_call_costs (endpoint, points, job_id, at, china_day) VALUES (@endpoint, @points, @jobId, @at, @chinaDay)',
  );
  const byJob = db.prepare('SELECT COUNT(*) AS calls, COALESCE(SUM(points), 0) AS points FROM gateway_call_costs WHERE job_id = ?');
  const byDay = db.prepare('SELECT COUNT(*) AS calls, COALESCE(SUM(points), 0) AS points FROM gateway_call_costs WHERE china_day = ?');
  const byDayAndEndpoint = db.prepare(
    'SELECT endpoint, COUNT(*) AS calls, COALESCE(SUM(points), 0) AS points FROM gateway_call_costs WHERE china_day = ? GROUP BY endpoint ORDER BY endpoint',
  );

  return {
    record(cost) {
      insert.run({ ...cost, chinaDay: chinaDayOf(cost.at) });
    },
    totalForJob(jobId) {
      return byJob.get(jobId) as CostTotals;
    },
    totalForChinaDay(day) {
      return byDay.get(day) as CostTotals;
    },
    endpointTotalsForChinaDay(day) {
      return byDayAndEndpoint.all(day) as Array<CostTotals & { endpoint: string }>;
    },
  };
}
