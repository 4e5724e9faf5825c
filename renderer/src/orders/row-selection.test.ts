import { describe, expect, it } from 'vitest';
import { addRows, clearRows, removeRows, emptySelection, moveCursor, selectRange, selectedInChosenOrder, toggleRow, type RowSelection } from './row-selection';

const shown = ['a', 'b', 'c', 'd', 'e'];
const selectedOf = (selection: RowSelection) => [...selection.selected].sort();

describe('row selection', () => {
  it('ticks and unticks a row with a click, making it the anchor and cursor', () => {
    const once = toggleRow(emptySelection, 'b');
    expect(selectedOf(once)).toEqual(['b']);
    expect(once.anchor).toBe('b');
    expect(once.cursor).toBe('b');
    const twice = toggleRow(toggleRow(once, 'd'), 'b');
    expect(selectedOf(twice)).toEqual(['d']);
  });

  it('adds the range from the anchor with Shift, either direction, keeping what was ticked', () => {
    const start = toggleRow(toggleRow(emptySelection, 'a'), 'd');
    expect(selectedOf(selectRange(start, shown, 'b'))).toEqual(['a', 'b', 'c', 'd']);
    expect(selectedOf(selectRange(toggleRow(emptySelection, 'b'), shown, 'e'))).toEqual(['b', 'c', 'd', 'e']);
    expect(selectRange(start, shown, 'b').anchor).toBe('d');
  });

  it('ticks only the row when there is no anchor yet, and ignores rows not shown', () => {
    expect(selectedOf(selectRange(emptySelection, shown, 'c'))).toEqual(['c']);
    const start = toggleRow(emptySelection, 'a');
    expect(selectRange(start, shown, 'zz')).toBe(start);
  });

  it('adds all given rows (select all filtered) and clears them all', () => {
    const all = addRows(toggleRow(emptySelection, 'a'), ['c', 'd']);
    expect(selectedOf(all)).toEqual(['a', 'c', 'd']);
    expect(all.cursor).toBe('d');
    expect(addRows(all, [])).toBe(all);
    expect(selectedOf(removeRows(all, ['c', 'd', 'x']))).toEqual(['a']);
    const cleared = clearRows(all);
    expect(cleared.selected.size).toBe(0);
    expect(cleared.cursor).toBe('d');
  });

  it('moves the cursor within the rows shown, without ticking', () => {
    let selection = moveCursor(emptySelection, shown, 1, false);
    expect(selection.cursor).toBe('a');
    selection = moveCursor(selection, shown, 10, false);
    expect(selection.cursor).toBe('e');
    selection = moveCursor(selection, shown, 'first', false);
    expect(selection.cursor).toBe('a');
    expect(moveCursor(emptySelection, shown, -1, false).cursor).toBe('e');
    expect(moveCursor({ ...emptySelection, cursor: 'gone' }, shown, 1, false).cursor).toBe('a');
    expect(selection.selected.size).toBe(0);
    expect(moveCursor(selection, [], 1, false)).toBe(selection);
  });

  it('ticks from the anchor to the cursor with Shift+arrow', () => {
    let selection = moveCursor(emptySelection, shown, 'first', false);
    selection = moveCursor(selection, shown, 1, true);
    selection = moveCursor(selection, shown, 1, true);
    expect(selectedOf(selection)).toEqual(['a', 'b', 'c']);
    expect(selection.cursor).toBe('c');
    expect(selectedOf(moveCursor(selection, shown, 'last', true))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('answers the selected rows as the table shows them, then those the filters hide in the order they were selected', () => {
    expect(selectedInChosenOrder(addRows(emptySelection, ['c', 'x', 'a', 'y']), ['a', 'b', 'c'])).toEqual(['a', 'c', 'x', 'y']);
  });
});
