import { describe, expect, it } from 'vitest';
import { decodeSoldOrder, decodeSoldOrderPage } from './decode-sold-orders';

const confirmed = Date.UTC(2024, 10, 11, 2, 30, 0);

/** The spec's sample shape: numbers as numbers, times as ms epochs, receiver_address, paging pageSize/totalElements. */
const sampleRecord = {
  receiver_name: '张**',
  receiver_phone: '138****1234',
  province: '浙江省',
  city: '杭州市',
  town: '西湖区',
  receiver_address: '文三路 1** 号',
  order_sn: '3312345678901234567',
  goods_name: '龙井茶',
  goods_img: 'https://img.example/1.jpg',
  goods_spec: '规格:250g',
  is_pre_sale: false,
  last_ship_time: confirmed + 86_400_000,
  confirm_time: confirmed,
  remark: '尽快发货',
  goods_count: 2,
  pay_amount: 59.8,
  order_status: 1,
  remark_tag: null,
  remark_tag_name: null,
  withholding_money: 1,
};

/** The field table's shape: everything as strings, wall-clock times, address, page_size/total_elements. */
const fieldTableRecord = {
  receiver_name: '李*',
  receiver_phone: '13260469442-4846',
  province: '重庆',
  city: '重庆市',
  town: '渝中区',
  address: '解放碑 8 号',
  order_sn: '240501-123456789012345',
  goods_name: '火锅底料',
  goods_img: '',
  is_pre_sale: 'true',
  last_ship_time: '2024-11-12 10:30:00',
  confirm_time: '2024-11-11 10:30:00',
  remark: '',
  goods_count: '3',
  pay_amount: '12.50',
  order_status: '2',
  remark_tag: '1',
  remark_tag_name: '加急',
  withholding_money: '1',
};

describe('decodeSoldOrder', () => {
  it('decodes the sample shape', () => {
    expect(decodeSoldOrder(sampleRecord)).toEqual({
      orderNumber: '3312345678901234567',
      receiverName: '张**',
      receiverPhone: '138****1234',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      addressDetail: '文三路 1** 号',
      goodsName: '龙井茶',
      goodsSpec: '规格:250g',
      goodsImageUrl: 'https://img.example/1.jpg',
      goodsCount: 2,
      payAmountFen: 5980,
      orderStatus: 1,
      isPreSale: false,
      lastShipAt: confirmed + 86_400_000,
      confirmedAt: confirmed,
      remark: '尽快发货',
      flag: null,
      flagName: null,
    });
  });

  it('decodes the field-table shape into the same type', () => {
    expect(decodeSoldOrder(fieldTableRecord)).toEqual({
      orderNumber: '240501-123456789012345',
      receiverName: '李*',
      receiverPhone: '13260469442-4846',
      province: '重庆',
      city: '重庆市',
      district: '渝中区',
      addressDetail: '解放碑 8 号',
      goodsName: '火锅底料',
      goodsSpec: '',
      goodsImageUrl: '',
      goodsCount: 3,
      payAmountFen: 1250,
      orderStatus: 2,
      isPreSale: true,
      lastShipAt: confirmed + 86_400_000,
      confirmedAt: confirmed,
      remark: '',
      flag: 1,
      flagName: '加急',
    });
  });

  it('reads flag 0 (grey) and unknown flags as no flag', () => {
    expect(decodeSoldOrder({ ...sampleRecord, remark_tag: 0 })?.flag).toBeNull();
    expect(decodeSoldOrder({ ...sampleRecord, remark_tag: '9' })?.flag).toBeNull();
    expect(decodeSoldOrder({ ...sampleRecord, remark_tag: '5' })?.flag).toBe(5);
  });

  it('drops a record without an order number', () => {
    expect(decodeSoldOrder({ ...sampleRecord, order_sn: '' })).toBeNull();
  });
});

describe('decodeSoldOrderPage', () => {
  it('reads paging fields under either naming and counts the cost once', () => {
    const sample = decodeSoldOrderPage({ content: [sampleRecord, sampleRecord], page: 0, pageSize: 100, totalElements: 5000 }, { page: 0, pageSize: 100 });
    expect(sample.ok && sample.data).toMatchObject({ page: 0, pageSize: 100, totalElements: 5000, points: 1, skippedEntries: 0 });
    const table = decodeSoldOrderPage({ content: [fieldTableRecord, { order_sn: null }], page: '3', page_size: '50', total_elements: '170' }, { page: 3, pageSize: 50 });
    expect(table.ok && table.data).toMatchObject({ page: 3, pageSize: 50, totalElements: 170, points: 1, skippedEntries: 1 });
  });

  it('takes data.withholding_money beside content over the entries’ values', () => {
    const page = decodeSoldOrderPage({ content: [sampleRecord], withholding_money: 2, page: 0, pageSize: 100, totalElements: 1 }, { page: 0, pageSize: 100 });
    expect(page.ok && page.data.points).toBe(2);
  });

  it('treats an empty or absent content as an empty page, and a non-list content as unexpected', () => {
    const empty = decodeSoldOrderPage({ content: [], totalElements: 0 }, { page: 0, pageSize: 100 });
    expect(empty.ok && empty.data).toMatchObject({ orders: [], totalElements: 0, points: 0 });
    const wrong = decodeSoldOrderPage({ content: 'nope' }, { page: 0, pageSize: 100 });
    expect(!wrong.ok && wrong.error.code).toBe('gateway.unexpected-data');
  });
});
