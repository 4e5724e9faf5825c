import { setTimeout as delay } from 'node:timers/promises';
import type { IssueRequest } from '../../shared/domain/issue-entry';
import type { NetworkInfo } from '../../shared/domain/network';
import type { SoldOrderPage } from '../../shared/domain/sold-order';
import type { Subscription } from '../../shared/domain/subscription';
import type { IssueResult, QueryResult } from '../../shared/domain/waybill';
import type { ErrorCode, StationError } from '../../shared/errors/station-error';
import { describeError, stationError } from '../../shared/errors/station-error';
import type { EditionName } from '../../shared/gateway/editions';
import { effectiveVvtype, SOLD_ORDER_FILTERS_VVTYPE } from '../../shared/gateway/editions';
import type { GatewayEndpointId } from '../../shared/gateway/endpoints';
import { GATEWAY_CODES } from '../../shared/gateway/envelope-codes';
import { ISSUE_LIMITS } from '../../shared/gateway/issue-limits';
import type { Result } from '../../shared/result';
import { fail } from '../../shared/result';
import { gatewayAddressProblem } from '../../shared/settings/gateway-address';
import { allProblems, validateIssueRequest } from '../../shared/validation/issue-entry-validation';
import { StationFailure } from '../ipc/to-station-error';
import type { StationLogger } from '../logging/station-logger';
import type { CostWriter } from '../store/station-backend';
import type { CallOptions } from './call-options';
import { callCost } from './decoding/call-cost';
import { decodeNetworkInfo } from './decoding/decode-network-info';
import { decodeSoldOrderPage } from './decoding/decode-sold-orders';
import { decodeSubscription } from './decoding/decode-subscription';
import { decodeIssueResult, decodeQueryResult } from './decoding/decode-waybills';
import type { EnvelopeContext } from './envelope-errors';
import { errorFromEnvelope } from './envelope-errors';
import { fetchAllSoldOrders } from './fetch-all-sold-orders';
import type { AllSoldOrders, FetchAllOptions } from './fetch-all-sold-orders';
import type { GatewayEnvelope, GatewayRequestBody } from './gateway-transport';
import { postToGateway } from './gateway-transport';
import type { PathMemory } from './path-memory';
import { createPathMemory } from './path-memory';
import type { CallSlot } from './call-window';
import type { RateLimiter } from './rate-limiter';
import type { SoldOrderFilters } from './request-bodies';
import {
  issueBody,
  networkInfoBody,
  queryIssuedBody,
  soldOrderFilterFields,
  soldOrdersBody,
  subscriptionBody,
} from './request-bodies';
import type { RetryPolicy } from './retry-policy';
import { backoffDelay, isRetriedByReads, retryPolicyDefaults } from './retry-policy';
import { scrubSecret } from './scrub-secret';

/** One page of sold orders, with optional server-side filters. */
export interface SoldOrdersPageRequest extends SoldOrderFilters {
  /** 0 is the first page. */
  page: number;
  /** 1–100; 100 by default. */
  pageSize?: number;
}

/** Everything the client needs, passed in: no global state, no electron. */
export interface GatewayClientOptions {
  baseUrl: string;
  /** The current access token (read at every call; null when none is set). */
  token: () => string | null;
  shopId: string;
  sellerNick: string;
  userId: number;
  edition: EditionName;
  /** Advanced settings: a vvtype per endpoint that replaces the edition's (null: do not send). */
  vvtypeOverrides?: Partial<Record<GatewayEndpointId, number | null>>;
  /** The ONE account-wide limiter. */
  limiter: RateLimiter;
  logger: StationLogger;
  /** The cost ledger, told of every answered call (before its answer is handed on). */
  costLedger: CostWriter;
  /** Which path of each endpoint worked, per base URL (share it across rebuilt clients). */
  pathMemory?: PathMemory;
  /** Timeout of each HTTP exchange. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
}

/** The gateway client: one function per endpoint, typed requests, decoded results, typed errors. */
export interface GatewayClient {
  soldOrdersPage(request: SoldOrdersPageRequest, options?: CallOptions): Promise<Result<SoldOrderPage>>;
  /** All pages, pipelined at bulk priority by default, with progress events and cancellation. */
  fetchAllSoldOrders(filters?: SoldOrderFilters & { pageSize?: number }, options?: FetchAllOptions): Promise<Result<AllSoldOrders>>;
  networkInfo(request?: { carrierCode?: string }, options?: CallOptions): Promise<Result<NetworkInfo>>;
  subscription(options?: CallOptions): Promise<Result<Subscription>>;
  /**
   * Issues up to 10 entries, validated locally first. Never retried blindly: only a 202 "rate
   * limit exceeded" (not processed) is sent again. Any other failure without a usable answer
   * is `gateway.issue-answer-lost` (outcome unknown: reconcile through the query endpoint).
   * Once the request has left, cancellation waits for its answer rather than lose it.
   */
  issueWaybills(request: IssueRequest, options?: CallOptions): Promise<Result<IssueResult>>;
  /** Looks up to 20 order numbers up in the waybills already issued. */
  queryIssuedWaybills(orderNumbers: readonly string[], options?: CallOptions): Promise<Result<QueryResult>>;
}

/** Defaults of the client. */
export const gatewayClientDefaults = { timeoutMs: 20_000 } as const;

/** What one exchange (with path fallback) produced. */
type Exchange = { kind: 'answer'; envelope: GatewayEnvelope } | { kind: 'failure'; error: StationError };

/** Failures of an issue call after which the request certainly did not reach the gateway. */
const issueNotSent: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'cancelled',
  'config.token-missing',
  'config.base-url-invalid',
  'settings.gateway-insecure',
  'transport.refused',
  'gateway.path-not-found',
  'gateway.unauthorized-token',
  'shared-mode.unreachable',
  'shared-mode.claim-lost',
  'shared-mode.desk-id-in-use',
]);

/** Answered issue errors that leave the outcome unknown (decisions.md "Issuing safely"). */
const issueOutcomeUnknown: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['gateway.timed-out', 'gateway.busy', 'gateway.unknown-code']);

const cancelled = (): StationError => stationError('cancelled', {});

/** Creates the client. */
export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const timeoutMs = options.timeoutMs ?? gatewayClientDefaults.timeoutMs;
  const retry: RetryPolicy = { ...retryPolicyDefaults, ...options.retry };
  const pathMemory = options.pathMemory ?? createPathMemory();
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const account = { shopId: options.shopId, sellerNick: options.sellerNick, userId: options.userId };
  const { logger, limiter, costLedger } = options;
  /** The token the gateway last answered 401 for: no call is wasted on it again. */
  let rejected: { token: string; message: string } | null = null;

  /** The subscription names the account by nickname (a form field); every other endpoint by shop id. */
  const envelopeContext = (endpoint: GatewayEndpointId): EnvelopeContext => ({
    sellerNick: account.sellerNick,
    shopId: account.shopId,
    accountSentAs: endpoint === 'subscription' ? 'nick' : 'shop-id',
  });

  const vvtypeFor = (endpoint: GatewayEndpointId): number | null => effectiveVvtype(options.edition, options.vvtypeOverrides, endpoint);

  const baseUrlValid = /^https?:\/\/[^\s/]+/i.test(baseUrl);
  const insecure = gatewayAddressProblem(baseUrl) === 'insecure-http';

  /** One exchange: a slot from the limiter, the POST, and the alias once on a 404. */
  async function exchange(
    endpoint: GatewayEndpointId,
    body: GatewayRequestBody,
    call: CallOptions,
    attempt: number,
    keepWaitingOnceSent: boolean,
  ): Promise<Exchange> {
    if (!baseUrlValid) return { kind: 'failure', error: stationError('config.base-url-invalid', { baseUrl }) };
    // A settings file saved before the rule, or edited by hand, must not carry the token in clear.
    if (insecure) return { kind: 'failure', error: stationError('settings.gateway-insecure', { baseUrl }) };
    const token = options.token();
    if (!token) return { kind: 'failure', error: stationError('config.token-missing', {}) };
    if (rejected?.token === token) return { kind: 'failure', error: stationError('gateway.unauthorized-token', { message: rejected.message }) };

    const paths = pathMemory.candidates(baseUrl, endpoint);
    for (const path of paths) {
      let outcome: Awaited<ReturnType<typeof postToGateway>>;
      let slot: CallSlot;
      let startedAt: number;
      do {
        try {
          slot = await limiter.acquire(call.priority ?? 'interactive', call.signal, call.fence);
        } catch (error) {
          // A window that cannot grant (the shared database is away, the orders are no longer this desk's) says why; nothing was sent.
          return { kind: 'failure', error: error instanceof StationFailure ? error.error : cancelled() };
        }
        startedAt = performance.now();
        logger.debug('gateway.request', { endpoint, path, attempt, body: body.kind === 'json' ? body.value : body.fields });
        outcome = await postToGateway({
          url: `${baseUrl}${path}`,
          baseUrl,
          token,
          body,
          timeoutMs,
          signal: keepWaitingOnceSent ? undefined : call.signal,
          beforeSend: slot.sendable,
          onWritten: call.onWritten,
        });
        // Stopped or suspended past its start (a lid closed, a long pause): the slot is left unused and
        // a new one asked for, which checks the fence again — the call never leaves on a stale grant.
        if (outcome.kind === 'not-sent') {
          logger.warn('gateway.slot-missed', { endpoint, path });
          await slot.unused();
        }
      } while (outcome.kind === 'not-sent');
      if (outcome.kind !== 'failure') slot.answered();
      const ms = Math.round(performance.now() - startedAt);
      if (outcome.kind === 'path-not-found') {
        logger.warn('gateway.path-not-found', { endpoint, path, httpStatus: outcome.httpStatus, ms });
        continue;
      }
      if (outcome.kind === 'failure') {
        logger.warn('gateway.failure', { endpoint, path, attempt, ms, error: outcome.error.code, text: describeError(outcome.error).text });
        return outcome;
      }
      pathMemory.remember(baseUrl, endpoint, path);
      const points = callCost(outcome.envelope.data);
      await costLedger.record({ endpoint, points, jobId: call.jobId ?? null, shopId: options.shopId, at: Date.now() });
      logger.info('gateway.call', { endpoint, path, attempt, ms, code: outcome.envelope.code, msg: outcome.envelope.msg, points });
      if (outcome.envelope.code === GATEWAY_CODES.tokenInvalid) rejected = { token, message: outcome.envelope.msg };
      return { kind: 'answer', envelope: outcome.envelope };
    }
    return { kind: 'failure', error: stationError('gateway.path-not-found', { path: paths.join(' / ') }) };
  }

  /** Waits before a retry; false when cancelled meanwhile. */
  async function backoff(retryIndex: number, signal: AbortSignal | undefined): Promise<boolean> {
    try {
      await delay(backoffDelay(retry, retryIndex), undefined, { signal });
      return true;
    } catch {
      return false;
    }
  }

  /** The token never leaves the client inside a result, whatever the gateway echoed. */
  function finish<T>(result: Result<T>): Result<T> {
    const token = options.token();
    if (!result.ok) logger.warn('gateway.error', { error: result.error.code, params: result.error.params });
    return token ? scrubSecret(result, token) : result;
  }

  /** A read: retried on 101, 202, 5xx, timeouts, dropped connections and unparsable bodies, at most `retries` times. */
  async function read<T>(
    endpoint: GatewayEndpointId,
    body: GatewayRequestBody,
    decode: (data: unknown) => Result<T>,
    call: CallOptions,
  ): Promise<Result<T>> {
    for (let attempt = 0; ; attempt += 1) {
      const result = await exchange(endpoint, body, call, attempt, false);
      let error: StationError;
      if (result.kind === 'answer') {
        const answered = errorFromEnvelope(result.envelope, envelopeContext(endpoint));
        if (!answered) return finish(decode(result.envelope.data));
        error = answered;
      } else {
        error = result.error;
      }
      if (attempt >= retry.retries || !isRetriedByReads(error)) return finish(fail(error));
      logger.info('gateway.retry', { endpoint, attempt, error: error.code });
      if (!(await backoff(attempt, call.signal))) return finish(fail(cancelled()));
    }
  }

  async function soldOrdersPage(request: SoldOrdersPageRequest, call: CallOptions = {}): Promise<Result<SoldOrderPage>> {
    const pageSize = request.pageSize ?? ISSUE_LIMITS.soldOrdersPageSize;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > ISSUE_LIMITS.soldOrdersPageSize) {
      return finish(fail(stationError('validation.out-of-range', { field: 'pageSize', value: pageSize, min: 1, limit: ISSUE_LIMITS.soldOrdersPageSize })));
    }
    if (!Number.isInteger(request.page) || request.page < 0) {
      return finish(fail(stationError('validation.out-of-range', { field: 'page', value: request.page, min: 0, limit: Number.MAX_SAFE_INTEGER })));
    }
    const vvtype = vvtypeFor('sold-orders');
    const [filter] = Object.keys(soldOrderFilterFields(request));
    if (filter !== undefined && vvtype !== SOLD_ORDER_FILTERS_VVTYPE) {
      return finish(fail(stationError('validation.filters-need-enhanced', { field: filter, vvtype: String(vvtype ?? 'none') })));
    }
    const asked = { page: request.page, pageSize };
    return read('sold-orders', soldOrdersBody(account, asked, request, vvtype), (data) => decodeSoldOrderPage(data, asked), call);
  }

  async function issueWaybills(request: IssueRequest, call: CallOptions = {}): Promise<Result<IssueResult>> {
    const [problem] = allProblems(validateIssueRequest(request));
    if (problem) return finish(fail(problem));
    if (request.entries.length === 0) return finish(fail(stationError('validation.required', { orderId: '-', field: 'trade_order_info_dtos' })));
    if (!Number.isSafeInteger(account.userId) || account.userId <= 0) {
      return finish(fail(stationError('validation.request-required', { field: 'user_id' })));
    }
    const body = issueBody(account, request, vvtypeFor('issue'));
    const objectIds = request.entries.map((entry) => entry.objectId);
    for (let attempt = 0; ; attempt += 1) {
      const result = await exchange('issue', body, call, attempt, true);
      if (result.kind === 'failure') {
        const lost = !issueNotSent.has(result.error.code);
        return finish(fail(lost ? stationError('gateway.issue-answer-lost', { cause: result.error.code }) : result.error));
      }
      const error = errorFromEnvelope(result.envelope, envelopeContext('issue'));
      if (!error) {
        const decoded = decodeIssueResult(result.envelope.data, objectIds);
        // Code 0 but no readable results: waybills may exist. Only the query endpoint can tell.
        return finish(decoded.ok ? decoded : fail(stationError('gateway.issue-answer-lost', { cause: decoded.error.code })));
      }
      if (error.code === 'gateway.rate-limited' && attempt < retry.retries) {
        logger.info('gateway.retry', { endpoint: 'issue', attempt, error: error.code });
        if (!(await backoff(attempt, call.signal))) return finish(fail(cancelled()));
        continue;
      }
      const unknown = issueOutcomeUnknown.has(error.code);
      return finish(fail(unknown ? stationError('gateway.issue-answer-lost', { cause: error.code }) : error));
    }
  }

  async function queryIssuedWaybills(orderNumbers: readonly string[], call: CallOptions = {}): Promise<Result<QueryResult>> {
    const unique = [...new Set(orderNumbers)];
    if (unique.length === 0) return finish(fail(stationError('validation.required', { orderId: '-', field: 'param_list' })));
    if (unique.length > ISSUE_LIMITS.entriesPerQueryCall) {
      return finish(fail(stationError('validation.batch-too-large', { field: 'param_list', count: unique.length, limit: ISSUE_LIMITS.entriesPerQueryCall })));
    }
    return read('query-issued', queryIssuedBody(account, unique, vvtypeFor('query-issued')), (data) => decodeQueryResult(data, unique), call);
  }

  const client: GatewayClient = {
    soldOrdersPage,
    fetchAllSoldOrders: (filters = {}, fetchOptions = {}) =>
      fetchAllSoldOrders((request, call) => soldOrdersPage(request, call), filters, fetchOptions),
    networkInfo: (request = {}, call = {}) =>
      read('network-info', networkInfoBody(account, request.carrierCode, vvtypeFor('network-info')), decodeNetworkInfo, call),
    subscription: (call = {}) => read('subscription', subscriptionBody(account, vvtypeFor('subscription')), decodeSubscription, call),
    issueWaybills,
    queryIssuedWaybills,
  };
  return client;
}
