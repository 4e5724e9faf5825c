import { CUSTOM_AREA_KEYS, DEFAULT_CUSTOM_AREA_FIELDS, type CustomAreaField } from '../../shared/domain/paperwork';
import { SELLER_FLAGS } from '../../shared/domain/seller-flags';
import type { SoldOrder } from '../../shared/domain/sold-order';

/**
 * The label's custom area (自定义区域): the second content layer of a print document, whose `data`
 * the merchant's custom-area template (made in the carrier platform's template management)
 * places over the standard template. The station fills only the fields the user chose; our own
 * renderers (OS printer, emulator, previews) read the same keys back.
 */

/** A goods line as printed: name and spec, then `×count` (`?` when the gateway sent no count). */
export function goodsLineText(order: Pick<SoldOrder, 'goodsName' | 'goodsSpec' | 'goodsCount'>): string {
  const name = [order.goodsName, order.goodsSpec].map((part) => part.trim()).filter((part) => part !== '').join(' ');
  return `${name}×${order.goodsCount ?? '?'}`;
}

/** The seller's flag and note: `[红旗] 加急`; '' when the order has neither. */
export function sellerNoteText(order: Pick<SoldOrder, 'flag' | 'flagName'>): string {
  const flag = SELLER_FLAGS.find((candidate) => candidate.value !== 0 && candidate.value === order.flag);
  return [flag ? `[${flag.colourZh}旗]` : '', order.flagName?.trim() ?? ''].filter((part) => part !== '').join(' ');
}

/** Pieces in the orders together (orders without a readable count count as one). */
export function totalPiecesOf(orders: readonly Pick<SoldOrder, 'goodsCount'>[]): number {
  return orders.reduce((sum, order) => sum + (order.goodsCount ?? 1), 0);
}

/** The custom area's `data` for the orders of one package, with only the chosen fields. */
export function customAreaData(orders: readonly SoldOrder[], fields: readonly CustomAreaField[] = DEFAULT_CUSTOM_AREA_FIELDS): Record<string, string> {
  const joinNonEmpty = (texts: string[]) => texts.map((text) => text.trim()).filter((text) => text !== '').join('; ');
  const values: Record<CustomAreaField, () => string> = {
    goods: () => orders.map(goodsLineText).join('; '),
    buyerRemark: () => joinNonEmpty(orders.map((order) => order.remark)),
    sellerNote: () => joinNonEmpty(orders.map(sellerNoteText)),
    orderNumber: () => orders.map((order) => order.orderNumber).join(' '),
    totalCount: () => String(totalPiecesOf(orders)),
  };
  return Object.fromEntries(fields.map((field) => [CUSTOM_AREA_KEYS[field], values[field]()]));
}
