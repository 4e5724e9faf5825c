/** One exchange with the server, on this desk's clock (epoch ms, monotonic: performance.timeOrigin + performance.now()). */
export interface ClockSample {
  roundTripMs: number;
  /** The server's clock minus this desk's, as this exchange tells it (within half its round trip). */
  offsetMs: number;
  /** When the answer was read here; with the server's time of the start's reckoning, its way back. */
  receivedAt: number;
  serverMs: number;
}

/** Exchanges kept for the clock (the quickest is trusted) and for the answers' way back. */
export const CLOCK_SAMPLES = 32;

/**
 * The time an answer takes to come back, as the desk tells the server: the longest way back of
 * the kept exchanges but one (a single stall is not the way's length). Half the quickest round
 * trip is too little: an answer later than its start makes the call wait for a start of the next
 * window (one slot lost), while a longer allowance costs at most its difference, and only when
 * the window has room at once. The way back is reckoned on the quickest exchange's clock offset.
 */
export function wayBackMs(samples: readonly ClockSample[], offsetMs: number): number {
  const ways = samples.map((sample) => Math.max(0, sample.receivedAt - (sample.serverMs - offsetMs))).sort((a, b) => b - a);
  return ways[Math.min(1, ways.length - 1)] ?? 0;
}
