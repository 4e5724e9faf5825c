import type { OrderView } from '../orders/order-view';
import { normalizeScanText } from './scan-input';

/**
 * What a scanned code means: one of the loaded orders (by order number), the order of a
 * waybill number printed by this station, or nothing known. Pure; the scanner hook acts on it.
 */

/** What a scan does to a good order: select it, or hand it to issue-and-print. */
export type ScanMode = 'select' | 'print';

/** Every scan mode, in the order the toggle shows them. */
export const SCAN_MODES: readonly ScanMode[] = ['select', 'print'];

/** What a scanned code turned out to be, and what was done. */
export type ScanOutcome =
  /** A loaded order, now selected. */
  | { kind: 'selected'; code: string; orderNumber: string }
  /** A loaded order, handed to issue-and-print (scan-to-print mode). */
  | { kind: 'print-requested'; code: string; orderNumber: string }
  /** A scan-to-print order whose job ended with its waybill issued (its label then printed). */
  | { kind: 'print-issued'; code: string; orderNumber: string; waybillCode: string }
  /** A scan-to-print order whose job ended without a waybill for it (the job's summary says why). */
  | { kind: 'print-not-issued'; code: string; orderNumber: string }
  /** The order's label was printed already: never a second label by accident. */
  | { kind: 'already-printed'; code: string; orderNumber: string; waybillCode: string | null; printCount: number }
  /** Another desk or program issued a waybill for this order: check before anything is printed. */
  | { kind: 'issued-elsewhere'; code: string; orderNumber: string; waybillCode: string | null }
  /** Another desk of the shared mode holds the order for its job: never selected or issued here. */
  | { kind: 'held-at-other-desk'; code: string; orderNumber: string; desk: string }
  /** Another desk of the shared mode issued the order's waybill: never selected or issued here. */
  | { kind: 'issued-at-other-desk'; code: string; orderNumber: string; desk: string; waybillCode: string | null }
  /** The order's status is held back (Settings): nothing is done until the packer confirms it. */
  | { kind: 'held-back'; code: string; orderNumber: string; orderStatus: number; mode: ScanMode }
  /** A waybill number of this station: its order, offered for a reprint. */
  | { kind: 'waybill'; code: string; orderNumber: string; waybillCode: string }
  /** Neither a loaded order nor a known waybill number. */
  | { kind: 'unknown'; code: string };

/** The sound a scan outcome makes: a short high tone, a two-note notice, or a loud low buzz. */
export type ScanTone = 'ok' | 'notice' | 'error';

/** The tone of each outcome: errors must be heard across the packing table. */
export function toneOf(outcome: ScanOutcome): ScanTone {
  switch (outcome.kind) {
    case 'selected':
    case 'print-requested':
    case 'print-issued':
      return 'ok';
    case 'waybill':
      return 'notice';
    default:
      return 'error';
  }
}

/** Loaded orders by normalized order number and by normalized waybill number. */
export interface ScanIndex {
  byOrderNumber: ReadonlyMap<string, OrderView>;
  byWaybillCode: ReadonlyMap<string, OrderView>;
}

/** Indexes the loaded orders for scanning (once per listing). */
export function buildScanIndex(views: readonly OrderView[]): ScanIndex {
  const byOrderNumber = new Map<string, OrderView>();
  const byWaybillCode = new Map<string, OrderView>();
  for (const view of views) {
    byOrderNumber.set(normalizeScanText(view.key), view);
    const waybillCode = view.row.station.waybillCode;
    if (waybillCode !== null) byWaybillCode.set(normalizeScanText(waybillCode), view);
  }
  return { byOrderNumber, byWaybillCode };
}

const noStatuses: ReadonlySet<number> = new Set();

/**
 * What a normalized scanned code means in this mode (before anything is done about it). An order
 * whose order_status is in `heldBack` is never selected or issued by the scan alone.
 */
export function resolveScan(index: ScanIndex, code: string, mode: ScanMode, heldBack: ReadonlySet<number> = noStatuses): ScanOutcome {
  const order = index.byOrderNumber.get(code);
  if (order) {
    const { station } = order.row;
    const orderNumber = order.key;
    if (order.progress === 'printed') return { kind: 'already-printed', code, orderNumber, waybillCode: station.waybillCode, printCount: station.printCount };
    if (order.progress === 'issued-elsewhere') return { kind: 'issued-elsewhere', code, orderNumber, waybillCode: station.waybillCode };
    const { elsewhere } = order.row;
    if (elsewhere !== null && order.progress === 'issued-at-other-desk') return { kind: 'issued-at-other-desk', code, orderNumber, desk: elsewhere.desk, waybillCode: elsewhere.waybillCode };
    if (elsewhere !== null && order.progress === 'at-other-desk') return { kind: 'held-at-other-desk', code, orderNumber, desk: elsewhere.desk };
    const status = order.row.order.orderStatus;
    if (status !== null && heldBack.has(status) && order.progress === 'not-issued') return { kind: 'held-back', code, orderNumber, orderStatus: status, mode };
    return mode === 'print' ? { kind: 'print-requested', code, orderNumber } : { kind: 'selected', code, orderNumber };
  }
  const waybillOrder = index.byWaybillCode.get(code);
  if (waybillOrder) return { kind: 'waybill', code, orderNumber: waybillOrder.key, waybillCode: waybillOrder.row.station.waybillCode ?? code };
  return { kind: 'unknown', code };
}
