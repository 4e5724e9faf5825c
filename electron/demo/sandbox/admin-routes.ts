import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CODES, GATEWAY_MESSAGES } from '../../../shared/gateway/envelope-codes';
import { errorAnswer, type GatewayAnswer } from './envelope';
import { isJsonObject, type JsonObject } from './request-fields';
import type { RunningSandbox, SandboxAccountAccess } from './sandbox-types';

/**
 * Test hooks over HTTP, served only when the instance is started with adminRoutes (otherwise
 * these paths are unknown and answer the 404 envelope). Same bearer token as the gateway; not
 * rate limited, not faulted, not in the call log. Answers use the envelope (code 0).
 * - GET  /__sandbox/calls                 the call log; POST clears it
 * - GET  /__sandbox/violations            { violations }
 * - GET  /__sandbox/faults                current faults; POST a partial SandboxFaults to change them
 * - GET  /__sandbox/state                 points, branch balances, issued waybills, second waybills, access, subscription
 * - POST /__sandbox/state                 { pointsBalance?, branchBalances?: {code: quantity},
 *                                           accountAccess?, unauthorizedShops?, subscription?: {start, end} }
 * - POST /__sandbox/issued-elsewhere      { orderNumbers, shopId?, cpCode?, branchCode?, onePackage? }
 * - GET  /__sandbox/shops                 the account's shops, the demo shop first
 * - GET  /__sandbox/orders?shop=<id>      a shop's sold orders (default the first shop's), domain form
 * - GET  /__sandbox/issued?order=<number>&shop=<id>   the waybill of a shop's order (default the first shop's), or null
 */

/** Path prefix of the admin routes. */
export const ADMIN_PREFIX = '/__sandbox/';

/** What the admin routes act on: the running instance's accessors and setters. */
export type SandboxControls = Omit<RunningSandbox, 'url' | 'port' | 'token' | 'shopId' | 'sellerNick' | 'userId' | 'close'>;

type Finish = (request: FastifyRequest, reply: FastifyReply, answer: GatewayAnswer) => FastifyReply;

const ok = (data: unknown): GatewayAnswer => ({ code: GATEWAY_CODES.success, msg: GATEWAY_MESSAGES.success, data });
const bad = (message: string): GatewayAnswer => errorAnswer(GATEWAY_CODES.parameterError, `${GATEWAY_MESSAGES.parameterError}：${message}`);
const ACCESS: readonly SandboxAccountAccess[] = ['ok', 'no-permission', 'no-quota'];

function stateView(controls: SandboxControls): unknown {
  return {
    pointsBalance: controls.pointsBalance(),
    branches: controls.branchBalances(),
    issued: controls.issuedWaybills(),
    secondWaybills: controls.secondWaybills(),
    accountAccess: controls.accountAccess(),
    subscription: controls.subscription(),
  };
}

async function changeState(controls: SandboxControls, body: JsonObject): Promise<GatewayAnswer> {
  const { pointsBalance, branchBalances, accountAccess, unauthorizedShops, subscription } = body;
  if (pointsBalance !== undefined) {
    if (typeof pointsBalance !== 'number') return bad('pointsBalance应为数字');
    await controls.setPointsBalance(pointsBalance);
  }
  if (branchBalances !== undefined) {
    if (!isJsonObject(branchBalances)) return bad('branchBalances应为对象');
    for (const [code, quantity] of Object.entries(branchBalances)) {
      if (typeof quantity !== 'number') return bad(`branchBalances.${code}应为数字`);
      await controls.setBranchBalance(code, quantity);
    }
  }
  if (accountAccess !== undefined) {
    if (!ACCESS.includes(accountAccess as SandboxAccountAccess)) return bad(`accountAccess应为${ACCESS.join('/')}`);
    controls.setAccountAccess(accountAccess as SandboxAccountAccess);
  }
  if (unauthorizedShops !== undefined) {
    if (!Array.isArray(unauthorizedShops) || !unauthorizedShops.every((shop) => typeof shop === 'string')) return bad('unauthorizedShops应为字符串数组');
    controls.setUnauthorizedShops(unauthorizedShops);
  }
  if (subscription !== undefined) {
    if (!isJsonObject(subscription) || typeof subscription.start !== 'number' || typeof subscription.end !== 'number') return bad('subscription应为{start, end}');
    await controls.setSubscription({ start: subscription.start, end: subscription.end });
  }
  return ok(stateView(controls));
}

/** Registers the admin routes on the server. */
export function registerAdminRoutes(app: FastifyInstance, controls: SandboxControls, finish: Finish): void {
  const body = (request: FastifyRequest): JsonObject => (isJsonObject(request.body) ? request.body : {});
  const query = (request: FastifyRequest, key: string): string | undefined => {
    const value = isJsonObject(request.query) ? request.query[key] : undefined;
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  // Errors thrown by a setter (an unknown branch, a rate above 1) are the caller's mistake here.
  const guarded = (action: (request: FastifyRequest) => GatewayAnswer | Promise<GatewayAnswer>) => async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return finish(request, reply, await action(request));
    } catch (error) {
      return finish(request, reply, bad(error instanceof Error ? error.message : String(error)));
    }
  };

  app.get(`${ADMIN_PREFIX}calls`, guarded(() => ok(controls.calls())));
  app.post(
    `${ADMIN_PREFIX}calls`,
    guarded(() => {
      controls.clearCalls();
      return ok([]);
    }),
  );
  app.get(`${ADMIN_PREFIX}violations`, guarded(() => ok({ violations: controls.violations() })));
  app.get(`${ADMIN_PREFIX}faults`, guarded(() => ok(controls.faults())));
  app.post(
    `${ADMIN_PREFIX}faults`,
    guarded((request) => {
      controls.setFaults(body(request));
      return ok(controls.faults());
    }),
  );
  app.get(`${ADMIN_PREFIX}state`, guarded(() => ok(stateView(controls))));
  app.get(`${ADMIN_PREFIX}shops`, guarded(() => ok(controls.shops())));
  app.get(`${ADMIN_PREFIX}orders`, guarded((request) => ok(controls.orders(query(request, 'shop')))));
  app.get(
    `${ADMIN_PREFIX}issued`,
    guarded((request) => {
      const orderNumber = query(request, 'order');
      if (orderNumber === undefined) return bad('order不能为空');
      return ok(controls.issuedWaybill(orderNumber, query(request, 'shop')) ?? null);
    }),
  );
  app.post(`${ADMIN_PREFIX}state`, guarded((request) => changeState(controls, body(request))));
  app.post(
    `${ADMIN_PREFIX}issued-elsewhere`,
    guarded(async (request) => {
      const { orderNumbers, shopId, cpCode, branchCode, onePackage } = body(request);
      if (!Array.isArray(orderNumbers) || orderNumbers.length === 0 || !orderNumbers.every((n) => typeof n === 'string')) return bad('orderNumbers应为非空字符串数组');
      return ok(
        await controls.markIssuedElsewhere(orderNumbers, {
          shopId: typeof shopId === 'string' ? shopId : undefined,
          cpCode: typeof cpCode === 'string' ? cpCode : undefined,
          branchCode: typeof branchCode === 'string' ? branchCode : undefined,
          onePackage: typeof onePackage === 'boolean' ? onePackage : undefined,
        }),
      );
    }),
  );
}
