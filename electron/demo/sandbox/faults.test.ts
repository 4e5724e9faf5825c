import { afterEach, describe, expect, it } from 'vitest';
import { NO_FAULTS, mergeFaults } from './faults';
import { startSandbox, type RunningSandbox, type SandboxOptions } from './index';
import { callEndpoint, defined, issueBody, issueEntry, plainOrders } from './testing/test-requests';

// Injected faults: which answer the client gets, and whether the call took effect.

let sandbox: RunningSandbox | null = null;
afterEach(async () => {
  await sandbox?.close();
  sandbox = null;
});

async function start(options: SandboxOptions = {}): Promise<RunningSandbox> {
  sandbox = await startSandbox({ orders: 100, rateLimit: { maxCalls: 1000, windowMs: 1000 }, ...options });
  return sandbox;
}

/** Posts one issue call for a fresh plain order; returns the order number and the raw response (or the fetch error). */
async function issueOne(running: RunningSandbox): Promise<{ orderSn: string; response: Response | null; error: unknown }> {
  const order = defined(plainOrders(running, 1, running.calls().length)[0]);
  const body = issueBody(running, [issueEntry(running, [order])]);
  try {
    const response = await fetch(`${running.url}/papi/tool/erps/waybill`, {
      method: 'POST',
      headers: { authorization: `Bearer ${running.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { orderSn: order.orderSn, response, error: null };
  } catch (error) {
    return { orderSn: order.orderSn, response: null, error };
  }
}

describe('faults before the call takes effect', () => {
  it('drop-before: the connection closes without an answer and nothing is issued or charged', async () => {
    const running = await start({ faults: { dropBeforeRate: 1 } });
    const points = running.pointsBalance();
    const { orderSn, response, error } = await issueOne(running);
    expect(response).toBeNull();
    expect(error).toBeInstanceOf(TypeError);
    expect(running.issuedWaybill(orderSn)).toBeUndefined();
    expect(running.pointsBalance()).toBe(points);
    expect(running.calls()[0]).toMatchObject({ code: -1, httpStatus: null, fault: 'drop-before' });
  });

  it('busy (202) and server error (HTTP 502): answered, nothing issued', async () => {
    const running = await start({ faults: { busyRate: 1 } });
    const busy = await issueOne(running);
    expect(((await defined(busy.response).json()) as { code: number }).code).toBe(202);
    expect(running.issuedWaybill(busy.orderSn)).toBeUndefined();
    running.setFaults({ busyRate: 0, serverErrorRate: 1 });
    const failed = await issueOne(running);
    expect(defined(failed.response).status).toBe(502);
    expect(running.issuedWaybill(failed.orderSn)).toBeUndefined();
    expect(running.issuedWaybills()).toEqual([]);
  });
});

describe('faults after the call takes effect (outcome unknown to the client)', () => {
  it('drop-after: the waybill is issued, then the connection closes without an answer', async () => {
    const running = await start({ faults: { dropAfterRate: 1 } });
    const before = running.branchBalance('571001').quantity;
    const { orderSn, response, error } = await issueOne(running);
    expect(response).toBeNull();
    expect(error).toBeInstanceOf(TypeError);
    expect(running.issuedWaybill(orderSn)).toBeDefined();
    expect(running.branchBalance('571001').quantity).toBe(before - 1);
    expect(running.calls()[0]).toMatchObject({ code: 0, httpStatus: null, fault: 'drop-after' });
  });

  it('malformed JSON: the waybill is issued, the body does not parse', async () => {
    const running = await start({ faults: { malformedJsonRate: 1 } });
    const { orderSn, response } = await issueOne(running);
    const answer = defined(response);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    const text = await answer.text();
    expect(text.startsWith('{"code":0')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
    expect(running.issuedWaybill(orderSn)).toBeDefined();
  });

  it('timeout (101): the waybill is issued, the answer says the request timed out', async () => {
    const running = await start({ faults: { timeoutRate: 1 } });
    const { orderSn, response } = await issueOne(running);
    expect(((await defined(response).json()) as { code: number }).code).toBe(101);
    expect(running.issuedWaybill(orderSn)).toBeDefined();
  });
});

describe('fault settings', () => {
  it('delays answers by the latency (a lower bound)', async () => {
    const running = await start({ faults: { latencyMs: 150, jitterMs: 50 } });
    const started = performance.now();
    const { envelope } = await callEndpoint(running, 'subscription', { nick: running.sellerNick });
    expect(performance.now() - started).toBeGreaterThanOrEqual(149);
    expect(envelope.msec).toBeGreaterThanOrEqual(149);
  });

  it('change at run time', async () => {
    const running = await start();
    running.setFaults({ busyRate: 1 });
    expect((await callEndpoint(running, 'subscription', { nick: running.sellerNick })).envelope.code).toBe(202);
    expect(running.faults().busyRate).toBe(1);
    running.setFaults({ busyRate: 0 });
    expect((await callEndpoint(running, 'subscription', { nick: running.sellerNick })).envelope.code).toBe(0);
  });

  it('roll the same way for the same seed', async () => {
    const codes = async () => {
      const running = await startSandbox({ orders: 10, seed: 99, faults: { busyRate: 0.5 }, rateLimit: { maxCalls: 1000, windowMs: 1000 } });
      try {
        const result: number[] = [];
        for (let i = 0; i < 20; i++) result.push((await callEndpoint(running, 'subscription', { nick: running.sellerNick })).envelope.code);
        return result;
      } finally {
        await running.close();
      }
    };
    const first = await codes();
    expect(first).toEqual(await codes());
    expect(new Set(first)).toEqual(new Set([0, 202]));
  });

  it('refuse rates outside [0, 1], call rates summing past 1, negative delays and unknown names', () => {
    expect(() => mergeFaults(NO_FAULTS, { busyRate: 1.5 })).toThrow(RangeError);
    expect(() => mergeFaults(NO_FAULTS, { busyRate: 0.6, timeoutRate: 0.6 })).toThrow(RangeError);
    expect(() => mergeFaults(NO_FAULTS, { latencyMs: -1 })).toThrow(RangeError);
    expect(() => mergeFaults(NO_FAULTS, { slowRate: 0.1 } as never)).toThrow(RangeError);
    expect(mergeFaults(NO_FAULTS, { busyRate: 0.5, timeoutRate: 0.5 })).toMatchObject({ busyRate: 0.5, timeoutRate: 0.5 });
    expect(() => mergeFaults(NO_FAULTS, { issueSharedWaybillRate: 0.6, issueUnknownErrorRate: 0.6 })).toThrow(RangeError);
    expect(() => mergeFaults(NO_FAULTS, { queryNoPermissionRate: 0.6, queryShopMissingRate: 0.6 })).toThrow(RangeError);
    expect(() => mergeFaults(NO_FAULTS, { overlapCheckOff: 1 } as never)).toThrow(RangeError);
    expect(() => mergeFaults(NO_FAULTS, { soldOrdersTotal: 'many' })).toThrow(RangeError);
    expect(mergeFaults(NO_FAULTS, { soldOrdersTotal: '1e400', overlapCheckOff: true })).toMatchObject({ soldOrdersTotal: '1e400', overlapCheckOff: true });
  });
});

describe('the overlap check switch', () => {
  it('on (default): an issued order is refused with 614; off: it gets a second waybill, counted', async () => {
    const running = await start();
    const order = defined(plainOrders(running, 1, 0)[0]);
    const issue = () => callEndpoint(running, 'issue', issueBody(running, [issueEntry(running, [order])]));
    expect((await issue()).envelope.code).toBe(0);
    expect((await issue()).envelope.code).toBe(614);
    expect(running.secondWaybills()).toEqual([]);
    const first = defined(running.issuedWaybill(order.orderSn)).waybillCode;
    running.setFaults({ overlapCheckOff: true });
    expect((await issue()).envelope.code).toBe(0);
    const second = defined(running.issuedWaybill(order.orderSn)).waybillCode;
    expect(second).not.toBe(first);
    expect(running.secondWaybills()).toEqual([{ shopId: running.shopId, orderNumber: order.orderSn, waybillCodes: [first, second] }]);
  });
});

describe('sold-orders totals', () => {
  it('writes the soldOrdersTotal fault as raw JSON number text', async () => {
    const running = await start({ faults: { soldOrdersTotal: '1e400' } });
    const response = await fetch(`${running.url}/papi/tool/erps/paging-orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${running.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ owner_id: running.shopId, page: '0', pageSize: '5' }),
    });
    const text = await response.text();
    expect(text).toContain('"totalElements":1e400');
    expect((JSON.parse(text) as { data: { totalElements: number } }).data.totalElements).toBe(Infinity);
  });
});
