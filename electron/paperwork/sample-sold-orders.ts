import type { SoldOrder } from '../../shared/domain/sold-order';

/** Paid 2025-06-01 09:30 China time. */
const samplePaidAt = Date.UTC(2025, 5, 1, 1, 30);

/** A sold order as decoded, masked as the platform sends it, with the given fields changed (previews, tests, benchmarks). All data is made up. */
export function sampleSoldOrder(overrides: Partial<SoldOrder> & Pick<SoldOrder, 'orderNumber'>): SoldOrder {
  return {
    receiverName: '张**',
    receiverPhone: '138****1234',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    addressDetail: '文三路***号**小区*幢',
    goodsName: '纯棉短袖T恤',
    goodsSpec: '白色 XL',
    goodsImageUrl: '',
    goodsCount: 1,
    payAmountFen: 5900,
    orderStatus: 1,
    isPreSale: false,
    lastShipAt: null,
    confirmedAt: samplePaidAt,
    remark: '',
    flag: null,
    flagName: null,
    ...overrides,
  };
}

/**
 * `count` orders over a small catalogue of goods (some goods repeat, as in a real day's orders),
 * with numbers from `3512345600000001` up: for picking lists and benchmarks.
 */
export function sampleSoldOrders(count: number): SoldOrder[] {
  const catalogue = [
    ['纯棉短袖T恤', '白色 XL'],
    ['纯棉短袖T恤', '黑色 L'],
    ['帆布鞋', '37码'],
    ['保温杯 500ml', '星空蓝'],
    ['抽纸 3层 120抽', '24包/箱'],
    ['手机壳', 'iPhone 15 透明'],
    ['Bluetooth earbuds', 'white'],
  ] as const;
  return Array.from({ length: count }, (_, index) => {
    const [goodsName, goodsSpec] = catalogue[(index * 7 + Math.floor(index / 3)) % catalogue.length] ?? catalogue[0];
    return sampleSoldOrder({
      orderNumber: String(3512345600000001n + BigInt(index)),
      goodsName,
      goodsSpec,
      goodsCount: (index % 3) + 1,
      province: ['浙江省', '广东省', '上海', '北京市'][index % 4] ?? '浙江省',
    });
  });
}
