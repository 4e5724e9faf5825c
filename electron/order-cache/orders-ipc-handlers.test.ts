import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderListing, OrderRefreshEstimate, OrderRefreshOutcome, OrderRefreshProgress } from '../../shared/domain/order-row';
import type { Result } from '../../shared/result';
import type { Station } from '../composition/station';
import { openTestStation, sandboxDeskPatch, sandboxShopSettings } from '../composition/testing/sandbox-desk';
import { startSandbox, type RunningSandbox } from '../demo/sandbox';

const token = 'orders-shops-token-0001';

describe('the orders channels over the account’s three shops (composition root, sandbox, real SQLite)', () => {
  let dataDir: string;
  let sandbox: RunningSandbox;
  let station: Station;
  let shopIds: string[];
  const progress: OrderRefreshProgress[] = [];
  const answer = <T>(channel: string, input: unknown = {}) => station.dispatch(channel, input) as Promise<Result<T>>;
  const data = async <T>(channel: string, input: unknown = {}): Promise<T> => {
    const answered = await answer<T>(channel, input);
    if (!answered.ok) throw new Error(`${channel}: ${answered.error.code} ${JSON.stringify(answered.error.params)}`);
    return answered.data;
  };
  const soldOrderCalls = () => sandbox.calls().filter((call) => call.endpoint === 'sold-orders');

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'orders-shops-'));
    sandbox = await startSandbox({ port: 0, token, orders: 130, otherShopOrders: 40 });
    station = await openTestStation(dataDir, { baseUrl: sandbox.url });
    await data('token.set', { token });
    await data('settings.update', { patch: sandboxDeskPatch(sandbox) });
    shopIds = sandbox.shops().map((shop) => shop.shopId);
    station.events.subscribe((name, payload) => {
      if (name === 'orders.refresh-progress') progress.push(payload as OrderRefreshProgress);
    });
  });
  afterAll(async () => {
    await station.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('tells the cost of a first fetch shop by shop and in all', async () => {
    const estimate = await data<OrderRefreshEstimate>('orders.refresh-estimate', { shopIds });
    expect(estimate.shops.map((shop) => [shop.shopId, shop.mode, shop.fullBecause, shop.fullCalls])).toEqual(shopIds.map((shopId) => [shopId, 'full', 'first-fetch', 1]));
    expect(estimate).toMatchObject({ fullCalls: 3, fullPoints: 3 });
    expect((await data<OrderRefreshEstimate>('orders.refresh-estimate', { shopIds: 'all' })).shops.map((shop) => shop.shopId)).toEqual(shopIds);
    // None named: the station's own shop alone, as before there were several.
    expect((await data<OrderRefreshEstimate>('orders.refresh-estimate')).shops.map((shop) => shop.shopId)).toEqual([shopIds[0]]);
  });

  it('refreshes the shops chosen one after the other, each through the one limiter, progress naming the shop', async () => {
    const [first, second] = shopIds as [string, string];
    sandbox.clearCalls();
    const outcome = await data<OrderRefreshOutcome>('orders.refresh', { mode: 'full', shopIds: [first, second] });
    expect(outcome.failed).toEqual([]);
    expect(outcome.shops.map((shop) => [shop.shopId, shop.mode, shop.received, shop.total])).toEqual([
      [first, 'full', 130, 130],
      [second, 'full', 40, 40],
    ]);
    // Shop after shop: every page of the first before any of the second.
    expect(soldOrderCalls().map((call) => (call.body as { owner_id: string }).owner_id)).toEqual([first, first, second]);
    expect(progress.map((step) => [step.shopId, step.shopsDone, step.shopsPlanned])).toEqual([
      [first, 0, 2],
      [first, 0, 2],
      [second, 1, 2],
    ]);
    // The next estimate knows each shop's size.
    const estimate = await data<OrderRefreshEstimate>('orders.refresh-estimate', { shopIds: [first, second] });
    expect(estimate.shops.map((shop) => [shop.shopId, shop.knownTotal, shop.fullCalls])).toEqual([
      [first, 130, 2],
      [second, 40, 1],
    ]);
    expect(estimate.fullCalls).toBe(3);
  });

  it('lists the rows of the shops chosen, each with its shop: the order number two shops sold is two rows', async () => {
    const [first, second] = shopIds as [string, string];
    const listing = await data<OrderListing>('orders.list', { shopIds: 'all' });
    expect(listing.rows).toHaveLength(170);
    expect(listing.shops.map((shop) => [shop.shopId, shop.name, shop.listed, shop.fetchedAt !== null])).toEqual(
      sandbox.shops().map((shop, index) => [shop.shopId, shop.name, true, index < 2]),
    );
    const shared = sandbox.orders(second).find((order) => order.notes.includes('order-number-of-another-shop'));
    expect(shared).toBeDefined();
    const rows = listing.rows.filter((row) => row.order.orderNumber === shared?.orderSn);
    expect(rows.map((row) => row.shopId).sort()).toEqual([first, second].sort());
    // Newest confirmation first across the shops.
    const times = listing.rows.map((row) => row.order.confirmedAt ?? 0);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // One shop alone lists its own rows only, and tells the others the table may load.
    const alone = await data<OrderListing>('orders.list', { shopIds: [second] });
    expect(alone.rows.every((row) => row.shopId === second)).toBe(true);
    expect(alone.shops.map((shop) => shop.listed)).toEqual([false, true, false]);
    // A remembered choice naming only a shop the account no longer serves lists every shop.
    expect((await data<OrderListing>('orders.list', { shopIds: ['12345'] })).rows).toHaveLength(170);
  });

  it('keeps the other shops’ results when one shop fails, saying which', async () => {
    const [first, , third] = shopIds as [string, string, string];
    // A shop the settings hold but the gateway does not serve under this account.
    const stranger = { ...(sandboxShopSettings(sandbox)[2] as ReturnType<typeof sandboxShopSettings>[number]), shopId: '99000001', sellerNick: '陌生店' };
    await data('settings.update', { patch: { gateway: { shops: [...sandboxShopSettings(sandbox), stranger] } } });
    const outcome = await data<OrderRefreshOutcome>('orders.refresh', { mode: 'full', shopIds: [first, stranger.shopId, third] });
    expect(outcome.shops.map((shop) => [shop.shopId, shop.received])).toEqual([
      [first, 130],
      [third, 40],
    ]);
    expect(outcome.failed.map((failure) => failure.shopId)).toEqual([stranger.shopId]);
    expect(outcome.failed[0]?.error.code).toMatch(/^gateway\./);
    // Every shop asked failing answers the failure itself.
    const refused = await answer('orders.refresh', { mode: 'full', shopIds: [stranger.shopId] });
    expect(refused.ok).toBe(false);
  });

  it('stops between pages when cancelled: the shops after the one being fetched are not asked', async () => {
    const [first, second] = shopIds as [string, string];
    sandbox.clearCalls();
    sandbox.setFaults({ latencyMs: 300 });
    progress.length = 0;
    try {
      const refreshing = answer('orders.refresh', { mode: 'full', shopIds: [first, second] });
      await expect.poll(() => progress.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await data<{ cancelled: boolean }>('orders.refresh-cancel')).toEqual({ cancelled: true });
      expect(await refreshing).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    } finally {
      sandbox.setFaults({ latencyMs: 0 });
    }
    // The page in flight when cancelled may be dropped before the sandbox read its body; every body it read is the first shop's.
    const calls = soldOrderCalls();
    expect(calls.filter((call) => call.body === null).length).toBeLessThanOrEqual(1);
    expect(calls.filter((call) => call.body !== null).every((call) => (call.body as { owner_id: string }).owner_id === first)).toBe(true);
    expect(progress.every((step) => step.shopId === first)).toBe(true);
  });

  it('refuses to refresh a shop the settings do not hold', async () => {
    const refused = await answer('orders.refresh-estimate', { shopIds: ['12345'] });
    expect(refused).toMatchObject({ ok: false, error: { code: 'settings.shop-not-set', params: { shopId: '12345' } } });
  });
});
