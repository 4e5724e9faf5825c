import PQueue from 'p-queue';
import pThrottle from 'p-throttle';

/** Who is waiting for a call slot: a person looking at the screen, or long background work. */
export type CallPriority = 'interactive' | 'bulk';

/** Settings of the account-wide limiter. */
export interface RateLimiterOptions {
  /** Calls allowed in any sliding window (the gateway's 10 per second). */
  limit?: number;
  /** The gateway's window in milliseconds (1000). */
  windowMs?: number;
  /**
   * Added to the window so that jitter between our send and the gateway's arrival stamp never
   * lets 11 calls land in one gateway second. The window the limiter enforces is windowMs + marginMs.
   */
  marginMs?: number;
}

/** The account-wide gate every gateway call passes before it is sent. */
export interface RateLimiter {
  /**
   * Resolves when a call may be sent now; the call then runs outside the limiter, so several
   * are in flight at once. Rejects with the signal's reason when aborted while waiting.
   */
  acquire(priority: CallPriority, signal?: AbortSignal): Promise<void>;
  /** Calls waiting for a slot (for progress displays and tests). */
  waiting(): number;
  /** The window actually enforced, in milliseconds. */
  readonly enforcedWindowMs: number;
}

/** Defaults: 10 calls per second with a 50 ms safety margin (about 9.5 calls/s sustained). */
export const rateLimiterDefaults = { limit: 10, windowMs: 1000, marginMs: 50 } as const;

const priorityRank: Record<CallPriority, number> = { interactive: 1, bulk: 0 };

/**
 * One limiter for the whole account. p-throttle in strict mode keeps the sliding-window rule
 * (no more than `limit` slot grants in any window); a p-queue with concurrency 1 in front of
 * it only orders the waiting calls by priority. Because at most one call at a time waits inside
 * p-throttle, an interactive call waits behind at most one bulk call's slot, and p-throttle
 * always computes a slot from the real start times of the calls before it.
 */
export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const { limit, windowMs, marginMs } = { ...rateLimiterDefaults, ...options };
  const enforcedWindowMs = windowMs + marginMs;
  // Every call weighs 1, as the gateway counts calls. With a weight, p-throttle's strict mode keeps
  // an exact sliding log of grants; without one it also spaces calls interval/limit apart after a
  // burst, which would cost a pipelined fetch about a tenth of its throughput for no safety gained.
  const grantSlot = pThrottle({ limit, interval: enforcedWindowMs, strict: true, weight: () => 1 })(() => undefined);
  const waitingLine = new PQueue({ concurrency: 1 });

  return {
    enforcedWindowMs,
    async acquire(priority, signal) {
      signal?.throwIfAborted();
      await waitingLine.add(async () => grantSlot(), { priority: priorityRank[priority], signal });
      // A slot granted after the caller gave up is simply left unused: the window stays safe.
      signal?.throwIfAborted();
    },
    waiting() {
      return waitingLine.size + waitingLine.pending;
    },
  };
}
