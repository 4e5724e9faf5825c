import { afterEach, describe, expect, it } from 'vitest';
import type { OrderRefreshProgress } from '../../shared/domain/order-row';
import type { SoldOrder } from '../../shared/domain/sold-order';
import { openGatewayTestBench } from '../gateway/testing/gateway-test-bench';
import type { GatewayTestBench } from '../gateway/testing/gateway-test-bench';
import { StationFailure } from '../ipc/to-station-error';
import { buyerAddressKey, createOrderCache } from './order-cache';

/** A sold order the gateway no longer lists (or never did). */
const soldOrder = (orderNumber: string): SoldOrder => ({
  orderNumber, receiverName: '王**', receiverPhone: '138****0000', province: '浙江省', city: '杭州市', district: '西湖区', addressDetail: '文三路*号',
  goodsName: '杯子', goodsSpec: '', goodsImageUrl: '', goodsCount: 1, payAmountFen: 100, orderStatus: 1, isPreSale: false, lastShipAt: null, confirmedAt: 0, remark: '', flag: null, flagName: null,
});

let bench: GatewayTestBench | null = null;
afterEach(async () => {
  await bench?.close();
  bench = null;
});

/** A cache on a fresh bench; `filters` says whether the edition honours the time filter. */
async function openCache(options: { orders: number; latencyMs?: number; filters?: boolean }) {
  const opened = await openGatewayTestBench({ sandbox: { orders: options.orders, faults: { latencyMs: options.latencyMs ?? 0 } }, logLevel: 'info' });
  bench = opened;
  const client = opened.client();
  const progress: OrderRefreshProgress[] = [];
  let changes = 0;
  let filters = options.filters ?? true;
  let shopId = opened.sandbox.shopId;
  const cache = createOrderCache({
    store: { read: opened.backend.read.orders, write: opened.backend.write.orders },
    client: async () => client,
    shopId: () => shopId,
    timeFilterAvailable: () => filters,
    onProgress: (page) => progress.push(page),
    onChanged: () => (changes += 1),
  });
  // An order an earlier fetch stored long ago (fetched at 0).
  const insertCached = (orderNumber: string) => opened.backend.write.orders.storePage(opened.sandbox.shopId, [soldOrder(orderNumber)], 0);
  return {
    cache,
    progress,
    changes: () => changes,
    sandbox: opened.sandbox,
    insertCached,
    setFilters: (value: boolean) => (filters = value),
    setShop: (value: string) => (shopId = value),
  };
}

const soldOrderCalls = () => (bench as GatewayTestBench).sandbox.calls().filter((call) => call.endpoint === 'sold-orders');

describe('the order cache', () => {
  it('tells the cost of a full fetch first, fetches everything once, then only what was confirmed since', async () => {
    const { cache, progress, changes, sandbox } = await openCache({ orders: 1000 });
    const shopId = sandbox.shopId;
    expect(await cache.estimate()).toEqual({ shopId, mode: 'full', fullBecause: 'first-fetch', fullCalls: 1, fullPoints: 1, knownTotal: null });
    expect(await cache.list()).toEqual({ rows: [], fetchedAt: null });

    const full = await cache.refresh({ mode: 'changed' });
    expect(full).toEqual({ shopId, mode: 'full', received: 1000, total: 1000, points: 10 });
    expect(progress).toHaveLength(10);
    expect(progress.at(-1)).toEqual({ shopId, shopsDone: 0, shopsPlanned: 1, pagesDone: 10, pagesPlanned: 10, ordersReceived: 1000, totalElements: 1000 });
    expect(changes()).toBe(1);
    // 10,000 orders would be 100 charged calls: the estimate scales with the total last told.
    expect(await cache.estimate()).toEqual({ shopId, mode: 'changed', fullBecause: null, fullCalls: 10, fullPoints: 10, knownTotal: 1000 });
    const listing = (await cache.list());
    expect(listing.rows).toHaveLength(1000);
    expect(listing.fetchedAt).not.toBeNull();
    expect(listing.rows.every((row) => row.station.waybill === null && row.station.print === 'not-printed')).toBe(true);
    // Orders of one buyer to one full address share a merge key; the others have none.
    const shared = listing.rows.filter((row) => row.mergeKey !== null);
    expect(shared.length).toBeGreaterThan(1);
    for (const row of shared) expect(row.mergeKey).toBe(buyerAddressKey(row.order));

    sandbox.clearCalls();
    const changed = await cache.refresh({ mode: 'changed' });
    const [call] = soldOrderCalls();
    expect(call?.body).toMatchObject({ start_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    expect(soldOrderCalls()).toHaveLength(1);
    expect(changed).toMatchObject({ mode: 'changed', total: 1000, points: 1 });
    expect(changed.received).toBeLessThan(100);
    expect((await cache.list()).rows).toHaveLength(1000);
  });

  it('fetches everything when the edition has no time filter, and a full refresh drops orders no longer listed', async () => {
    const { cache, sandbox, insertCached, setFilters } = await openCache({ orders: 250, filters: false });
    await cache.refresh({ mode: 'changed' });
    expect(await cache.estimate()).toMatchObject({ mode: 'full', fullBecause: 'no-time-filter', fullCalls: 3 });
    await insertCached('gone-1');
    sandbox.clearCalls();
    expect(await cache.refresh({ mode: 'changed' })).toEqual({ shopId: sandbox.shopId, mode: 'full', received: 250, total: 250, points: 3 });
    expect(soldOrderCalls().every((call) => !Object.hasOwn(call.body as object, 'start_time'))).toBe(true);
    expect(await cache.get(['gone-1'])).toEqual([]);
    setFilters(true);
    expect((await cache.refresh({ mode: 'full' })).mode).toBe('full');
  });

  it('adds what a filtered refresh finds without dropping the rest or moving the "changed since" point', async () => {
    const { cache, sandbox } = await openCache({ orders: 300 });
    await cache.refresh({ mode: 'full' });
    const before = (await cache.list()).fetchedAt;
    sandbox.clearCalls();
    const flagged = await cache.refresh({ mode: 'full', filters: { flag: 1 } });
    expect(soldOrderCalls()[0]?.body).toMatchObject({ remarkTag: '1' });
    expect(flagged.total).toBe(300);
    expect(flagged.received).toBeLessThan(300);
    expect((await cache.list()).fetchedAt).toBe(before);
  });

  it("keeps each shop's orders apart: another account starts empty, with a full fetch", async () => {
    const { cache, setShop, sandbox } = await openCache({ orders: 150 });
    await cache.refresh({ mode: 'full' });
    const demoOrder = (await cache.list()).rows[0]?.order.orderNumber as string;
    setShop('another-shop');
    expect(await cache.list()).toEqual({ rows: [], fetchedAt: null });
    expect(await cache.get([demoOrder])).toEqual([]);
    expect(await cache.estimate()).toMatchObject({ mode: 'full', fullBecause: 'first-fetch', knownTotal: null });
    setShop(sandbox.shopId);
    expect((await cache.list()).rows).toHaveLength(150);
    expect((await cache.get([demoOrder])).map((order) => order.orderNumber)).toEqual([demoOrder]);
  });

  it('stores each page in slices of 20 orders with a turn of the event loop between them: the next call is never held behind a page being stored', async () => {
    const opened = await openGatewayTestBench({ sandbox: { orders: 450 }, logLevel: 'info' });
    bench = opened;
    const client = opened.client();
    // Turns of the event loop, counted by work queued behind each slice (as a due grant or a call's write would be).
    let turns = 0;
    const slices: { orders: number; turn: number }[] = [];
    const write = opened.backend.write.orders;
    const cache = createOrderCache({
      store: {
        read: opened.backend.read.orders,
        write: {
          ...write,
          storePage: async (shopId, orders, at) => {
            slices.push({ orders: orders.length, turn: turns });
            setImmediate(() => (turns += 1));
            await write.storePage(shopId, orders, at);
          },
        },
      },
      client: async () => client,
      shopId: () => opened.sandbox.shopId,
      timeFilterAvailable: () => true,
      onProgress: () => undefined,
      onChanged: () => undefined,
    });
    const outcome = await cache.refresh({ mode: 'full' });
    expect(outcome).toMatchObject({ received: 450, total: 450 });
    // Five pages (four of 100, one of 50, in the order they arrived): 23 slices of at most 20 orders, each its own transaction.
    expect(slices.map((slice) => slice.orders).sort((a, b) => a - b)).toEqual([10, ...Array.from({ length: 22 }, () => 20)]);
    // Work queued behind a slice ran before the next slice was stored.
    for (const [index, slice] of slices.entries()) if (index > 0) expect(slice.turn, `slice ${index}`).toBeGreaterThan((slices[index - 1] as { turn: number }).turn);
    expect((await cache.list()).rows).toHaveLength(450);
  });

  it('stops between pages when cancelled, keeping the pages that arrived and removing nothing', async () => {
    const { cache, progress, changes, insertCached } = await openCache({ orders: 2000, latencyMs: 60 });
    await insertCached('kept-1');
    const refreshing = cache.refresh({ mode: 'full' });
    const second = cache.refresh({ mode: 'full' });
    await expect(second).rejects.toBeInstanceOf(StationFailure);
    await expect(second).rejects.toMatchObject({ error: expect.objectContaining({ code: 'orders.refresh-running' }) });
    while (progress.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(cache.cancel()).toBe(true);
    await expect(refreshing).rejects.toMatchObject({ error: expect.objectContaining({ code: 'cancelled' }) });
    const kept = (await cache.list()).rows.length;
    expect(kept).toBeGreaterThan(1);
    expect(kept).toBeLessThan(2001);
    expect(await cache.get(['kept-1'])).toHaveLength(1);
    expect((await cache.estimate()).knownTotal).toBeNull();
    expect(changes()).toBe(1);
    expect(cache.cancel()).toBe(false);
  });
});
