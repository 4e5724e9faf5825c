import type { StateCreator } from 'zustand';
import type { SellerFlagValue } from '../../../shared/domain/seller-flags';
import { noLocalFilters, type LocalFilters } from './order-filters';
import { markFilterApplied } from './paint-timing';
import { shopOrderOfKey, type ShopOrderRef } from '../../../shared/domain/shop-order';
import { addRows, clearRows, emptySelection, removeRows, moveCursor, selectRange, selectedInChosenOrder, toggleRow, type CursorMove, type RowSelection } from './row-selection';

/** Quick choices of the confirmation-time range; 'custom' is a range picked by date. */
export const TIME_PRESETS = ['any', 'today', 'last-24h', 'last-3d', 'custom'] as const;

/** One quick choice of the confirmation-time range. */
export type TimePreset = (typeof TIME_PRESETS)[number];

/** The server-side filters as the form holds them (sent with a filtered fetch). */
export interface ServerFilterForm {
  preset: TimePreset;
  /** Confirmation time from (and to, null: until now), epoch ms; null for any time. */
  range: readonly [number, number | null] | null;
  /** Text the seller's remark must contain; empty for any. */
  remark: string;
  /** Seller flag 1–5; null for any. */
  flag: Exclude<SellerFlagValue, 0> | null;
}

/** The orders table's UI state: local filters, the server-filter form, and the selection. */
export interface OrdersSlice {
  localFilters: LocalFilters;
  /** Changes some local filters. */
  setLocalFilters: (patch: Partial<LocalFilters>) => void;
  clearLocalFilters: () => void;
  serverFilters: ServerFilterForm;
  setServerFilters: (patch: Partial<ServerFilterForm>) => void;
  /** Rows by `shopOrderKey`: the same order number in two shops is two rows. */
  selection: RowSelection;
  /** The selected orders in the order chosen (as the table shows them, then those the filters hide): what a plan is made of. */
  selectedOrders: (shownKeys: readonly string[]) => ShopOrderRef[];
  /** Click or Space: ticks or unticks one row. */
  toggleRow: (key: string) => void;
  /** Shift+click: adds the rows from the anchor to `key`, in the order shown. */
  selectRange: (shownKeys: readonly string[], key: string) => void;
  /** Adds rows: "select all filtered", or a scanned order. */
  selectRows: (keys: readonly string[]) => void;
  /** Unticks rows (the header checkbox when every shown row is ticked). */
  unselectRows: (keys: readonly string[]) => void;
  clearSelection: () => void;
  /** Puts the cursor on a row (and so scrolls to it) without ticking it: a scanned order that was refused. */
  showRow: (key: string) => void;
  /** Arrow keys, Page Up/Down, Home/End; with `extend` (Shift) ticking along the way. */
  moveCursor: (shownKeys: readonly string[], move: CursorMove, extend: boolean) => void;
}

/** No server-side filter. */
export const noServerFilters: ServerFilterForm = { preset: 'any', range: null, remark: '', flag: null };

/** Creates the orders slice of the UI store. */
export const createOrdersSlice: StateCreator<OrdersSlice, [], [], OrdersSlice> = (set, get) => ({
  localFilters: noLocalFilters,
  setLocalFilters: (patch) => {
    markFilterApplied();
    set((state) => ({ localFilters: { ...state.localFilters, ...patch } }));
  },
  clearLocalFilters: () => {
    markFilterApplied();
    set({ localFilters: noLocalFilters });
  },
  serverFilters: noServerFilters,
  setServerFilters: (patch) => set((state) => ({ serverFilters: { ...state.serverFilters, ...patch } })),
  selection: emptySelection,
  selectedOrders: (shownKeys) => selectedInChosenOrder(get().selection, shownKeys).flatMap((key) => shopOrderOfKey(key) ?? []),
  toggleRow: (key) => set((state) => ({ selection: toggleRow(state.selection, key) })),
  selectRange: (shownKeys, key) => set((state) => ({ selection: selectRange(state.selection, shownKeys, key) })),
  selectRows: (keys) => set((state) => ({ selection: addRows(state.selection, keys) })),
  unselectRows: (keys) => set((state) => ({ selection: removeRows(state.selection, keys) })),
  clearSelection: () => set((state) => ({ selection: clearRows(state.selection) })),
  showRow: (key) => set((state) => ({ selection: { ...state.selection, cursor: key } })),
  moveCursor: (shownKeys, move, extend) => set((state) => ({ selection: moveCursor(state.selection, shownKeys, move, extend) })),
});
