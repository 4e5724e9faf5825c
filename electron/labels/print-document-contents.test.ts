import { describe, expect, it } from 'vitest';
import { carrierCodeOfWaybill, customAreaOrderDetails, printDocumentLayers } from './print-document-contents';

describe('a print document’s layers', () => {
  const printData = { data: { waybillCode: '73100000000001' }, templateURL: 'https://example.invalid/template/standard/1/1' };

  it('are the print data and the custom area’s data', () => {
    const area = { ORDER_ID: '351', ITEM_INFO: 'T恤×2' };
    expect(printDocumentLayers([printData, { templateURL: 'https://example.invalid/customArea/1/1', data: area }])).toEqual({ printData, customArea: area });
    expect(printDocumentLayers([printData])).toEqual({ printData, customArea: null });
  });

  it('give the order: numbers, goods with counts, and the note', () => {
    expect(
      customAreaOrderDetails({ ORDER_ID: '3512345678901234567，3512345678901234568', ITEM_INFO: '纯棉短袖T恤 白色 XL×2；帆布包 x 1\n贴纸', REMARK: '请勿折叠' }),
    ).toEqual({
      orderNumbers: ['3512345678901234567', '3512345678901234568'],
      items: [
        { name: '纯棉短袖T恤 白色 XL', count: 2 },
        { name: '帆布包', count: 1 },
        { name: '贴纸', count: 1 },
      ],
      remark: '请勿折叠',
      sellerNote: '',
    });
    expect(customAreaOrderDetails(null)).toEqual({ orderNumbers: [], items: [], remark: '', sellerNote: '' });
  });

  it('give the seller’s note and the total count where the user chose them', () => {
    expect(customAreaOrderDetails({ SELLER_NOTE: '[红旗] 加急', TOTAL_COUNT: '5' })).toEqual({
      orderNumbers: [],
      items: [],
      remark: '',
      sellerNote: '[红旗] 加急',
      totalCount: 5,
    });
  });

  it('name the carrier by the waybill number’s shape, or none', () => {
    expect(carrierCodeOfWaybill('73100000000001')).toBe('ZTO');
    expect(carrierCodeOfWaybill('YT7512345678901')).toBe('YTO');
    expect(carrierCodeOfWaybill('TEST-1')).toBe('');
  });
});
