import type { OrderListingShop } from '../../../shared/domain/order-row';
import type { SellerFlagValue } from '../../../shared/domain/seller-flags';
import { normalizeSearchText, shipUrgency, type OrderProgress, type OrderView } from './order-view';

/**
 * Filters on the orders already loaded: they work in every edition, cost nothing and apply at
 * once. (The server-side filters, which decide what is fetched, are a separate thing.)
 */

/** The issued/printed groups the state filter offers. */
export const PROGRESS_FILTERS = ['all', 'not-issued', 'issued', 'printed', 'attention'] as const;

/** One choice of the state filter. */
export type ProgressFilter = (typeof PROGRESS_FILTERS)[number];

/**
 * Which progress values each state-filter choice keeps. "Not printed" keeps every label that has
 * not come out, a failed or unknown print too (those also count under Attention).
 */
const progressGroups: Readonly<Record<Exclude<ProgressFilter, 'all'>, readonly OrderProgress[]>> = {
  'not-issued': ['not-issued'],
  // Held or issued at another desk counts as issued: nothing left to do about it here.
  issued: ['issuing', 'issued', 'printing', 'print-failed', 'print-unknown', 'at-other-desk', 'issued-at-other-desk'],
  printed: ['printed'],
  attention: ['issued-elsewhere', 'issue-failed', 'print-failed', 'print-unknown', 'voided'],
};

/** The local filters: an empty text, no flags, 'all', no province and urgentOnly false keep every row. */
export interface LocalFilters {
  /** Searched in order number, receiver, region, address, goods, remark, flag name and waybill number. */
  text: string;
  /** Seller flags to keep (0: no flag); empty keeps all. */
  flags: readonly SellerFlagValue[];
  progress: ProgressFilter;
  /** Province to keep, as the orders name it; null keeps all. */
  province: string | null;
  /** Only orders due within 24 hours or overdue. */
  urgentOnly: boolean;
  /** Sold-order `order_status` values to keep, as the gateway numbers them (null: no status sent); empty keeps all. */
  orderStatuses: readonly (number | null)[];
  /** Shops to keep (shop ids) among those loaded; empty keeps all. */
  shops: readonly string[];
}

/** Filters that keep every row. */
export const noLocalFilters: LocalFilters = { text: '', flags: [], progress: 'all', province: null, urgentOnly: false, orderStatuses: [], shops: [] };

/** Whether any local filter is set. */
export function hasLocalFilters(filters: LocalFilters): boolean {
  return (
    filters.text.trim() !== '' ||
    filters.flags.length > 0 ||
    filters.progress !== 'all' ||
    filters.province !== null ||
    filters.urgentOnly ||
    filters.orderStatuses.length > 0 ||
    filters.shops.length > 0
  );
}

/** Whether one order passes the filters at time `now`. */
export function matchesLocalFilters(view: OrderView, filters: LocalFilters, now: number): boolean {
  const words = normalizeSearchText(filters.text).split(/\s+/).filter((word) => word !== '');
  return buildMatcher(filters, words, now)(view);
}

/** The rows that pass the filters, in listing order (the same array when no filter is set). */
export function applyLocalFilters(views: readonly OrderView[], filters: LocalFilters, now: number): readonly OrderView[] {
  if (!hasLocalFilters(filters)) return views;
  const words = normalizeSearchText(filters.text).split(/\s+/).filter((word) => word !== '');
  return views.filter(buildMatcher(filters, words, now));
}

function buildMatcher(filters: LocalFilters, words: readonly string[], now: number): (view: OrderView) => boolean {
  const flags = new Set<number>(filters.flags);
  const progress = filters.progress === 'all' ? null : new Set(progressGroups[filters.progress]);
  const statuses = new Set(filters.orderStatuses);
  const shops = new Set(filters.shops);
  return (view) => {
    const { order } = view.row;
    if (shops.size > 0 && !shops.has(view.row.shopId)) return false;
    if (statuses.size > 0 && !statuses.has(order.orderStatus)) return false;
    if (flags.size > 0 && !flags.has(order.flag ?? 0)) return false;
    if (progress && !progress.has(view.progress)) return false;
    if (filters.province !== null && order.province !== filters.province) return false;
    if (filters.urgentOnly) {
      const urgency = shipUrgency(view, now);
      if (urgency !== 'urgent' && urgency !== 'overdue') return false;
    }
    // Every word must appear somewhere: "杭州 T恤" finds T-shirts going to Hangzhou.
    return words.every((word) => view.searchText.includes(word));
  };
}

/** The provinces of the loaded orders, most orders first, for the region filter. */
export function provincesOf(views: readonly OrderView[]): Array<{ province: string; count: number }> {
  const counts = new Map<string, number>();
  for (const view of views) {
    const province = view.row.order.province;
    if (province !== '') counts.set(province, (counts.get(province) ?? 0) + 1);
  }
  return [...counts].map(([province, count]) => ({ province, count })).sort((a, b) => b.count - a.count || a.province.localeCompare(b.province, 'zh-CN'));
}

/** The order statuses of the loaded orders with how many orders have each, in numeric order (no status last). */
export function orderStatusesOf(views: readonly OrderView[]): Array<{ status: number | null; count: number }> {
  const counts = new Map<number | null, number>();
  for (const view of views) counts.set(view.row.order.orderStatus, (counts.get(view.row.order.orderStatus) ?? 0) + 1);
  return [...counts].map(([status, count]) => ({ status, count })).sort((a, b) => (a.status ?? Infinity) - (b.status ?? Infinity));
}

/** The shops of the loaded orders with how many orders each has, in the order the listing names the shops (shops without orders too). */
export function shopsOf(views: readonly OrderView[], shops: readonly OrderListingShop[]): Array<{ shop: OrderListingShop; count: number }> {
  const counts = new Map<string, number>();
  for (const view of views) counts.set(view.row.shopId, (counts.get(view.row.shopId) ?? 0) + 1);
  return shops.filter((shop) => shop.listed).map((shop) => ({ shop, count: counts.get(shop.shopId) ?? 0 }));
}
