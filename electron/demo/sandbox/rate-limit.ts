/**
 * The gateway's rate limit: at most `maxCalls` calls in ANY sliding window of `windowMs` per
 * key (token), counted on arrival. A sliding log, not fixed buckets: ten calls at 0.9 s and ten
 * more at 1.1 s are twenty within 0.2 s, and the second ten are refused. The window is half-open,
 * (now − windowMs, now]: a call exactly one window after another no longer counts it. Only
 * admitted calls enter the log, so a refused call does not extend the refusal.
 */
export class SlidingWindowLimiter {
  private readonly arrivals = new Map<string, number[]>();

  constructor(
    private readonly maxCalls: number,
    private readonly windowMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Admits a call for the key if the window has room; false means "rate limit exceeded". */
  tryAcquire(key: string): boolean {
    const now = this.now();
    const log = (this.arrivals.get(key) ?? []).filter((at) => at > now - this.windowMs);
    const admitted = log.length < this.maxCalls;
    if (admitted) log.push(now);
    this.arrivals.set(key, log);
    return admitted;
  }
}
