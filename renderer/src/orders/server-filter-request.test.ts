import { describe, expect, it } from 'vitest';
import { noServerFilters } from './orders-slice';
import { presetRange, serverFilterRequest } from './server-filter-request';

const now = Date.UTC(2026, 10, 21, 4, 0, 0);

describe('server filter requests', () => {
  it('send nothing when no filter is set, so the fetch is a plain full fetch of everything', () => {
    expect(serverFilterRequest(noServerFilters)).toEqual({});
    expect(serverFilterRequest({ ...noServerFilters, remark: '   ' })).toEqual({});
  });

  it('send the time range, the trimmed remark and the flag that are set', () => {
    expect(serverFilterRequest({ preset: 'custom', range: [1000, 2000], remark: ' 加急 ', flag: 1 })).toEqual({ startAt: 1000, endAt: 2000, remark: '加急', flag: 1 });
    expect(serverFilterRequest({ ...noServerFilters, range: [1000, null] })).toEqual({ startAt: 1000 });
  });

  it('turn quick choices into ranges up to now, "today" starting at midnight China time', () => {
    expect(presetRange('any', now)).toBeNull();
    expect(presetRange('today', now)).toEqual([Date.UTC(2026, 10, 20, 16, 0, 0), null]);
    expect(presetRange('last-24h', now)).toEqual([now - 24 * 3_600_000, null]);
    expect(presetRange('last-3d', now)).toEqual([now - 72 * 3_600_000, null]);
  });
});
