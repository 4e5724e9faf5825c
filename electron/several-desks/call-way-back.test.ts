import { describe, expect, it } from 'vitest';
import { wayBackMs, type ClockSample } from './call-way-back';

/** An exchange: sent at `sentAt` on the desk's clock, stamped by a server `aheadMs` ahead after `wayOutMs`, read back `wayBackMs` later. */
function exchange(sentAt: number, wayOutMs: number, wayBack: number, aheadMs: number): ClockSample {
  const serverMs = sentAt + wayOutMs + aheadMs;
  const receivedAt = sentAt + wayOutMs + wayBack;
  return { roundTripMs: receivedAt - sentAt, offsetMs: serverMs - (sentAt + receivedAt) / 2, receivedAt, serverMs };
}

describe('the way back a desk tells the server', () => {
  it('is the longest of the kept exchanges but one: a single stall is not the way’s length', () => {
    const samples = [exchange(0, 20, 20, 5_000), exchange(100, 20, 35, 5_000), exchange(200, 20, 60, 5_000), exchange(300, 20, 900, 5_000), exchange(400, 20, 25, 5_000)];
    // The quickest exchange (the first: 40 ms) gives the clocks' offset, 5 s exactly.
    expect(wayBackMs(samples, 5_000)).toBe(60);
  });

  it('counts from half the quickest round trip, plus how much later the other answers came back', () => {
    // 10 ms out and 190 back on the quickest exchange: no desk can tell that split from 100/100
    // (NTP's limit too), so its way back counts 100; the next answers came 5 and 10 ms later.
    const samples = [exchange(0, 10, 190, -3_000), exchange(500, 10, 195, -3_000), exchange(1_000, 10, 200, -3_000)];
    const quickest = samples[0] as ClockSample;
    expect(wayBackMs(samples, quickest.offsetMs)).toBe(105);
    // The server's clock three seconds behind the desk's changes nothing.
    const sameClock = [exchange(0, 10, 190, 0), exchange(500, 10, 195, 0), exchange(1_000, 10, 200, 0)];
    expect(wayBackMs(sameClock, (sameClock[0] as ClockSample).offsetMs)).toBe(105);
  });

  it('is the one exchange’s way when there is one, none before any, and never below zero', () => {
    expect(wayBackMs([exchange(0, 30, 30, 0)], 0)).toBe(30);
    expect(wayBackMs([], 0)).toBe(0);
    // An offset that puts the server's stamp after the answer was read (clock noise) counts as no way at all.
    expect(wayBackMs([exchange(0, 30, 30, 0), exchange(100, 30, 30, 0)], -50)).toBe(0);
  });
});
