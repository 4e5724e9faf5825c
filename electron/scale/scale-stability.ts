import type { FrameReading } from './scale-frames';

/** What the readings so far say. */
export type StabilityState =
  | { state: 'stable'; grams: number }
  | { state: 'unstable'; grams: number }
  | { state: 'overload' }
  | { state: 'garbage'; text: string }
  /** Nothing readable yet. */
  | { state: 'waiting' };

/** Unreadable frames in a row that make the scale "sending garbage" (one may be a line cut by the port opening mid-frame). */
export const UNREADABLE_FRAMES_FOR_GARBAGE = 3;

/**
 * Takes a weight only when it held: the same reading (to the gram) for `stableMs`, and never while
 * the scale itself flags it unstable (US) — a flagged ST alone is not enough either, so a scale that
 * says ST while the parcel still rocks is waited out too. Overload, and a run of unreadable
 * frames, replace the weight at once: no old weight outlives them.
 */
export function createStability(stableMs: number): { feed: (reading: FrameReading, at: number) => StabilityState; reset: () => void } {
  let since: { grams: number; at: number } | null = null;
  let unreadable = 0;
  let last: StabilityState = { state: 'waiting' };
  return {
    feed(reading, at) {
      if (reading.kind === 'unreadable') {
        unreadable += 1;
        if (unreadable >= UNREADABLE_FRAMES_FOR_GARBAGE) {
          since = null;
          last = { state: 'garbage', text: reading.text };
        }
        return last;
      }
      unreadable = 0;
      if (reading.kind === 'overload') {
        since = null;
        last = { state: 'overload' };
        return last;
      }
      if (reading.stable === false || since === null || since.grams !== reading.grams) since = reading.stable === false ? null : { grams: reading.grams, at };
      last = since !== null && at - since.at >= stableMs ? { state: 'stable', grams: reading.grams } : { state: 'unstable', grams: reading.grams };
      return last;
    },
    reset() {
      since = null;
      unreadable = 0;
      last = { state: 'waiting' };
    },
  };
}
