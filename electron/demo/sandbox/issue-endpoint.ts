import { GATEWAY_CODES } from '../../../shared/gateway/envelope-codes';
import { renderIssueRejection, type IssueRejectionId, type IssueRejectionParams } from '../../../shared/gateway/issue-rejections';
import type { GatewayAnswer } from './envelope';
import { charge, readVvtype, requestId, shopRefusal, successAnswer, type EndpointHandler, type GatewayContext } from './gateway-context';
import { rollIssueFault } from './faults';
import { IssueRejected, validateIssueCall } from './issue-validation';
import { printDataString } from './print-content';
import { isJsonObject, optionalString } from './request-fields';

/** A 614 answer; it costs points like any processed issue call. */
function rejection(context: GatewayContext, id: IssueRejectionId, params?: IssueRejectionParams): GatewayAnswer {
  return { code: GATEWAY_CODES.issueRejected, msg: renderIssueRejection(id, params), data: { withholding_money: charge(context, 'issue') }, charged: true };
}

/**
 * Issue cloud-print waybills (spec 4.3), JSON: `shop_id`, `param_waybill_cloud_print_apply_new_request`,
 * optional `vvtype` (top level or inside the request). Every rule is checked first
 * (issue-validation.ts); a violation rejects the whole call with 614 and allocates nothing. A
 * valid call allocates one waybill per entry — merged entries (several order numbers) get one
 * waybill for all of them — and answers the waybills shuffled, with plain or encrypted print data.
 */
export const handleIssue: EndpointHandler = (context, body, call) => {
  const refusal = shopRefusal(context, optionalString(body, 'shop_id', 'shop_id'), 'shop_id');
  if (refusal) return refusal;
  const request = body.param_waybill_cloud_print_apply_new_request;
  readVvtype('issue', isJsonObject(request) && request.vvtype !== undefined ? request : body);

  let valid;
  try {
    valid = validateIssueCall(body, context.state);
  } catch (error) {
    if (error instanceof IssueRejected) return rejection(context, error.id, error.params);
    throw error;
  }

  const fault = rollIssueFault(context.runtime.faults, context.random.faults);
  if (fault) call.fault = fault;
  if (fault === 'issue-temporary-error') return rejection(context, 'temporary-system-error');
  const waybills = context.state.allocate({
    cpCode: valid.cpCode,
    branch: valid.branch,
    sender: valid.sender,
    entries: valid.entries,
    source: 'issue-call',
    at: context.now(),
  });
  if (fault === 'issue-unknown-error') return rejection(context, 'number-generation-unknown-error');

  const modules = waybills.map((waybill) => ({
    object_id: waybill.objectId,
    waybill_code: waybill.waybillCode,
    print_data: printDataString(waybill, valid.needEncrypt),
    parent_waybill_code: '',
  }));
  return successAnswer({
    withholding_money: charge(context, 'issue'),
    platform_waybill_ii_get_response: {
      modules: { waybill_cloud_print_response: context.random.order.shuffle(modules) },
      request_id: requestId(context.random.ids),
    },
  });
};
