import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../shared/settings/settings-schema';
import { callWindowDefaults } from './call-window';
import { createRateLimiter } from './rate-limiter';

/** Largest number of grants inside any window of `windowMs` (grant times sorted). */
function busiestWindow(times: number[], windowMs: number): number {
  let busiest = 0;
  let start = 0;
  for (let end = 0; end < times.length; end += 1) {
    while ((times[end] ?? 0) - (times[start] ?? 0) >= windowMs) start += 1;
    busiest = Math.max(busiest, end - start + 1);
  }
  return busiest;
}

describe('rate limiter', () => {
  it('defaults to the gateway’s 10 calls per 1000 ms window with the settings’ default 50 ms margin', () => {
    expect(callWindowDefaults).toEqual({ limit: 10, windowMs: 1000, marginMs: 50 });
    expect(callWindowDefaults.marginMs).toBe(defaultSettings().gateway.rateLimitMarginMs);
  });

  it('uses the defaults when made without options: ten slots at once, the eleventh a full 1050 ms after the first', async () => {
    const limiter = createRateLimiter();
    const started = performance.now();
    const ten = await Promise.all(Array.from({ length: 10 }, () => limiter.acquire('bulk').then(() => performance.now())));
    const eleventh = limiter.acquire('bulk').then(() => performance.now());
    // The ten came within the first window, without waiting for a slot; the eleventh waits.
    expect(Math.max(...ten) - started).toBeLessThan(callWindowDefaults.windowMs);
    expect(limiter.waiting()).toBe(1);
    // Not before the window plus the margin since the first grant (granted no earlier than `started`).
    expect((await eleventh) - started).toBeGreaterThanOrEqual(1050);
  });

  it('never grants more than the limit in any sliding window, even across bucket edges', async () => {
    const limiter = createRateLimiter({ limit: 5, windowMs: 150, marginMs: 15 });
    const grants: number[] = [];
    const acquireAndStamp = async (): Promise<void> => {
      await limiter.acquire('bulk');
      grants.push(performance.now());
    };
    // A burst, a pause that would start a fresh fixed bucket, then another burst.
    await Promise.all(Array.from({ length: 12 }, acquireAndStamp));
    await new Promise((resolve) => setTimeout(resolve, 40));
    await Promise.all(Array.from({ length: 12 }, acquireAndStamp));
    grants.sort((a, b) => a - b);
    expect(grants).toHaveLength(24);
    expect(busiestWindow(grants, 150)).toBeLessThanOrEqual(5);
  });

  it('grants a full window of slots without waiting for earlier calls to finish (pipelining)', async () => {
    const limiter = createRateLimiter({ limit: 10, windowMs: 60_000, marginMs: 0 });
    // Ten calls that never complete: all ten still get their slot.
    await Promise.all(Array.from({ length: 10 }, () => limiter.acquire('bulk')));
    expect(limiter.waiting()).toBe(0);
  });

  it('lets an interactive call go ahead of a long bulk queue, behind at most one bulk slot', async () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 80, marginMs: 10 });
    const order: string[] = [];
    const bulk = Array.from({ length: 15 }, (_, index) =>
      limiter.acquire('bulk').then(() => order.push(`bulk-${index}`)),
    );
    // Let the first window fill and the bulk queue build up.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const grantedBefore = order.length;
    const interactive = limiter.acquire('interactive').then(() => order.push('interactive'));
    await Promise.all([...bulk, interactive]);
    const bulkGrantsWhileWaiting = order.indexOf('interactive') - grantedBefore;
    expect(bulkGrantsWhileWaiting).toBeLessThanOrEqual(1);
  });

  it('drops a waiting call when its signal aborts, with the signal’s reason', async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 500, marginMs: 0 });
    await limiter.acquire('bulk');
    const controller = new AbortController();
    const waiting = limiter.acquire('bulk', controller.signal);
    const queued = limiter.acquire('bulk', controller.signal);
    controller.abort(new Error('user cancelled'));
    await expect(waiting).rejects.toThrow('user cancelled');
    await expect(queued).rejects.toThrow('user cancelled');
    await expect(limiter.acquire('interactive', controller.signal)).rejects.toThrow('user cancelled');
  });

  it('lengthens a grant’s window by the event-loop stalls after it, so that late requests never bunch with later ones', async () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 100, marginMs: 0 });
    await limiter.acquire('bulk');
    const firstGrant = performance.now();
    await limiter.acquire('bulk');
    // The loop stands still: requests granted before it go out only now.
    const until = performance.now() + 150;
    while (performance.now() < until) {
      // Busy.
    }
    await limiter.acquire('bulk');
    expect(performance.now() - firstGrant).toBeGreaterThanOrEqual(100 + 150);
  });

  it('follows a changed margin from the next slot on', async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 50, marginMs: 0 });
    await limiter.acquire('bulk');
    limiter.setMarginMs(250);
    const asked = performance.now();
    await limiter.acquire('bulk');
    expect(performance.now() - asked).toBeGreaterThanOrEqual(200);
  });
});
