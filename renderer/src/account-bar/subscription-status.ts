import { chinaOffsetMs } from '../../../shared/time/china-time';

const dayMs = 24 * 60 * 60 * 1000;

/** How the subscription's end is shown: fine, a warning under 7 days, an error once expired. */
export type SubscriptionSeverity = 'ok' | 'warning' | 'expired' | 'unknown';

/** The China calendar day an instant falls on, as a day count. */
function chinaDay(instant: number): number {
  return Math.floor((instant + chinaOffsetMs) / dayMs);
}

/**
 * Calendar days left until the subscription ends, counted in China time as the gateway
 * counts them (ending today is 0 days left, still valid), and how urgent that is.
 */
export function subscriptionStatus(endsAt: number | null, now: number): { daysLeft: number | null; severity: SubscriptionSeverity } {
  if (endsAt === null) return { daysLeft: null, severity: 'unknown' };
  if (endsAt <= now) return { daysLeft: 0, severity: 'expired' };
  const daysLeft = chinaDay(endsAt) - chinaDay(now);
  return { daysLeft, severity: daysLeft < 7 ? 'warning' : 'ok' };
}
