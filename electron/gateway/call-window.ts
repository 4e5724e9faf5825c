import { setTimeout as delay } from 'node:timers/promises';
import type { CallFence } from '../../shared/domain/call-fence';
import { createStallGauge, type StallGauge } from './event-loop-stalls';

/** A call's slot, once granted. */
export interface CallSlot {
  /**
   * Whether the call may still leave now, asked at the wire (the connection open, not one byte
   * written): false when the desk was busy, stopped or suspended past its start (a window that
   * gave it a start time); the call then takes a new slot. Always true in this process's own window.
   */
  sendable(): boolean;
  /** Nothing was sent on this slot (`sendable` said no): the window may give it to another call. */
  unused(): Promise<void>;
  /** The gateway answered: the request surely arrived, so stalls from now on no longer delay it. */
  answered(): void;
}


/**
 * Where the account's sliding window of granted calls is kept: this process's memory (one desk)
 * or the shared database (every desk of the account). The rate limiter asks it for one slot at a
 * time, in its priority order.
 */
export interface CallWindow {
  /**
   * Waits until one more call fits the window, records the grant and returns its slot. Rejects
   * with the signal's reason when aborted while waiting, and with the fence's failure when a
   * fenced call's orders are no longer this desk's (nothing is granted then).
   */
  take(signal?: AbortSignal, fence?: CallFence): Promise<CallSlot>;
  /** How many takes may wait at once (1: one after the other; a window across a network pipelines its round trips). */
  readonly concurrentTakes: number;
  /** Changes the safety margin added to the window; the next slot already follows it. */
  setMarginMs(marginMs: number): void;
}

/** Settings of a call window. */
export interface CallWindowOptions {
  /** Calls allowed in any sliding window (the gateway's 10 per second). */
  limit?: number;
  /** The gateway's window in milliseconds (1000). */
  windowMs?: number;
  /**
   * Added to the window so that jitter between our send and the gateway's arrival stamp never
   * lets 11 calls land in one gateway second. The window enforced is windowMs + marginMs, plus
   * (in this process's window) the time the event loop stood still meanwhile (see StallGauge).
   */
  marginMs?: number;
  /** Where event-loop stalls are measured; default: a gauge of its own. */
  stalls?: StallGauge;
}

/** Defaults: 10 calls per second with a 50 ms safety margin (about 9.5 calls/s sustained). */
export const callWindowDefaults = { limit: 10, windowMs: 1000, marginMs: 50 } as const;

/**
 * The window of one desk, in memory: a sliding log of the last `limit` grants (never more than
 * `limit` in any enforced window).
 *
 * A granted request reaches the gateway only once the event loop runs again: a stall between
 * the grant and the answer may make it arrive late, bunched with the calls granted after it. So
 * such a stall lengthens that grant's window by the stall's length: the calls a stall delayed
 * still arrive a full window before the ones that follow them. Without stalls, the rule is the
 * plain window and the throughput is unchanged.
 */
export function createLocalCallWindow(options: CallWindowOptions = {}): CallWindow {
  const { limit, windowMs } = { ...callWindowDefaults, ...options };
  let enforcedWindowMs = windowMs + (options.marginMs ?? callWindowDefaults.marginMs);
  const stalls = options.stalls ?? createStallGauge();
  /** The latest `limit` grants, oldest first: when (performance.now()), and when the gateway answered the call. */
  const grants: { at: number; answeredAt: number }[] = [];

  return {
    concurrentTakes: 1,
    setMarginMs(marginMs) {
      enforcedWindowMs = windowMs + marginMs;
    },
    /** Waits until the `limit`-th latest grant lies a full window back, stalls since it not counted; then takes the slot. */
    async take(signal) {
      for (;;) {
        const oldest = grants.length < limit ? undefined : grants[grants.length - limit];
        if (oldest === undefined) break;
        // How late the oldest call can have reached the gateway: the stalls of its flight, or the busy run right after its write.
        const lateBy = Math.max(stalls.stalledMsBetween(oldest.at, oldest.answeredAt), stalls.busyMsAfter(oldest.at, oldest.answeredAt));
        const wait = oldest.at + enforcedWindowMs + lateBy - performance.now();
        if (wait <= 0) break;
        await delay(Math.ceil(wait), undefined, { signal });
      }
      const grant = { at: performance.now(), answeredAt: Infinity };
      grants.push(grant);
      if (grants.length > limit) grants.shift();
      // Stalls matter as long as this grant can hold back a later one.
      stalls.watch(enforcedWindowMs);
      return {
        // Asked at the wire: the window counts from when the request was written, not granted.
        sendable: () => {
          grant.at = performance.now();
          return true;
        },
        unused: async () => undefined,
        answered: () => {
          grant.answeredAt = Math.min(grant.answeredAt, performance.now());
        },
      };
    },
  };
}
