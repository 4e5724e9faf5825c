import { afterEach, describe, expect, it } from 'vitest';
import type { Result } from '../../shared/result';
import type { GatewayTestBench } from './gateway-test-bench';
import { openGatewayTestBench } from './gateway-test-bench';

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
});
