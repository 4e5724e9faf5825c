import { describe, expect, it } from 'vitest';
import { CARRIERS, CARRIER_BUSINESS_TYPES, findCarrier, waybillNumberPattern } from './carriers';
import { ORDER_CHANNELS, isOrderChannel } from './order-channels';
import { SELLER_FLAGS, SELLER_FLAG_FILTER_VALUES } from './seller-flags';

// The domain tables hold the facts of domain-facts.md; these checks pin their shape and the
// examples given there.

describe('domain tables', () => {
  it('carriers: unique codes, known business types, the documented number shapes', () => {
    expect(new Set(CARRIERS.map((carrier) => carrier.code)).size).toBe(CARRIERS.length);
    expect(CARRIERS.map((carrier) => carrier.code)).toEqual(['YTO', 'ZTO', 'STO', 'YUNDA', 'SF', 'EMS', 'POSTB', 'HTKY', 'DBKD', 'JD', 'ZJS', 'UC']);
    for (const carrier of CARRIERS) expect(CARRIER_BUSINESS_TYPES[carrier.businessType]).toBeDefined();
    const shape = (code: string) => {
      const found = findCarrier(code)?.waybillNumber;
      if (!found) throw new Error(`${code} has no shape`);
      return waybillNumberPattern(found);
    };
    expect(shape('YTO').test('YT1234567890123')).toBe(true);
    expect(shape('ZTO').test('7123456789012')).toBe(true);
    expect(shape('ZTO').test('71234567890123')).toBe(true);
    expect(shape('YUNDA').test('4312345678901')).toBe(true);
    expect(shape('DBKD').test('DPK123456789012')).toBe(true);
    expect(shape('JD').test('JDX000123456789')).toBe(true);
    expect(shape('SF').test('SF123')).toBe(false);
    expect(findCarrier('ZJS')?.waybillNumber).toBeNull();
    expect(findCarrier('yto')).toBeUndefined();
  });

  it('order channels: the 21 documented values', () => {
    expect(ORDER_CHANNELS.map((channel) => channel.code).join(',')).toBe(
      'TB,TM,JD,PDD,DY,KS,XHS,ALBB,1688,YZ,WD,WPH,SN,DD,JM,MGJ,VANCL,YHD,AMAZON,EBAY,OTHERS',
    );
    expect(isOrderChannel('PDD')).toBe(true);
    expect(isOrderChannel('TAOBAO')).toBe(false);
  });

  it('seller flags: 0 grey (none), then red, yellow, green, blue, purple', () => {
    expect(SELLER_FLAGS.map((flag) => `${flag.value}:${flag.colourEn}`)).toEqual(['0:grey', '1:red', '2:yellow', '3:green', '4:blue', '5:purple']);
    expect(SELLER_FLAG_FILTER_VALUES).toEqual([1, 2, 3, 4, 5]);
  });
});
