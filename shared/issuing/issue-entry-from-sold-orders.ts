import type { IssueEntry, IssueItem } from '../domain/issue-entry';
import type { SoldOrder } from '../domain/sold-order';
import { ISSUE_LIMITS, textLength } from '../gateway/issue-limits';

/** What the sold orders do not say and the station's settings do. */
export interface IssueEntrySettings {
  /** order_channels_type of the shop's platform. */
  orderChannel: string;
  /** The carrier's standard template URL (a standard template belongs to one carrier). */
  templateUrl: string;
  /** logistics_services JSON text; '' for none. */
  logisticsServices: string;
  /** package_info.id for split/merged packages; '' for none. */
  packageId: string;
}

const ellipsis = '…';

/** Cuts a text to at most `limit` characters (code points), ending with an ellipsis when cut. */
export function cutWithEllipsis(text: string, limit: number): string {
  if (textLength(text) <= limit) return text;
  return [...text].slice(0, limit - 1).join('') + ellipsis;
}

function itemOf(order: SoldOrder): IssueItem {
  const name = [order.goodsName.trim(), order.goodsSpec.trim()].filter((part) => part !== '').join(' ');
  // A missing quantity becomes 0, which validation reports: a person decides, nothing is guessed.
  return { name: cutWithEllipsis(name, ISSUE_LIMITS.itemNameLength), count: order.goodsCount ?? 0 };
}

/**
 * The issue entry for one package holding one or more sold orders of the same buyer and address
 * (decisions.md "Mapping a sold order to an issue entry"): the sold order's `town` is the
 * district and address.town stays empty; the phone goes to `mobile` as received (masked or
 * virtual numbers included: the platform decrypts through tid); the order numbers go to
 * trade_order_list, the first also to recipient.tid and object_id; item names are goods name
 * plus spec, cut to the limit with an ellipsis rather than rejected.
 */
export function issueEntryFromSoldOrders(orders: readonly [SoldOrder, ...SoldOrder[]], settings: IssueEntrySettings): IssueEntry {
  const [first] = orders;
  return {
    objectId: first.orderNumber,
    orderChannel: settings.orderChannel,
    orderNumbers: orders.map((order) => order.orderNumber),
    packageId: settings.packageId,
    items: orders.map(itemOf),
    recipient: {
      name: first.receiverName,
      mobile: first.receiverPhone,
      phone: '',
      address: { province: first.province, city: first.city, district: first.district, town: '', detail: first.addressDetail },
      oaid: '',
      tid: first.orderNumber,
      caid: '',
    },
    templateUrl: settings.templateUrl,
    logisticsServices: settings.logisticsServices,
  };
}
