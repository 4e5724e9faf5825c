import { afterEach, describe, expect, it } from 'vitest';
import type { Result } from '../../shared/result';
import type { GatewayTestBench } from './testing/gateway-test-bench';
import { openGatewayTestBench } from './testing/gateway-test-bench';

let opened: GatewayTestBench | null = null;
afterEach(async () => {
  await opened?.close();
  opened = null;
});

/** Largest number of arrivals inside any window of `windowMs`. */
function busiestWindow(arrivals: number[], windowMs: number): number {
  const sorted = [...arrivals].sort((a, b) => a - b);
  let busiest = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end += 1) {
    while ((sorted[end] ?? 0) - (sorted[start] ?? 0) >= windowMs) start += 1;
    busiest = Math.max(busiest, end - start + 1);
  }
  return busiest;
}

describe('the account-wide rate limit', () => {
  it('is never exceeded while 300 concurrent calls of every kind go through with 0–20 ms jitter', { timeout: 90_000 }, async () => {
    opened = await openGatewayTestBench({ sandbox: { orders: 500, faults: { latencyMs: 30, jitterMs: 20 } }, logLevel: 'info' });
    const client = opened.client();
    const calls: Array<Promise<Result<unknown>>> = Array.from({ length: 300 }, (_, index) => {
      switch (index % 5) {
        case 0:
          return client.soldOrdersPage({ page: index % 5, pageSize: 20 });
        case 1:
          return client.subscription({ priority: 'bulk' });
        case 2:
          return client.networkInfo({}, { priority: index % 2 === 0 ? 'interactive' : 'bulk' });
        case 3:
          return client.queryIssuedWaybills([`Q${index}`]);
        default:
          return client.soldOrdersPage({ page: 1, pageSize: 100 }, { priority: 'bulk' });
      }
    });
    const results = await Promise.all(calls);
    expect(results.filter((result) => !result.ok)).toEqual([]);
    expect(opened.sandbox.violations()).toBe(0);
    const gatewayCalls = opened.sandbox.calls();
    expect(gatewayCalls).toHaveLength(300);
    expect(gatewayCalls.filter((call) => call.rateLimited)).toEqual([]);
    expect(busiestWindow(gatewayCalls.map((call) => call.at), 1000)).toBeLessThanOrEqual(10);
  });

  it('is never exceeded while the event loop stalls again and again as calls flow (a machine under heavy load)', { timeout: 120_000 }, async () => {
    opened = await openGatewayTestBench({ sandbox: { orders: 500, faults: { latencyMs: 20, jitterMs: 10 } }, logLevel: 'info' });
    const client = opened.client({ timeoutMs: 20_000 });
    // Busy-wait bursts in this very process, as a loaded machine or a long synchronous task would
    // block it: granted requests are written late, then reach the sandbox bunched.
    const stallMs = [40, 180, 70, 250, 120, 60, 300, 90, 150, 220];
    let stalls = 0;
    let stopped = false;
    const stallNow = (): void => {
      if (stopped) return;
      const until = performance.now() + (stallMs[stalls % stallMs.length] ?? 0);
      stalls += 1;
      while (performance.now() < until) {
        // The loop stands still.
      }
      setTimeout(stallNow, 37 * ((stalls % 7) + 1));
    };
    setTimeout(stallNow, 5);
    const calls = Array.from({ length: 150 }, (_, index) =>
      index % 3 === 0 ? client.subscription({ priority: 'bulk' }) : client.queryIssuedWaybills([`S${index}`], { priority: index % 2 === 0 ? 'interactive' : 'bulk' }),
    );
    const results = await Promise.all(calls);
    stopped = true;

    expect(stalls).toBeGreaterThan(20);
    expect(results.filter((result) => !result.ok)).toEqual([]);
    expect(opened.sandbox.violations()).toBe(0);
    const gatewayCalls = opened.sandbox.calls();
    expect(gatewayCalls.filter((call) => call.rateLimited)).toEqual([]);
    expect(gatewayCalls).toHaveLength(150);
    expect(busiestWindow(gatewayCalls.map((call) => call.at), 1000)).toBeLessThanOrEqual(10);
  });
});
