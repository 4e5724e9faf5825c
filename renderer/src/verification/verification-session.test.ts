import { describe, expect, it } from 'vitest';
import type { BarcodeMapping } from '../../../shared/domain/verification';
import { buildOrderViews } from '../orders/order-view';
import { SAMPLE_SHOP_ID, sampleRow } from '../orders/testing/sample-order-rows';
import { buildScanIndex, resolveScan } from '../scanning/scan-resolution';
import { countByHand, isComplete, scanItem, startVerifying, totalsOf } from './verification-session';

const [view, printed] = buildOrderViews([
  sampleRow({ orderNumber: '3408112357125656046', goodsName: '保温杯', goodsSpec: '500ml', goodsCount: 2 }),
  sampleRow({ orderNumber: '2208950097816522376' }, { waybill: 'issued', waybillCode: 'YT5550000000001', print: 'printed', printCount: 1 }),
]);
const learned = new Map<string, BarcodeMapping>([
  ['111', { shopId: SAMPLE_SHOP_ID, barcode: '111', goodsName: '保温杯', goodsSpec: '500ml', updatedAt: 1 }],
  ['222', { shopId: SAMPLE_SHOP_ID, barcode: '222', goodsName: '保温杯', goodsSpec: '350ml', updatedAt: 1 }],
]);

describe('scan-to-verify counting', () => {
  it('an order is complete only when every item of every line is scanned or counted by hand; a further item is one too many', () => {
    if (!view) throw new Error('no sample order');
    let session = startVerifying(view);
    expect(session.lines).toEqual([{ goodsName: '保温杯', goodsSpec: '500ml', expected: 2, scanned: 0, overridden: 0 }]);
    const first = scanItem(session, '111', learned);
    if (first.kind !== 'ticked') throw new Error(`not ticked: ${first.kind}`);
    session = first.session;
    expect(isComplete(session)).toBe(false);
    session = countByHand(session, { goodsName: '保温杯', goodsSpec: '500ml' }, 5);
    expect(session.lines[0]).toMatchObject({ scanned: 1, overridden: 1 });
    expect(isComplete(session)).toBe(true);
    expect(totalsOf(session)).toEqual({ lines: 1, items: 2, overridden: 1 });
    expect(scanItem(session, '111', learned)).toEqual({ kind: 'mismatch', mismatch: 'one-too-many', goods: { goodsName: '保温杯', goodsSpec: '500ml' } });
  });

  it('another spec of the same goods is a wrong item, an unknown barcode is asked about, and nothing is ticked by either', () => {
    if (!view) throw new Error('no sample order');
    const session = startVerifying(view);
    expect(scanItem(session, '222', learned)).toEqual({ kind: 'mismatch', mismatch: 'wrong-item', goods: { goodsName: '保温杯', goodsSpec: '350ml' } });
    expect(scanItem(session, '999', learned)).toEqual({ kind: 'unknown-barcode', barcode: '999' });
    expect(isComplete(session)).toBe(false);
  });

  it('each verifying of an order is a session of its own: the same order scanned again starts another, at nought', () => {
    if (!view) throw new Error('no sample order');
    const first = scanItem(startVerifying(view), '111', learned);
    if (first.kind !== 'ticked') throw new Error(`not ticked: ${first.kind}`);
    const again = startVerifying(view);
    expect(again.order).toEqual(first.session.order);
    expect(again.id).not.toBe(first.session.id);
    expect(again.lines[0]).toMatchObject({ scanned: 0, overridden: 0 });
  });

  it('verify mode starts verifying a loaded order, and alarms on one whose label is out', () => {
    const index = buildScanIndex([view, printed].filter((entry) => entry !== undefined));
    expect(resolveScan(index, '3408112357125656046', 'verify')).toEqual({ kind: 'verify-started', code: '3408112357125656046', shopId: SAMPLE_SHOP_ID, orderNumber: '3408112357125656046' });
    expect(resolveScan(index, '2208950097816522376', 'verify')).toMatchObject({ kind: 'already-printed' });
  });
});
