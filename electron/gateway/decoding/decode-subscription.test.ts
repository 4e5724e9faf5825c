import { describe, expect, it } from 'vitest';
import { decodeSubscription } from './decode-subscription';

describe('decodeSubscription', () => {
  const start = Date.UTC(2024, 0, 1, 0, 0, 0) - 8 * 3_600_000; // 2024-01-01 00:00:00 in China
  const end = Date.UTC(2024, 11, 31, 15, 59, 59); // 2024-12-31 23:59:59 in China

  it.each([
    ['wall-clock strings (sample)', '2024-01-01 00:00:00', '2024-12-31 23:59:59'],
    ['epoch seconds (field table int)', start / 1000, end / 1000],
    ['epoch milliseconds', start, end],
    ['epoch seconds as strings', String(start / 1000), String(end / 1000)],
  ])('reads dates given as %s', (_shape, startDate, endDate) => {
    const decoded = decodeSubscription({ start_date: startDate, end_date: endDate, status: '已订购', version_no: '2', withholding_money: 1 });
    expect(decoded).toEqual({ ok: true, data: { startsAt: start, endsAt: end, status: '已订购', versionNo: 2, points: 1 } });
  });

  it('refuses a data that is not an object', () => {
    const decoded = decodeSubscription(null);
    expect(!decoded.ok && decoded.error.code).toBe('gateway.unexpected-data');
  });
});
