/**
 * Stalls of this process's event loop, with when they ended. While the loop is blocked (a long
 * synchronous task, a heavily loaded machine), requests the limiter granted are not written yet:
 * they go out late and land bunched at the gateway. The limiter counts such stalls as time that
 * did not pass. Measured by a timer of our own rather than perf_hooks.monitorEventLoopDelay,
 * whose histogram cannot say when a delay happened, only how large delays were.
 */
export interface StallGauge {
  /** Keeps measuring for at least `forMs` from now; the timer stops by itself once idle. */
  watch(forMs: number): void;
  /**
   * Milliseconds the loop stood still in stalls that overlap `from`…`to` (performance.now() times;
   * `to` defaults to now), the one just ending included. A stall counts whole.
   */
  stalledMsBetween(from: number, to?: number): number;
  /**
   * Milliseconds the loop ran late in the one busy run that began at `from` (up to `to`): late
   * ticks, however small, one after the other, until the first tick on time. A request written at
   * `from` to a gateway in this very process is read no later than the loop's first free moment:
   * this is how late it can have been read. Later delays cannot touch it.
   */
  busyMsAfter(from: number, to?: number): number;
}

/** How the gauge measures. */
export interface StallGaugeOptions {
  /** The measuring timer's period; default 10 ms. */
  tickMs?: number;
  /** A tick later than this is a stall; default 20 ms (below it, the rate limiter's fixed margin covers the jitter). */
  thresholdMs?: number;
  /** How long a stall is remembered; default 60 s. */
  keepMs?: number;
}

/** Creates a gauge; it measures only while watched. */
export function createStallGauge(options: StallGaugeOptions = {}): StallGauge {
  const { tickMs = 10, thresholdMs = 20, keepMs = 60_000 } = options;
  const stalls: { endedAt: number; ms: number }[] = [];
  /** Every tick that came late at all (beyond a millisecond), with how late. */
  const delays: { endedAt: number; ms: number }[] = [];
  let timer: NodeJS.Timeout | null = null;
  let lastTick = 0;
  let watchUntil = 0;

  const sample = (now: number): void => {
    const late = now - lastTick - tickMs;
    // The loop may have stood still for up to one tick before the late tick was due.
    if (timer !== null && late > thresholdMs) stalls.push({ endedAt: now, ms: late + tickMs });
    if (timer !== null && late > 1) delays.push({ endedAt: now, ms: late });
    lastTick = now;
    while ((stalls[0]?.endedAt ?? now) < now - keepMs) stalls.shift();
    while ((delays[0]?.endedAt ?? now) < now - keepMs) delays.shift();
  };

  const tick = (): void => {
    const now = performance.now();
    sample(now);
    if (now > watchUntil && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };

  return {
    watch(forMs) {
      const now = performance.now();
      watchUntil = Math.max(watchUntil, now + forMs);
      if (timer !== null) return;
      lastTick = now;
      timer = setInterval(tick, tickMs);
      timer.unref();
    },
    stalledMsBetween(from, to = Infinity) {
      sample(performance.now());
      return stalls.reduce((total, stall) => (stall.endedAt > from && stall.endedAt - stall.ms < to ? total + stall.ms : total), 0);
    },
    busyMsAfter(from, to = Infinity) {
      sample(performance.now());
      let total = 0;
      let loopWasBusyUntil = from;
      for (const delay of delays) {
        if (delay.endedAt <= from) continue;
        // A tick was due at endedAt − ms; one due a whole period after the last late tick means a tick on time in between.
        if (delay.endedAt - delay.ms - loopWasBusyUntil > tickMs + 1 || delay.endedAt - delay.ms > to) break;
        total += delay.ms;
        loopWasBusyUntil = delay.endedAt;
      }
      return total;
    },
  };
}
