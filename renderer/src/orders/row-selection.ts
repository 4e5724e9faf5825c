/**
 * Multi-selection of table rows by key, as packing-desk lists work: a click or Space ticks or
 * unticks one row, Shift adds the range from the last ticked row, the arrow keys move a cursor
 * (Shift+arrow ticks along the way). Pure: every operation answers a new selection.
 */

/** The selected keys, where a Shift range starts, and the row the keyboard is on. */
export interface RowSelection {
  selected: ReadonlySet<string>;
  /** The row a Shift range starts from (the last row ticked or unticked on its own). */
  anchor: string | null;
  /** The row the keyboard is on. */
  cursor: string | null;
}

/** Nothing selected, no cursor. */
export const emptySelection: RowSelection = { selected: new Set(), anchor: null, cursor: null };

/** Where the cursor goes: by a number of rows, or to the first or last row. */
export type CursorMove = number | 'first' | 'last';

/** Ticks the row if it was not, unticks it if it was; it becomes the anchor and the cursor. */
export function toggleRow(selection: RowSelection, key: string): RowSelection {
  const selected = new Set(selection.selected);
  if (!selected.delete(key)) selected.add(key);
  return { selected, anchor: key, cursor: key };
}

/** Adds the rows from the anchor to `key` (in the order shown) to the selection. */
export function selectRange(selection: RowSelection, shownKeys: readonly string[], key: string): RowSelection {
  const anchorIndex = selection.anchor === null ? -1 : shownKeys.indexOf(selection.anchor);
  const keyIndex = shownKeys.indexOf(key);
  if (keyIndex < 0) return selection;
  if (anchorIndex < 0) return { selected: new Set([...selection.selected, key]), anchor: key, cursor: key };
  const [from, to] = anchorIndex <= keyIndex ? [anchorIndex, keyIndex] : [keyIndex, anchorIndex];
  return { selected: new Set([...selection.selected, ...shownKeys.slice(from, to + 1)]), anchor: selection.anchor, cursor: key };
}

/** Adds keys to the selection ("select all filtered", a scan); the last one becomes the cursor. */
export function addRows(selection: RowSelection, keys: readonly string[]): RowSelection {
  if (keys.length === 0) return selection;
  const last = keys[keys.length - 1] ?? null;
  return { selected: new Set([...selection.selected, ...keys]), anchor: last, cursor: last };
}

/** Unticks the given rows ("select all filtered" undone); the others stay ticked. */
export function removeRows(selection: RowSelection, keys: readonly string[]): RowSelection {
  const selected = new Set(selection.selected);
  for (const key of keys) selected.delete(key);
  return { ...selection, selected };
}

/** Unticks everything; the cursor stays where it is. */
export function clearRows(selection: RowSelection): RowSelection {
  return { selected: new Set(), anchor: null, cursor: selection.cursor };
}

/**
 * Moves the cursor among the rows shown. With `extend`, the rows from the anchor to the new
 * cursor are ticked too. A cursor on a row no longer shown starts again from the top.
 */
export function moveCursor(selection: RowSelection, shownKeys: readonly string[], move: CursorMove, extend: boolean): RowSelection {
  if (shownKeys.length === 0) return selection;
  const current = selection.cursor === null ? -1 : shownKeys.indexOf(selection.cursor);
  const lastIndex = shownKeys.length - 1;
  let next: number;
  if (move === 'first') next = 0;
  else if (move === 'last') next = lastIndex;
  else if (current < 0) next = move > 0 ? 0 : lastIndex;
  else next = Math.min(lastIndex, Math.max(0, current + move));
  const key = shownKeys[next] as string;
  if (!extend) return { ...selection, cursor: key };
  const anchored = selection.anchor !== null && shownKeys.includes(selection.anchor) ? selection : { ...selection, anchor: selection.cursor ?? key };
  return selectRange(anchored, shownKeys, key);
}

/** The selected keys in the order the labels come out: as the table shows them, then selected rows the filters hide, in the order they were selected. */
export function selectedInChosenOrder(selection: RowSelection, shownKeys: readonly string[]): string[] {
  const inTable = shownKeys.filter((key) => selection.selected.has(key));
  const seen = new Set(inTable);
  return [...inTable, ...[...selection.selected].filter((key) => !seen.has(key))];
}
