import { describe, expect, it } from 'vitest';
import { POINTS_PER_MM } from '../labels/label-input';
import { pdfPageSizes, pdfText, rasterizePdf } from '../labels/testing/pdf-inspection';
import { readCode128 } from '../labels/testing/raster-inspection';
import type { PackingSlip } from './packing-slip-layout';
import { createPaperworkRenderer } from './paperwork-renderer';
import { aggregatePicking } from './picking-list';
import { sampleSoldOrder, sampleSoldOrders } from './sample-sold-orders';

const renderer = createPaperworkRenderer();
/** An office laser printer's resolution: barcodes must scan from a plain A4 print. */
const laserDpi = 300;
const printedAt = Date.UTC(2025, 5, 1, 6, 3);

function slip(orderNumber: string, overrides: Partial<PackingSlip> = {}): PackingSlip {
  return {
    shopName: '小满百货旗舰店',
    orders: [sampleSoldOrder({ orderNumber, remark: '请周末送货', flag: 1, flagName: '送小样', goodsCount: 2, payAmountFen: 11800 })],
    waybillCode: '73100456789012',
    carrierCode: 'ZTO',
    printedAt,
    ...overrides,
  };
}

describe('a packing slip', () => {
  it.each([
    ['a4-half', 210, 297],
    ['a5', 148, 210],
    ['76x130', 76, 130],
    ['100x180', 100, 180],
  ] as const)('on %s paper is a page of that size with the order, receiver as masked, goods, total, remarks and waybill', async (size, width, height) => {
    const { pdf, pages } = await renderer.packingSlips([slip('3512345678901234567')], size, 'zh-CN');
    expect(pages).toBe(1);
    const [page] = await pdfPageSizes(pdf);
    expect(page?.width).toBeCloseTo(width * POINTS_PER_MM, 2);
    expect(page?.height).toBeCloseTo(height * POINTS_PER_MM, 2);
    const text = await pdfText(pdf);
    for (const expected of ['小满百货旗舰店', '发货单', '3512345678901234567', '2025-06-01 09:30', '张**', '138****1234', '文三路***号**小区*幢', '纯棉短袖T恤', '白色 XL', '¥118.00', '合计：共 2 件', '请周末送货', '[红旗] 送小样', '中通快递 73100456789012']) {
      expect(text).toContain(expected);
    }
    expect(await readCode128(await rasterizePdf(pdf, laserDpi))).toEqual(['3512345678901234567']);
  });

  it('prints two slips on each A4 sheet, in the order given, and in English when asked', async () => {
    const slips = ['3512345600000001', '3512345600000002', '3512345600000003'].map((number) => slip(number));
    const { pdf, pages } = await renderer.packingSlips(slips, 'a4-half', 'en');
    expect(pages).toBe(2);
    expect(await pdfPageSizes(pdf)).toHaveLength(2);
    const first = await pdfText(pdf, 1);
    expect(first).toContain('Packing slip');
    expect(first).toContain('Total: 2 pcs');
    expect(first.indexOf('3512345600000001')).toBeLessThan(first.indexOf('3512345600000002'));
    expect((await readCode128(await rasterizePdf(pdf, laserDpi, 1))).toSorted()).toEqual(['3512345600000001', '3512345600000002']);
    expect(await pdfText(pdf, 2)).toContain('3512345600000003');
  });

  it('lists every order of a merged package, and ends a table that does not fit with how many more', async () => {
    const orders = Array.from({ length: 40 }, (_, index) => sampleSoldOrder({ orderNumber: `35123456000001${String(index).padStart(2, '0')}`, goodsName: `商品${index + 1}` }));
    const [head, ...rest] = orders;
    if (!head) throw new Error('no orders');
    const text = await pdfText((await renderer.packingSlips([slip('x', { orders: [head, ...rest] })], '76x130', 'zh-CN')).pdf);
    expect(text).toContain('商品1');
    expect(text).not.toContain('商品40');
    expect(text).toMatch(/另有 \d+ 项，等 \d+ 件/);
    expect(text).toContain('合计：共 40 件');
  });
});

describe('a picking list', () => {
  it('gathers goods by name and spec with their total and the orders that need them, sorted by name or by count', () => {
    const orders = [
      sampleSoldOrder({ orderNumber: 'A1', goodsName: '帆布鞋', goodsSpec: '37码', goodsCount: 1 }),
      sampleSoldOrder({ orderNumber: 'A2', goodsName: '保温杯', goodsSpec: '蓝', goodsCount: 2 }),
      sampleSoldOrder({ orderNumber: 'A3', goodsName: '帆布鞋', goodsSpec: '37码', goodsCount: 3 }),
      sampleSoldOrder({ orderNumber: 'A4', goodsName: '帆布鞋', goodsSpec: '38码', goodsCount: 1 }),
    ];
    expect(aggregatePicking(orders, 'name')).toEqual([
      { name: '保温杯', spec: '蓝', total: 2, orders: [{ orderNumber: 'A2', count: 2 }] },
      { name: '帆布鞋', spec: '37码', total: 4, orders: [{ orderNumber: 'A1', count: 1 }, { orderNumber: 'A3', count: 3 }] },
      { name: '帆布鞋', spec: '38码', total: 1, orders: [{ orderNumber: 'A4', count: 1 }] },
    ]);
    expect(aggregatePicking(orders, 'count').map((line) => [line.spec, line.total])).toEqual([['37码', 4], ['蓝', 2], ['38码', 1]]);
  });

  it('prints on A4 pages with each line, its count and orders, the headings on every page', async () => {
    const orders = sampleSoldOrders(400);
    const lines = aggregatePicking(orders, 'name');
    const { pdf, pages } = await renderer.pickingList({ lines, orders: orders.length, createdAt: printedAt, source: '' }, 'zh-CN');
    const sizes = await pdfPageSizes(pdf);
    expect(sizes).toHaveLength(pages);
    expect(pages).toBeGreaterThan(1);
    for (const size of sizes) {
      expect(size.width).toBeCloseTo(210 * POINTS_PER_MM, 2);
      expect(size.height).toBeCloseTo(297 * POINTS_PER_MM, 2);
    }
    const first = await pdfText(pdf, 1);
    expect(first).toContain('拣货单');
    expect(first).toContain(`400 单 · ${lines.length} 种商品 · 共 ${lines.reduce((sum, line) => sum + line.total, 0)} 件`);
    expect(first).toContain('已拣');
    expect(first).toContain(`${lines[0]?.name}`);
    expect(first).toContain(`${lines[0]?.orders[0]?.orderNumber}`);
    const last = await pdfText(pdf, pages);
    expect(last).toContain('已拣');
    expect(last).toContain(`第 ${pages} / ${pages} 页`);
    // Every order appears on the list.
    let all = '';
    for (let page = 1; page <= pages; page += 1) all += await pdfText(pdf, page);
    for (const order of orders) expect(all).toContain(order.orderNumber);
  });
});
