import { chinaDayOf } from '../../../shared/time/china-time';
import type { StationDatabase } from './open-station-database';
import { commitWithoutOwnSync } from './commit-without-own-sync';
import type { CostReader, CostWriter } from '../station-backend';
import type { CostTotals } from '../station-records';

/**
 * The cost ledger on the station database (table gateway_call_costs): every answered gateway call
 * is one row, so totals survive restarts and the day boundary is China's midnight, not the computer's.
 */
export function createLocalCostLedger(db: StationDatabase): { read: CostReader; write: CostWriter } {
  const statements = {
    insert: db.prepare('INSERT INTO gateway_call_costs (endpoint, points, job_id, shop_id, at, china_day) VALUES (@endpoint, @points, @jobId, @shopId, @at, @chinaDay)'),
    byJob: db.prepare('SELECT COUNT(*) AS calls, COALESCE(SUM(points), 0) AS points FROM gateway_call_costs WHERE job_id = ?'),
    byDay: db.prepare('SELECT COUNT(*) AS calls, COALESCE(SUM(points), 0) AS points FROM gateway_call_costs WHERE china_day = ?'),
    byDayAndShop: db.prepare('SELECT shop_id AS shopId, COUNT(*) AS calls, COALESCE(SUM(points), 0) AS points FROM gateway_call_costs WHERE china_day = ? GROUP BY shop_id ORDER BY shop_id'),
    byDayAndEndpoint: db.prepare(
      'SELECT endpoint, COUNT(*) AS calls, COALESCE(SUM(points), 0) AS points FROM gateway_call_costs WHERE china_day = ? GROUP BY endpoint ORDER BY endpoint',
    ),
    lastIssuePoints: db.prepare("SELECT points FROM gateway_call_costs WHERE endpoint = 'issue' ORDER BY id DESC LIMIT 1"),
    lastPoints: db.prepare('SELECT points FROM gateway_call_costs ORDER BY id DESC LIMIT 1'),
  };
  const pointsOf = (row: { points: number } | undefined): number | null => (row ? row.points : null);

  return {
    read: {
      totalForJob: async (jobId) => statements.byJob.get(jobId) as CostTotals,
      totalForChinaDay: async (day) => statements.byDay.get(day) as CostTotals,
      shopTotalsForChinaDay: async (day) => statements.byDayAndShop.all(day) as Array<CostTotals & { shopId: string }>,
      endpointTotalsForChinaDay: async (day) => statements.byDayAndEndpoint.all(day) as Array<CostTotals & { endpoint: string }>,
      lastIssueCallPoints: async () => pointsOf(statements.lastIssuePoints.get() as { points: number } | undefined),
      lastCallPoints: async () => pointsOf(statements.lastPoints.get() as { points: number } | undefined),
    },
    write: {
      async record(cost) {
        // Without an fsync of its own: the call's own next step commits durably right after (the issue answer, the
        // look-up, the refresh's end) and takes this row to the disk with it; a page's call no longer waits for the disk.
        commitWithoutOwnSync(db, () => statements.insert.run({ ...cost, chinaDay: chinaDayOf(cost.at) }));
      },
    },
  };
}
