/**
 * Scan-to-verify (扫描验货): the goods of an order checked by scanning before its label comes
 * out. Sold orders carry no product barcodes, so each shop's desk learns them: a barcode is mapped
 * to a goods line by its name and spec. Outcomes and mismatches are recorded as desk events, one
 * kind each, for the statistics to count.
 */

/** One learned barcode: in this shop, this code is this goods line (name + spec). */
export interface BarcodeMapping {
  shopId: string;
  barcode: string;
  goodsName: string;
  /** The spec (SKU properties) as the order carries it; empty when the line has none. */
  goodsSpec: string;
  /** When it was learned or last corrected (epoch ms). */
  updatedAt: number;
}

/** Longest barcode the desk learns (GS1-128 carries up to 48 characters; room for longer internal codes). */
export const BARCODE_MAX_CHARS = 64;
/** Longest goods name and spec a mapping holds (the issue call's item name limit). */
export const GOODS_TEXT_MAX_CHARS = 128;
/** Most mappings one CSV import takes. */
export const BARCODE_IMPORT_MAX_ROWS = 20_000;

/**
 * Why a scan at the verifying desk was refused:
 * - `wrong-item`: the barcode is of goods this order does not hold;
 * - `one-too-many`: the order's line of these goods is already complete;
 * - `already-verified`: the order was verified (and released) before;
 * - `already-printed`: the order's label already came out.
 */
export const VERIFICATION_MISMATCHES = ['wrong-item', 'one-too-many', 'already-verified', 'already-printed'] as const;
/** A refused scan's reason. */
export type VerificationMismatch = (typeof VERIFICATION_MISMATCHES)[number];

/**
 * The kinds of desk events scan-to-verify records (the statistics count them):
 * - `verification.completed`: every goods line of the order was checked and it was released to issue and print;
 * - `verification.mismatch`: a scan the desk refused (one event per alarm; `mismatch` says why);
 * - `verification.override`: goods counted by hand ("no barcode"), with the packer's reason.
 */
export const DESK_EVENT_KINDS = ['verification.completed', 'verification.mismatch', 'verification.override'] as const;
/** A desk event's kind. */
export type DeskEventKind = (typeof DESK_EVENT_KINDS)[number];

/** What each kind of desk event records beside the order. */
export interface DeskEventDetails {
  'verification.completed': { lines: number; items: number; overridden: number; weightG: number | null };
  'verification.mismatch': { mismatch: VerificationMismatch; barcode: string; goodsName: string | null; goodsSpec: string | null };
  'verification.override': { goodsName: string; goodsSpec: string; count: number; reason: string };
}

/** One desk event as recorded. */
export type DeskEvent = {
  /** `operatorName`: who was signed in (operators on); absent or null when nobody was. */
  [K in DeskEventKind]: { kind: K; shopId: string; orderNumber: string; at: number; details: DeskEventDetails[K]; operatorName?: string | null };
}[DeskEventKind];

/** An order whose goods were verified complete before: when, and at which desk (null: this desk, or a desk the record does not name). */
export interface OrderVerified {
  at: number;
  deskName: string | null;
}

/** A goods line of an order as the verifying desk counts it: its name and spec identify it. */
export interface GoodsLineKey {
  goodsName: string;
  goodsSpec: string;
}

/** Whether a mapping (or any named line) is this goods line. */
export function sameGoodsLine(a: GoodsLineKey, b: GoodsLineKey): boolean {
  return a.goodsName === b.goodsName && a.goodsSpec === b.goodsSpec;
}
