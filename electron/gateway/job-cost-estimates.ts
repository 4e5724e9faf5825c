import type { CostReader } from '../store/station-backend';
import { chinaDayOf } from '../../shared/time/china-time';
import { estimateCost, jobPrices, plannedJobCalls, SCAN_CALLS, type CostEstimate, type JobPrices } from '../../shared/issuing/cost-estimate';

/** The cost ledger's questions the estimates ask. */
export type EstimateCosts = Pick<CostReader, 'endpointTotalsForChinaDay' | 'lastIssueCallPoints' | 'lastCallPoints'>;

/** How many plans' estimates are kept for their summaries: far more than a desk has open at once, bounded so a long day cannot grow it. */
const KEPT_ESTIMATES = 500;

/** The estimates of jobs and scans, priced per endpoint from the cost ledger; a plan's estimate kept for its job's summary. */
export interface JobCostEstimates {
  /** The estimate of a planned job's calls, remembered under its id. */
  ofPlan(plan: { jobId: string; calls: number; checkCalls: number; networkInfoCalls: number }): Promise<CostEstimate>;
  /** The estimate a job's plan showed; null for a job planned before this station started. */
  shownFor(jobId: string): CostEstimate | null;
  /** What one scan in scan-to-print costs. */
  ofScan(): Promise<CostEstimate>;
}

/** Creates the estimates over the cost ledger; `now` for the China day whose prices count. */
export function createJobCostEstimates(costs: EstimateCosts, now: () => number = Date.now): JobCostEstimates {
  // Kept in memory: the journal's job records are the store's, and the estimate is the plan's words, not a booking.
  const shown = new Map<string, CostEstimate>();
  const prices = async (): Promise<JobPrices> =>
    jobPrices(await costs.endpointTotalsForChinaDay(chinaDayOf(now())), { issue: await costs.lastIssueCallPoints(), anyCall: await costs.lastCallPoints() });
  return {
    async ofPlan(plan) {
      const estimate = estimateCost(plannedJobCalls(plan), await prices());
      shown.set(plan.jobId, estimate);
      for (const oldest of shown.keys()) {
        if (shown.size <= KEPT_ESTIMATES) break;
        shown.delete(oldest);
      }
      return estimate;
    },
    shownFor: (jobId) => shown.get(jobId) ?? null,
    ofScan: async () => estimateCost(SCAN_CALLS, await prices()),
  };
}
