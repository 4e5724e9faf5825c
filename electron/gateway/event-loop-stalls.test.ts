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

  it('tells how late the loop ran in the busy run right after a moment, small delays included, and not in a later run after it was free', async () => {
    const gauge = createStallGauge();
    gauge.watch(5_000);
    await pause(30);
    const from = performance.now();
    // Short tasks one after the other: no stall on its own, yet a request written at `from` waits for all of them.
    for (let task = 0; task < 12; task += 1) {
      blockFor(8);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const firstRun = gauge.busyMsAfter(from);
    expect(firstRun).toBeGreaterThan(10);
    expect(gauge.stalledMsBetween(from)).toBe(0);
    // The loop free for a while, then busy again: that later run is not this moment's.
    await pause(60);
    const later = performance.now();
    for (let task = 0; task < 6; task += 1) {
      blockFor(8);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(gauge.busyMsAfter(from)).toBe(firstRun);
    expect(gauge.busyMsAfter(later)).toBeGreaterThan(0);
    // A run asked about up to a moment before it began counts nothing of it.
    expect(gauge.busyMsAfter(later, later - 1)).toBe(0);
  });
});
