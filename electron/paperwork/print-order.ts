import type { PrintOrder } from '../../shared/domain/paperwork';
import type { SoldOrder } from '../../shared/domain/sold-order';
import { fieldText } from '../labels/label-text';

// Pinyin order for Chinese names and places, as Chinese desks sort them.
const collator = new Intl.Collator('zh-CN', { numeric: true });

/** Province names in short or full form (重庆 / 重庆市) sort as one. */
function provinceKey(province: string): string {
  return fieldText(province).replace(/(省|市|自治区|壮族自治区|回族自治区|维吾尔自治区|特别行政区)$/, '');
}

/**
 * The orders in the order their labels should come out: as selected; by goods (same name and
 * spec together, so packers pack in runs), or by the receiver's province and city. Stable: within
 * a group, orders keep the order of the selection.
 */
export function arrangeForPrinting(orders: readonly SoldOrder[], printOrder: PrintOrder): SoldOrder[] {
  const key =
    printOrder === 'by-goods'
      ? (order: SoldOrder) => [fieldText(order.goodsName), fieldText(order.goodsSpec)]
      : printOrder === 'by-province'
        ? (order: SoldOrder) => [provinceKey(order.province), fieldText(order.city)]
        : null;
  if (!key) return [...orders];
  const keyed = orders.map((order, index) => ({ order, index, parts: key(order) }));
  keyed.sort((a, b) => {
    for (let part = 0; part < a.parts.length; part += 1) {
      const compared = collator.compare(a.parts[part] ?? '', b.parts[part] ?? '');
      if (compared !== 0) return compared;
    }
    return a.index - b.index;
  });
  return keyed.map((entry) => entry.order);
}
