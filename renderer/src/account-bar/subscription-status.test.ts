import { describe, expect, it } from 'vitest';
import { subscriptionStatus } from './subscription-status';

const day = 24 * 60 * 60 * 1000;
// 2026-11-21 12:00 China time.
const now = Date.UTC(2026, 10, 21, 4, 0, 0);
// The last second of a China calendar day `days` after today's.
const endOfChinaDay = (days: number) => Date.UTC(2026, 10, 21 + days, 15, 59, 59);

describe('subscription status', () => {
  it('counts China calendar days left', () => {
    expect(subscriptionStatus(endOfChinaDay(5), now)).toEqual({ daysLeft: 5, severity: 'warning' });
    expect(subscriptionStatus(endOfChinaDay(0), now)).toEqual({ daysLeft: 0, severity: 'warning' });
    expect(subscriptionStatus(endOfChinaDay(30), now)).toEqual({ daysLeft: 30, severity: 'ok' });
  });

  it('warns under 7 days, errors once expired', () => {
    expect(subscriptionStatus(endOfChinaDay(7), now).severity).toBe('ok');
    expect(subscriptionStatus(endOfChinaDay(6), now).severity).toBe('warning');
    expect(subscriptionStatus(now, now)).toEqual({ daysLeft: 0, severity: 'expired' });
    expect(subscriptionStatus(now - day, now)).toEqual({ daysLeft: 0, severity: 'expired' });
    expect(subscriptionStatus(null, now)).toEqual({ daysLeft: null, severity: 'unknown' });
  });
});
