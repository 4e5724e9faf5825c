import { DEMO_GATEWAY_ACCOUNT, DEMO_GATEWAY_SHOPS } from '../../../shared/settings/settings-schema';
import type { AddressInfo } from 'node:net';
import { CallLog } from './call-log';
import { chinaDayStart, dayMs } from '../../../shared/time/china-time';
import { mergeFaults, NO_FAULTS } from './faults';
import type { SandboxControls } from './admin-routes';
import type { GatewayContext } from './gateway-context';
import { buildGatewayServer } from './gateway-server';
import { issueElsewhere } from './issued-elsewhere';
import { SlidingWindowLimiter } from './rate-limit';
import { SandboxState } from './sandbox-state';
import type { RunningSandbox, SandboxOptions } from './sandbox-types';
import { seededRandom } from './seeded-random';
import { StateFileWriter, readStateFile, type PersistedShop } from './state-file';

/**
 * The sandbox gateway: a faithful, stateful stand-in for the waybill gateway (spec
 * waybill-gateway.md as decisions.md settles it), for demo mode, training, tests and benchmarks.
 * `startSandbox()` serves it on 127.0.0.1 and returns a handle with the call log, the state and
 * setters for test scenarios.
 */

export type {
  IssuedElsewhereOptions,
  RunningSandbox,
  SandboxAccountAccess,
  SandboxCall,
  SandboxFaultKind,
  SandboxFaults,
  SandboxOptions,
  SandboxQuirks,
} from './sandbox-types';
export type { BranchBalance, SandboxShop, SecondWaybill } from './sandbox-state';
export type { IssuedWaybill } from './state-file';
export type { DemoOrder, DemoOrderNote } from './demo-orders';
export { DEMO_CUSTOM_AREA_TEMPLATE_URL, DEMO_NETWORK, DEMO_OFFICE, DEMO_SENDER, DEMO_WAREHOUSE, STANDARD_TEMPLATES, TEMPLATE_HOST, standardTemplateUrl } from './demo-network';
export { SANDBOX_FEES } from './gateway-context';
export { NO_FAULTS } from './faults';

/** The demo account and the defaults of every option. */
export const SANDBOX_DEFAULTS = {
  token: 'sandbox-demo-token',
  // The demo account is the settings' default account, so a new station works with zero typing.
  shopId: DEMO_GATEWAY_ACCOUNT.shopId,
  sellerNick: DEMO_GATEWAY_ACCOUNT.sellerNick,
  userId: DEMO_GATEWAY_ACCOUNT.merchantUserId,
  /** The shops the demo account serves, the demo shop (above) first. */
  shops: DEMO_GATEWAY_SHOPS.map(({ shopId, sellerNick, merchantUserId, name }) => ({ shopId, sellerNick, userId: merchantUserId, name })),
  orders: 2000,
  /** Sold orders of each shop after the first. */
  otherShopOrders: 300,
  seed: 20241111,
  points: 100_000,
  /** Port of `npm run sandbox` when --port is not given (programmatic starts default to 0). */
  cliPort: 8686,
  rateLimit: { maxCalls: 10, windowMs: 1000 },
  /** Days the demo subscription has left at first start: short enough for the app's warning. */
  subscriptionDaysLeft: 5,
} as const;

/** The shops a fresh account serves, with their order counts, as the options ask. */
function accountShops(options: SandboxOptions): PersistedShop[] {
  const shopCount = options.shops ?? SANDBOX_DEFAULTS.shops.length;
  if (!Number.isInteger(shopCount) || shopCount < 1 || shopCount > SANDBOX_DEFAULTS.shops.length) {
    throw new RangeError(`shops must be a whole number from 1 to ${SANDBOX_DEFAULTS.shops.length}`);
  }
  const counts = { orders: options.orders ?? SANDBOX_DEFAULTS.orders, otherShopOrders: options.otherShopOrders ?? SANDBOX_DEFAULTS.otherShopOrders };
  for (const [name, count] of Object.entries(counts)) {
    if (!Number.isInteger(count) || count < 0) throw new RangeError(`${name} must be a non-negative integer`);
  }
  return SANDBOX_DEFAULTS.shops.slice(0, shopCount).map((shop, index) => ({ ...shop, orderCount: index === 0 ? counts.orders : counts.otherShopOrders }));
}

/** Starts a sandbox gateway on 127.0.0.1. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const now = Date.now();
  const identity = { token: options.token ?? SANDBOX_DEFAULTS.token };
  if (!/^\S+$/.test(identity.token)) throw new RangeError('token must be non-empty, without spaces');
  const shops = accountShops(options);

  const persisted = options.dataFile === undefined ? null : readStateFile(options.dataFile, shops);
  const state = persisted
    ? SandboxState.restore(persisted, now)
    : SandboxState.fresh({
        seed: options.seed ?? SANDBOX_DEFAULTS.seed,
        shops,
        generatedAt: options.generatedAt ?? now,
        pointsBalance: options.points ?? SANDBOX_DEFAULTS.points,
        subscription: {
          start: options.subscriptionStart ?? now - 360 * dayMs,
          // The last second of the fifth day from today, China time.
          end: options.subscriptionEnd ?? chinaDayStart(now) + (SANDBOX_DEFAULTS.subscriptionDaysLeft + 1) * dayMs - 1000,
        },
      });
  const [firstShop] = state.shops;
  if (!firstShop) throw new Error('the sandbox account serves no shop');
  const writer = options.dataFile === undefined ? null : new StateFileWriter(options.dataFile);
  const persist = () => writer?.save(() => state.serialize()) ?? Promise.resolve();
  if (writer && !persisted) await persist();

  const context: GatewayContext = {
    identity,
    state,
    quirks: options.quirks ?? 'sample',
    runtime: {
      faults: mergeFaults(NO_FAULTS, options.faults ?? {}),
      accountAccess: options.accountAccess ?? 'ok',
      unauthorizedShops: new Set(options.unauthorizedShops ?? []),
    },
    random: {
      faults: seededRandom(state.seed, 'faults'),
      order: seededRandom(state.seed, 'result-order'),
      ids: seededRandom(state.seed, 'request-ids'),
    },
    persist,
    now: () => Date.now(),
  };
  const callLog = new CallLog();
  const rateLimit = options.rateLimit ?? SANDBOX_DEFAULTS.rateLimit;

  const controls: SandboxControls = {
    calls: () => callLog.calls(),
    clearCalls: () => callLog.clear(),
    violations: () => callLog.violations(),
    faults: () => ({ ...context.runtime.faults }),
    setFaults: (faults) => {
      context.runtime.faults = mergeFaults(context.runtime.faults, faults);
    },
    shops: () => state.shops,
    orders: (shopId = firstShop.shopId) => state.orders(shopId),
    editOrderReceiver: (orderNumber, receiver, shopId = firstShop.shopId) => structuredClone(state.editReceiver(shopId, orderNumber, receiver)),
    issuedWaybills: () => state.issuedWaybills(),
    secondWaybills: () => state.secondWaybills(),
    issuedWaybill: (orderNumber, shopId = firstShop.shopId) => {
      const waybill = state.issuedFor(shopId, orderNumber);
      return waybill && structuredClone(waybill);
    },
    branchBalances: () => state.branchBalances(),
    branchBalance: (branchCode) => {
      const balance = state.branchBalances().find((candidate) => candidate.branchCode === branchCode);
      if (!balance) throw new Error(`unknown branch ${branchCode}`);
      return balance;
    },
    setBranchBalance: (branchCode, quantity) => {
      state.setBranchQuantity(branchCode, quantity);
      return persist();
    },
    pointsBalance: () => state.pointsBalance,
    setPointsBalance: (points) => {
      state.pointsBalance = points;
      return persist();
    },
    accountAccess: () => context.runtime.accountAccess,
    setAccountAccess: (access) => {
      context.runtime.accountAccess = access;
    },
    setUnauthorizedShops: (shops) => {
      context.runtime.unauthorizedShops = new Set(shops);
    },
    subscription: () => state.subscription,
    setSubscription: (period) => {
      state.subscription = period;
      return persist();
    },
    markIssuedElsewhere: async (orderNumbers, elsewhere = {}) => {
      const waybills = issueElsewhere(state, orderNumbers, elsewhere, Date.now());
      await persist();
      return waybills;
    },
  };

  const app = await buildGatewayServer({
    context,
    callLog,
    limiter: new SlidingWindowLimiter(rateLimit.maxCalls, rateLimit.windowMs),
    errorHttpStatus: options.errorHttpStatus ?? 'always-200',
    controls: options.adminRoutes ? controls : null,
  });
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;

  let closing: Promise<void> | null = null;
  return {
    ...controls,
    url: `http://127.0.0.1:${port}`,
    port,
    token: identity.token,
    shopId: firstShop.shopId,
    sellerNick: firstShop.sellerNick,
    userId: firstShop.userId,
    close: () => {
      closing ??= (async () => {
        await app.close();
        await writer?.flush();
      })();
      return closing;
    },
  };
}
