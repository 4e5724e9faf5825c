import { describe, expect, it } from 'vitest';
import type { SoldOrder } from '../../shared/domain/sold-order';
import { labelContents } from './label-printing';
import { demoJobSettings } from './testing/issuing-test-kit';

const order = (orderNumber: string, goodsName: string, goodsSpec: string, goodsCount: number, remark: string): SoldOrder => ({
  orderNumber, receiverName: '张**', receiverPhone: '138****1234', province: '浙江省', city: '杭州市', district: '西湖区', addressDetail: '文三路1**号',
  goodsName, goodsSpec, goodsImageUrl: '', goodsCount, payAmountFen: 100, orderStatus: 1, isPreSale: false, lastShipAt: null, confirmedAt: null, remark, flag: null, flagName: null,
});

describe('labelContents', () => {
  const printData = { encryptedData: 'AES:xyz', signature: 'MD:abc', templateURL: 'https://cloudprint.cainiao.com/template/standard/101/1', ver: 'waybill_print_secret_version_1' };

  it('is the print data unchanged when the merchant has no custom area', () => {
    expect(labelContents(printData, demoJobSettings, [order('1', '杯子', '白色', 1, '')])).toEqual([printData]);
  });

  it('adds the custom area with the order numbers, goods and remarks of the package', () => {
    const settings = { ...demoJobSettings, customAreaTemplateUrl: 'https://cloudprint.cainiao.com/template/customArea/1234/1' };
    const orders = [order('1', '杯子', '白色', 1, '尽快发货'), order('2', '抽纸', '', 3, '')];
    expect(labelContents(printData, settings, orders)).toEqual([
      printData,
      { templateURL: settings.customAreaTemplateUrl, data: { ITEM_INFO: '杯子 白色×1; 抽纸×3', REMARK: '尽快发货', ORDER_ID: '1 2' } },
    ]);
  });

  it('fills only the fields the user chose, in their order', () => {
    const settings = {
      ...demoJobSettings,
      customAreaTemplateUrl: 'https://cloudprint.cainiao.com/template/customArea/1234/1',
      customAreaFields: ['sellerNote' as const, 'totalCount' as const, 'orderNumber' as const],
    };
    const orders = [{ ...order('1', '杯子', '白色', 2, '尽快发货'), flag: 1, flagName: '加急' }, order('2', '抽纸', '', 3, '')];
    const [, area] = labelContents(printData, settings, orders);
    expect(area).toEqual({ templateURL: settings.customAreaTemplateUrl, data: { SELLER_NOTE: '[红旗] 加急', TOTAL_COUNT: '5', ORDER_ID: '1 2' } });
    expect(Object.keys((area as { data: object }).data)).toEqual(['SELLER_NOTE', 'TOTAL_COUNT', 'ORDER_ID']);
  });

  it('sends the custom area as data alone where the station draws the label (OS printer), and nothing when no field is chosen', () => {
    const orders = [order('1', '杯子', '白色', 1, '')];
    expect(labelContents(printData, { ...demoJobSettings, customAreaWithoutTemplate: true }, orders)).toEqual([
      printData,
      { data: { ITEM_INFO: '杯子 白色×1', REMARK: '', ORDER_ID: '1' } },
    ]);
    expect(labelContents(printData, { ...demoJobSettings, customAreaWithoutTemplate: true, customAreaFields: [] }, orders)).toEqual([printData]);
  });
});
