import { setTimeout as delay } from 'node:timers/promises';
import { stationError } from '../../shared/errors/station-error';
import type { CallFence } from '../../shared/domain/call-fence';
import type { CallWindow } from '../gateway/call-window';
import { StationFailure } from '../ipc/to-station-error';
import type { SharedDeskAccess } from '../store/postgres/shared-access';
import { releaseCallStart, reserveCallStart } from '../store/postgres/shared-call-starts';
import { CLOCK_SAMPLES, wayBackMs, type ClockSample } from './call-way-back';

/** Settings of one desk's way into the account's window. */
export interface SharedCallWindowOptions {
  /**
   * The longest a call granted now may live: its start, then the gateway client's timeout, with
   * room to spare. A fenced call stretches its orders' leases over it, so a claim never lapses
   * while a call of it can still reach the gateway.
   */
  callLifeMs?: number;
  /** How late after its start a call may still leave (the schema's margin absorbs it); later, it takes a new start. */
  lateToleranceMs?: number;
  /** Start times asked for at once (their round trips to the server overlap: a far desk still keeps up). */
  concurrentTakes?: number;
}

/** Defaults: a call lives at most 20 s (the client's timeout) plus 10 s; 20 ms late is within the 50 ms margin. */
export const sharedCallWindowDefaults = { callLifeMs: 30_000, lateToleranceMs: 20, concurrentTakes: 4 } as const;

/** This desk's monotonic clock as epoch milliseconds. */
const localNow = (): number => performance.timeOrigin + performance.now();

/**
 * The account's window held in PostgreSQL, for every desk of the account. The rule and its
 * margin live in the schema (table call_limit, one row), not at the desks: the server gives
 * each call a start time (`reserve_call_start`, one statement) so that no sliding window of the
 * gateway's length plus the margin holds more than the limit's starts, judged by the server's
 * clock, and a desk never polls.
 *
 * A desk's way to the server is part of its grant: it tells how long its answers take to come
 * back (measured on its recent exchanges, see `wayBackMs`), and the server never gives it a start
 * sooner than the answer can reach it.
 * The desk reckons the start on its own clock through the offset between the two clocks, taken
 * from its quickest recent exchange (as NTP does: a round trip slowed by waiting at the server
 * would blur it), and sends then. Several starts are asked for at once, so a desk far from the
 * server keeps up with a near one.
 *
 * The paid call is fenced: an issue call's start is granted only while every one of its orders
 * is claimed by this desk's process and job, and their leases are stretched over the call's
 * longest life in the same statement. A call that would leave later than its start allows — the
 * process was stopped (SIGSTOP, a long pause) or the machine suspended (its wall clock then runs
 * ahead of the monotonic one) — is not sent (`CallSlot.sendable`, asked at the wire): its start
 * is given back to the window, it asks again, and the fence is checked again. So a desk that
 * slept past its leases never sends for orders another desk took.
 */
export function createSharedCallWindow(access: SharedDeskAccess, options: SharedCallWindowOptions = {}): CallWindow {
  const { callLifeMs, lateToleranceMs, concurrentTakes } = { ...sharedCallWindowDefaults, ...options };
  const samples: ClockSample[] = [];
  const clock = (): ClockSample | undefined => samples.reduce<ClockSample | undefined>((best, sample) => (best === undefined || sample.roundTripMs < best.roundTripMs ? sample : best), undefined);

  /** Asks for a start; answers it on this desk's clock (epoch ms) and the server's, or the orders the fence refused. */
  const ask = async (fence: CallFence | undefined): Promise<{ startAt: number; serverStartMs: number } | { refused: string[] }> => {
    const best = clock();
    const sentAt = localNow();
    const answer = await reserveCallStart(access, { fence, travelMs: best === undefined ? 0 : wayBackMs(samples, best.offsetMs), callLifeMs });
    const receivedAt = localNow();
    samples.push({ roundTripMs: receivedAt - sentAt, offsetMs: answer.serverMs - (sentAt + receivedAt) / 2, receivedAt, serverMs: answer.serverMs });
    if (samples.length > CLOCK_SAMPLES) samples.shift();
    if ('refused' in answer) return { refused: answer.refused };
    return { startAt: answer.startMs - (clock() as ClockSample).offsetMs, serverStartMs: answer.startMs };
  };

  return {
    concurrentTakes,
    // The margin is the account's, in the schema: a desk's own setting does not change it.
    setMarginMs: () => undefined,
    async take(signal, fence) {
      signal?.throwIfAborted();
      const answered = await ask(fence);
      if ('refused' in answered) {
        throw new StationFailure(stationError('shared-mode.claim-lost', { orderNumbers: answered.refused.join(', '), count: answered.refused.length }));
      }
      const { startAt, serverStartMs } = answered;
      const startWall = Date.now() + (startAt - localNow());
      const waitMs = startAt - localNow();
      // Within a millisecond of its start a call leaves at once (the margin covers far more): a timer would add one or two.
      if (waitMs >= 1) {
        // Node's timer rejects with its own AbortError: the caller is told the signal's reason.
        await delay(Math.floor(waitMs), undefined, { signal }).catch((error: unknown) => {
          throw signal?.aborted ? signal.reason : error;
        });
      }
      return {
        // Late by either clock: the monotonic one counts a stopped process, the wall clock a suspended machine.
        sendable: () => Math.max(localNow() - startAt, Date.now() - startWall) <= lateToleranceMs,
        // Given back, the start can go to the next call at once instead of staying an empty slot.
        unused: () => releaseCallStart(access, serverStartMs),
        answered: () => undefined,
      };
    },
  };
}
