import type { UiSettings } from '../../../shared/settings/settings-schema';

/**
 * Which columns the orders table shows, in which order and how wide: the desk's choice, remembered
 * in the settings (`ui.orderColumns`). Pure: the chooser and the table render what these answer.
 */

/** The desk's arrangement of the columns, as the settings keep it. */
export type ColumnSet = NonNullable<UiSettings['orderColumns']>;

/** What the arrangement needs to know of a column. */
export interface ColumnShape {
  id: string;
  /** Width in px (for a growing column, the least it takes). */
  width: number;
  /** Takes the width left over (the goods). */
  grow?: boolean;
}

/** The column that is always shown: a row is found by its order number. */
export const ALWAYS_SHOWN = 'order-number';

/**
 * The columns a new desk shows: together they fit a 1366-pixel screen whole (shop, order, buyer and
 * area, goods, quantity, note, state); the others are one click away in the chooser.
 */
export const DEFAULT_COLUMN_IDS: readonly string[] = ['shop', 'order-number', 'buyer-area', 'goods', 'count', 'remark', 'state'];

/** The narrowest a column can be made by hand, and the widest. */
export const COLUMN_WIDTH_LIMITS = { min: 48, max: 800 } as const;

/** The default arrangement. */
export const defaultColumnSet: ColumnSet = { shown: [...DEFAULT_COLUMN_IDS], widths: {} };

/**
 * The arrangement to show from what the settings hold (null: the default): ids no column has are
 * dropped, each id once, widths kept within the limits; the order number is always shown.
 */
export function columnSetOf(saved: ColumnSet | null, known: readonly string[]): ColumnSet {
  const source = saved ?? defaultColumnSet;
  const shown = [...new Set(source.shown)].filter((id) => known.includes(id));
  if (!shown.includes(ALWAYS_SHOWN)) shown.unshift(ALWAYS_SHOWN);
  const widths = Object.fromEntries(Object.entries(source.widths).filter(([id]) => known.includes(id)).map(([id, width]) => [id, clampWidth(width)]));
  return { shown, widths };
}

/** A width within the limits, in whole pixels. */
function clampWidth(width: number): number {
  return Math.round(Math.min(COLUMN_WIDTH_LIMITS.max, Math.max(COLUMN_WIDTH_LIMITS.min, width)));
}

/** Shows a column (at the end) or hides it; the order number stays. */
export function withColumnShown(set: ColumnSet, id: string, shown: boolean): ColumnSet {
  if (!shown) return id === ALWAYS_SHOWN ? set : { ...set, shown: set.shown.filter((candidate) => candidate !== id) };
  return set.shown.includes(id) ? set : { ...set, shown: [...set.shown, id] };
}

/** Moves a shown column one place left (-1) or right (+1); at an end it stays. */
export function withColumnMoved(set: ColumnSet, id: string, step: -1 | 1): ColumnSet {
  const from = set.shown.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= set.shown.length) return set;
  const shown = [...set.shown];
  [shown[from], shown[to]] = [shown[to] as string, id];
  return { ...set, shown };
}

/** Sets a column's width by hand. */
export function withColumnWidth(set: ColumnSet, id: string, width: number): ColumnSet {
  return { ...set, widths: { ...set.widths, [id]: clampWidth(width) } };
}

/** The shown columns, in order. */
export function shownColumns<C extends ColumnShape>(set: ColumnSet, columns: readonly C[]): C[] {
  return set.shown.flatMap((id) => columns.find((column) => column.id === id) ?? []);
}

/** A column's width in this arrangement: set by hand, or its own. */
export function widthOf(set: ColumnSet, column: ColumnShape): number {
  return set.widths[column.id] ?? column.width;
}

/** The CSS grid template of the table: the selection box (`firstTrack`), then each shown column; a growing column takes what is left. */
export function gridTemplateOf(set: ColumnSet, columns: readonly ColumnShape[], firstTrack: string): string {
  const tracks = shownColumns(set, columns).map((column) => (column.grow ? `minmax(${widthOf(set, column)}px, 1fr)` : `${widthOf(set, column)}px`));
  return [firstTrack, ...tracks].join(' ');
}

/** The least width the table needs in pixels (no growing column wider than its own least). */
export function leastWidthOf(set: ColumnSet, columns: readonly ColumnShape[], firstTrackPx: number): number {
  return shownColumns(set, columns).reduce((sum, column) => sum + widthOf(set, column), firstTrackPx);
}
