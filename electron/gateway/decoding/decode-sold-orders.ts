import type { SoldOrder, SoldOrderPage } from '../../../shared/domain/sold-order';
import type { Result } from '../../../shared/result';
import { fail, ok } from '../../../shared/result';
import { stationError } from '../../../shared/errors/station-error';
import { callCost } from './call-cost';
import type { RawRecord } from './tolerant-values';
import {
  asRecord,
  asRecordList,
  pick,
  readBoolean,
  readGatewayTime,
  readInteger,
  readOptionalText,
  readText,
  readYuanAsFen,
} from './tolerant-values';

/** A seller flag 1–5; 0 (grey, none), null and anything unknown are "no flag". */
function readFlag(value: unknown): number | null {
  const flag = readInteger(value);
  return flag !== null && flag >= 1 && flag <= 5 ? flag : null;
}

/** One sold-order record (spec 2.7, any documented variant) as a SoldOrder; null without an order number. */
export function decodeSoldOrder(record: RawRecord): SoldOrder | null {
  const orderNumber = readText(pick(record, 'order_sn', 'orderSn')).trim();
  if (orderNumber === '') return null;
  return {
    orderNumber,
    receiverName: readText(pick(record, 'receiver_name', 'receiverName')),
    receiverPhone: readText(pick(record, 'receiver_phone', 'receiverPhone')),
    province: readText(record.province),
    city: readText(record.city),
    district: readText(pick(record, 'town', 'district')),
    addressDetail: readText(pick(record, 'address', 'receiver_address', 'receiverAddress')),
    goodsName: readText(pick(record, 'goods_name', 'goodsName')),
    goodsSpec: readText(pick(record, 'goods_spec', 'goodsSpec')),
    goodsImageUrl: readText(pick(record, 'goods_img', 'goodsImg')),
    goodsCount: readInteger(pick(record, 'goods_count', 'goodsCount')),
    payAmountFen: readYuanAsFen(pick(record, 'pay_amount', 'payAmount')),
    orderStatus: readInteger(pick(record, 'order_status', 'orderStatus')),
    isPreSale: readBoolean(pick(record, 'is_pre_sale', 'isPreSale')) ?? false,
    lastShipAt: readGatewayTime(pick(record, 'last_ship_time', 'lastShipTime')),
    confirmedAt: readGatewayTime(pick(record, 'confirm_time', 'confirmTime')),
    remark: readText(record.remark),
    flag: readFlag(pick(record, 'remark_tag', 'remarkTag')),
    flagName: readOptionalText(pick(record, 'remark_tag_name', 'remarkTagName')),
  };
}

/**
 * totalElements as the gateway sent it, so the full fetch can refuse an absurd one (it checks the
 * bounds): a number or numeric text as that number — fractional, negative or infinite included —
 * NaN for anything else present, null when absent.
 */
function readTotal(value: unknown): number | null {
  if (value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value.trim());
  return Number.NaN;
}

/**
 * The data of a sold-orders answer as a page: paging fields under either naming
 * (pageSize/totalElements or page_size/total_elements), entries decoded one by one.
 */
export function decodeSoldOrderPage(data: unknown, asked: { page: number; pageSize: number }): Result<SoldOrderPage> {
  const record = asRecord(data);
  if (!record || (record.content !== undefined && record.content !== null && !Array.isArray(record.content))) {
    return fail(stationError('gateway.unexpected-data', { endpoint: 'sold-orders', detail: 'data.content is not a list' }));
  }
  const entries = asRecordList(record.content);
  const orders = entries.map(decodeSoldOrder).filter((order): order is SoldOrder => order !== null);
  const rawCount = Array.isArray(record.content) ? record.content.length : 0;
  return ok({
    orders,
    page: readInteger(record.page) ?? asked.page,
    pageSize: readInteger(pick(record, 'pageSize', 'page_size')) ?? asked.pageSize,
    totalElements: readTotal(pick(record, 'totalElements', 'total_elements')),
    skippedEntries: rawCount - orders.length,
    points: callCost(data),
  });
}
