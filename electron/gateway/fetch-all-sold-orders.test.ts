import { afterEach, describe, expect, it } from 'vitest';
import { gatewayEndpoint } from '../../shared/gateway/endpoints';
import { soldOrdersTotalLimit, type FetchProgress } from './fetch-all-sold-orders';
import type { GatewayTestBench } from './testing/gateway-test-bench';
import { itemAt, openGatewayTestBench } from './testing/gateway-test-bench';
import type { GatewayVariant } from './testing/gateway-variant-proxy';
import { startGatewayVariant } from './testing/gateway-variant-proxy';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function bench(options: Parameters<typeof openGatewayTestBench>[0] = {}): Promise<GatewayTestBench> {
  const opened = await openGatewayTestBench(options);
  cleanups.push(() => opened.close());
  return opened;
}

async function variant(target: string, decide: Parameters<typeof startGatewayVariant>[1]): Promise<GatewayVariant> {
  const started = await startGatewayVariant(target, decide);
  cleanups.push(() => started.close());
  return started;
}

/**
 * A fetch that stopped sends nothing more: the calls the gateway receives after its answer are at
 * most those already on their way when it stopped (one window's `inFlight` of the limiter), and
 * once they have landed none follows. (The sandbox counts a request when it arrives: one written
 * just before the stop can arrive just after it.)
 */
async function expectNoCallAfterTheStop(opened: GatewayTestBench, inFlight: number): Promise<void> {
  const atTheStop = opened.sandbox.calls().length;
  expect(atTheStop).toBeLessThan(20);
  let landed = atTheStop;
  for (let quiet = 0; quiet < 3; ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = opened.sandbox.calls().length;
    quiet = now === landed ? quiet + 1 : 0;
    landed = now;
  }
  expect(landed - atTheStop).toBeLessThanOrEqual(inFlight);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(opened.sandbox.calls()).toHaveLength(landed);
}

const pagesAsked = (opened: GatewayTestBench): number[] =>
  opened.sandbox
    .calls()
    .filter((call) => call.endpoint === 'sold-orders')
    .map((call) => Number((call.body as { page: string }).page))
    .sort((a, b) => a - b);

/** Rewrites the sold-order pages a variant gateway answers. */
const rewritingPages = (rewrite: (data: Record<string, unknown>) => void) => (request: { path: string }) =>
  request.path === gatewayEndpoint('sold-orders').path
    ? {
        kind: 'forward' as const,
        rewrite: (envelope: Record<string, unknown>) => {
          rewrite(envelope.data as Record<string, unknown>);
          return envelope;
        },
      }
    : { kind: 'forward' as const };

describe('fetchAllSoldOrders', () => {
  it('fetches every page once, in order, with progress events', async () => {
    const opened = await bench({ sandbox: { orders: 1050 } });
    const progress: FetchProgress[] = [];
    const result = await opened.client().fetchAllSoldOrders({}, { onProgress: (event) => progress.push(event), jobId: 'fetch-1' });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.data.orders.map((order) => order.orderNumber)).toEqual(opened.sandbox.orders().map((order) => order.orderSn));
    expect(result.data).toMatchObject({ totalElements: 1050, pagesFetched: 11, points: 11, skippedEntries: 0, repeatsDropped: 0 });
    expect(pagesAsked(opened)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(progress.map((event) => event.pagesDone)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(progress.at(-1)).toMatchObject({ pagesPlanned: 11, ordersReceived: 1050, totalElements: 1050 });
    expect(progress.reduce((sum, event) => sum + event.pageOrders.length, 0)).toBe(1050);
    expect(await opened.backend.read.costs.totalForJob('fetch-1')).toEqual({ calls: 11, points: 11 });
  });

  it('asks for exactly total / pageSize pages when the last one is full', async () => {
    const opened = await bench({ sandbox: { orders: 300 } });
    const result = await opened.client().fetchAllSoldOrders({ pageSize: 50 });
    expect(result.ok && result.data.orders).toHaveLength(300);
    expect(pagesAsked(opened)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('makes one call for an empty shop', async () => {
    const opened = await bench({ sandbox: { orders: 0 } });
    const result = await opened.client().fetchAllSoldOrders();
    // The sold-order fee is reported only inside entries (the sample's placement): an empty page shows none.
    expect(result).toEqual({ ok: true, data: { orders: [], totalElements: 0, pagesFetched: 1, points: 0, skippedEntries: 0, repeatsDropped: 0 } });
    expect(opened.sandbox.calls()).toHaveLength(1);
  });

  it('asks for one more page when the total grew, never more than ceil(total / pageSize) + 1', async () => {
    const opened = await bench({ sandbox: { orders: 300 } });
    // A gateway whose total keeps growing with every page it serves.
    let served = 0;
    const gateway = await variant(opened.sandbox.url, rewritingPages((data) => {
      served += 1;
      data.totalElements = 300 + served * 100;
    }));
    const result = await opened.client({ baseUrl: gateway.url }).fetchAllSoldOrders();
    if (!result.ok) throw new Error(result.error.code);
    expect(pagesAsked(opened)).toEqual([0, 1, 2, 3]);
    expect(result.data.orders).toHaveLength(300);
  });

  it('stops asking for later pages once a page comes back short', async () => {
    const opened = await bench({ sandbox: { orders: 1000 }, limiter: { limit: 2, windowMs: 250, marginMs: 0 } });
    const gateway = await variant(opened.sandbox.url, rewritingPages((data) => {
      if (data.page === 2) data.content = (data.content as unknown[]).slice(0, 40);
    }));
    const result = await opened.client({ baseUrl: gateway.url }).fetchAllSoldOrders();
    if (!result.ok) throw new Error(result.error.code);
    expect(pagesAsked(opened).length).toBeLessThan(10);
    expect(result.data.orders.slice(0, 240).map((order) => order.orderNumber)).toEqual(
      opened.sandbox.orders().slice(0, 240).map((order) => order.orderSn),
    );
  });

  it('keeps each order once when the list moved between pages', async () => {
    const opened = await bench({ sandbox: { orders: 200 } });
    const lastOfPageZero = opened.sandbox.orders()[99]?.orderSn;
    // A new order pushed the list down by one: page 1 starts with page 0's last order.
    const gateway = await variant(opened.sandbox.url, rewritingPages((data) => {
      if (data.page === 1) itemAt(data.content as Array<Record<string, unknown>>, 0).order_sn = lastOfPageZero;
    }));
    const result = await opened.client({ baseUrl: gateway.url }).fetchAllSoldOrders();
    if (!result.ok) throw new Error(result.error.code);
    expect(result.data.repeatsDropped).toBe(1);
    expect(result.data.orders).toHaveLength(199);
    expect(new Set(result.data.orders.map((order) => order.orderNumber)).size).toBe(199);
  });

  it('is cancelled by its signal: pages not yet sent are never sent', async () => {
    const opened = await bench({ sandbox: { orders: 2000, faults: { latencyMs: 50 } }, limiter: { limit: 3, windowMs: 200, marginMs: 0 } });
    const controller = new AbortController();
    const result = await opened.client().fetchAllSoldOrders({}, {
      signal: controller.signal,
      onProgress: (event) => {
        if (event.pagesDone === 2) controller.abort();
      },
    });
    expect(result).toEqual({ ok: false, error: { code: 'cancelled', params: {}, retryable: true } });
    await expectNoCallAfterTheStop(opened, 3);
  });

  it('stops at the first page that fails for good, with its typed error', async () => {
    const opened = await bench({ sandbox: { orders: 2000 }, limiter: { limit: 3, windowMs: 200, marginMs: 0 } });
    const result = await opened.client().fetchAllSoldOrders({}, {
      onProgress: (event) => {
        if (event.pagesDone === 3) opened.sandbox.setAccountAccess('no-quota');
      },
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'gateway.no-quota' } });
    await expectNoCallAfterTheStop(opened, 3);
  });

  it('lets an interactive call through while a long fetch runs, behind about one slot', async () => {
    const opened = await bench({ sandbox: { orders: 2000 }, limiter: { limit: 2, windowMs: 200, marginMs: 0 } });
    const client = opened.client();
    let askedAt = -1;
    let interactive: Promise<unknown> = Promise.resolve();
    const fetching = client.fetchAllSoldOrders({}, {
      onProgress: (event) => {
        if (event.pagesDone !== 3) return;
        askedAt = opened.sandbox.calls().length;
        interactive = client.subscription();
      },
    });
    await Promise.all([fetching, interactive]);
    const endpoints = opened.sandbox.calls().map((call) => call.endpoint);
    const arrivedAt = endpoints.indexOf('subscription');
    // Ahead of it at most: the bulk calls already granted and still on their way (one window, 2
    // here) and the one bulk call waiting for the next slot. The rest of the fetch comes after.
    expect(arrivedAt - askedAt).toBeLessThanOrEqual(3);
    expect(endpoints.slice(arrivedAt + 1)).toContain('sold-orders');
  });

  it('refuses server-side filters in an edition whose sold-order vvtype ignores them, without a call', async () => {
    const opened = await bench();
    const basic = opened.client({ edition: 'basic' });
    const result = await basic.fetchAllSoldOrders({ flag: 1 });
    expect(result).toEqual({ ok: false, error: { code: 'validation.filters-need-enhanced', params: { field: 'remarkTag', vvtype: '2' }, retryable: false } });
    expect(opened.sandbox.calls()).toEqual([]);
    const enhanced = await opened.client().fetchAllSoldOrders({ flag: 1 });
    if (!enhanced.ok) throw new Error(enhanced.error.code);
    expect(enhanced.data.orders.every((order) => order.flag === 1)).toBe(true);
    expect(enhanced.data.orders.length).toBe(opened.sandbox.orders().filter((order) => order.remarkTag === 1).length);
  });

  it.each([
    ['more than 100 000 orders', '250000'],
    ['negative', '-3'],
    ['fractional', '2.5'],
    ['not finite', '1e400'],
  ])('stops on an absurd totalElements (%s) before any further call', async (_, total) => {
    const opened = await bench({ sandbox: { orders: 300, faults: { soldOrdersTotal: total } } });
    const result = await opened.client().fetchAllSoldOrders();
    expect(result).toEqual({
      ok: false,
      error: { code: 'gateway.total-out-of-range', params: { value: String(Number(total)), limit: soldOrdersTotalLimit }, retryable: false },
    });
    expect(pagesAsked(opened)).toEqual([0]);
  });

  it('believes a total of exactly 100 000 orders', async () => {
    const opened = await bench({ sandbox: { orders: 150, faults: { soldOrdersTotal: String(soldOrdersTotalLimit) } } });
    const result = await opened.client().fetchAllSoldOrders();
    // The pages after the total's first short page are cancelled: 150 orders, 2 pages read.
    expect(result.ok && result.data.orders).toHaveLength(150);
  });
});
