import type { ErrorCode, StationError } from '../../shared/errors/station-error';

/** How reads retry. */
export interface RetryPolicy {
  /** Retries after the first attempt (decisions.md: up to 3). */
  retries: number;
  /** Delay before the first retry; doubles each time. */
  baseDelayMs: number;
  /** Upper bound of one delay. */
  maxDelayMs: number;
}

/** Defaults: 3 retries after 300 ms, 600 ms, 1200 ms (each with jitter). */
export const retryPolicyDefaults: RetryPolicy = { retries: 3, baseDelayMs: 300, maxDelayMs: 5000 };

/**
 * Failures a read retries (decisions.md): 101, 202 (busy or over the rate), HTTP 5xx, timeouts,
 * dropped connections and unparsable bodies. Everything else needs a person or a fix.
 */
const retriedByReads: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'gateway.timed-out',
  'gateway.busy',
  'gateway.rate-limited',
  'transport.server-error',
  'transport.timeout',
  'transport.reset',
  'transport.unparsable',
]);

/** Whether a read call retries after this error. */
export function isRetriedByReads(error: StationError): boolean {
  return retriedByReads.has(error.code);
}

/** Exponential backoff with jitter: between half and all of base·2^retryIndex, capped. */
export function backoffDelay(policy: RetryPolicy, retryIndex: number, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
