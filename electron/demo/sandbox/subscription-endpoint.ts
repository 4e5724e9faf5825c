import { GATEWAY_CODES, GATEWAY_MESSAGES } from '../../../shared/gateway/envelope-codes';
import { errorAnswer } from './envelope';
import { charge, readVvtype, successAnswer, type EndpointHandler } from './gateway-context';
import { ParameterError, optionalString } from './request-fields';
import { subscriptionDate } from './wire-format';

/**
 * Subscription period (spec 4.2), served at /papi/tool/accounts/vcsi and its alias: form fields
 * `nick` (the seller nick of any of the account's shops: they share one subscription; any other name → 103) and optional `vvtype` (1 basic by default, 2, 3).
 * The record's version_no is the edition asked for.
 */
export const handleSubscription: EndpointHandler = (context, body) => {
  const nick = optionalString(body, 'nick', 'nick');
  if (nick === undefined) throw new ParameterError('nick', '不能为空');
  const vvtype = readVvtype('subscription', body);
  if (!context.state.shops.some((shop) => shop.sellerNick === nick)) return errorAnswer(GATEWAY_CODES.nickNotFound, `${GATEWAY_MESSAGES.nickNotFound}：${nick}`);
  const { start, end } = context.state.subscription;
  const now = context.now();
  const status = now < start ? '未生效' : now <= end ? '使用中' : '已过期';
  return successAnswer({
    start_date: subscriptionDate(context.quirks, start),
    end_date: subscriptionDate(context.quirks, end),
    status,
    version_no: vvtype,
    withholding_money: charge(context, 'subscription'),
  });
};
