import { describe, expect, it } from 'vitest';
import { createUiStore } from '../app/ui-store';
import { columnSetOf, withColumnShown } from './column-set';
import { ORDER_COLUMN_IDS } from './order-columns';

describe('the column draft', () => {
  it('shows the newest arrangement until its own answer comes, whatever older answers arrive meanwhile', () => {
    const store = createUiStore('zh-CN');
    const first = columnSetOf(null, ORDER_COLUMN_IDS);
    const second = withColumnShown(first, 'remark', false);
    const firstSave = store.getState().draftColumns(first);
    const secondSave = store.getState().draftColumns(second);
    expect(store.getState().columnDraft).toEqual({ save: secondSave, columns: second });
    // The first save's answer comes: the second is still awaited, its draft stays.
    expect(store.getState().settleColumns(firstSave)).toBe(false);
    expect(store.getState().columnDraft?.columns).toEqual(second);
    expect(store.getState().settleColumns(secondSave)).toBe(true);
    expect(store.getState().columnDraft).toBeNull();
    // Saves are counted over the window's life: an old answer arriving late never settles a new draft.
    const third = store.getState().draftColumns(null);
    expect(third).toBeGreaterThan(secondSave);
    expect(store.getState().settleColumns(firstSave)).toBe(false);
    expect(store.getState().columnDraft).toEqual({ save: third, columns: null });
  });
});
