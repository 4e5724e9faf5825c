import { describe, expect, it } from 'vitest';
import type { OrderView } from '../orders/order-view';
import { ordersToIssue } from './issue-print-button';

const shownAs = (...keys: string[]) => keys.map((key) => ({ key }) as OrderView);

describe('the orders to issue', () => {
  it('follows the table order, then adds selected orders the filters hide in the order they were selected', () => {
    expect(ordersToIssue(new Set(['c', 'x', 'a', 'y']), shownAs('a', 'b', 'c'))).toEqual(['a', 'c', 'x', 'y']);
  });
});
