import { describe, expect, it } from 'vitest';
import { createLabelRenderer } from '../labels/label-renderer';
import { customAreaOrderDetails } from '../labels/print-document-contents';
import { SAMPLE_LABEL_INPUTS } from '../labels/sample-labels';
import { pdfText, rasterizePdf } from '../labels/testing/pdf-inspection';
import { readCode128 } from '../labels/testing/raster-inspection';
import { customAreaData } from './custom-area';
import { sampleSoldOrder } from './sample-sold-orders';

const renderer = createLabelRenderer();
const [sample] = SAMPLE_LABEL_INPUTS;
const orders = [
  sampleSoldOrder({ orderNumber: '3512345678901234567', goodsCount: 2, remark: '请周末送货，谢谢', flag: 1, flagName: '送小样' }),
  sampleSoldOrder({ orderNumber: '3512345678901234568', goodsName: '帆布鞋', goodsSpec: '37码' }),
];

describe('the custom area on a label the station draws itself', () => {
  it('shows the chosen fields, read back from the layer the component would get', async () => {
    if (!sample) throw new Error('no sample label');
    const order = customAreaOrderDetails(customAreaData(orders, ['goods', 'buyerRemark', 'sellerNote', 'orderNumber', 'totalCount']));
    const text = await pdfText(await renderer.renderPdf({ ...sample, order }, '76x130'));
    for (const expected of ['纯棉短袖T恤 白色 XL×2', '帆布鞋 37码×1', '备注：请周末送货，谢谢', '卖家备注：[红旗] 送小样', '共3件', '订单号：3512345678901234567']) expect(text).toContain(expected);

    const fewer = customAreaOrderDetails(customAreaData(orders, ['goods']));
    const goodsOnly = await pdfText(await renderer.renderPdf({ ...sample, order: fewer }, '76x130'));
    expect(goodsOnly).toContain('帆布鞋 37码×1');
    expect(goodsOnly).not.toContain('备注');
    expect(goodsOnly).not.toContain('订单号');
  });

  it.each(['76x130', '100x180'] as const)('carries the first order number as a barcode that scans, clear of the text, on %s', async (size) => {
    if (!sample) throw new Error('no sample label');
    const order = customAreaOrderDetails(customAreaData(orders, ['goods', 'buyerRemark', 'sellerNote', 'orderNumber', 'totalCount']));
    const codes = await readCode128(await rasterizePdf(await renderer.renderPdf({ ...sample, order }, size), 203));
    expect(codes).toContain('3512345678901234567');
    expect(codes.filter((code) => code === sample.data.waybillCode)).toHaveLength(size === '100x180' ? 2 : 1);
  });
});
