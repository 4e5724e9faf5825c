import { describe, expect, it } from 'vitest';
import type { ElsewhereMark } from '../../../shared/domain/desks';
import type { OrderStationState } from '../../../shared/domain/order-row';
import { applyLocalFilters, hasLocalFilters, matchesLocalFilters, noLocalFilters, orderStatusesOf, PROGRESS_FILTERS, provincesOf, shopsOf, type ProgressFilter } from './order-filters';
import { buildOrderViews, isPlannableHere, orderProgress, plannableKeys, type OrderProgress } from './order-view';
import { SAMPLE_SHOPS, SAMPLE_SHOP_ID, sampleRow } from './testing/sample-order-rows';
import { shopOrderKey } from '../../../shared/domain/shop-order';

const hour = 3_600_000;
const now = Date.UTC(2026, 10, 21, 4, 0, 0);

const views = buildOrderViews([
  sampleRow({ orderNumber: '1001', flag: 1, flagName: '加急', lastShipAt: now + 3 * hour, remark: '尽快发货' }),
  sampleRow({ orderNumber: '1002', province: '广东省', city: '东莞市', district: '', goodsName: '无线蓝牙耳机', lastShipAt: now + 40 * hour }),
  sampleRow({ orderNumber: '1003', flag: 3, lastShipAt: now - hour }, { waybill: 'issued', waybillCode: 'YT2000000000001' }),
  sampleRow({ orderNumber: '1004', province: '广东省', city: '深圳市' }, { waybill: 'issued', waybillCode: 'YT2000000000002', print: 'printed', printCount: 1 }),
  sampleRow({ orderNumber: '1005' }, { waybill: 'issued-elsewhere', waybillCode: 'ZT1' }),
  sampleRow({ orderNumber: '1006' }, {}, null, { desk: 'desk 2', state: 'issued', waybillCode: 'YT2000000000099' }),
  sampleRow({ orderNumber: '1007', province: '广东省', city: '广州市' }, {}, null, { desk: 'desk 3', state: 'held', waybillCode: null }),
]);
const keys = (filters: Partial<typeof noLocalFilters>) => applyLocalFilters(views, { ...noLocalFilters, ...filters }, now).map((view) => view.ref.orderNumber);

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
    expect(keys({ text: 'YT2000000000099' })).toEqual(['1006']);
  });

  it('keep the chosen seller flags, 0 meaning no flag', () => {
    expect(keys({ flags: [1] })).toEqual(['1001']);
    expect(keys({ flags: [1, 3] })).toEqual(['1001', '1003']);
    expect(keys({ flags: [0] })).toEqual(['1002', '1004', '1005', '1006', '1007']);
  });

  it('keep orders by issued/printed state', () => {
    expect(keys({ progress: 'not-issued' })).toEqual(['1001', '1002']);
    // Held or issued at another desk counts as issued: nothing left to do about it at this desk.
    expect(keys({ progress: 'issued' })).toEqual(['1003', '1006', '1007']);
    expect(keys({ progress: 'printed' })).toEqual(['1004']);
    expect(keys({ progress: 'attention' })).toEqual(['1005']);
  });

  /**
   * Every state a row can be in (a Record over OrderProgress: a new state does not compile until
   * it is placed here), the station facts that put a row in it, and the state filters that keep
   * it besides "all" (a label whose print failed or is of unknown outcome is both not printed and needs attention;
   * an order another desk holds or issued is issued, never "not issued").
   */
  const everyState: Record<OrderProgress, { station: Partial<OrderStationState>; elsewhere?: ElsewhereMark; keptBy: readonly Exclude<ProgressFilter, 'all'>[] }> = {
    'not-issued': { station: {}, keptBy: ['not-issued'] },
    issuing: { station: { waybill: 'issuing' }, keptBy: ['issued'] },
    issued: { station: { waybill: 'issued', waybillCode: 'YT1' }, keptBy: ['issued'] },
    printing: { station: { waybill: 'issued', waybillCode: 'YT2', print: 'printing' }, keptBy: ['issued'] },
    printed: { station: { waybill: 'issued', waybillCode: 'YT3', print: 'printed', printCount: 1 }, keptBy: ['printed'] },
    'issued-elsewhere': { station: { waybill: 'issued-elsewhere', waybillCode: 'ZT1' }, keptBy: ['attention'] },
    'issue-failed': { station: { waybill: 'failed' }, keptBy: ['attention'] },
    'print-failed': { station: { waybill: 'issued', waybillCode: 'YT4', print: 'failed' }, keptBy: ['issued', 'attention'] },
    'print-unknown': { station: { waybill: 'issued', waybillCode: 'YT5', print: 'unknown' }, keptBy: ['issued', 'attention'] },
    voided: { station: { waybill: 'issued', waybillCode: 'YT6', voided: true }, keptBy: ['attention'] },
    'at-other-desk': { station: {}, elsewhere: { desk: 'desk 2', state: 'held', waybillCode: null }, keptBy: ['issued'] },
    'issued-at-other-desk': { station: { waybill: 'failed' }, elsewhere: { desk: 'desk 2', state: 'issued', waybillCode: 'YT7' }, keptBy: ['issued'] },
  };
  const stateTable = Object.entries(everyState) as [OrderProgress, (typeof everyState)[OrderProgress]][];

  it.each(stateTable)('place a row that is %s in exactly its state filters (the table covers all 12 states)', (state, { station, elsewhere, keptBy }) => {
    expect(stateTable).toHaveLength(12);
    expect(orderProgress({ ...sampleRow({}).station, ...station }, elsewhere)).toBe(state);
    const [view] = buildOrderViews([sampleRow({ orderNumber: '2001' }, station, null, elsewhere)]);
    if (!view) throw new Error('no view');
    for (const filter of PROGRESS_FILTERS) {
      expect({ filter, kept: matchesLocalFilters(view, { ...noLocalFilters, progress: filter }, now) }).toEqual({ filter, kept: filter === 'all' || keptBy.includes(filter) });
    }
  });

  it('keep a label whose print failed under "not printed" and under Attention, and a failed order under Attention with its reason', () => {
    const more = buildOrderViews([
      sampleRow({ orderNumber: '2001' }, { waybill: 'issued', waybillCode: 'YT2000000000003', print: 'failed' }),
      sampleRow({ orderNumber: '2002' }, { waybill: 'invalid', problem: { code: 'validation.too-long', params: { orderId: '2002', field: 'recipient.name', length: 41, limit: 40 }, retryable: false } }),
      sampleRow({ orderNumber: '2003' }),
    ]);
    const kept = (progress: typeof noLocalFilters.progress) => applyLocalFilters(more, { ...noLocalFilters, progress }, now).map((view) => view.ref.orderNumber);
    expect(kept('issued')).toEqual(['2001']);
    expect(kept('attention')).toEqual(['2001', '2002']);
    expect(kept('not-issued')).toEqual(['2003']);
    expect(more[1]?.progress).toBe('issue-failed');
  });

  it("put this desk's own waybill before another desk's mark, and never offer another desk's orders for a plan", () => {
    const mark: ElsewhereMark = { desk: 'desk 2', state: 'issued', waybillCode: 'YT8' };
    expect(orderProgress({ ...sampleRow({}).station, waybill: 'issued', waybillCode: 'YT9' }, mark)).toBe('issued');
    expect(orderProgress({ ...sampleRow({}).station, waybill: 'issuing' }, mark)).toBe('issuing');
    expect(orderProgress({ ...sampleRow({}).station, waybill: 'issued-elsewhere', waybillCode: 'YT8' }, mark)).toBe('issued-at-other-desk');
    expect(plannableKeys(views)).toEqual(['1001', '1002', '1003', '1004', '1005'].map((orderNumber) => shopOrderKey({ shopId: SAMPLE_SHOP_ID, orderNumber })));
    expect(views.filter((view) => !isPlannableHere(view)).map((view) => view.ref.orderNumber)).toEqual(['1006', '1007']);
  });

  it('keep one province', () => {
    expect(keys({ province: '广东省' })).toEqual(['1002', '1004', '1007']);
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
      { province: '浙江省', count: 4 },
      { province: '广东省', count: 3 },
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
    const shown = (orderStatuses: (number | null)[]) => applyLocalFilters(withStatuses, { ...noLocalFilters, orderStatuses }, now).map((view) => view.ref.orderNumber);
    expect(shown([3])).toEqual(['2002']);
    expect(shown([1, null])).toEqual(['2001', '2003', '2004']);
    expect(hasLocalFilters({ ...noLocalFilters, orderStatuses: [3] })).toBe(true);
  });

  it('keep the chosen shops and count the orders of each listed shop, the same order number in two shops being two rows', () => {
    const [first, second, third] = SAMPLE_SHOPS.map((shop) => shop.shopId) as [string, string, string];
    const listed = SAMPLE_SHOPS.map((shop) => ({ ...shop, listed: shop.shopId !== third }));
    const mixed = buildOrderViews(
      [sampleRow({ orderNumber: '3001' }, {}, null, null, first), sampleRow({ orderNumber: '3001' }, {}, null, null, second), sampleRow({ orderNumber: '3002' }, {}, null, null, second)],
      listed,
    );
    expect(new Set(mixed.map((view) => view.key)).size).toBe(3);
    expect(mixed.map((view) => view.shop?.name)).toEqual(['小满百货', '小满家居', '小满家居']);
    expect(shopsOf(mixed, listed).map(({ shop, count }) => [shop.shopId, count])).toEqual([
      [first, 1],
      [second, 2],
    ]);
    const shown = (shops: string[]) => applyLocalFilters(mixed, { ...noLocalFilters, shops }, now).map((view) => view.key);
    expect(shown([second])).toEqual([shopOrderKey({ shopId: second, orderNumber: '3001' }), shopOrderKey({ shopId: second, orderNumber: '3002' })]);
    expect(shown([first])).toEqual([shopOrderKey({ shopId: first, orderNumber: '3001' })]);
    expect(hasLocalFilters({ ...noLocalFilters, shops: [first] })).toBe(true);
    // The shop's name is searched too.
    expect(applyLocalFilters(mixed, { ...noLocalFilters, text: '家居' }, now)).toHaveLength(2);
  });
});
