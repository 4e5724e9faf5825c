import type { IssueOptionsSettings } from './settings-schema';

/** The order status names of the settings: shop id → status (as text) → name. */
export type OrderStatusNames = IssueOptionsSettings['orderStatusNamesByShop'];

/** The name a shop gave an order status; null when it gave none. */
export function orderStatusName(names: OrderStatusNames, shopId: string, status: number): string | null {
  return names[shopId]?.[String(status)] ?? null;
}

/**
 * The names these shops gave one order status, each once, in the shops' order: the filter counts
 * the orders of every loaded shop together, and two shops may mean different things by a number.
 */
export function orderStatusNamesAcross(names: OrderStatusNames, shopIds: readonly string[], status: number): string[] {
  return [...new Set(shopIds.flatMap((shopId) => orderStatusName(names, shopId, status) ?? []))];
}
