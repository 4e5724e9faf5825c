import { setTimeout as delay } from 'node:timers/promises';
import PQueue from 'p-queue';
import { createStallGauge, type StallGauge } from './event-loop-stalls';

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
   * lets 11 calls land in one gateway second. The window the limiter enforces is windowMs + marginMs,
   * plus the time the event loop stood still meanwhile (see StallGauge).
   */
  marginMs?: number;
  /** Where event-loop stalls are measured; default: a gauge of its own. */
  stalls?: StallGauge;
}

/** A call's slot, once granted. */
export interface CallSlot {
  /** The gateway answered: the request surely arrived, so stalls from now on no longer delay it. */
  answered(): void;
}

/** The account-wide gate every gateway call passes before it is sent. */
export interface RateLimiter {
  /**
   * Resolves when a call may be sent now; the call then runs outside the limiter, so several
   * are in flight at once. Rejects with the signal's reason when aborted while waiting.
   */
  acquire(priority: CallPriority, signal?: AbortSignal): Promise<CallSlot>;
  /** Calls waiting for a slot (for progress displays and tests). */
  waiting(): number;
  /** Changes the safety margin (the settings' rate-limit margin); the next slot already follows it. */
  setMarginMs(marginMs: number): void;
}

/** Defaults: 10 calls per second with a 50 ms safety margin (about 9.5 calls/s sustained). */
export const rateLimiterDefaults = { limit: 10, windowMs: 1000, marginMs: 50 } as const;

const priorityRank: Record<CallPriority, number> = { interactive: 1, bulk: 0 };

/**
 * One limiter for the whole account: a sliding log of the last `limit` grants (never more than
 * `limit` in any enforced window), and a p-queue with concurrency 1 in front of it that only
 * orders the waiting calls by priority. Because one call at a time waits for a slot, an
 * interactive call waits behind at most one bulk call's slot.
 *
 * A granted request reaches the gateway only once the event loop runs again: a stall between
 * the grant and the answer may make it arrive late, bunched with the calls granted after it. So
 * such a stall lengthens that grant's window by the stall's length: the calls a stall delayed
 * still arrive a full window before the ones that follow them. Without stalls, the rule is the
 * plain window and the throughput is unchanged.
 */
export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const { limit, windowMs } = { ...rateLimiterDefaults, ...options };
  let enforcedWindowMs = windowMs + (options.marginMs ?? rateLimiterDefaults.marginMs);
  const stalls = options.stalls ?? createStallGauge();
  /** The latest `limit` grants, oldest first: when (performance.now()), and when the gateway answered the call. */
  const grants: { at: number; answeredAt: number }[] = [];
  const waitingLine = new PQueue({ concurrency: 1 });

  /** Waits until the `limit`-th latest grant lies a full window back, stalls since it not counted; then takes the slot. */
  async function nextSlot(signal: AbortSignal | undefined): Promise<CallSlot> {
    for (;;) {
      const oldest = grants.length < limit ? undefined : grants[grants.length - limit];
      if (oldest === undefined) break;
      const wait = oldest.at + enforcedWindowMs + stalls.stalledMsBetween(oldest.at, oldest.answeredAt) - performance.now();
      if (wait <= 0) break;
      await delay(Math.ceil(wait), undefined, { signal });
    }
    const grant = { at: performance.now(), answeredAt: Infinity };
    grants.push(grant);
    if (grants.length > limit) grants.shift();
    // Stalls matter as long as this grant can hold back a later one.
    stalls.watch(enforcedWindowMs);
    return {
      answered: () => {
        grant.answeredAt = Math.min(grant.answeredAt, performance.now());
      },
    };
  }

  return {
    setMarginMs(marginMs) {
      enforcedWindowMs = windowMs + marginMs;
    },
    async acquire(priority, signal) {
      signal?.throwIfAborted();
      const slot = await waitingLine.add(({ signal: taskSignal }) => nextSlot(taskSignal), { priority: priorityRank[priority], signal });
      // A slot granted after the caller gave up is simply left unused: the window stays safe.
      signal?.throwIfAborted();
      return slot;
    },
    waiting() {
      return waitingLine.size + waitingLine.pending;
    },
  };
}
