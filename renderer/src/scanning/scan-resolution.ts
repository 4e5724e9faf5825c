import type { OrderView } from '../orders/order-view';
import { normalizeScanText } from './scan-input';

/**
 * What a scanned code means: one of the loaded orders (by order number; an order number sold in
 * two loaded shops asks which shop, never guessed), the order of a waybill number printed by this
 * station, or nothing known. Pure; the scanner hook acts on it.
 */

/** What a scan does to a good order: select it, hand it to issue-and-print, or verify its goods first (scan-to-verify). */
export type ScanMode = 'select' | 'print' | 'verify';

/** The scan modes, in the order the toggle shows them: verify only while Settings turned scan-to-verify on. */
export function scanModes(verifyOn: boolean): readonly ScanMode[] {
  return verifyOn ? ['select', 'print', 'verify'] : ['select', 'print'];
}

/** What a scanned code turned out to be, and what was done. */
export type ScanOutcome =
  /** A loaded order, now selected. */
  | { kind: 'selected'; code: string; shopId: string; orderNumber: string }
  /** A loaded order, handed to issue-and-print (scan-to-print mode). */
  | { kind: 'print-requested'; code: string; shopId: string; orderNumber: string }
  /** A scan-to-print order whose job ended with its waybill issued (its label then printed). */
  | { kind: 'print-issued'; code: string; shopId: string; orderNumber: string; waybillCode: string }
  /** A scan-to-print order whose job ended without a waybill for it (the job's summary says why). */
  | { kind: 'print-not-issued'; code: string; shopId: string; orderNumber: string }
  /** The order's label was printed already: never a second label by accident. */
  | { kind: 'already-printed'; code: string; shopId: string; orderNumber: string; waybillCode: string | null; printCount: number }
  /** Another desk or program issued a waybill for this order: check before anything is printed. */
  | { kind: 'issued-elsewhere'; code: string; shopId: string; orderNumber: string; waybillCode: string | null }
  /** Another desk of the shared mode holds the order for its job: never selected or issued here. */
  | { kind: 'held-at-other-desk'; code: string; shopId: string; orderNumber: string; desk: string }
  /** Another desk of the shared mode issued the order's waybill: never selected or issued here. */
  | { kind: 'issued-at-other-desk'; code: string; shopId: string; orderNumber: string; desk: string; waybillCode: string | null }
  /** The order's status is held back (Settings): nothing is done until the packer confirms it. */
  | { kind: 'held-back'; code: string; shopId: string; orderNumber: string; orderStatus: number; mode: ScanMode }
  /** A waybill number of this station: its order, offered for a reprint. */
  | { kind: 'waybill'; code: string; shopId: string; orderNumber: string; waybillCode: string }
  /** An order number sold in several loaded shops: the packer chooses the shop (these, in the listing's order) before anything is done. */
  | { kind: 'choose-shop'; code: string; orderNumber: string; shopIds: readonly string[] }
  /** Neither a loaded order nor a known waybill number. */
  | { kind: 'unknown'; code: string }
  /** Scan-to-verify: the order's goods are listed, to be scanned item by item. */
  | { kind: 'verify-started'; code: string; shopId: string; orderNumber: string }
  /** Scan-to-verify: the order was verified and released already (a second parcel of it would be a second label). */
  | { kind: 'already-verified'; code: string; shopId: string; orderNumber: string }
  /** Scan-to-verify: an item ticked on its goods line (`scanned` of `expected` now). */
  | { kind: 'item-ticked'; code: string; goodsName: string; scanned: number; expected: number }
  /** Scan-to-verify: an item refused — not this order's goods, or its line complete already. */
  | { kind: 'item-wrong' | 'item-one-too-many'; code: string; goodsName: string }
  /** Scan-to-verify: a barcode not learned yet; the desk asks which goods line it is. */
  | { kind: 'item-unknown'; code: string }
  /** Scan-to-verify: an item scanned while no order is being verified. */
  | { kind: 'item-no-order'; code: string }
  /** Scan-to-verify: an item scanned in a verifying that an order's scan (another order, or the same one again) replaced before the item was judged: counted in neither. */
  | { kind: 'item-order-changed'; code: string; orderNumber: string }
  /** Scan-to-verify: every goods line complete; the order goes to issue and print. */
  | { kind: 'verify-released'; code: string; shopId: string; orderNumber: string };

/** The sound a scan outcome makes: a short high tone, a two-note notice, or a loud low buzz. */
export type ScanTone = 'ok' | 'notice' | 'error';

/** The tone of each outcome: errors must be heard across the packing table. */
export function toneOf(outcome: ScanOutcome): ScanTone {
  switch (outcome.kind) {
    case 'selected':
    case 'print-requested':
    case 'print-issued':
    case 'verify-started':
    case 'item-ticked':
    case 'verify-released':
      return 'ok';
    case 'waybill':
    case 'choose-shop':
    case 'item-unknown':
      return 'notice';
    default:
      return 'error';
  }
}

/** Loaded orders by normalized order number (one per shop that sold it) and by normalized waybill number. */
export interface ScanIndex {
  byOrderNumber: ReadonlyMap<string, readonly OrderView[]>;
  byWaybillCode: ReadonlyMap<string, OrderView>;
}

/** An order's waybills: its one waybill, or every parcel's. */
function waybillsOf(view: OrderView): string[] {
  const { waybillCode, parcelWaybills } = view.row.station;
  return parcelWaybills.length > 0 ? parcelWaybills : waybillCode === null ? [] : [waybillCode];
}

/** Indexes the loaded orders for scanning (once per listing); the orders of one number in the order of the shops in `shopOrder` (the listing's). */
export function buildScanIndex(views: readonly OrderView[], shopOrder: readonly string[] = []): ScanIndex {
  const byOrderNumber = new Map<string, OrderView[]>();
  const byWaybillCode = new Map<string, OrderView>();
  for (const view of views) {
    const orderNumber = normalizeScanText(view.ref.orderNumber);
    byOrderNumber.set(orderNumber, [...(byOrderNumber.get(orderNumber) ?? []), view]);
    // Every parcel's label of an order in several parcels finds it too.
    for (const waybillCode of waybillsOf(view)) byWaybillCode.set(normalizeScanText(waybillCode), view);
  }
  const rank = (view: OrderView) => shopOrder.indexOf(view.ref.shopId);
  for (const orders of byOrderNumber.values()) if (orders.length > 1) orders.sort((a, b) => rank(a) - rank(b));
  return { byOrderNumber, byWaybillCode };
}

const noStatuses: ReadonlySet<number> = new Set();

/**
 * What a normalized scanned code means in this mode (before anything is done about it). An order
 * whose order_status is in `heldBack` is never selected or issued by the scan alone.
 */
export function resolveScan(index: ScanIndex, code: string, mode: ScanMode, heldBack: ReadonlySet<number> = noStatuses): ScanOutcome {
  const orders = index.byOrderNumber.get(code) ?? [];
  const [order] = orders;
  if (orders.length > 1 && order) return { kind: 'choose-shop', code, orderNumber: order.ref.orderNumber, shopIds: orders.map((view) => view.ref.shopId) };
  if (order) return resolveScannedOrder(order, code, mode, heldBack);
  const waybillOrder = index.byWaybillCode.get(code);
  if (waybillOrder) return { kind: 'waybill', code, ...waybillOrder.ref, waybillCode: waybillsOf(waybillOrder).find((waybillCode) => normalizeScanText(waybillCode) === code) ?? code };
  return { kind: 'unknown', code };
}

/** What scanning `code` does to this loaded order (found alone, or the shop the packer chose). */
export function resolveScannedOrder(order: OrderView, code: string, mode: ScanMode, heldBack: ReadonlySet<number> = noStatuses): ScanOutcome {
  const { station, elsewhere } = order.row;
  const { shopId, orderNumber } = order.ref;
  if (order.progress === 'printed') return { kind: 'already-printed', code, shopId, orderNumber, waybillCode: station.waybillCode, printCount: station.printCount };
  if (order.progress === 'issued-elsewhere') return { kind: 'issued-elsewhere', code, shopId, orderNumber, waybillCode: station.waybillCode };
  if (elsewhere !== null && order.progress === 'issued-at-other-desk') return { kind: 'issued-at-other-desk', code, shopId, orderNumber, desk: elsewhere.desk, waybillCode: elsewhere.waybillCode };
  if (elsewhere !== null && order.progress === 'at-other-desk') return { kind: 'held-at-other-desk', code, shopId, orderNumber, desk: elsewhere.desk };
  const status = order.row.order.orderStatus;
  if (status !== null && heldBack.has(status) && order.progress === 'not-issued') return { kind: 'held-back', code, shopId, orderNumber, orderStatus: status, mode };
  if (mode === 'verify') return { kind: 'verify-started', code, shopId, orderNumber };
  return mode === 'print' ? { kind: 'print-requested', code, shopId, orderNumber } : { kind: 'selected', code, shopId, orderNumber };
}
