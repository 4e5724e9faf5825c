/**
 * THE limits of the issue and query calls, as docs/gateway-contract.md states them (the
 * specification's sections 4.3, 7.2 and 8). Every maximum is inclusive. Where the specification
 * reads two ways ("length < N" in 4.3, "over N" in 7.2), the stricter reading wins: a rejected
 * issue call costs points and blocks nine other orders. The sandbox rejects with these numbers
 * and the client validates locally with the same ones; `issue-limits.test.ts` checks each of them
 * against that document's table.
 */

/** Inclusive maximum lengths of a sender or recipient object's fields. */
export interface PartyFieldLimits {
  name: number;
  mobile: number;
  phone: number;
  province: number;
  city: number;
  district: number;
  town: number;
  detail: number;
}

/** The party fields that carry a length limit. */
export type PartyField = keyof PartyFieldLimits;

/** Sender field limits (spec 4.3 "length < N" read strictly). */
export const SENDER_LIMITS: Readonly<PartyFieldLimits> = {
  name: 39,
  mobile: 19,
  phone: 19,
  province: 19,
  city: 19,
  district: 19,
  town: 29,
  detail: 255,
};

/** Recipient field limits (spec 4.3 recipient row and 7.2, as decisions.md tabulates them). */
export const RECIPIENT_LIMITS: Readonly<PartyFieldLimits> = {
  name: 40,
  mobile: 19,
  phone: 19,
  province: 20,
  city: 20,
  district: 20,
  town: 30,
  detail: 255,
};

/** Order numbers (`trade_order_list` entries): ASCII letters, digits, `_` and `-`. */
export const ORDER_NUMBER_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Package ids (`package_info.id`): ASCII letters, digits and `_` (no hyphen). */
export const PACKAGE_ID_PATTERN = /^[A-Za-z0-9_]+$/;

/** The other limits of the issue and query calls, inclusive maxima unless named otherwise. */
export const ISSUE_LIMITS = {
  cpCodeLength: 19,
  orderNumberLength: 40,
  packageIdLength: 40,
  itemNameLength: 128,
  /** Item counts must be strictly greater than this. */
  itemCountExclusiveMinimum: 0,
  itemsPerPackage: 100,
  orderNumbersPerEntry: 100,
  /** out_trade_order_list and out_trade_sub_order_list, each. */
  outTradeNumbersPerEntry: 100,
  oaidLength: 128,
  entriesPerIssueCall: 10,
  entriesPerQueryCall: 20,
  soldOrdersPageSize: 100,
} as const;

/**
 * Length of a text as the limits count it: characters (Unicode code points), so that `张三` is 2
 * and an emoji is 1.
 */
export function textLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** Whether every character of the text is ASCII. */
export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}
