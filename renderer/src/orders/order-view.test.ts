import { describe, expect, it } from 'vitest';
import { buildOrderViews, hoursBetween, normalizeSearchText, orderProgress, shipUrgency, yuanFromFen } from './order-view';
import { sampleRow } from './testing/sample-order-rows';
import { untouchedOrderState } from '../../../shared/domain/order-row';

const hour = 3_600_000;
const now = Date.UTC(2026, 10, 21, 4, 0, 0);

describe('order views', () => {
  it('says where an order stands, printing facts first', () => {
    expect(orderProgress(untouchedOrderState)).toBe('not-issued');
    expect(orderProgress({ ...untouchedOrderState, waybill: 'issued', waybillCode: 'YT1' })).toBe('issued');
    expect(orderProgress({ ...untouchedOrderState, waybill: 'issued-elsewhere' })).toBe('issued-elsewhere');
    expect(orderProgress({ ...untouchedOrderState, waybill: 'failed' })).toBe('issue-failed');
    expect(orderProgress({ ...untouchedOrderState, waybill: 'issuing' })).toBe('issuing');
    expect(orderProgress({ ...untouchedOrderState, waybill: 'issued', print: 'queued' })).toBe('printing');
    expect(orderProgress({ ...untouchedOrderState, waybill: 'issued', print: 'failed' })).toBe('print-failed');
    expect(orderProgress({ ...untouchedOrderState, waybill: 'issued', print: 'unknown' })).toBe('print-unknown');
    expect(orderProgress({ ...untouchedOrderState, waybill: 'issued', print: 'printed', printCount: 1 })).toBe('printed');
    expect(orderProgress({ ...untouchedOrderState, waybill: 'issued', print: 'not-printed', printCount: 2 })).toBe('printed');
    expect(orderProgress({ ...untouchedOrderState, waybill: 'issued', voided: true })).toBe('voided');
  });

  it('joins the region, counts merge partners and makes everything searchable in folded form', () => {
    const views = buildOrderViews([
      sampleRow({ orderNumber: 'A1', goodsName: 'ＵＳＢ数据线' }, { waybillCode: 'YT9988' }, 'k1'),
      sampleRow({ orderNumber: 'A2', city: '东莞市', district: '' }, {}, 'k1'),
      sampleRow({ orderNumber: 'A3' }),
    ]);
    expect(views.map((view) => [view.ref.orderNumber, view.mergeGroupSize])).toEqual([['A1', 2], ['A2', 2], ['A3', 0]]);
    // The same buyer and address in another shop is no merge partner.
    const otherShop = buildOrderViews([sampleRow({ orderNumber: 'B1' }, {}, 'k1'), sampleRow({ orderNumber: 'B2' }, {}, 'k1', null, '57301875')]);
    expect(otherShop.map((view) => view.mergeGroupSize)).toEqual([1, 1]);
    expect(views[1]?.region).toBe('浙江省 东莞市');
    expect(views[0]?.searchText).toContain('usb数据线');
    expect(views[0]?.searchText).toContain('yt9988');
  });

  it('folds search text exactly as NFKC and lower case do, text that needs no folding included', () => {
    const texts = ['浙江省杭州市西湖区文三路、。Abc 138', 'ＴＥＬ：１３８\u3000（加急）', '①号楼 ㈱ ﬁ', 'Cafe\u0301 e\u0301', '', 'T恤 XL'];
    for (const text of texts) expect(normalizeSearchText(text)).toBe(text.normalize('NFKC').toLowerCase());
  });

  it('marks orders due within 24 hours urgent and past their time overdue, unless printed', () => {
    const [due] = buildOrderViews([sampleRow({ lastShipAt: now + 5 * hour })]);
    const [later] = buildOrderViews([sampleRow({ lastShipAt: now + 30 * hour })]);
    const [late] = buildOrderViews([sampleRow({ lastShipAt: now - hour })]);
    const [printed] = buildOrderViews([sampleRow({ lastShipAt: now - hour }, { waybill: 'issued', print: 'printed', printCount: 1 })]);
    const [unknown] = buildOrderViews([sampleRow({ lastShipAt: null })]);
    expect(due && shipUrgency(due, now)).toBe('urgent');
    expect(later && shipUrgency(later, now)).toBe('normal');
    expect(late && shipUrgency(late, now)).toBe('overdue');
    expect(printed && shipUrgency(printed, now)).toBe('normal');
    expect(unknown && shipUrgency(unknown, now)).toBe('none');
  });

  it('shows fen as yuan with two decimals', () => {
    expect(yuanFromFen(8780)).toBe('87.80');
    expect(yuanFromFen(5)).toBe('0.05');
    expect(yuanFromFen(-1999)).toBe('-19.99');
    expect(yuanFromFen(null)).toBeNull();
  });

  it('counts whole hours either way, at least one', () => {
    expect(hoursBetween(now, now + 5 * hour + 10 * 60_000)).toBe(5);
    expect(hoursBetween(now, now - 90 * 60_000)).toBe(2);
    expect(hoursBetween(now, now + 60_000)).toBe(1);
  });
});
