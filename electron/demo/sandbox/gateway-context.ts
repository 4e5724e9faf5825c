import { GATEWAY_CODES, GATEWAY_MESSAGES } from '../../../shared/gateway/envelope-codes';
import { VVTYPE_RULES } from '../../../shared/gateway/editions';
import type { GatewayEndpointId } from '../../../shared/gateway/endpoints';
import { errorAnswer, type GatewayAnswer } from './envelope';
import { ParameterError, optionalInteger, optionalString, type JsonObject } from './request-fields';
import type { SandboxShop, SandboxState } from './sandbox-state';
import type { SandboxAccountAccess, SandboxCall, SandboxFaults, SandboxQuirks } from './sandbox-types';
import type { SeededRandom } from './seeded-random';

/** Who the sandbox's demo account is: its token (its shops are in the state). */
export interface SandboxIdentity {
  token: string;
}

/** Everything the endpoint handlers work with. */
export interface GatewayContext {
  readonly identity: SandboxIdentity;
  readonly state: SandboxState;
  readonly quirks: SandboxQuirks;
  /** Settings tests change at run time. */
  readonly runtime: { faults: SandboxFaults; accountAccess: SandboxAccountAccess; unauthorizedShops: Set<string> };
  /** Independent PRNG streams: fault rolls, result order, request ids. */
  readonly random: { faults: SeededRandom; order: SeededRandom; ids: SeededRandom };
  /** Writes the state to the data file (if any); resolves once it is on disk. */
  persist(): Promise<void>;
  now(): number;
}

/** Answers one endpoint's call (body already parsed into an object); may throw ParameterError. */
export type EndpointHandler = (context: GatewayContext, body: JsonObject, call: SandboxCall) => GatewayAnswer;

/** A success answer. */
export function successAnswer(data: unknown): GatewayAnswer {
  return { code: GATEWAY_CODES.success, msg: GATEWAY_MESSAGES.success, data, charged: true };
}

/**
 * Points each successful call costs (and a 614-rejected issue call: decisions.md "a rejected issue
 * call costs points"). The spec leaves prices to the operator; these are the sandbox's.
 */
export const SANDBOX_FEES: Readonly<Record<GatewayEndpointId, number>> = {
  'query-issued': 1,
  subscription: 1,
  issue: 2,
  'network-info': 1,
  'sold-orders': 1,
};

/** Charges the endpoint's fee and returns it (for withholding_money). */
export function charge(context: GatewayContext, endpoint: GatewayEndpointId): number {
  const fee = SANDBOX_FEES[endpoint];
  context.state.charge(fee);
  return fee;
}

/** The 204 answer for an account that may not call, or cannot pay for, this endpoint. */
export function accessRefusal(context: GatewayContext, endpoint: GatewayEndpointId): GatewayAnswer | null {
  const access = context.runtime.accountAccess;
  if (access === 'no-permission') return errorAnswer(GATEWAY_CODES.noAccess, GATEWAY_MESSAGES.noPermission);
  if (access === 'no-quota' || context.state.pointsBalance < SANDBOX_FEES[endpoint]) return errorAnswer(GATEWAY_CODES.noAccess, GATEWAY_MESSAGES.noQuota);
  return null;
}

/** The scan-code authorization link of a shop (302 answers carry it in data.auth_url). */
function authorizationUrl(shopId: string): string {
  return `https://oauth.taobao.com/authorize?response_type=code&client_id=34521987&view=web&state=${encodeURIComponent(shopId)}`;
}

/** The shop a call names: one of the account's, or the answer refusing the call. */
export type ShopCheck = { shop: SandboxShop; refusal: null } | { shop: null; refusal: GatewayAnswer };

/**
 * Checks the shop a call names in `field` (shop_id or owner_id): missing → 100; a shop the caller
 * may not read (in unauthorizedShops) → 302 with the authorization link; a shop the account does
 * not serve → 103 (no such account). Any of the account's shops may go on.
 */
export function checkShop(context: GatewayContext, body: JsonObject, field: string): ShopCheck {
  const refuse = (refusal: GatewayAnswer): ShopCheck => ({ shop: null, refusal });
  const shopId = optionalString(body, field, field);
  if (shopId === undefined) return refuse(errorAnswer(GATEWAY_CODES.parameterError, `${GATEWAY_MESSAGES.parameterError}：${field}不能为空`));
  if (context.runtime.unauthorizedShops.has(shopId)) {
    return refuse(errorAnswer(GATEWAY_CODES.shopNotAuthorized, GATEWAY_MESSAGES.shopNotAuthorized, { auth_url: authorizationUrl(shopId) }));
  }
  const shop = context.state.shop(shopId);
  if (!shop) return refuse(errorAnswer(GATEWAY_CODES.nickNotFound, `${GATEWAY_MESSAGES.nickNotFound}：${shopId}`));
  return { shop, refusal: null };
}

/**
 * The vvtype of a call per the endpoint's documented rule: the default when omitted, a parameter
 * error when required and missing or outside the documented values. Null for endpoints that
 * document none (network info ignores it).
 */
export function readVvtype(endpoint: GatewayEndpointId, body: JsonObject, path = 'vvtype'): number | null {
  const rule = VVTYPE_RULES[endpoint];
  if (rule.documented.length === 0) return null;
  const value = optionalInteger(body, 'vvtype', path);
  if (value === undefined) {
    if (rule.required || rule.defaultValue === null) throw new ParameterError(path, '不能为空');
    return rule.defaultValue;
  }
  if (!rule.documented.includes(value)) throw new ParameterError(path, `取值应为${rule.documented.join('或')}`);
  return value;
}

/** A parameter-error answer (code 100) naming the field. */
export function parameterErrorAnswer(error: ParameterError): GatewayAnswer {
  return errorAnswer(GATEWAY_CODES.parameterError, `${GATEWAY_MESSAGES.parameterError}：${error.field}${error.problem}`);
}

/** A gateway-style request id (26 hex digits) from the context's id stream. */
export function requestId(random: SeededRandom): string {
  return Array.from({ length: 26 }, () => random.int(0, 15).toString(16)).join('');
}
