import type { ShopOrderRef } from '../../../shared/domain/shop-order';
import { sameGoodsLine, type BarcodeMapping, type GoodsLineKey, type VerificationMismatch } from '../../../shared/domain/verification';
import type { OrderView } from '../orders/order-view';

/**
 * Scan-to-verify's counting, pure but for each session's number: an order's goods lines with the count to pack, each item scan
 * ticking one, goods counted by hand with a reason, and whether the order is complete. The desk
 * hook acts on what it answers (alarms, questions, the release to issue and print).
 */

/** One goods line being verified. */
export interface VerifyLine extends GoodsLineKey {
  /** How many to pack. */
  expected: number;
  /** Ticked by scans. */
  scanned: number;
  /** Counted by hand ("no barcode"), each with a recorded reason. */
  overridden: number;
}

/** An order being verified at the desk. */
export interface VerifySession {
  /**
   * This verifying of the order, numbered at its start: the same order scanned again starts a new
   * one at nought, and an item scanned for the one before never counts in it.
   */
  id: number;
  order: ShopOrderRef;
  lines: readonly VerifyLine[];
  /** When it was released to issue and print (epoch ms); null while still open. */
  releasedAt: number | null;
  /** The packer chose to verify it although its status is held back: it is issued with that confirmation. */
  heldBackConfirmed: boolean;
}

/** What an item scan did. */
export type ItemScan =
  /** A line's count went up by one. */
  | { kind: 'ticked'; session: VerifySession; line: VerifyLine }
  /** The barcode is not learned for this shop: ask once which goods line it is. */
  | { kind: 'unknown-barcode'; barcode: string }
  /** Refused: the goods are not this order's, or their line is complete already. */
  | { kind: 'mismatch'; mismatch: Extract<VerificationMismatch, 'wrong-item' | 'one-too-many'>; goods: GoodsLineKey };

let sessionsStarted = 0;

/** The goods lines of an order: a sold order carries one (its goods, spec and count; a missing count is one). */
export function startVerifying(view: OrderView, heldBackConfirmed = false): VerifySession {
  const { goodsName, goodsSpec, goodsCount } = view.row.order;
  sessionsStarted += 1;
  return { id: sessionsStarted, order: view.ref, lines: [{ goodsName, goodsSpec, expected: Math.max(1, goodsCount ?? 1), scanned: 0, overridden: 0 }], releasedAt: null, heldBackConfirmed };
}

/** Items of a line still to pack. */
export const remainingOf = (line: VerifyLine): number => line.expected - line.scanned - line.overridden;

/** Every line is complete. */
export function isComplete(session: VerifySession): boolean {
  return session.lines.every((line) => remainingOf(line) <= 0);
}

/** Scans one item: its barcode is looked up in the shop's learned barcodes (by code). */
export function scanItem(session: VerifySession, barcode: string, learned: ReadonlyMap<string, BarcodeMapping>): ItemScan {
  const mapping = learned.get(barcode);
  if (mapping === undefined) return { kind: 'unknown-barcode', barcode };
  const goods = { goodsName: mapping.goodsName, goodsSpec: mapping.goodsSpec };
  const index = session.lines.findIndex((line) => sameGoodsLine(line, goods));
  const line = session.lines[index];
  if (line === undefined) return { kind: 'mismatch', mismatch: 'wrong-item', goods };
  if (remainingOf(line) <= 0) return { kind: 'mismatch', mismatch: 'one-too-many', goods };
  const ticked = { ...line, scanned: line.scanned + 1 };
  return { kind: 'ticked', session: { ...session, lines: session.lines.with(index, ticked) }, line: ticked };
}

/** Counts `count` items of a line by hand (never past what is left to pack). */
export function countByHand(session: VerifySession, goods: GoodsLineKey, count: number): VerifySession {
  return {
    ...session,
    lines: session.lines.map((line) => (sameGoodsLine(line, goods) ? { ...line, overridden: line.overridden + Math.min(count, Math.max(0, remainingOf(line))) } : line)),
  };
}

/** Totals of a complete order, for its desk event. */
export function totalsOf(session: VerifySession): { lines: number; items: number; overridden: number } {
  return {
    lines: session.lines.length,
    items: session.lines.reduce((sum, line) => sum + line.expected, 0),
    overridden: session.lines.reduce((sum, line) => sum + line.overridden, 0),
  };
}
