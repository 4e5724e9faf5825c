import { describe, expect, it } from 'vitest';
import { estimateCost, jobPrices, plannedJobCalls, SCAN_CALLS } from './cost-estimate';

describe('cost estimate', () => {
  it('prices each endpoint at what the ledger holds for it today, not one price for every call', () => {
    const prices = jobPrices(
      [
        { endpoint: 'network-info', calls: 4, points: 4 },
        { endpoint: 'issue', calls: 3, points: 6 },
        { endpoint: 'query-issued', calls: 2, points: 2 },
        { endpoint: 'sold-orders', calls: 10, points: 50 },
      ],
      { issue: 9, anyCall: 5 },
    );
    expect(prices).toEqual({
      'network-info': { points: 1, source: 'ledger' },
      'query-issued': { points: 1, source: 'ledger' },
      issue: { points: 2, source: 'ledger' },
    });
    // 1 network info + 2 look-ups + 4 issue calls.
    const estimate = estimateCost(plannedJobCalls({ calls: 4, checkCalls: 2, networkInfoCalls: 1 }), prices);
    expect(estimate.points).toBe(1 + 2 + 8);
    expect(estimate.certainty).toBe('ledger');
    expect(estimate.lines).toEqual([
      { endpoint: 'network-info', calls: 1, pointsPerCall: 1, points: 1, source: 'ledger' },
      { endpoint: 'query-issued', calls: 2, pointsPerCall: 1, points: 2, source: 'ledger' },
      { endpoint: 'issue', calls: 4, pointsPerCall: 2, points: 8, source: 'ledger' },
    ]);
  });

  it('a scan in scan-to-print costs one issue call: its plan reuses the network info of the last minute', () => {
    const prices = jobPrices([{ endpoint: 'network-info', calls: 1, points: 1 }, { endpoint: 'issue', calls: 1, points: 2 }], { issue: 2, anyCall: 2 });
    expect(estimateCost(SCAN_CALLS, prices).points).toBe(2);
  });

  it('counts no network info call for a plan that reused a recent answer', () => {
    const prices = jobPrices([{ endpoint: 'network-info', calls: 1, points: 1 }, { endpoint: 'issue', calls: 1, points: 2 }], { issue: 2, anyCall: 2 });
    expect(estimateCost(plannedJobCalls({ calls: 1, checkCalls: 0, networkInfoCalls: 0 }), prices).points).toBe(2);
  });

  it('uses the last issue call’s price when no issue call was made today, and says it is the gateway’s', () => {
    const prices = jobPrices([], { issue: 2, anyCall: 1 });
    expect(prices.issue).toEqual({ points: 2, source: 'ledger' });
    expect(prices['network-info']).toEqual({ points: 1, source: 'assumed' });
  });

  it('says the estimate is assumed when a priced line has no price of its own, and 1 point before any call', () => {
    const estimate = estimateCost(plannedJobCalls({ calls: 1, checkCalls: 0, networkInfoCalls: 1 }), jobPrices([], { issue: null, anyCall: null }));
    expect(estimate.points).toBe(2);
    expect(estimate.certainty).toBe('assumed');
  });

  it('a line without calls does not make the estimate assumed', () => {
    const prices = jobPrices([{ endpoint: 'network-info', calls: 2, points: 2 }, { endpoint: 'issue', calls: 1, points: 2 }], { issue: 2, anyCall: 2 });
    expect(estimateCost(plannedJobCalls({ calls: 1, checkCalls: 0, networkInfoCalls: 1 }), prices).certainty).toBe('ledger');
  });

  it('keeps an average price to cents of a point', () => {
    const prices = jobPrices([{ endpoint: 'issue', calls: 3, points: 7 }], { issue: 3, anyCall: 3 });
    expect(prices.issue.points).toBe(2.33);
    expect(estimateCost({ 'network-info': 0, 'query-issued': 0, issue: 3 }, prices).points).toBe(6.99);
  });
});
