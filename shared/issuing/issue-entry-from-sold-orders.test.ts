import { describe, expect, it } from 'vitest';
import type { SoldOrder } from '../domain/sold-order';
import { validateIssueEntry } from '../validation/issue-entry-validation';
import { cutWithEllipsis, issueEntryFromSoldOrders } from './issue-entry-from-sold-orders';

const order: SoldOrder = {
  orderNumber: '3312345678901234567',
  receiverName: '张**',
  receiverPhone: '13260469442-4846',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  addressDetail: '文三路 1** 号',
  goodsName: '龙井茶',
  goodsSpec: '规格:250g',
  goodsImageUrl: '',
  goodsCount: 2,
  payAmountFen: 5980,
  orderStatus: 1,
  isPreSale: false,
  lastShipAt: null,
  confirmedAt: null,
  remark: '',
  flag: null,
  flagName: null,
};

const settings = {
  orderChannel: 'TB',
  templateUrl: 'https://cloudprint.cainiao.com/template/standard/101/3',
  logisticsServices: '',
  packageId: '',
};

describe('issueEntryFromSoldOrders', () => {
  it('maps one sold order as decisions.md says', () => {
    expect(issueEntryFromSoldOrders([order], settings)).toEqual({
      objectId: '3312345678901234567',
      orderChannel: 'TB',
      orderNumbers: ['3312345678901234567'],
      packageId: '',
      items: [{ name: '龙井茶 规格:250g', count: 2 }],
      recipient: {
        name: '张**',
        mobile: '13260469442-4846',
        phone: '',
        address: { province: '浙江省', city: '杭州市', district: '西湖区', town: '', detail: '文三路 1** 号' },
        oaid: '',
        tid: '3312345678901234567',
        caid: '',
      },
      templateUrl: settings.templateUrl,
      logisticsServices: '',
    });
  });

  it('puts merged orders in one package, keyed by the first order number', () => {
    const second = { ...order, orderNumber: '3312345678901234568', goodsName: '茶杯', goodsSpec: '', goodsCount: 1 };
    const entry = issueEntryFromSoldOrders([order, second], { ...settings, packageId: 'PKG_1' });
    expect(entry.objectId).toBe(order.orderNumber);
    expect(entry.recipient.tid).toBe(order.orderNumber);
    expect(entry.orderNumbers).toEqual([order.orderNumber, second.orderNumber]);
    expect(entry.items).toEqual([{ name: '龙井茶 规格:250g', count: 2 }, { name: '茶杯', count: 1 }]);
    expect(entry.packageId).toBe('PKG_1');
  });

  it('cuts long item names to 128 characters with an ellipsis instead of rejecting them', () => {
    const entry = issueEntryFromSoldOrders([{ ...order, goodsName: '茶'.repeat(200), goodsSpec: '' }], settings);
    const [item] = entry.items;
    expect([...(item?.name ?? '')]).toHaveLength(128);
    expect(item?.name.endsWith('…')).toBe(true);
    expect(validateIssueEntry(entry)).toEqual([]);
    expect(cutWithEllipsis('short', 128)).toBe('short');
    expect(cutWithEllipsis('😀'.repeat(130), 128)).toBe(`${'😀'.repeat(127)}…`);
  });

  it('leaves a missing quantity for validation to report, guessing nothing', () => {
    const entry = issueEntryFromSoldOrders([{ ...order, goodsCount: null }], settings);
    expect(validateIssueEntry(entry).map((problem) => problem.code)).toEqual(['validation.count-not-positive']);
  });
});
