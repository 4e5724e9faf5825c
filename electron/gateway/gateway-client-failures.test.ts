import { afterEach, describe, expect, it } from 'vitest';
import { GATEWAY_MESSAGES } from '../../shared/gateway/envelope-codes';
import type { SandboxFaults } from '../demo/sandbox/index';
import type { GatewayTestBench } from './testing/gateway-test-bench';
import { demoIssueRequest as issueRequest, issuableEntries, itemAt, openGatewayTestBench } from './testing/gateway-test-bench';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function bench(options: Parameters<typeof openGatewayTestBench>[0] = {}): Promise<GatewayTestBench> {
  const opened = await openGatewayTestBench(options);
  cleanups.push(() => opened.close());
  return opened;
}

/** Waits until the sandbox has logged `count` calls. */
async function untilCalls(opened: GatewayTestBench, count: number): Promise<void> {
  while (opened.sandbox.calls().length < count) await new Promise((resolve) => setTimeout(resolve, 2));
}

describe('reads retry what decisions.md lists, at most 3 times', () => {
  it.each<[keyof SandboxFaults, string]>([
    ['busyRate', 'gateway.busy'],
    ['timeoutRate', 'gateway.timed-out'],
    ['serverErrorRate', 'transport.server-error'],
    ['dropBeforeRate', 'transport.reset'],
    ['dropAfterRate', 'transport.reset'],
    ['malformedJsonRate', 'transport.unparsable'],
  ])('%s: gives up after 1 + 3 attempts with %s', async (fault, code) => {
    const opened = await bench({ sandbox: { faults: { [fault]: 1 } } });
    const result = await opened.client().subscription();
    expect(result).toMatchObject({ ok: false, error: { code } });
    expect(opened.sandbox.calls()).toHaveLength(4);
  });

  it('succeeds when the fault clears before the retries run out', async () => {
    const opened = await bench({ sandbox: { faults: { busyRate: 1 } } });
    const client = opened.client({ retry: { baseDelayMs: 150, maxDelayMs: 1000 } });
    const pending = client.networkInfo();
    await untilCalls(opened, 2);
    opened.sandbox.setFaults({ busyRate: 0 });
    const result = await pending;
    expect(result.ok).toBe(true);
    expect(opened.sandbox.calls().map((call) => call.fault)).toEqual(['busy', 'busy', null]);
  });

  it('times out a call the gateway does not answer, and retries it', async () => {
    const opened = await bench({ sandbox: { faults: { latencyMs: 400 } } });
    const result = await opened.client({ timeoutMs: 100 }).soldOrdersPage({ page: 0 });
    expect(result).toEqual({ ok: false, error: { code: 'transport.timeout', params: { timeoutMs: 100 }, retryable: true } });
    await untilCalls(opened, 4);
    expect(opened.sandbox.calls()).toHaveLength(4);
  });

  it('does not retry what needs a person (parameter error, 103)', async () => {
    const opened = await bench();
    const result = await opened.client({ sellerNick: 'not-the-seller' }).subscription();
    expect(result).toEqual({
      ok: false,
      error: { code: 'gateway.nickname-not-found', params: { message: `${GATEWAY_MESSAGES.nickNotFound}：not-the-seller`, nick: 'not-the-seller' }, retryable: false },
    });
    expect(opened.sandbox.calls()).toHaveLength(1);
  });

  it('refuses a connection that cannot be made, with the base URL named', async () => {
    const opened = await bench();
    const url = opened.sandbox.url;
    await opened.sandbox.close();
    const result = await opened.client().subscription();
    expect(result).toEqual({ ok: false, error: { code: 'transport.refused', params: { baseUrl: url }, retryable: true } });
  });
});

describe('401, 302 and 204 stop the work with typed errors', () => {
  it('401: stops, and spends no further call on the rejected token', async () => {
    const opened = await bench();
    let token = opened.sandbox.token;
    const client = opened.client({ token: () => token });
    const entries = await issuableEntries(client, 1);
    opened.sandbox.clearCalls();
    token = 'wrong-token-123456';
    const first = await client.soldOrdersPage({ page: 0 });
    expect(first).toEqual({ ok: false, error: { code: 'gateway.unauthorized-token', params: { message: GATEWAY_MESSAGES.tokenInvalid }, retryable: false } });
    const fetchAll = await client.fetchAllSoldOrders();
    const issue = await client.issueWaybills(issueRequest(entries));
    expect(fetchAll).toMatchObject({ ok: false, error: { code: 'gateway.unauthorized-token' } });
    expect(issue).toMatchObject({ ok: false, error: { code: 'gateway.unauthorized-token' } });
    expect(opened.sandbox.calls()).toHaveLength(1);

    token = opened.sandbox.token;
    expect((await client.subscription()).ok).toBe(true);
  });

  it('no token set: asks for one without calling', async () => {
    const opened = await bench();
    const result = await opened.client({ token: () => null }).networkInfo();
    expect(result).toEqual({ ok: false, error: { code: 'config.token-missing', params: {}, retryable: false } });
    expect(opened.sandbox.calls()).toHaveLength(0);
  });

  it('302: returns the authorization link from the answer, on reads, full fetches and issue calls', async () => {
    const opened = await bench();
    const client = opened.client();
    const entries = await issuableEntries(client, 1);
    opened.sandbox.setUnauthorizedShops([opened.sandbox.shopId]);
    opened.sandbox.clearCalls();
    const authUrl = `https://oauth.taobao.com/authorize?response_type=code&client_id=34521987&view=web&state=${opened.sandbox.shopId}`;
    const expected = { ok: false, error: { code: 'gateway.shop-not-authorized', params: { message: GATEWAY_MESSAGES.shopNotAuthorized, authUrl }, retryable: false } };
    expect(await client.soldOrdersPage({ page: 0 })).toEqual(expected);
    expect(await client.fetchAllSoldOrders()).toEqual(expected);
    expect(await client.queryIssuedWaybills(['1'])).toEqual(expected);
    expect(await client.issueWaybills(issueRequest(entries))).toEqual(expected);
    expect(opened.sandbox.calls()).toHaveLength(4);
    expect(opened.sandbox.issuedWaybills()).toEqual([]);
  });

  it.each([
    ['no-permission', 'gateway.no-permission', GATEWAY_MESSAGES.noPermission],
    ['no-quota', 'gateway.no-quota', GATEWAY_MESSAGES.noQuota],
  ] as const)('204 %s: says which, and does not retry', async (access, code, message) => {
    const opened = await bench({ sandbox: { accountAccess: access } });
    const client = opened.client();
    expect(await client.fetchAllSoldOrders()).toEqual({ ok: false, error: { code, params: { message }, retryable: false } });
    expect(opened.sandbox.calls()).toHaveLength(1);
  });
});

describe('issue calls are never retried blindly', () => {
  it.each<[keyof SandboxFaults, string, boolean]>([
    ['dropAfterRate', 'transport.reset', true],
    ['timeoutRate', 'gateway.timed-out', true],
    ['malformedJsonRate', 'transport.unparsable', true],
    ['busyRate', 'gateway.busy', false],
    ['serverErrorRate', 'transport.server-error', false],
    ['dropBeforeRate', 'transport.reset', false],
  ])('%s: one call, outcome unknown (cause %s), for the engine to reconcile', async (fault, cause, processed) => {
    const opened = await bench();
    const client = opened.client();
    const entries = await issuableEntries(client, 2);
    opened.sandbox.clearCalls();
    opened.sandbox.setFaults({ [fault]: 1 });
    const result = await client.issueWaybills(issueRequest(entries));
    expect(result).toEqual({ ok: false, error: { code: 'gateway.issue-answer-lost', params: { cause }, retryable: false } });
    expect(opened.sandbox.calls()).toHaveLength(1);
    // Whether the gateway did issue is what the query endpoint is for.
    opened.sandbox.setFaults({ [fault]: 0 });
    const queried = await client.queryIssuedWaybills(entries.map((entry) => entry.objectId));
    if (!queried.ok) throw new Error(queried.error.code);
    expect(queried.data.outcomes.every((outcome) => outcome.status === (processed ? 'found' : 'not-issued'))).toBe(true);
  });

  it('614 with an unknown exception is the outcome-unknown kind; a field problem is this-order-only', async () => {
    const opened = await bench();
    const client = opened.client();
    const entries = await issuableEntries(client, 2);
    opened.sandbox.setFaults({ issueUnknownErrorRate: 1 });
    expect(await client.issueWaybills(issueRequest(entries))).toMatchObject({ ok: false, error: { code: 'gateway.issue-rejected.outcome-unknown' } });
    opened.sandbox.setFaults({ issueUnknownErrorRate: 0 });
    const again = await client.issueWaybills(issueRequest(entries));
    expect(again).toMatchObject({ ok: false, error: { code: 'gateway.issue-rejected.already-issued' } });
    // A value local validation does not know: the tid of an order the platform never sold.
    const entry = itemAt(await issuableEntries(client, 3), 2);
    const fake = { ...entry, recipient: { ...entry.recipient, tid: '1234' } };
    expect(await client.issueWaybills(issueRequest([fake]))).toMatchObject({ ok: false, error: { code: 'gateway.issue-rejected.this-order-only' } });
  });

  it('614 balance insufficient is the stop-job kind', async () => {
    const opened = await bench();
    const client = opened.client();
    const entries = await issuableEntries(client, 2);
    await opened.sandbox.setBranchBalance('571001', 1);
    expect(await client.issueWaybills(issueRequest(entries))).toMatchObject({ ok: false, error: { code: 'gateway.issue-rejected.stop-job' } });
  });

  it('a 202 "rate limit exceeded" was not processed: the issue call is sent again after a backoff', async () => {
    // A gateway stricter than the client's limiter: one call per 300 ms.
    const opened = await bench({ sandbox: { orders: 100, rateLimit: { maxCalls: 1, windowMs: 300 } }, limiter: { limit: 100, windowMs: 1000, marginMs: 0 } });
    // The first backoff (350–700 ms) outlasts the gateway's 300 ms window.
    const client = opened.client({ retry: { baseDelayMs: 700, maxDelayMs: 1000 } });
    const entries = await issuableEntries(client, 2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    opened.sandbox.clearCalls();
    // The subscription takes the gateway's one slot; the issue call right after it is refused.
    expect((await client.subscription()).ok).toBe(true);
    const issued = await client.issueWaybills(issueRequest(entries));
    expect(issued.ok).toBe(true);
    expect(opened.sandbox.calls().map((call) => [call.endpoint, call.rateLimited])).toEqual([
      ['subscription', false],
      ['issue', true],
      ['issue', false],
    ]);
    expect(opened.sandbox.issuedWaybills()).toHaveLength(2);
  });

  it('cancelling after the request left waits for the answer instead of losing it', async () => {
    const opened = await bench({ sandbox: { orders: 100, faults: { latencyMs: 300 } } });
    const client = opened.client();
    const entries = await issuableEntries(client, 1);
    opened.sandbox.clearCalls();
    const controller = new AbortController();
    const pending = client.issueWaybills(issueRequest(entries), { signal: controller.signal });
    await untilCalls(opened, 1);
    controller.abort();
    const result = await pending;
    expect(result.ok && result.data.outcomes[0]?.status).toBe('issued');
  });
});
