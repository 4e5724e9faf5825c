import { formatChinaDateTime } from '../../../shared/time/china-time';
import type { DemoOrder } from './demo-orders';
import type { SandboxQuirks } from './sandbox-types';

/**
 * Where the spec's field table and its samples disagree, the sandbox writes one or the other
 * (option `quirks`), so the client's tolerant decoding is tested against both:
 * - 'sample': pageSize/totalElements, receiver_address, numbers as numbers, times as epoch ms,
 *   is_pre_sale a boolean, goods_spec present, subscription dates as strings, withholding_money
 *   beside content in network info;
 * - 'field-table': page_size/total_elements, address, numeric strings, times as
 *   `yyyy-MM-dd HH:mm:ss` (UTC+8), is_pre_sale "true"/"false", no goods_spec, subscription dates
 *   as integers (epoch seconds), withholding_money in each carrier record.
 */

const yuan = (fen: number) => fen / 100;

/** One sold-order entry as the paging endpoint sends it, keys in the spec's order (2.7). */
export function soldOrderRecord(order: DemoOrder, quirks: SandboxQuirks, fee: number): Record<string, unknown> {
  const sample = quirks === 'sample';
  const time = (epochMs: number) => (sample ? epochMs : formatChinaDateTime(epochMs));
  const number = (value: number, text = String(value)) => (sample ? value : text);
  return {
    receiver_name: order.receiverName,
    receiver_phone: order.receiverPhone,
    province: order.province,
    city: order.city,
    town: order.district,
    [sample ? 'receiver_address' : 'address']: order.address,
    order_sn: order.orderSn,
    goods_name: order.goodsName,
    goods_img: order.goodsImg,
    ...(sample ? { goods_spec: order.goodsSpec } : {}),
    is_pre_sale: sample ? order.isPreSale : String(order.isPreSale),
    last_ship_time: time(order.lastShipTime),
    confirm_time: time(order.confirmTime),
    remark: order.remark,
    goods_count: number(order.goodsCount),
    pay_amount: number(yuan(order.payAmountFen), yuan(order.payAmountFen).toFixed(2)),
    order_status: number(order.orderStatus),
    remark_tag: order.remarkTag === null ? null : number(order.remarkTag),
    remark_tag_name: order.remarkTagName,
    withholding_money: fee,
  };
}

/** The paging fields of the sold-orders answer, named per quirks (total: a number, or a raw-text placeholder). */
export function pagingFields(quirks: SandboxQuirks, page: number, pageSize: number, total: number | string): Record<string, number | string> {
  return quirks === 'sample' ? { page, pageSize, totalElements: total } : { page, page_size: pageSize, total_elements: total };
}

/** A subscription date as the subscription endpoint sends it. */
export function subscriptionDate(quirks: SandboxQuirks, epochMs: number): string | number {
  return quirks === 'sample' ? formatChinaDateTime(epochMs) : Math.floor(epochMs / 1000);
}
