import { describe, expect, it } from 'vitest';
import { shopOrderKey, shopOrderOfKey, shopOrderRefSchema } from './shop-order';

describe('a shop’s order', () => {
  it('keys the same order number of two shops apart and reads each key back', () => {
    const a = { shopId: '57301862', orderNumber: 'TB1001' };
    const b = { shopId: '57301875', orderNumber: 'TB1001' };
    expect(shopOrderKey(a)).not.toBe(shopOrderKey(b));
    expect(shopOrderOfKey(shopOrderKey(a))).toEqual(a);
    expect(shopOrderOfKey(shopOrderKey(b))).toEqual(b);
  });

  it('reads no shop order from a text that is not a key', () => {
    expect(shopOrderOfKey('TB1001')).toBeNull();
    expect(shopOrderOfKey('\nTB1001')).toBeNull();
    expect(shopOrderOfKey('57301862\n')).toBeNull();
    expect(shopOrderOfKey('a\nb\nc')).toBeNull();
  });

  it('refuses a line break inside a shop id or order number at the boundary', () => {
    expect(shopOrderRefSchema.safeParse({ shopId: '5730\n1862', orderNumber: 'TB1' }).success).toBe(false);
    expect(shopOrderRefSchema.safeParse({ shopId: '57301862', orderNumber: 'TB\r1' }).success).toBe(false);
    expect(shopOrderRefSchema.parse({ shopId: ' 57301862 ', orderNumber: 'TB1 ' })).toEqual({ shopId: '57301862', orderNumber: 'TB1' });
  });
});
