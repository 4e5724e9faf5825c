import type { ElsewhereMark } from '../../../shared/domain/desks';
import type { OrderListingShop, OrderRow, OrderStationState } from '../../../shared/domain/order-row';
import { shopOrderKey, type ShopOrderRef } from '../../../shared/domain/shop-order';

/**
 * What the orders table shows of each cached row, derived once per listing (not per render):
 * where the order stands, its searchable text, and how many orders share its merge key.
 */

/** Where an order stands at this desk, as one value the table and the filters use. */
export type OrderProgress =
  | 'not-issued'
  | 'issuing'
  | 'issued'
  | 'issued-elsewhere'
  | 'issue-failed'
  | 'printing'
  | 'print-failed'
  | 'print-unknown'
  | 'printed'
  | 'voided'
  /** Another desk of the shared mode holds it for its job. */
  | 'at-other-desk'
  /** Another desk of the shared mode issued its waybill. */
  | 'issued-at-other-desk';

/** Orders another desk holds or issued: never selected or planned here. */
const ELSEWHERE_PROGRESS: ReadonlySet<OrderProgress> = new Set(['at-other-desk', 'issued-at-other-desk']);

/** Whether the order may be selected for a plan at this desk (not held or issued at another desk). */
export function isPlannableHere(view: OrderView): boolean {
  return !ELSEWHERE_PROGRESS.has(view.progress);
}

/** The keys of the orders that may be selected for a plan, in the order given. */
export function plannableKeys(views: readonly OrderView[]): string[] {
  return views.filter(isPlannableHere).map((view) => view.key);
}

/** How close an order's ship-by time is. */
export type ShipUrgency = 'overdue' | 'urgent' | 'normal' | 'none';

/** Orders due to ship within this time count as urgent. */
export const URGENT_WITHIN_MS = 24 * 60 * 60 * 1000;

/** One row of the table with what is derived from it. */
export interface OrderView {
  row: OrderRow;
  /** The shop's order the row is (the same order number in two shops is two rows). */
  ref: ShopOrderRef;
  /** `shopOrderKey` of the shop's order: the row's identity in the table, the selection and the scanner. */
  key: string;
  /** The shop as the table shows it; null for a shop the listing did not describe. */
  shop: OrderListingShop | null;
  progress: OrderProgress;
  /** Province, city and district as one text. */
  region: string;
  /** Everything the text filter searches, normalized (see `normalizeSearchText`). */
  searchText: string;
  /** Orders of the shop in the listing with the same merge key (this one included); 0 when it has none. */
  mergeGroupSize: number;
}

/**
 * Characters NFKC leaves as they are: printable ASCII, the CJK unified ideographs and the
 * ideographic comma and full stop (most of an order's text). Full-width forms, the ideographic
 * space and the rest may change (text with them, or with control characters, is normalized).
 */
const NFKC_STABLE = /^[ -~\u3001\u3002\u4e00-\u9fff]*$/;

/** Text as the search compares it: full-width forms folded to ASCII, lower case. */
export function normalizeSearchText(text: string): string {
  // The table folds every order's text once a listing: normalizing only what can change keeps that cheap for 100,000 rows.
  return (NFKC_STABLE.test(text) ? text : text.normalize('NFKC')).toLowerCase();
}

/**
 * Where an order stands, from the station's own facts about it and another desk's mark: what this
 * desk issued or printed itself comes first, then another desk's claim or waybill.
 */
export function orderProgress(station: OrderStationState, elsewhere: ElsewhereMark | null = null): OrderProgress {
  if (station.voided) return 'voided';
  if (station.print === 'printed' || station.printCount > 0) return 'printed';
  if (station.print === 'queued' || station.print === 'printing') return 'printing';
  if (station.print === 'failed') return 'print-failed';
  if (station.print === 'unknown') return 'print-unknown';
  if (elsewhere !== null && station.waybill !== 'issuing' && station.waybill !== 'issued') return elsewhere.state === 'issued' ? 'issued-at-other-desk' : 'at-other-desk';
  switch (station.waybill) {
    case 'issuing':
      return 'issuing';
    case 'issued':
      return 'issued';
    case 'issued-elsewhere':
      return 'issued-elsewhere';
    case 'failed':
    case 'invalid':
      return 'issue-failed';
    default:
      return 'not-issued';
  }
}

/** A row's merge group: orders of different shops never go as one package. */
const mergeGroupOf = (row: OrderRow): string | null => (row.mergeKey === null ? null : shopOrderKey({ shopId: row.shopId, orderNumber: row.mergeKey }));

/** Builds the table's views of a listing (with the shops it describes), counting merge partners. */
export function buildOrderViews(rows: readonly OrderRow[], shops: readonly OrderListingShop[] = []): OrderView[] {
  const shopsById = new Map(shops.map((shop) => [shop.shopId, shop]));
  const mergeCounts = new Map<string, number>();
  for (const row of rows) {
    const group = mergeGroupOf(row);
    if (group !== null) mergeCounts.set(group, (mergeCounts.get(group) ?? 0) + 1);
  }
  return rows.map((row) => {
    const shop = shopsById.get(row.shopId) ?? null;
    const group = mergeGroupOf(row);
    const ref = { shopId: row.shopId, orderNumber: row.order.orderNumber };
    const { order, station } = row;
    const region = [order.province, order.city, order.district].filter((part) => part !== '').join(' ');
    const searchable = [
      order.orderNumber,
      order.receiverName,
      order.receiverPhone,
      region,
      order.addressDetail,
      order.goodsName,
      order.goodsSpec,
      order.remark,
      order.flagName ?? '',
      station.waybillCode ?? '',
      row.elsewhere?.waybillCode ?? '',
      shop?.name ?? '',
    ];
    return {
      row,
      ref,
      key: shopOrderKey(ref),
      shop,
      progress: orderProgress(station, row.elsewhere),
      region,
      // Field by field: a line break ends what NFKC may combine, and most fields need no folding.
      searchText: searchable.map(normalizeSearchText).join('\n'),
      mergeGroupSize: group === null ? 0 : (mergeCounts.get(group) ?? 0),
    };
  });
}

/** How urgent shipping an order is now; printed orders (and those of another desk) are on their way and no longer urgent here. */
export function shipUrgency(view: OrderView, now: number): ShipUrgency {
  const lastShipAt = view.row.order.lastShipAt;
  if (lastShipAt === null) return 'none';
  if (view.progress === 'printed' || view.progress === 'voided' || !isPlannableHere(view)) return 'normal';
  if (lastShipAt <= now) return 'overdue';
  return lastShipAt - now <= URGENT_WITHIN_MS ? 'urgent' : 'normal';
}

/** Fen as yuan with two decimals (`8780` → `87.80`); null when the amount was unreadable. */
export function yuanFromFen(fen: number | null): string | null {
  if (fen === null) return null;
  const sign = fen < 0 ? '-' : '';
  const whole = Math.abs(Math.round(fen));
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** Whole hours from `now` to `at` (at least 1 when they differ), for "3 h left" / "2 h overdue". */
export function hoursBetween(now: number, at: number): number {
  return Math.max(1, Math.round(Math.abs(at - now) / 3_600_000));
}
