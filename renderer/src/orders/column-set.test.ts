import { describe, expect, it } from 'vitest';
import { ORDER_COLUMNS, ORDER_COLUMN_IDS } from './order-columns';
import { columnSetOf, DEFAULT_COLUMN_IDS, defaultColumnSet, gridTemplateOf, leastWidthOf, withColumnMoved, withColumnShown, withColumnWidth } from './column-set';

/** What is left of a 1366-pixel screen for the table's columns: the desk's margins and borders, and a scrollbar. */
const TABLE_WIDTH_AT_1366 = 1366 - 2 * 16 - 2 - 16;

describe('the orders table column set', () => {
  it('shows by default shop, order, buyer and area, goods, quantity, note and state, fitting 1366 pixels whole', () => {
    const set = columnSetOf(null, ORDER_COLUMN_IDS);
    expect(set.shown).toEqual(['shop', 'order-number', 'buyer-area', 'goods', 'count', 'remark', 'state']);
    expect(leastWidthOf(set, ORDER_COLUMNS, 44)).toBeLessThanOrEqual(TABLE_WIDTH_AT_1366);
    // Every column is known: the default names none that is gone.
    for (const id of DEFAULT_COLUMN_IDS) expect(ORDER_COLUMN_IDS).toContain(id);
  });

  it('reads what the settings kept: unknown ids and repeats dropped, widths within limits, the order number always there', () => {
    const set = columnSetOf({ shown: ['goods', 'gone', 'goods', 'time'], widths: { goods: 5000, time: 10, gone: 100 } }, ORDER_COLUMN_IDS);
    expect(set).toEqual({ shown: ['order-number', 'goods', 'time'], widths: { goods: 800, time: 48 } });
  });

  it('shows and hides columns, never the order number', () => {
    const shown = withColumnShown(defaultColumnSet, 'ship-by', true);
    expect(shown.shown.at(-1)).toBe('ship-by');
    expect(withColumnShown(shown, 'ship-by', true)).toBe(shown);
    expect(withColumnShown(shown, 'shop', false).shown).not.toContain('shop');
    expect(withColumnShown(shown, 'order-number', false).shown).toContain('order-number');
  });

  it('moves a column one place, and not past either end', () => {
    expect(withColumnMoved(defaultColumnSet, 'order-number', -1).shown.slice(0, 2)).toEqual(['order-number', 'shop']);
    expect(withColumnMoved(defaultColumnSet, 'shop', -1)).toBe(defaultColumnSet);
    expect(withColumnMoved(defaultColumnSet, 'state', 1)).toBe(defaultColumnSet);
    expect(withColumnMoved(defaultColumnSet, 'count', 1).shown.slice(-3)).toEqual(['remark', 'count', 'state']);
  });

  it('lays the columns out as a grid template, widths set by hand first, the goods taking what is left', () => {
    const set = withColumnWidth({ shown: ['order-number', 'goods', 'count'], widths: {} }, 'count', 90.4);
    expect(gridTemplateOf(set, ORDER_COLUMNS, '44px')).toBe('44px 262px minmax(160px, 1fr) 90px');
    expect(gridTemplateOf(withColumnWidth(set, 'goods', 300), ORDER_COLUMNS, '44px')).toBe('44px 262px minmax(300px, 1fr) 90px');
  });
});
