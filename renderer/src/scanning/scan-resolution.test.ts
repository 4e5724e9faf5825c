import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { zhCN } from '../i18n/zh-cn';
import { buildOrderViews } from '../orders/order-view';
import { SAMPLE_SHOPS, SAMPLE_SHOP_ID, sampleRow } from '../orders/testing/sample-order-rows';
import { buildScanIndex, resolveScan, resolveScannedOrder, toneOf } from './scan-resolution';
import { normalizeScanText } from './scan-input';
import { outcomeText } from './scan-outcome-text';

const index = buildScanIndex(
  buildOrderViews([
    sampleRow({ orderNumber: '3408112357125656046' }),
    sampleRow({ orderNumber: '241121-123456789012345' }),
    sampleRow({ orderNumber: '2763007909173488684' }, { waybill: 'issued', waybillCode: 'YT1234567890123' }),
    sampleRow({ orderNumber: '2208950097816522376' }, { waybill: 'issued', waybillCode: 'YT5550000000001', print: 'printed', printCount: 2 }),
    sampleRow({ orderNumber: '3100000000000000001' }, { waybill: 'issued-elsewhere', waybillCode: '75000000000001' }),
    sampleRow({ orderNumber: '3200000000000000001' }, {}, null, { desk: 'desk 2', state: 'issued', waybillCode: 'YT7770000000001' }),
    sampleRow({ orderNumber: '3200000000000000002' }, {}, null, { desk: 'desk 3', state: 'held', waybillCode: null }),
    sampleRow({ orderNumber: '3300000000000000001' }, { waybill: 'issued', waybillCode: 'YT8880000000001', parcelWaybills: ['YT8880000000001', 'YT8880000000002'], print: 'printed', printCount: 1 }),
  ]),
);

describe('resolving a scanned code', () => {
  it('selects a loaded order, or hands it to issue-and-print in scan-to-print mode', () => {
    expect(resolveScan(index, '3408112357125656046', 'select')).toEqual({ kind: 'selected', code: '3408112357125656046', shopId: SAMPLE_SHOP_ID, orderNumber: '3408112357125656046' });
    expect(resolveScan(index, '3408112357125656046', 'print')).toEqual({ kind: 'print-requested', code: '3408112357125656046', shopId: SAMPLE_SHOP_ID, orderNumber: '3408112357125656046' });
  });

  it('finds Pinduoduo order numbers scanned in full-width form', () => {
    const code = normalizeScanText('２４１１２１－１２３４５６７８９０１２３４５');
    expect(resolveScan(index, code, 'select')).toMatchObject({ kind: 'selected', orderNumber: '241121-123456789012345' });
  });

  it('refuses an order whose label was printed, loudly, naming its waybill', () => {
    const outcome = resolveScan(index, '2208950097816522376', 'print');
    expect(outcome).toEqual({ kind: 'already-printed', code: '2208950097816522376', shopId: SAMPLE_SHOP_ID, orderNumber: '2208950097816522376', waybillCode: 'YT5550000000001', printCount: 2 });
    expect(toneOf(outcome)).toBe('error');
  });

  it('alarms on an order of a held-back status and does nothing with it, in either mode', () => {
    const held = buildScanIndex(buildOrderViews([sampleRow({ orderNumber: '3408112357125656046', orderStatus: 3 })]));
    for (const mode of ['select', 'print'] as const) {
      const outcome = resolveScan(held, '3408112357125656046', mode, new Set([3]));
      expect(outcome).toEqual({ kind: 'held-back', code: '3408112357125656046', shopId: SAMPLE_SHOP_ID, orderNumber: '3408112357125656046', orderStatus: 3, mode });
      expect(toneOf(outcome)).toBe('error');
    }
    // Nothing held back (the default): the scan selects as before.
    expect(resolveScan(held, '3408112357125656046', 'select')).toMatchObject({ kind: 'selected' });
  });

  it('refuses an order issued elsewhere', () => {
    const outcome = resolveScan(index, '3100000000000000001', 'select');
    expect(outcome).toMatchObject({ kind: 'issued-elsewhere', waybillCode: '75000000000001' });
    expect(toneOf(outcome)).toBe('error');
  });

  it('alarms on an order another desk issued or holds, in either mode, naming the desk (never selected, never issued here)', async () => {
    const words = i18next.createInstance();
    await words.init({ lng: 'en', resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } }, interpolation: { escapeValue: false } });
    for (const mode of ['select', 'print'] as const) {
      const issued = resolveScan(index, '3200000000000000001', mode);
      expect(issued).toEqual({ kind: 'issued-at-other-desk', code: '3200000000000000001', shopId: SAMPLE_SHOP_ID, orderNumber: '3200000000000000001', desk: 'desk 2', waybillCode: 'YT7770000000001' });
      expect(toneOf(issued)).toBe('error');
      expect(outcomeText(words.t, issued).toLowerCase()).toContain('issued at desk 2');
      expect(outcomeText(words.t, issued)).toContain('YT7770000000001');
      expect(outcomeText(words.getFixedT('zh-CN'), issued)).toContain('desk 2 已取号');
      const held = resolveScan(index, '3200000000000000002', mode);
      expect(held).toEqual({ kind: 'held-at-other-desk', code: '3200000000000000002', shopId: SAMPLE_SHOP_ID, orderNumber: '3200000000000000002', desk: 'desk 3' });
      expect(toneOf(held)).toBe('error');
      expect(outcomeText(words.t, held)).toContain('At desk 3');
    }
  });

  it('finds the order of a scanned waybill number and offers it for a reprint', () => {
    const outcome = resolveScan(index, normalizeScanText('yt5550000000001'), 'select');
    expect(outcome).toEqual({ kind: 'waybill', code: 'YT5550000000001', shopId: SAMPLE_SHOP_ID, orderNumber: '2208950097816522376', waybillCode: 'YT5550000000001' });
    expect(toneOf(outcome)).toBe('notice');
  });

  it('finds an order in several parcels by any parcel’s waybill, offering that parcel’s label', () => {
    const outcome = resolveScan(index, normalizeScanText('YT8880000000002'), 'select');
    expect(outcome).toEqual({ kind: 'waybill', code: 'YT8880000000002', shopId: SAMPLE_SHOP_ID, orderNumber: '3300000000000000001', waybillCode: 'YT8880000000002' });
  });

  it('says loudly when a code is neither an order nor a waybill', () => {
    const outcome = resolveScan(index, '999999999', 'select');
    expect(outcome).toEqual({ kind: 'unknown', code: '999999999' });
    expect(toneOf(outcome)).toBe('error');
  });

  it('gives good scans the OK tone', () => {
    expect(toneOf({ kind: 'selected', code: 'x', shopId: SAMPLE_SHOP_ID, orderNumber: 'x' })).toBe('ok');
    expect(toneOf({ kind: 'print-requested', code: 'x', shopId: SAMPLE_SHOP_ID, orderNumber: 'x' })).toBe('ok');
  });

  it('asks which shop for an order number two loaded shops sold, never guessing, and resolves the shop chosen', async () => {
    const [first, second] = SAMPLE_SHOPS.map((shop) => shop.shopId) as [string, string];
    const views = buildOrderViews(
      [
        sampleRow({ orderNumber: '4100000000000000001' }, {}, null, null, first),
        sampleRow({ orderNumber: '4100000000000000001' }, { waybill: 'issued', waybillCode: 'YT4100000000001', print: 'printed', printCount: 1 }, null, null, second),
        sampleRow({ orderNumber: '4100000000000000002' }, {}, null, null, second),
      ],
      SAMPLE_SHOPS,
    );
    // The listing puts the second shop's order first (newer); the question follows the shops' order.
    const twoShops = buildScanIndex([...views].reverse(), SAMPLE_SHOPS.map((shop) => shop.shopId));
    for (const mode of ['select', 'print'] as const) {
      const outcome = resolveScan(twoShops, '4100000000000000001', mode);
      expect(outcome).toEqual({ kind: 'choose-shop', code: '4100000000000000001', orderNumber: '4100000000000000001', shopIds: [first, second] });
      expect(toneOf(outcome)).toBe('notice');
    }
    // Found in one loaded shop only: that shop's order, at once.
    expect(resolveScan(twoShops, '4100000000000000002', 'select')).toEqual({ kind: 'selected', code: '4100000000000000002', shopId: second, orderNumber: '4100000000000000002' });
    // The shop chosen decides: the first shop's order is selected, the second's was printed already.
    const [inFirst, inSecond] = twoShops.byOrderNumber.get('4100000000000000001') ?? [];
    expect(inFirst && resolveScannedOrder(inFirst, '4100000000000000001', 'select')).toEqual({ kind: 'selected', code: '4100000000000000001', shopId: first, orderNumber: '4100000000000000001' });
    expect(inSecond && resolveScannedOrder(inSecond, '4100000000000000001', 'print')).toMatchObject({ kind: 'already-printed', shopId: second, waybillCode: 'YT4100000000001' });
    const words = i18next.createInstance();
    await words.init({ lng: 'en', resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } }, interpolation: { escapeValue: false } });
    const asked = resolveScan(twoShops, '4100000000000000001', 'select');
    expect(outcomeText(words.t, asked)).toContain('2 shops');
    expect(outcomeText(words.getFixedT('zh-CN'), asked)).toContain('2 个店铺');
  });
});
