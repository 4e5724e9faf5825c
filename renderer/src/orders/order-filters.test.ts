import { describe, expect, it } from 'vitest';
import { applyLocalFilters, hasLocalFilters, matchesLocalFilters, noLocalFilters, orderStatusesOf, provincesOf } from './order-filters';
import { buildOrderViews } from './order-view';
import { sampleRow } from './testing/sample-order-rows';

const hour = 3_600_000;
const now = Date.UTC(2026, 10, 21, 4, 0, 0);

const views = buildOrderViews([
  sampleRow({ orderNumber: '1001', flag: 1, flagName: '加急', lastShipAt: now + 3 * hour, remark: '尽快发货' }),
  sampleRow({ orderNumber: '1002', province: '广东省', city: '东莞市', district: '', goodsName: '无线蓝牙耳机', lastShipAt: now + 40 * hour }),
  sampleRow({ orderNumber: '1003', flag: 3, lastShipAt: now - hour }, { waybill: 'issued', waybillCode: 'YT2000000000001' }),
  sampleRow({ orderNumber: '1004', province: '广东省', city: '深圳市' }, { waybill: 'issued', waybillCode: 'YT2000000000002', print: 'printed', printCount: 1 }),
  sampleRow({ orderNumber: '1005' }, { waybill: 'issued-elsewhere', waybillCode: 'ZT1' }),
]);
const keys = (filters: Partial<typeof noLocalFilters>) => applyLocalFilters(views, { ...noLocalFilters, ...filters }, now).map((view) => view.key);

describe('local order filters', () => {
  it('keep every row, as the same array, when none is set', () => {
    expect(hasLocalFilters(noLocalFilters)).toBe(false);
    expect(applyLocalFilters(views, noLocalFilters, now)).toBe(views);
    expect(hasLocalFilters({ ...noLocalFilters, text: '   ' })).toBe(false);
  });

  it('search every word in order number, goods, region, remark, flag name and waybill number', () => {
    expect(keys({ text: '1002' })).toEqual(['1002']);
    expect(keys({ text: '蓝牙 东莞' })).toEqual(['1002']);
    expect(keys({ text: '加急' })).toEqual(['1001']);
    expect(keys({ text: '尽快' })).toEqual(['1001']);
    expect(keys({ text: 'yt2000000000001' })).toEqual(['1003']);
    expect(keys({ text: '１００４' })).toEqual(['1004']);
  });

  it('keep the chosen seller flags, 0 meaning no flag', () => {
    expect(keys({ flags: [1] })).toEqual(['1001']);
    expect(keys({ flags: [1, 3] })).toEqual(['1001', '1003']);
    expect(keys({ flags: [0] })).toEqual(['1002', '1004', '1005']);
  });

  it('keep orders by issued/printed state', () => {
    expect(keys({ progress: 'not-issued' })).toEqual(['1001', '1002']);
    expect(keys({ progress: 'issued' })).toEqual(['1003']);
    expect(keys({ progress: 'printed' })).toEqual(['1004']);
    expect(keys({ progress: 'attention' })).toEqual(['1005']);
  });

  it('keep one province', () => {
    expect(keys({ province: '广东省' })).toEqual(['1002', '1004']);
  });

  it('keep urgent and overdue orders not yet printed', () => {
    expect(keys({ urgentOnly: true })).toEqual(['1001', '1003']);
  });

  it('combine: every filter set must pass', () => {
    expect(keys({ province: '广东省', progress: 'not-issued' })).toEqual(['1002']);
    const [first] = views;
    expect(first && matchesLocalFilters(first, { ...noLocalFilters, urgentOnly: true, flags: [1] }, now)).toBe(true);
    expect(first && matchesLocalFilters(first, { ...noLocalFilters, province: '广东省' }, now)).toBe(false);
  });

  it('list the provinces of the loaded orders, most orders first', () => {
    expect(provincesOf(views)).toEqual([
      { province: '浙江省', count: 3 },
      { province: '广东省', count: 2 },
    ]);
  });

  it('filter on the raw order status and count the orders of each value', () => {
    const withStatuses = buildOrderViews([
      sampleRow({ orderNumber: '2001', orderStatus: 1 }),
      sampleRow({ orderNumber: '2002', orderStatus: 3 }),
      sampleRow({ orderNumber: '2003', orderStatus: 1 }),
      sampleRow({ orderNumber: '2004', orderStatus: null }),
    ]);
    expect(orderStatusesOf(withStatuses)).toEqual([{ status: 1, count: 2 }, { status: 3, count: 1 }, { status: null, count: 1 }]);
    const shown = (orderStatuses: (number | null)[]) => applyLocalFilters(withStatuses, { ...noLocalFilters, orderStatuses }, now).map((view) => view.key);
    expect(shown([3])).toEqual(['2002']);
    expect(shown([1, null])).toEqual(['2001', '2003', '2004']);
    expect(hasLocalFilters({ ...noLocalFilters, orderStatuses: [3] })).toBe(true);
  });
});
