import { describe, expect, it } from 'vitest';
import { createStallGauge } from './event-loop-stalls';

/** Blocks the event loop for `ms`, as a long synchronous task would. */
function blockFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // The loop stands still.
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stall gauge', () => {
  it('counts the stalls that overlap a span, the one just ending included, and only while watched', async () => {
    // A threshold well above what a loaded test machine's scheduler alone causes.
    const gauge = createStallGauge({ thresholdMs: 100 });
    blockFor(250);
    expect(gauge.stalledMsBetween(0)).toBe(0);

    gauge.watch(5_000);
    const before = performance.now();
    await pause(30);
    blockFor(250);
    // Asked at once, before the gauge's own timer could run: the stall is still seen.
    expect(gauge.stalledMsBetween(before)).toBeGreaterThanOrEqual(250);
    const after = performance.now();
    await pause(30);
    expect(gauge.stalledMsBetween(after)).toBe(0);
    expect(gauge.stalledMsBetween(before)).toBeGreaterThanOrEqual(250);
    // A stall that began after the end of the span asked about is not counted.
    expect(gauge.stalledMsBetween(before, before + 10)).toBe(0);
    expect(gauge.stalledMsBetween(before, after)).toBeGreaterThanOrEqual(250);
  });
});
