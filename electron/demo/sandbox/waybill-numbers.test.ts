import { describe, expect, it } from 'vitest';
import { CARRIERS, waybillNumberPattern } from '../../../shared/domain/carriers';
import { waybillNumber } from './waybill-numbers';

describe('waybill numbers', () => {
  it('have each carrier\'s shape, repeat for the same seed and serial, and differ between serials', () => {
    for (const carrier of CARRIERS) {
      if (!carrier.waybillNumber) continue;
      const pattern = waybillNumberPattern(carrier.waybillNumber);
      const numbers = Array.from({ length: 50 }, (_, serial) => waybillNumber(1, carrier.code, serial));
      for (const number of numbers) expect(number, carrier.code).toMatch(pattern);
      expect(new Set(numbers).size, carrier.code).toBe(50);
      expect(waybillNumber(1, carrier.code, 7)).toBe(numbers[7]);
    }
    expect(waybillNumber(1, 'YTO', 1)).toMatch(/^YT\d{13}$/);
    expect(waybillNumber(1, 'SF', 1)).toMatch(/^SF\d{13}$/);
  });
});
