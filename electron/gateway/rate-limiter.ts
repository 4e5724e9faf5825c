import PQueue from 'p-queue';
import type { CallFence } from '../../shared/domain/call-fence';
import { createLocalCallWindow, type CallSlot, type CallWindow, type CallWindowOptions } from './call-window';

/** Who is waiting for a call slot: a person looking at the screen, or long background work. */
export type CallPriority = 'interactive' | 'bulk';

/** Settings of the account-wide limiter: its window, or the settings of a window of this process's own. */
export interface RateLimiterOptions extends CallWindowOptions {
  /** Where the grants are kept (the shared database's window in shared mode); default: this process's memory. */
  window?: CallWindow;
}

/** The account-wide gate every gateway call passes before it is sent. */
export interface RateLimiter {
  /**
   * Resolves when a call may be sent now; the call then runs outside the limiter, so several
   * are in flight at once. Rejects with the signal's reason when aborted while waiting. A fenced
   * call (an issue call's orders) is granted only while they are still this desk's (CallFence).
   */
  acquire(priority: CallPriority, signal?: AbortSignal, fence?: CallFence): Promise<CallSlot>;
  /** Calls waiting for a slot (for progress displays and tests). */
  waiting(): number;
  /** Changes the safety margin (the settings' rate-limit margin); the next slot already follows it. */
  setMarginMs(marginMs: number): void;
}

const priorityRank: Record<CallPriority, number> = { interactive: 1, bulk: 0 };

/**
 * One limiter for the whole account: a call window (see CallWindow) with a p-queue in front of
 * it that only orders the waiting calls by priority. As many calls wait for a slot at once as
 * the window takes (one in this process's window: an interactive call waits behind at most one
 * bulk call's slot; a few in the shared window, whose round trips to the server overlap).
 */
export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const window = options.window ?? createLocalCallWindow(options);
  const waitingLine = new PQueue({ concurrency: window.concurrentTakes });
  return {
    setMarginMs: (marginMs) => window.setMarginMs(marginMs),
    async acquire(priority, signal, fence) {
      signal?.throwIfAborted();
      const slot = await waitingLine.add(({ signal: taskSignal }) => window.take(taskSignal, fence), { priority: priorityRank[priority], signal });
      // A slot granted after the caller gave up is simply left unused: the window stays safe.
      signal?.throwIfAborted();
      return slot;
    },
    waiting() {
      return waitingLine.size + waitingLine.pending;
    },
  };
}
