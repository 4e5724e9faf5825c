import { z } from 'zod';

/**
 * One order of one shop of the account. The same order number in two shops is two orders, so
 * selections, plans, jobs, claims and history name an order by both.
 */
export interface ShopOrderRef {
  shopId: string;
  orderNumber: string;
}

const singleLine = (max: number) => z.string().trim().min(1).max(max).regex(/^[^\r\n]+$/, { error: 'must be on one line' });

/** The IPC shape of a shop's order (trimmed, one line, within the gateway's lengths). */
export const shopOrderRefSchema = z.object({ shopId: singleLine(64), orderNumber: singleLine(64) }).strict();

// Neither a shop id nor an order number holds a line break (the schema refuses one), so the key splits back unambiguously.
const SEPARATOR = '\n';

/** The text key of a shop's order: for maps, selection sets and per-order records sent over IPC. */
export function shopOrderKey(ref: ShopOrderRef): string {
  return `${ref.shopId}${SEPARATOR}${ref.orderNumber}`;
}

/** The shop's order a key names (the inverse of `shopOrderKey`); null for a text that is not such a key. */
export function shopOrderOfKey(key: string): ShopOrderRef | null {
  const at = key.indexOf(SEPARATOR);
  if (at <= 0 || at === key.length - 1 || key.indexOf(SEPARATOR, at + 1) !== -1) return null;
  return { shopId: key.slice(0, at), orderNumber: key.slice(at + 1) };
}
