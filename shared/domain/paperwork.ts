/**
 * The desk's paperwork beyond the waybill: what the label's custom area shows, packing slips
 * (发货单), picking lists (拣货单) and the order labels come out in. Shared by main (renderers,
 * printing) and the renderer (settings, plan, dialogs).
 */

/**
 * What the label's custom area (自定义区域) can show, in the order the user lists them: goods with
 * spec and count, the buyer's remark, the seller's note with its flag, the order number(s), the
 * total number of pieces.
 */
export const CUSTOM_AREA_FIELDS = ['goods', 'buyerRemark', 'sellerNote', 'orderNumber', 'totalCount'] as const;

/** One field of the custom area. */
export type CustomAreaField = (typeof CUSTOM_AREA_FIELDS)[number];

/** What a new station shows in the custom area: what it always showed (goods, remark, order number). */
export const DEFAULT_CUSTOM_AREA_FIELDS: readonly CustomAreaField[] = ['goods', 'buyerRemark', 'orderNumber'];

/**
 * Packing slip sizes: A4 half-page (two slips per A4 sheet), A5, and the two thermal label sizes
 * for desks that print slips on a second label printer.
 */
export const SLIP_SIZES = ['a4-half', 'a5', '76x130', '100x180'] as const;

/** A packing slip size. */
export type SlipSize = (typeof SLIP_SIZES)[number];

/** The order labels (and slips) come out in, chosen in the plan and stored with the job. */
export const PRINT_ORDERS = ['as-selected', 'by-goods', 'by-province'] as const;

/**
 * `as-selected`: the order of the selection; `by-goods`: orders with the same goods (name and
 * spec) together, so packers pack in runs; `by-province`: by the receiver's province and city.
 */
export type PrintOrder = (typeof PRINT_ORDERS)[number];

/** How a picking list is sorted: by goods name, or by total count (largest first). */
export type PickingSort = 'name' | 'count';

/** One line of a picking list: a goods name and spec, how many pieces in all, and the orders that need it. */
export interface PickingLine {
  name: string;
  spec: string;
  total: number;
  /** Order numbers needing it, with the count each needs, in the list's order of orders. */
  orders: { orderNumber: string; count: number }[];
}

/** The outcome of printing paperwork on the OS printer: how many documents the print system took. */
export interface PaperworkPrintResult {
  /** Documents (slips or list pages as one job) the print system accepted. */
  printed: number;
  /** The printer they went to ('' is the system's default). */
  printer: string;
  /** Orders asked for that the station does not know (not loaded, not in the journal). */
  unknownOrders: string[];
}

/** A rendered PDF handed to the renderer to save (a download in the browser host, a save dialog in Electron). */
export interface PaperworkPdf {
  fileName: string;
  /** The PDF, base64. */
  base64: string;
  pages: number;
}

/** The custom area's data keys (the label's 自定义区域 layer), one per field the user can choose: the station writes them, its own renderers read them back. */
export const CUSTOM_AREA_KEYS: Readonly<Record<CustomAreaField, string>> = {
  goods: 'ITEM_INFO',
  buyerRemark: 'REMARK',
  sellerNote: 'SELLER_NOTE',
  orderNumber: 'ORDER_ID',
  totalCount: 'TOTAL_COUNT',
};
