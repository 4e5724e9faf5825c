import { ISSUE_LIMITS } from '../../../shared/gateway/issue-limits';
import { rollQueryEntryFault } from './faults';
import { charge, checkShop, readVvtype, requestId, successAnswer, type EndpointHandler } from './gateway-context';
import { printDataString } from './print-content';
import { ParameterError, isJsonObject, optionalArray, optionalString } from './request-fields';
import type { IssuedWaybill } from './state-file';

/** Per-entry error of an order that has no waybill. */
export const WAYBILL_NOT_FOUND = { error_code: 'WAYBILL_NOT_FOUND', error_message: '该订单号未查询到已申请的面单' } as const;

/** A result entry as the answer lists it. */
type QueryEntry = { object_id: string; success: boolean; waybill_cloud_print_response?: unknown; error_code?: string; error_message?: string };

/** The unclear shapes of one result entry (faults.ts): the truth behind it is unchanged. */
const UNCLEAR_ENTRIES = {
  'query-success-without-waybill': (entry: QueryEntry): QueryEntry => ({ object_id: entry.object_id, success: true }),
  'query-waybill-list': (entry: QueryEntry): QueryEntry => ({ object_id: entry.object_id, success: true, waybill_cloud_print_response: entry.waybill_cloud_print_response ? [entry.waybill_cloud_print_response] : [] }),
  'query-waybill-text': (entry: QueryEntry): QueryEntry => ({ object_id: entry.object_id, success: true, waybill_cloud_print_response: JSON.stringify(entry.waybill_cloud_print_response ?? {}) }),
  'query-no-permission': (entry: QueryEntry): QueryEntry => ({ object_id: entry.object_id, success: false, error_code: 'isv.permission-denied', error_message: '没有查询权限' }),
  'query-shop-missing': (entry: QueryEntry): QueryEntry => ({ object_id: entry.object_id, success: false, error_code: 'isv.shop-not-exist', error_message: '店铺不存在' }),
} as const;

/** The found record of one waybill; a parcel's also names its ticket's parent. */
function foundEntry(objectId: string, waybill: IssuedWaybill): QueryEntry {
  const parent = waybill.parentWaybillCode === undefined ? {} : { parent_waybill_code: waybill.parentWaybillCode };
  return { object_id: objectId, success: true, waybill_cloud_print_response: { print_data: printDataString(waybill, true), waybill_code: waybill.waybillCode, ...parent } };
}

/**
 * Query issued waybills by order number (spec 4.1), JSON: `shop_id`, `param_list` (1–20 entries
 * of biz_sub_code + object_id), `vvtype` (required, 1 or 3). Results come back shuffled (match
 * them by object_id); an order never issued in the named shop (another shop's waybill for the
 * same order number does not count) gets success false with an error code and message;
 * an issued one its waybill number and encrypted print data — an order shipped in several
 * parcels one record per parcel, each with the entry's object_id — or, with a query-entry fault
 * (rolled per record), one of the unclear shapes a real gateway may answer.
 */
export const handleQueryIssued: EndpointHandler = (context, body, call) => {
  const { shop, refusal } = checkShop(context, body, 'shop_id');
  if (refusal) return refusal;
  readVvtype('query-issued', body);
  const list = optionalArray(body, 'param_list', 'param_list');
  if (list === undefined) throw new ParameterError('param_list', '不能为空');
  if (list.length > ISSUE_LIMITS.entriesPerQueryCall) throw new ParameterError('param_list', `最多${ISSUE_LIMITS.entriesPerQueryCall}条`);
  const entries = list.map((entry, index) => {
    const path = `param_list[${index}]`;
    if (!isJsonObject(entry)) throw new ParameterError(path, '应为对象');
    const orderNumber = optionalString(entry, 'biz_sub_code', `${path}.biz_sub_code`);
    const objectId = optionalString(entry, 'object_id', `${path}.object_id`);
    if (orderNumber === undefined) throw new ParameterError(`${path}.biz_sub_code`, '不能为空');
    if (objectId === undefined) throw new ParameterError(`${path}.object_id`, '不能为空');
    return { orderNumber, objectId };
  });

  const results = entries.flatMap(({ orderNumber, objectId }): QueryEntry[] => {
    const waybills = context.state.waybillsOf(shop.shopId, orderNumber);
    const found = waybills.length === 0 ? [{ object_id: objectId, success: false, ...WAYBILL_NOT_FOUND }] : waybills.map((waybill) => foundEntry(objectId, waybill));
    return found.map((entry) => {
      const fault = rollQueryEntryFault(context.runtime.faults, context.random.faults);
      if (fault) call.fault = 'query-entries';
      return fault ? UNCLEAR_ENTRIES[fault](entry) : entry;
    });
  });
  return successAnswer({
    modules: { waybill_cloud_print_with_result_desc_response: context.random.order.shuffle(results) },
    request_id: requestId(context.random.ids),
    withholding_money: charge(context, 'query-issued'),
  });
};
