import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrderListing, OrderRefreshOutcome } from '../../shared/domain/order-row';
import { shopOrderKey } from '../../shared/domain/shop-order';
import type { Station } from '../composition/station';
import { openTestStation, sandboxDeskPatch } from '../composition/testing/sandbox-desk';
import { startSandbox, type RunningSandbox } from '../demo/sandbox';
import { openGatewayTestBench } from '../gateway/testing/gateway-test-bench';
import { createOrderCache } from '../order-cache/order-cache';
import { createSharedClaims } from '../store/postgres/shared-claims';
import { TEST_ACCOUNT, TEST_SCHEMA } from '../store/postgres/testing/shared-test-desks';
import { useSharedTestDesks } from '../store/postgres/testing/use-shared-test-desks';
import { createSharedOrderRefreshes } from './shared-order-refreshes';
import { openSharedStation } from './shared-station';
import { stationData } from '../composition/testing/station-data';

const rig = useSharedTestDesks();
const token = 'tok-shops-shared-5521';
let sandbox: RunningSandbox;
let root: string;
const desks: Station[] = [];

const data = stationData;

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

/** A desk in shared mode on the test's database: its settings saved, then started again (the mode is read at start). */
async function openDesk(name: string): Promise<Station> {
  const dataDir = join(root, `${name}-${Date.now().toString(36)}`);
  const overrides = { baseUrl: sandbox.url };
  const first = await openTestStation(dataDir, overrides);
  await data(first, 'token.set', { token });
  const { host, port, database, user, tls, password } = rig.desks.connection;
  await data(first, 'settings.update', { patch: { ...sandboxDeskPatch(sandbox), sharedMode: { enabled: true, host, port, database, user, tls, schema: TEST_SCHEMA, deskName: name } } });
  await data(first, 'shared-mode.set-password', { password });
  await first.close();
  const station = await openTestStation(dataDir, overrides);
  desks.push(station);
  await until(`${name} connected`, async () => (station.sharedMode.state() === 'connected' ? true : undefined));
  return station;
}

const soldOrderCalls = (shopId: string) => sandbox.calls().filter((call) => call.endpoint === 'sold-orders' && (call.body as { owner_id?: string }).owner_id === shopId).length;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'shops-shared-'));
  sandbox = await startSandbox({ port: 0, token, orders: 150, otherShopOrders: 30 });
});
afterEach(async () => {
  for (const station of desks.splice(0)) await station.close();
  sandbox.setFaults({ latencyMs: 0 });
});
afterAll(async () => {
  await sandbox?.close();
  await rm(root, { recursive: true, force: true });
});

describe('the shared refresh of several shops (two desks, real PostgreSQL, one sandbox)', () => {
  it('gives each shop its own turn: B refreshes the second shop while A holds the first, is told A refreshes the first, and each desk reads the other’s shop without a gateway call', async () => {
    const [first, second] = sandbox.shops().map((shop) => shop.shopId) as [string, string];
    const a = await openDesk('Desk A');
    const b = await openDesk('Desk B');
    sandbox.setFaults({ latencyMs: 400 });
    const refreshAtA = data<OrderRefreshOutcome>(a, 'orders.refresh', { mode: 'full', shopIds: [first] });
    await until('A to hold the first shop’s turn', async () => {
      const { rows } = await rig.desks.pool.query<{ shop_id: string }>(`SELECT shop_id FROM ${TEST_SCHEMA}.shared_order_refreshes WHERE refreshing_desk_id IS NOT NULL`);
      return rows.some((row) => row.shop_id === first) ? true : undefined;
    });
    // B asks for both shops: the first is A's turn (said so, by name), the second is B's to fetch.
    const atB = await data<OrderRefreshOutcome>(b, 'orders.refresh', { mode: 'full', shopIds: [first, second] });
    expect(atB.failed).toEqual([{ shopId: first, error: { code: 'shared-mode.refreshing-elsewhere', params: { desk: 'Desk A' }, retryable: true } }]);
    expect(atB.shops.map((shop) => [shop.shopId, shop.received])).toEqual([[second, 30]]);
    expect((await refreshAtA).shops.map((shop) => [shop.shopId, shop.received])).toEqual([[first, 150]]);
    sandbox.setFaults({ latencyMs: 0 });

    const paid = { first: soldOrderCalls(first), second: soldOrderCalls(second) };
    expect(paid).toEqual({ first: 2, second: 1 });
    const both = { shopIds: [first, second] };
    const listedAtA = await until('A to read B’s shop', async () => {
      const listing = await data<OrderListing>(a, 'orders.list', both);
      return listing.rows.length === 180 ? listing : undefined;
    });
    const listedAtB = await until('B to read A’s shop', async () => {
      const listing = await data<OrderListing>(b, 'orders.list', both);
      return listing.rows.length === 180 ? listing : undefined;
    });
    const keys = (listing: OrderListing) => listing.rows.map((row) => shopOrderKey({ shopId: row.shopId, orderNumber: row.order.orderNumber })).sort();
    expect(keys(listedAtB)).toEqual(keys(listedAtA));
    expect(listedAtA.shops.map((shop) => [shop.shopId, shop.listed, shop.fetchedAt !== null])).toEqual(sandbox.shops().map((shop, index) => [shop.shopId, index < 2, index < 2]));
    expect({ first: soldOrderCalls(first), second: soldOrderCalls(second) }).toEqual(paid);
  }, 90_000);

  it('marks another desk’s claim on the order of its shop only: the same order number in the other shop stays free', async () => {
    const [first, second] = sandbox.shops().map((shop) => shop.shopId) as [string, string];
    const a = await openDesk('Desk A');
    await data(a, 'orders.refresh', { mode: 'full', shopIds: [first, second] });
    const shared = sandbox.orders(second).find((order) => order.notes.includes('order-number-of-another-shop'))?.orderSn as string;
    expect(shared).toBeDefined();
    // Desk C holds the second shop's order for its job.
    const claims = createSharedClaims(await rig.desks.join('desk-c', 'Desk C'));
    await claims.claim({ baseUrl: sandbox.url, shopId: second }, 'job-c', [shared], 60_000);
    const rows = await until('A to see C’s claim', async () => {
      const listing = await data<OrderListing>(a, 'orders.list', { shopIds: [first, second] });
      const found = listing.rows.filter((row) => row.order.orderNumber === shared);
      return found.some((row) => row.elsewhere !== null) ? found : undefined;
    });
    expect(rows.map((row) => [row.shopId, row.elsewhere?.desk ?? null]).sort()).toEqual(
      [
        [first, null],
        [second, 'Desk C'],
      ].sort(),
    );
  }, 60_000);

  it('records the refresh’s watermark and times by the server’s clock, not by a desk whose clock is six hours behind, and a complete fetch keeps what it just stored', async () => {
    const bench = await openGatewayTestBench({ sandbox: { orders: 25 } });
    const shopId = bench.sandbox.shopId;
    const station = openSharedStation({ connection: rig.desks.connection, schema: TEST_SCHEMA, deskId: 'desk-late', deskName: 'Late desk', gatewayIdentity: () => ({ baseUrl: bench.sandbox.url, shopId }), account: () => TEST_ACCOUNT, logger: bench.logger, heartbeatMs: 200 });
    const store = { read: bench.backend.read.orders, write: bench.backend.write.orders };
    const refreshes = createSharedOrderRefreshes({ station, store, onChanged: () => undefined, logger: bench.logger });
    const sixHours = 6 * 60 * 60_000;
    const overlapMs = 10 * 60_000;
    const client = bench.client();
    const cache = createOrderCache({ store, client: async () => client, shopId: () => shopId, timeFilterAvailable: () => true, onProgress: () => undefined, onChanged: () => undefined, shared: refreshes, now: () => Date.now() - sixHours, overlapMs });
    try {
      await until('connected', async () => (station.state() === 'connected' ? true : undefined));
      const serverNow = async () => Number((await rig.desks.pool.query<{ at: number }>(`SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS at`)).rows[0]?.at);
      const before = await serverNow();
      await cache.refresh({ mode: 'full' });
      const after = await serverNow();
      const state = await station.orders.state({ baseUrl: bench.sandbox.url, shopId });
      expect(state?.lastRefreshAt).toBeGreaterThanOrEqual(Math.floor(before));
      expect(state?.lastRefreshAt).toBeLessThanOrEqual(Math.ceil(after));
      expect(state?.watermark).toBe((state?.lastRefreshAt ?? 0) - overlapMs);
      expect(state?.lastFullAt).toBe(state?.lastRefreshAt);
      // The complete fetch's pages are stamped by the server after its turn began: none was dropped as unseen.
      expect(await station.orders.read({ baseUrl: bench.sandbox.url, shopId })).toHaveLength(25);
      // The desk's own cache continues from the same times (another desk's later refresh compares with them).
      expect((await store.read.state(shopId))?.watermark).toBe(state?.watermark);
      expect((await store.read.state(shopId))?.lastRefreshAt).toBe(state?.lastRefreshAt);
    } finally {
      refreshes.close();
      await station.close();
      await bench.close();
    }
  }, 60_000);
});
