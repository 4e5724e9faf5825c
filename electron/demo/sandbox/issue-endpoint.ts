import { GATEWAY_CODES, GATEWAY_MESSAGES } from '../../../shared/gateway/envelope-codes';
import { renderIssueRejection, type IssueRejectionId, type IssueRejectionParams } from '../../../shared/gateway/issue-rejections';
import { errorAnswer, type GatewayAnswer } from './envelope';
import { charge, checkShop, readVvtype, requestId, successAnswer, type EndpointHandler, type GatewayContext } from './gateway-context';
import { rollIssueFault } from './faults';
import { IssueRejected, validateIssueCall } from './issue-validation';
import { printDataString } from './print-content';
import { isJsonObject } from './request-fields';
import type { IssueFaultKind } from './sandbox-types';
import type { SeededRandom } from './seeded-random';

/** One entry's result as the answer lists it. */
interface IssueModule {
  object_id: string;
  waybill_code: unknown;
  print_data?: string;
  parent_waybill_code?: string;
  success?: boolean;
  error_code?: string;
  error_message?: string;
}

/**
 * The unclear code-0 answers (faults.ts), made from the true results after allocation: the
 * waybills exist either way, only the answer is wrong. A fault needing two entries leaves a
 * one-entry answer as it was.
 */
function unclearModules(fault: IssueFaultKind, modules: IssueModule[], random: SeededRandom): IssueModule[] {
  const [first, second] = modules;
  if (!first) return modules;
  const rest = modules.slice(1);
  switch (fault) {
    case 'issue-duplicate-result':
      // A second result for the same entry, with a number that was never allocated.
      return random.shuffle([...modules, { ...first, waybill_code: `${String(first.waybill_code)}9` }]);
    case 'issue-shared-waybill':
      return second ? [first, { ...second, waybill_code: first.waybill_code, print_data: first.print_data }, ...modules.slice(2)] : modules;
    case 'issue-empty-waybill-code':
      return [{ ...first, waybill_code: '' }, ...rest];
    case 'issue-numeric-waybill-code':
      return [{ ...first, waybill_code: Number(String(first.waybill_code).replace(/\D/g, '')) }, ...rest];
    case 'issue-entry-system-error':
      return [{ object_id: first.object_id, waybill_code: '', success: false, error_code: 'isp.system-error', error_message: '系统异常' }, ...rest];
    default:
      return modules;
  }
}

/** A 614 answer; it costs points like any processed issue call. */
function rejection(context: GatewayContext, id: IssueRejectionId, params?: IssueRejectionParams): GatewayAnswer {
  return { code: GATEWAY_CODES.issueRejected, msg: renderIssueRejection(id, params), data: { withholding_money: charge(context, 'issue') }, charged: true };
}

/**
 * Issue cloud-print waybills (spec 4.3), JSON: `shop_id`, `param_waybill_cloud_print_apply_new_request`,
 * optional `vvtype` (top level or inside the request). One call issues for one of the account's
 * shops: every entry's orders must be that shop's and its user_id the shop's merchant id. Every rule is checked first
 * (issue-validation.ts); a violation rejects the whole call with 614 and allocates nothing. A
 * valid call allocates one waybill per entry — merged entries (several order numbers) get one
 * waybill for all of them; the parcels of one order (一单多包, multi_packages_shipment) one each,
 * under the first parcel's number as parent_waybill_code — and answers the waybills shuffled, with
 * plain or encrypted print data.
 */
export const handleIssue: EndpointHandler = (context, body, call) => {
  const { shop, refusal } = checkShop(context, body, 'shop_id');
  if (refusal) return refusal;
  const request = body.param_waybill_cloud_print_apply_new_request;
  readVvtype('issue', isJsonObject(request) && request.vvtype !== undefined ? request : body);

  let valid;
  try {
    valid = validateIssueCall(body, shop, context.state, { overlapCheck: !context.runtime.faults.overlapCheckOff });
  } catch (error) {
    if (error instanceof IssueRejected) return rejection(context, error.id, error.params);
    throw error;
  }

  const fault = rollIssueFault(context.runtime.faults, context.random.faults);
  if (fault) call.fault = fault;
  if (fault === 'issue-temporary-error') return rejection(context, 'temporary-system-error');
  const [first] = valid.entries;
  if (fault === 'issue-out-of-coverage' && first) return rejection(context, 'out-of-coverage', { objectId: first.objectId, province: first.recipient.address.province, cpCode: valid.cpCode });
  const waybills = context.state.allocate({
    shopId: valid.shopId,
    cpCode: valid.cpCode,
    branch: valid.branch,
    sender: valid.sender,
    entries: valid.entries,
    source: 'issue-call',
    at: context.now(),
  });
  if (fault === 'issue-unknown-error') return rejection(context, 'number-generation-unknown-error');
  if (fault === 'issue-busy-after-effect') return { ...errorAnswer(GATEWAY_CODES.busy, GATEWAY_MESSAGES.busy), charged: true };

  const modules = waybills.map((waybill): IssueModule => ({
    object_id: waybill.objectId,
    waybill_code: waybill.waybillCode,
    print_data: printDataString(waybill, valid.needEncrypt),
    parent_waybill_code: waybill.parentWaybillCode ?? '',
  }));
  const shuffled = context.random.order.shuffle(modules);
  return successAnswer({
    withholding_money: charge(context, 'issue'),
    platform_waybill_ii_get_response: {
      modules: { waybill_cloud_print_response: fault ? unclearModules(fault, shuffled, context.random.order) : shuffled },
      request_id: requestId(context.random.ids),
    },
  });
};
