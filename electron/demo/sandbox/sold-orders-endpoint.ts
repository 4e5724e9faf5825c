import { SELLER_FLAG_FILTER_VALUES } from '../../../shared/domain/seller-flags';
import { SOLD_ORDER_FILTERS_VVTYPE } from '../../../shared/gateway/editions';
import { ISSUE_LIMITS } from '../../../shared/gateway/issue-limits';
import { readGatewayTime } from '../../gateway/decoding/tolerant-values';
import type { DemoOrder } from './demo-orders';
import { charge, checkShop, readVvtype, successAnswer, type EndpointHandler } from './gateway-context';
import { ParameterError, optionalInteger, optionalString, type JsonObject } from './request-fields';
import { pagingFields, soldOrderRecord } from './wire-format';

/** Page size when the request names none (the spec gives no default). */
export const DEFAULT_SOLD_ORDERS_PAGE_SIZE = 20;

function readTime(body: JsonObject, key: string): number | undefined {
  const text = optionalString(body, key, key);
  if (text === undefined) return undefined;
  const time = readGatewayTime(text);
  if (time === null) throw new ParameterError(key, '时间格式应为yyyy-MM-dd HH:mm:ss');
  return time;
}

/** The server-side filters (enhanced edition only): a predicate over orders. */
function filters(body: JsonObject): (order: DemoOrder) => boolean {
  const start = readTime(body, 'start_time');
  const end = readTime(body, 'end_time');
  const remark = optionalString(body, 'remark', 'remark');
  const remarkTag = optionalInteger(body, 'remarkTag', 'remarkTag');
  if (remarkTag !== undefined && !SELLER_FLAG_FILTER_VALUES.some((flag) => flag === remarkTag)) throw new ParameterError('remarkTag', '取值应为1到5');
  const remarkTagName = optionalString(body, 'remarkTagName', 'remarkTagName');
  return (order) =>
    (start === undefined || order.confirmTime >= start) &&
    (end === undefined || order.confirmTime <= end) &&
    (remark === undefined || order.remark.includes(remark)) &&
    (remarkTag === undefined || order.remarkTag === remarkTag) &&
    (remarkTagName === undefined || (order.remarkTagName ?? '').includes(remarkTagName));
}

/**
 * Sold orders (spec 4.5), form fields: `owner_id` (any of the account's shops: that shop's orders), optional `vvtype` (1 enhanced by default, 2
 * basic), `page` (from 0), `pageSize` (1–100, default 20), and the enhanced-only filters
 * start_time/end_time (on the confirmation time), remark (substring), remarkTag (1–5),
 * remarkTagName (substring) — honoured with vvtype 1, ignored with 2. Newest orders first; a page
 * past the end is empty. Each entry carries the call's withholding_money, as the sample does.
 */
export const handleSoldOrders: EndpointHandler = (context, body) => {
  const { shop, refusal } = checkShop(context, body, 'owner_id');
  if (refusal) return refusal;
  const vvtype = readVvtype('sold-orders', body);
  const page = optionalInteger(body, 'page', 'page') ?? 0;
  if (page < 0) throw new ParameterError('page', '不能小于0');
  const pageSize = optionalInteger(body, 'pageSize', 'pageSize') ?? DEFAULT_SOLD_ORDERS_PAGE_SIZE;
  if (pageSize < 1 || pageSize > ISSUE_LIMITS.soldOrdersPageSize) throw new ParameterError('pageSize', `取值应为1到${ISSUE_LIMITS.soldOrdersPageSize}`);
  const orders = context.state.orders(shop.shopId);
  const matching = vvtype === SOLD_ORDER_FILTERS_VVTYPE ? orders.filter(filters(body)) : orders;

  const fee = charge(context, 'sold-orders');
  const content = matching.slice(page * pageSize, (page + 1) * pageSize).map((order) => soldOrderRecord(order, context.quirks, fee));
  const rawTotal = context.runtime.faults.soldOrdersTotal;
  if (rawTotal === null) return successAnswer({ content, ...pagingFields(context.quirks, page, pageSize, matching.length) });
  // The soldOrdersTotal fault: the total written as the given JSON number text, whatever it is.
  const placeholder = '__sandbox_raw_total__';
  return { ...successAnswer({ content, ...pagingFields(context.quirks, page, pageSize, placeholder) }), raw: { placeholder, text: rawTotal } };
};
