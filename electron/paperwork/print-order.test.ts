import { describe, expect, it } from 'vitest';
import { arrangeForPrinting } from './print-order';
import { sampleSoldOrder } from './sample-sold-orders';

const orders = [
  sampleSoldOrder({ orderNumber: '1', goodsName: '帆布鞋', goodsSpec: '37码', province: '重庆', city: '重庆市' }),
  sampleSoldOrder({ orderNumber: '2', goodsName: '保温杯', goodsSpec: '蓝', province: '浙江省', city: '杭州市' }),
  sampleSoldOrder({ orderNumber: '3', goodsName: '帆布鞋', goodsSpec: '37码', province: '重庆市', city: '重庆市' }),
  sampleSoldOrder({ orderNumber: '4', goodsName: '帆布鞋', goodsSpec: '38码', province: '浙江', city: '宁波市' }),
  sampleSoldOrder({ orderNumber: '5', goodsName: '保温杯', goodsSpec: '蓝', province: '北京市', city: '北京市' }),
];
const numbers = (arranged: readonly { orderNumber: string }[]) => arranged.map((order) => order.orderNumber);

describe('the print order', () => {
  it('keeps the selection as it is', () => {
    expect(numbers(arrangeForPrinting(orders, 'as-selected'))).toEqual(['1', '2', '3', '4', '5']);
  });

  it('puts orders with the same goods and spec together, keeping the selection’s order within a run', () => {
    expect(numbers(arrangeForPrinting(orders, 'by-goods'))).toEqual(['2', '5', '1', '3', '4']);
  });

  it('groups by province (short and full names alike), then city', () => {
    // Pinyin order: 北京 (bei), 重庆 (chong), 浙江 (zhe); in 浙江, 杭州 (hang) before 宁波 (ning).
    expect(numbers(arrangeForPrinting(orders, 'by-province'))).toEqual(['5', '1', '3', '2', '4']);
  });
});
