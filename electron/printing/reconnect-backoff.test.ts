import { describe, expect, it } from 'vitest';
import { backoffDelay } from './reconnect-backoff';

describe('reconnect backoff', () => {
  const options = { initialDelayMs: 100, maxDelayMs: 1_000 };

  it('doubles from the initial delay up to the cap', () => {
    expect([0, 1, 2, 3, 4, 10, 100].map((attempt) => backoffDelay(attempt, options, () => 1))).toEqual([100, 200, 400, 800, 1_000, 1_000, 1_000]);
  });

  it('jitters within the upper half of each step', () => {
    expect(backoffDelay(2, options, () => 0)).toBe(200);
    expect(backoffDelay(2, options, () => 0.5)).toBe(300);
  });
});
