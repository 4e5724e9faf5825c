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
  let timer: NodeJS.Timeout | null = null;
  let lastTick = 0;
  let watchUntil = 0;

  const sample = (now: number): void => {
    const late = now - lastTick - tickMs;
    // The loop may have stood still for up to one tick before the late tick was due.
    if (timer !== null && late > thresholdMs) stalls.push({ endedAt: now, ms: late + tickMs });
    lastTick = now;
    while ((stalls[0]?.endedAt ?? now) < now - keepMs) stalls.shift();
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
  };
}
