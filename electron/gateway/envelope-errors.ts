import type { StationError } from '../../shared/errors/station-error';
import { stationError } from '../../shared/errors/station-error';
import { GATEWAY_CODES } from '../../shared/gateway/envelope-codes';
import type { GatewayEnvelope } from './gateway-transport';
import { classifyIssueRejection } from './issue-rejection-kind';

const urlPattern = /https?:\/\/[^\s"'<>，。；、）)\]}]+/i;

/** The first http(s) URL in a value, searched depth-first in key order. */
function firstUrlIn(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return urlPattern.exec(value)?.[0] ?? null;
  if (depth > 8 || typeof value !== 'object' || value === null) return null;
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    const found = firstUrlIn(child, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The scan-code authorization link of a 302: the spec does not name its field, so the first
 * http(s) URL found in data (any depth), else in msg; '' when there is none.
 */
export function findAuthorizationUrl(envelope: GatewayEnvelope): string {
  return firstUrlIn(envelope.data) ?? firstUrlIn(envelope.msg) ?? '';
}

const quotaPhrases = ['额度', '次数', '充值', '余量', 'quota', 'top up', 'insufficient', 'used up'];

/** Whether a 204 message speaks of the call quota (otherwise it is about the permission). */
export function isQuotaMessage(message: string): boolean {
  const text = message.toLowerCase();
  return quotaPhrases.some((phrase) => text.includes(phrase));
}

const rateLimitPhrases = ['rate limit', 'too many requests', 'qps', '频率', '限流', '调用过于频繁'];

/** Whether a 202 message says the rate limit was exceeded (the call was not processed). */
export function isRateLimitMessage(message: string): boolean {
  const text = message.toLowerCase();
  return rateLimitPhrases.some((phrase) => text.includes(phrase));
}

/** What the caller knows that an error may name. */
export interface EnvelopeContext {
  /** The seller nickname, named by a 103 to the call that sent it (the subscription). */
  sellerNick: string;
  /** The shop id, named by a 103 to the calls that sent it instead of a nickname. */
  shopId: string;
  /** Which of the two the call sent: a 103 ("no such account") is about that one. */
  accountSentAs: 'nick' | 'shop-id';
}

/**
 * The typed error an envelope stands for, or null for code 0. Every code of spec section 7 has
 * its own error code; 204 is split by its message into permission or quota, 202 into busy or
 * rate-limited, 614 into the four kinds of decisions.md.
 */
export function errorFromEnvelope(envelope: GatewayEnvelope, context: EnvelopeContext): StationError | null {
  const message = envelope.msg;
  switch (envelope.code) {
    case GATEWAY_CODES.success:
      return null;
    case GATEWAY_CODES.parameterError:
      return stationError('gateway.parameter-error', { message });
    case GATEWAY_CODES.timedOut:
      return stationError('gateway.timed-out', { message });
    case GATEWAY_CODES.nickNotFound:
      return context.accountSentAs === 'nick'
        ? stationError('gateway.nickname-not-found', { message, nick: context.sellerNick })
        : stationError('gateway.shop-not-found', { message, shopId: context.shopId });
    case GATEWAY_CODES.systemError:
      return stationError('gateway.system-error', { message });
    case GATEWAY_CODES.busy:
      return stationError(isRateLimitMessage(message) ? 'gateway.rate-limited' : 'gateway.busy', { message });
    case GATEWAY_CODES.notSupported:
      return stationError('gateway.not-supported', { message });
    case GATEWAY_CODES.noAccess:
      return stationError(isQuotaMessage(message) ? 'gateway.no-quota' : 'gateway.no-permission', { message });
    case GATEWAY_CODES.shopNotAuthorized:
      return stationError('gateway.shop-not-authorized', { message, authUrl: findAuthorizationUrl(envelope) });
    case GATEWAY_CODES.tokenInvalid:
      // The gateway's text speaks to its developers ("set access token in the request header"): logs keep it, the desk says what to do.
      return stationError('gateway.unauthorized-token', { message });
    case GATEWAY_CODES.issueRejected:
      return stationError(`gateway.issue-rejected.${classifyIssueRejection(message)}`, { message });
    default:
      return stationError('gateway.unknown-code', { gatewayCode: envelope.code, message });
  }
}
