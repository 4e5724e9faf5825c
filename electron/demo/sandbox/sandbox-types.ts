import type { GatewayEndpointId } from '../../../shared/gateway/endpoints';
import type { DemoOrder } from './demo-orders';
import type { BranchBalance, SandboxShop, SecondWaybill } from './sandbox-state';
import type { IssuedWaybill } from './state-file';

/**
 * The public types of the sandbox gateway (re-exported by index.ts): options, faults, the call
 * log and the handle of a running instance.
 */

/**
 * Faults injected per call, settable at run time. Each rate is a probability in [0, 1]; the
 * call-level rates are exclusive outcomes of one roll per call, so they must sum to at most 1.
 * Whether the call takes effect (is processed) before the fault:
 * - busyRate (code 202), serverErrorRate (HTTP 502), dropBeforeRate: no effect;
 * - timeoutRate (code 101), dropAfterRate, malformedJsonRate: the call takes effect, then its
 *   answer is replaced, lost or truncated — the "outcome unknown" cases the client must reconcile.
 * - oversizedAnswerRate: the call takes effect, then its answer is padded past 20 MB.
 * The issue-only rates are one more exclusive roll per issue call, after validation:
 * - issueUnknownErrorRate: the waybills are allocated, then 614 "unknown exception";
 * - issueTemporaryErrorRate: nothing is allocated, 614 "temporary system error";
 * - issueOutOfCoverageRate: nothing is allocated, 614 "out of the carrier's coverage" naming the
 *   first entry's recipient province — a rejection of that order only, which the desk fails with
 *   its reason (the e2e specs' way to make an order fail from the browser);
 * - the unclear code-0 answers, all after the waybills were allocated: issueDuplicateResultRate
 *   (one entry answered twice, the copy with a number never allocated), issueSharedWaybillRate
 *   (two entries answered with one number), issueEmptyWaybillCodeRate (waybill_code ''),
 *   issueNumericWaybillCodeRate (waybill_code a JSON number), issueEntrySystemErrorRate (one entry
 *   answered success false, "系统异常"); issueBusyAfterEffectRate: allocated, then 202 "系统繁忙".
 * The query-entry rates are one exclusive roll per result entry of a query call (issued or not):
 * querySuccessWithoutWaybillRate (success true, no waybill), queryWaybillListRate (the waybill
 * object inside an array), queryWaybillTextRate (the waybill object as JSON text),
 * queryNoPermissionRate ("没有查询权限"), queryShopMissingRate ("店铺不存在").
 * Not rates: soldOrdersTotal (JSON number text written as totalElements of every sold-orders page,
 * such as "1e400" or "-3"; null: the true total) and overlapCheckOff (the issue endpoint no longer
 * refuses orders that already have a waybill: it allocates a second one, counted by
 * `secondWaybills()` — the soak's proof that the station alone never issues twice).
 */
export interface SandboxFaults {
  /** Fixed delay before every answer (rate-limited ones excepted), ms. */
  latencyMs: number;
  /** Extra uniform random delay in [0, jitterMs], ms. */
  jitterMs: number;
  busyRate: number;
  timeoutRate: number;
  serverErrorRate: number;
  dropBeforeRate: number;
  dropAfterRate: number;
  malformedJsonRate: number;
  oversizedAnswerRate: number;
  issueUnknownErrorRate: number;
  issueTemporaryErrorRate: number;
  issueDuplicateResultRate: number;
  issueSharedWaybillRate: number;
  issueEmptyWaybillCodeRate: number;
  issueNumericWaybillCodeRate: number;
  issueEntrySystemErrorRate: number;
  issueBusyAfterEffectRate: number;
  issueOutOfCoverageRate: number;
  querySuccessWithoutWaybillRate: number;
  queryWaybillListRate: number;
  queryWaybillTextRate: number;
  queryNoPermissionRate: number;
  queryShopMissingRate: number;
  soldOrdersTotal: string | null;
  overlapCheckOff: boolean;
}

/** The faults of one issue call, rolled after validation. */
export type IssueFaultKind =
  | 'issue-unknown-error'
  | 'issue-temporary-error'
  | 'issue-duplicate-result'
  | 'issue-shared-waybill'
  | 'issue-empty-waybill-code'
  | 'issue-numeric-waybill-code'
  | 'issue-entry-system-error'
  | 'issue-busy-after-effect'
  | 'issue-out-of-coverage';

/** The faults of one query result entry. */
export type QueryEntryFaultKind = 'query-success-without-waybill' | 'query-waybill-list' | 'query-waybill-text' | 'query-no-permission' | 'query-shop-missing';

/** Which of the documented shapes the sandbox writes where the spec's field table and sample differ. */
export type SandboxQuirks = 'sample' | 'field-table';

/** Whether the account may call the interface at all (204 answers). */
export type SandboxAccountAccess = 'ok' | 'no-permission' | 'no-quota';

/** Options of one sandbox instance; every one has a default. */
export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  token?: string;
  /** How many of the demo shops the account serves (1 to 3, default 3); the demo shop is the first. */
  shops?: number;
  /** Sold orders of the first (demo) shop (default 2000). */
  orders?: number;
  /** Sold orders of each further shop (default 300). */
  otherShopOrders?: number;
  /** Seed of the demo data, waybill numbers and fault rolls (default 20241111). */
  seed?: number;
  /** Instant the demo data is relative to (default: now). Fixed by a data file once written. */
  generatedAt?: number;
  /** Persist state here; an existing file is loaded and wins over shops/orders/otherShopOrders/seed/generatedAt/points/subscription. */
  dataFile?: string;
  faults?: Partial<SandboxFaults>;
  /** Serve /__sandbox/* (default false: those paths answer the 404 envelope like any unknown path). */
  adminRoutes?: boolean;
  /** Shops that have not authorized the caller: 302 with data.auth_url. */
  unauthorizedShops?: string[];
  accountAccess?: SandboxAccountAccess;
  /** Account points balance of a fresh state (default 100000). */
  points?: number;
  /** Subscription start of a fresh state (epoch ms; default 360 days before now). */
  subscriptionStart?: number;
  /** Subscription end of a fresh state (epoch ms; default the end of the fifth day from today, China time). */
  subscriptionEnd?: number;
  /** Wire shapes (default 'sample'). */
  quirks?: SandboxQuirks;
  /**
   * HTTP status of error envelopes: 'always-200' (default, as such gateways usually answer) or
   * 'mirror-code' (401 and 404 envelopes also carry HTTP 401 / 404).
   */
  errorHttpStatus?: 'always-200' | 'mirror-code';
  /** Rate limit per token (default 10 calls in any sliding 1000 ms window). */
  rateLimit?: { maxCalls: number; windowMs: number };
}

/** What happened to one call, in arrival order. */
export interface SandboxCall {
  /** Arrival, epoch ms. */
  at: number;
  path: string;
  /** The endpoint the path names (primary or alias), or null for an unknown path. */
  endpoint: GatewayEndpointId | null;
  /** Envelope code answered; -1 when no answer was sent (connection dropped before). */
  code: number;
  /** HTTP status sent, or null when none was. */
  httpStatus: number | null;
  /** The bearer token presented, or null. */
  token: string | null;
  /** The parsed body (JSON object or form fields), or null when not read. */
  body: unknown;
  rateLimited: boolean;
  /** The injected fault, if any. */
  fault: SandboxFaultKind | null;
}

/** A fault outcome of one call. */
export type SandboxFaultKind =
  | 'drop-before'
  | 'busy'
  | 'server-error'
  | 'timeout'
  | 'drop-after'
  | 'malformed-json'
  | 'oversized'
  | IssueFaultKind
  | 'query-entries';

/** Where an order was issued "elsewhere" (by another desk or program), for test scenarios. */
export interface IssuedElsewhereOptions {
  /** The shop whose orders they are; default the first (demo) shop. */
  shopId?: string;
  /** Default YTO. */
  cpCode?: string;
  /** Default: the carrier's first branch. */
  branchCode?: string;
  /** One waybill for all the orders (a merged package); default true. */
  onePackage?: boolean;
}

/** A running sandbox gateway. */
export interface RunningSandbox {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  token: string;
  /** The first (demo) shop's id, seller nick and merchant user id. */
  shopId: string;
  sellerNick: string;
  userId: number;
  /** Stops the server and writes the data file. */
  close(): Promise<void>;
  /** Copies of the calls so far, in arrival order (the last 10,000). */
  calls(): SandboxCall[];
  clearCalls(): void;
  /** Calls refused by the rate limit so far. */
  violations(): number;
  faults(): SandboxFaults;
  setFaults(faults: Partial<SandboxFaults>): void;
  /** The shops the account serves (one token, one balance, one subscription), the demo shop first. */
  shops(): SandboxShop[];
  /** A shop's sold orders (default the first shop's; domain form, clear receiver data included). */
  orders(shopId?: string): readonly DemoOrder[];
  /** Corrects an order's receiver (of the first shop unless named) as the merchant would on the platform (clear name or mobile; masked when sent); in memory only. */
  editOrderReceiver(orderNumber: string, receiver: { name?: string; mobile?: string }, shopId?: string): DemoOrder;
  /** Every issued waybill of every shop (each names its shop), oldest first. */
  issuedWaybills(): IssuedWaybill[];
  /** The waybill a shop's order (default the first shop's) was issued on — its first parcel's when shipped in several —, or undefined. */
  issuedWaybill(orderNumber: string, shopId?: string): IssuedWaybill | undefined;
  branchBalances(): BranchBalance[];
  branchBalance(branchCode: string): BranchBalance;
  setBranchBalance(branchCode: string, quantity: number): Promise<void>;
  pointsBalance(): number;
  setPointsBalance(points: number): Promise<void>;
  accountAccess(): SandboxAccountAccess;
  setAccountAccess(access: SandboxAccountAccess): void;
  setUnauthorizedShops(shops: readonly string[]): void;
  subscription(): { start: number; end: number };
  setSubscription(period: { start: number; end: number }): Promise<void>;
  /** Orders that were given a second (third, …) waybill while they had one — only possible with overlapCheckOff. */
  secondWaybills(): SecondWaybill[];
  /** Issues waybills for these orders directly in the state, as if another desk had. */
  markIssuedElsewhere(orderNumbers: readonly string[], options?: IssuedElsewhereOptions): Promise<IssuedWaybill[]>;
}
