import { carrierTakesParcels } from '../domain/carriers';
import type { IssueEntry } from '../domain/issue-entry';
import type { IssueJobSettings, OrderParcels } from '../domain/issuing';
import { shopOrderKey } from '../domain/shop-order';
import type { SoldOrder } from '../domain/sold-order';
import type { StationError } from '../errors/station-error';
import { stationError } from '../errors/station-error';
import { ISSUE_LIMITS } from '../gateway/issue-limits';

/**
 * One order in several parcels (一单多包) and split orders (拆单), as issue entries: parcel k of
 * order T is the entry `T` (k = 1) or `T#k`, with its own package_info.id and, when split, its
 * share of the goods. All parcels of an order ride one issue call, so the gateway answers them
 * together and the journal records them together (never a parcel issued without its order's record).
 */

/** At most this many parcels per order: every parcel of an order fits one issue call. */
export const PARCEL_LIMITS = { min: 2, max: ISSUE_LIMITS.entriesPerIssueCall } as const;

// Order numbers hold only ASCII letters, digits, _ and -: `#` never occurs in one, so the object_id splits back unambiguously.
const PARCEL_MARK = '#';

/** The object_id of an order's parcel: the order number for the first (as for any single order), `T#k` for the others. */
export function parcelObjectId(orderNumber: string, parcelNo: number): string {
  return parcelNo === 1 ? orderNumber : `${orderNumber}${PARCEL_MARK}${parcelNo}`;
}

/** The order number and parcel number an object_id names (parcel 1 for a plain order number). */
export function parcelOfObjectId(objectId: string): { orderNumber: string; parcelNo: number } {
  const at = objectId.lastIndexOf(PARCEL_MARK);
  const parcelNo = at > 0 ? Number(objectId.slice(at + 1)) : Number.NaN;
  return Number.isInteger(parcelNo) && parcelNo > 1 ? { orderNumber: objectId.slice(0, at), parcelNo } : { orderNumber: objectId, parcelNo: 1 };
}

/**
 * package_info.id of an order's parcel: the order number with every character a package id may
 * not hold (`-`) made `_`, then `_P<k>`; a number too long keeps its distinctive end. Stable, so a
 * resumed job sends the same ids.
 */
export function parcelPackageId(orderNumber: string, parcelNo: number): string {
  const suffix = `_P${parcelNo}`;
  const base = orderNumber.replace(/[^A-Za-z0-9_]/g, '_');
  return `${base.slice(Math.max(0, base.length - (ISSUE_LIMITS.packageIdLength - suffix.length)))}${suffix}`;
}

/**
 * The entries of one order's parcels from its single entry: each parcel its own object_id and
 * package id; split, each parcel its share of the order's goods (the entry's one item), otherwise
 * the goods as they are on every parcel.
 */
export function parcelEntries(entry: IssueEntry, parcels: OrderParcels): IssueEntry[] {
  const [orderNumber = entry.objectId] = entry.orderNumbers;
  return Array.from({ length: parcels.count }, (_, index) => {
    const parcelNo = index + 1;
    const count = parcels.split?.[index];
    return {
      ...entry,
      objectId: parcelObjectId(orderNumber, parcelNo),
      packageId: parcelPackageId(orderNumber, parcelNo),
      items: count === undefined ? entry.items : entry.items.map((item) => ({ ...item, count })),
    };
  });
}

/**
 * Problems of an order's parcels before anything is sent: the carrier must take several parcels,
 * 2 … 10 of them; a split gives every parcel at least one of the goods and all of them in all.
 */
export function validateOrderParcels(orderNumber: string, goodsCount: number | null, parcels: OrderParcels, carrierCode: string): StationError[] {
  const orderId = orderNumber;
  if (!carrierTakesParcels(carrierCode)) return [stationError('validation.parcels-not-supported', { orderId, carrier: carrierCode })];
  if (!Number.isInteger(parcels.count) || parcels.count < PARCEL_LIMITS.min || parcels.count > PARCEL_LIMITS.max) {
    return [stationError('validation.parcels-count', { orderId, count: parcels.count, min: PARCEL_LIMITS.min, limit: PARCEL_LIMITS.max })];
  }
  if (parcels.split === null) return [];
  const problems: StationError[] = [];
  parcels.split.forEach((count, index) => {
    if (!Number.isInteger(count) || count < 1) problems.push(stationError('validation.parcels-split-empty', { orderId, parcel: index + 1, count }));
  });
  const total = parcels.split.reduce((sum, count) => sum + count, 0);
  if (parcels.split.length !== parcels.count || total !== goodsCount) {
    problems.push(stationError('validation.parcels-split-total', { orderId, total, goodsCount: goodsCount ?? 0, parcels: parcels.split.length }));
  }
  return problems;
}

/**
 * The order as a parcel's label (custom area) shows it: a split parcel's order with its share of
 * the goods; any other label's orders as they are.
 */
export function orderOnParcel(order: SoldOrder, shopId: string, parcelNo: number | null, settings: IssueJobSettings): SoldOrder {
  const share = parcelNo === null ? undefined : settings.parcelsByOrder?.[shopOrderKey({ shopId, orderNumber: order.orderNumber })]?.split?.[parcelNo - 1];
  return share === undefined ? order : { ...order, goodsCount: share };
}
