import type { GatewayEndpointId } from '../gateway/endpoints';

/** The endpoints a job calls: the network info (its branch and balance), the look-ups of unclear outcomes, the issue calls. */
export const JOB_ENDPOINTS = ['network-info', 'query-issued', 'issue'] as const satisfies readonly GatewayEndpointId[];

/** An endpoint a job calls. */
export type JobEndpoint = (typeof JOB_ENDPOINTS)[number];

/**
 * What one call of an endpoint costs, and where that number comes from: `ledger` when the cost
 * ledger holds what the gateway charged for this endpoint, `assumed` when it holds nothing for it
 * and the price of another endpoint (or 1 point, before any call) stands in.
 */
export interface EndpointPrice {
  points: number;
  source: 'ledger' | 'assumed';
}

/** The price of each endpoint a job calls. */
export type JobPrices = Record<JobEndpoint, EndpointPrice>;

/** One endpoint's part of an estimate. */
export interface CostEstimateLine {
  endpoint: JobEndpoint;
  calls: number;
  pointsPerCall: number;
  points: number;
  source: EndpointPrice['source'];
}

/**
 * The points a job is expected to cost, call by call. `certainty`: `ledger` when every line with
 * calls is priced by what the gateway charged for that endpoint, `assumed` when one is not.
 * The figure is a floor: a rejected order isolated by halving its call, or an answer lost and
 * looked up, makes calls no plan can foresee.
 */
export interface CostEstimate {
  lines: CostEstimateLine[];
  points: number;
  certainty: EndpointPrice['source'];
}

/** Rounds to cents of a point: prices are averages of what the ledger holds, so they may not be whole. */
const roundPoints = (points: number): number => Math.round(points * 100) / 100;

/** The estimate of a job that makes these calls at these prices. */
export function estimateCost(calls: Record<JobEndpoint, number>, prices: JobPrices): CostEstimate {
  const lines = JOB_ENDPOINTS.map((endpoint): CostEstimateLine => {
    const price = prices[endpoint];
    return { endpoint, calls: calls[endpoint], pointsPerCall: price.points, points: roundPoints(calls[endpoint] * price.points), source: price.source };
  });
  const counted = lines.filter((line) => line.calls > 0);
  return {
    lines,
    points: roundPoints(counted.reduce((sum, line) => sum + line.points, 0)),
    certainty: counted.every((line) => line.source === 'ledger') ? 'ledger' : 'assumed',
  };
}

/** The calls of a planned job: the network info call its plan made (none when it reused a recent answer), the look-ups it starts with, its issue calls. */
export function plannedJobCalls(plan: { calls: number; checkCalls: number; networkInfoCalls: number }): Record<JobEndpoint, number> {
  return { 'network-info': plan.networkInfoCalls, 'query-issued': plan.checkCalls, issue: plan.calls };
}

/**
 * How old a network-info answer a scan-to-print plan reuses (ms): the packer waits for one gateway
 * round trip a scan, not two; the branch's balance is read again at least this often (and the
 * gateway refuses an issue call on an empty branch whatever the plan read).
 */
export const SCAN_NETWORK_INFO_MAX_AGE_MS = 60_000;

/** The calls of one scan in scan-to-print: one issue call (its plan reuses the network info of the last minute). */
export const SCAN_CALLS: Readonly<Record<JobEndpoint, number>> = { 'network-info': 0, 'query-issued': 0, issue: 1 };

/** What the cost ledger knows of one endpoint's calls (today's count and points). */
export interface EndpointTotals {
  endpoint: string;
  calls: number;
  points: number;
}

/**
 * Each job endpoint's price from the ledger: the average the gateway charged for it today (China
 * day; the gateway's prices do not move within a day); for an endpoint not called today, the last
 * issue call's price for `issue`, else the last charged call of any endpoint, marked assumed (1
 * point before any call at all).
 */
export function jobPrices(today: readonly EndpointTotals[], last: { issue: number | null; anyCall: number | null }): JobPrices {
  const fallback: EndpointPrice = { points: last.anyCall ?? 1, source: 'assumed' };
  const priceOf = (endpoint: JobEndpoint): EndpointPrice => {
    const totals = today.find((entry) => entry.endpoint === endpoint);
    if (totals && totals.calls > 0) return { points: roundPoints(totals.points / totals.calls), source: 'ledger' };
    if (endpoint === 'issue' && last.issue !== null) return { points: last.issue, source: 'ledger' };
    return fallback;
  };
  return { 'network-info': priceOf('network-info'), 'query-issued': priceOf('query-issued'), issue: priceOf('issue') };
}
