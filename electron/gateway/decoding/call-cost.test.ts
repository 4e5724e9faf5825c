import { describe, expect, it } from 'vitest';
import { callCost } from './call-cost';

describe('callCost', () => {
  it('takes data.withholding_money first, then the first entry’s value (never a sum), else 0', () => {
    expect(callCost({ withholding_money: 5, content: [{ withholding_money: 1 }] })).toBe(5);
    expect(callCost({ content: [{ withholding_money: '2' }, { withholding_money: 2 }, { withholding_money: 2 }] })).toBe(2);
    expect(callCost({ content: [{}], modules: [{ withholding_money: 3 }] })).toBe(3);
    expect(callCost({ content: [] })).toBe(0);
    expect(callCost(null)).toBe(0);
  });
});
