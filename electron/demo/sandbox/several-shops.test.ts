import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_GATEWAY_ACCOUNT } from '../../../shared/settings/settings-schema';
import { generateDemoOrders, type DemoOrder } from './demo-orders';
import { startSandbox, type IssuedWaybill, type RunningSandbox, type SandboxShop } from './index';
import { callEndpoint, defined, issueBody, issueEntry, type Json } from './testing/test-requests';

// One account, several shops (多店铺), over real HTTP: one token, one points balance, one
// subscription and one network; each shop its own sold orders, waybills keyed by shop + order.

interface QueryResult {
  object_id: string;
  success: boolean;
  error_code?: string;
  waybill_cloud_print_response?: { waybill_code: string };
}

const running: RunningSandbox[] = [];
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-shops-'));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
  await rm(dir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startSandbox>[0] = {}): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ orders: 120, otherShopOrders: 40, rateLimit: { maxCalls: 1000, windowMs: 1000 }, ...options });
  running.push(sandbox);
  return sandbox;
}

const shopAt = (sandbox: RunningSandbox, index: number): SandboxShop => defined(sandbox.shops()[index], `shop ${index}`);

/** A valid issue body of one shop: its shop_id, its merchant id in every entry. */
function shopIssueBody(sandbox: RunningSandbox, shop: SandboxShop, orders: readonly DemoOrder[]): Json {
  const entries = orders.map((order) => ({ ...issueEntry(sandbox, [order]), user_id: shop.userId }));
  return { ...issueBody(sandbox, entries), shop_id: shop.shopId };
}

/** The order number both the first and the second shop sold: the second shop's order, and the first's. */
function sharedOrder(sandbox: RunningSandbox): { first: DemoOrder; second: DemoOrder } {
  const second = defined(sandbox.orders(shopAt(sandbox, 1).shopId).find((order) => order.notes.includes('order-number-of-another-shop')), 'shared order');
  const first = defined(sandbox.orders().find((order) => order.orderSn === second.orderSn), 'the first shop order');
  return { first, second };
}

async function soldOrderNumbers(sandbox: RunningSandbox, ownerId: string): Promise<{ code: number; total: number; numbers: string[] }> {
  const { envelope } = await callEndpoint(sandbox, 'sold-orders', { owner_id: ownerId, page: 0, pageSize: 100 });
  const data = envelope.data as { totalElements: number; content: Array<{ order_sn: string }> } | null;
  return { code: envelope.code, total: data?.totalElements ?? -1, numbers: data?.content.map((record) => record.order_sn) ?? [] };
}

async function query(sandbox: RunningSandbox, shopId: string, orderNumber: string): Promise<QueryResult> {
  const { envelope } = await callEndpoint(sandbox, 'query-issued', { shop_id: shopId, vvtype: 1, param_list: [{ biz_sub_code: orderNumber, object_id: 'q' }] });
  expect(envelope.code, envelope.msg).toBe(0);
  return defined((envelope.data as { modules: { waybill_cloud_print_with_result_desc_response: QueryResult[] } }).modules.waybill_cloud_print_with_result_desc_response[0]);
}

describe('one account, several shops', () => {
  it('serves three demo shops by default, the demo account first, each with its own merchant id', async () => {
    const sandbox = await start();
    const shops = sandbox.shops();
    expect(shops).toHaveLength(3);
    expect(shops[0]).toMatchObject({ shopId: DEMO_GATEWAY_ACCOUNT.shopId, sellerNick: DEMO_GATEWAY_ACCOUNT.sellerNick, userId: DEMO_GATEWAY_ACCOUNT.merchantUserId });
    expect({ shopId: sandbox.shopId, sellerNick: sandbox.sellerNick, userId: sandbox.userId }).toEqual({
      shopId: shops[0]?.shopId,
      sellerNick: shops[0]?.sellerNick,
      userId: shops[0]?.userId,
    });
    for (const key of ['shopId', 'sellerNick', 'userId', 'name'] as const) expect(new Set(shops.map((shop) => shop[key])).size).toBe(3);
    expect((await start({ shops: 1 })).shops()).toHaveLength(1);
    await expect(startSandbox({ shops: 4 })).rejects.toThrow(/shops/);
  });

  it("keeps the first shop's orders exactly those of a one-shop account; the others have their own", async () => {
    const sandbox = await start({ seed: 11, generatedAt: Date.UTC(2024, 10, 11, 2) });
    expect(sandbox.orders()).toEqual(generateDemoOrders({ seed: 11, count: 120, generatedAt: Date.UTC(2024, 10, 11, 2) }));
    expect((await start({ seed: 11, generatedAt: Date.UTC(2024, 10, 11, 2), shops: 1 })).orders()).toEqual(sandbox.orders());
    const [first, second, third] = sandbox.shops().map((shop) => new Set(sandbox.orders(shop.shopId).map((order) => order.orderSn)));
    expect([first?.size, second?.size, third?.size]).toEqual([120, 40, 40]);
    // Exactly one number is sold by two shops, on purpose.
    expect([...defined(second)].filter((orderSn) => first?.has(orderSn))).toEqual([sharedOrder(sandbox).first.orderSn]);
    expect([...defined(third)].filter((orderSn) => first?.has(orderSn) || second?.has(orderSn))).toEqual([]);
  });

  it("answers sold orders and network info for any of the account's shops; 103 for another shop, 302 for an unauthorized one", async () => {
    const sandbox = await start();
    for (const shop of sandbox.shops()) {
      const sold = await soldOrderNumbers(sandbox, shop.shopId);
      expect(sold.code).toBe(0);
      expect(sold.total).toBe(sandbox.orders(shop.shopId).length);
      expect(sold.numbers).toEqual(sandbox.orders(shop.shopId).slice(0, 100).map((order) => order.orderSn));
      expect((await callEndpoint(sandbox, 'network-info', { owner_id: shop.shopId, platform: '1' })).envelope.code).toBe(0);
      expect((await callEndpoint(sandbox, 'subscription', { nick: shop.sellerNick })).envelope.code).toBe(0);
    }
    expect((await soldOrderNumbers(sandbox, '99999999')).code).toBe(103);
    expect((await callEndpoint(sandbox, 'network-info', { owner_id: '99999999', platform: '1' })).envelope.code).toBe(103);
    const second = shopAt(sandbox, 1);
    sandbox.setUnauthorizedShops([second.shopId]);
    const refused = await callEndpoint(sandbox, 'sold-orders', { owner_id: second.shopId });
    expect(refused.envelope.code).toBe(302);
    expect((refused.envelope.data as { auth_url: string }).auth_url).toMatch(/^https:\/\//);
    expect((await soldOrderNumbers(sandbox, sandbox.shopId)).code).toBe(0);
    // A shop the account does not serve (--shops 1) is unknown: 103.
    const oneShop = await start({ shops: 1 });
    expect((await soldOrderNumbers(oneShop, second.shopId)).code).toBe(103);
  });

  it('issues the same order number in two shops as two orders: two waybills, no 614, each found only in its shop', async () => {
    const sandbox = await start();
    const [first, second] = [shopAt(sandbox, 0), shopAt(sandbox, 1)];
    const shared = sharedOrder(sandbox);
    const inFirst = await callEndpoint(sandbox, 'issue', shopIssueBody(sandbox, first, [shared.first]));
    expect(inFirst.envelope.code, inFirst.envelope.msg).toBe(0);
    expect((await query(sandbox, second.shopId, shared.second.orderSn)).error_code).toBe('WAYBILL_NOT_FOUND');

    const inSecond = await callEndpoint(sandbox, 'issue', shopIssueBody(sandbox, second, [shared.second]));
    expect(inSecond.envelope.code, inSecond.envelope.msg).toBe(0);
    const waybills = [sandbox.issuedWaybill(shared.first.orderSn), sandbox.issuedWaybill(shared.second.orderSn, second.shopId)].map((waybill) => defined(waybill));
    expect(waybills.map((waybill) => waybill.shopId)).toEqual([first.shopId, second.shopId]);
    expect(waybills[0]?.waybillCode).not.toBe(waybills[1]?.waybillCode);
    // Each shop's print data carries its own order's receiver.
    expect(waybills.map((waybill) => waybill.decryptedRecipient.name)).toEqual([shared.first.clear.name, shared.second.clear.name]);
    for (const [shop, waybill] of [[first, waybills[0]], [second, waybills[1]]] as Array<[SandboxShop, IssuedWaybill]>) {
      expect((await query(sandbox, shop.shopId, shared.first.orderSn)).waybill_cloud_print_response?.waybill_code).toBe(waybill.waybillCode);
    }
    expect(sandbox.orders(shopAt(sandbox, 2).shopId).some((order) => order.orderSn === shared.first.orderSn)).toBe(false);
    expect((await query(sandbox, shopAt(sandbox, 2).shopId, shared.first.orderSn)).error_code).toBe('WAYBILL_NOT_FOUND');

    // Within a shop the order has its waybill now: a second one is the usual overlap.
    const again = await callEndpoint(sandbox, 'issue', shopIssueBody(sandbox, second, [shared.second]));
    expect(again.envelope.code).toBe(614);
    expect(again.envelope.msg).toContain(shared.second.orderSn);
    expect(sandbox.secondWaybills()).toEqual([]);
  });

  it("rejects an entry naming another shop's order with 614, naming the order and the shop, and allocates nothing", async () => {
    const sandbox = await start();
    const [first, second] = [shopAt(sandbox, 0), shopAt(sandbox, 1)];
    const own = defined(sandbox.orders().find((order) => order.notes.length === 0 && order.orderSn !== sharedOrder(sandbox).first.orderSn));
    const foreign = defined(sandbox.orders(second.shopId).find((order) => order.notes.length === 0));
    const pointsBefore = sandbox.pointsBalance();
    const body = shopIssueBody(sandbox, first, [own, foreign]);
    const { envelope } = await callEndpoint(sandbox, 'issue', body);
    expect(envelope.code).toBe(614);
    expect(envelope.msg).toBe(`object_id[${foreign.orderSn}]：交易订单${foreign.orderSn}不属于店铺${first.shopId}，不是真实的本店订单号`);
    expect(sandbox.issuedWaybills()).toEqual([]);
    expect(sandbox.pointsBalance()).toBe(pointsBefore - 2);
    // The same entries in the shop the order belongs to: the first shop's order is the foreign one there.
    const inSecond = await callEndpoint(sandbox, 'issue', shopIssueBody(sandbox, second, [foreign, own]));
    expect(inSecond.envelope.msg).toContain(`交易订单${own.orderSn}不属于店铺${second.shopId}`);
    expect((await callEndpoint(sandbox, 'issue', shopIssueBody(sandbox, second, [foreign]))).envelope.code).toBe(0);
  });

  it("refuses an entry whose user_id is not the shop's merchant id with a parameter error naming the field", async () => {
    const sandbox = await start();
    const [first, second] = [shopAt(sandbox, 0), shopAt(sandbox, 1)];
    const order = defined(sandbox.orders(second.shopId).find((candidate) => candidate.notes.length === 0));
    const body = shopIssueBody(sandbox, second, [order]);
    const request = body.param_waybill_cloud_print_apply_new_request as { trade_order_info_dtos: Json[] };
    request.trade_order_info_dtos = request.trade_order_info_dtos.map((entry) => ({ ...entry, user_id: first.userId }));
    const { envelope } = await callEndpoint(sandbox, 'issue', body);
    expect(envelope.code).toBe(100);
    expect(envelope.msg).toContain('trade_order_info_dtos[0].user_id');
    expect(envelope.msg).toContain(second.shopId);
    expect(sandbox.issuedWaybills()).toEqual([]);
  });

  it("counts every shop's calls in the one account window: the eleventh call in a second is refused, whichever shop it names", async () => {
    const sandbox = await start({ rateLimit: { maxCalls: 10, windowMs: 1000 } });
    const shops = sandbox.shops();
    const answers = await Promise.all(
      Array.from({ length: 11 }, (_, index) => callEndpoint(sandbox, 'sold-orders', { owner_id: defined(shops[index % shops.length]).shopId, pageSize: 1 })),
    );
    expect(answers.filter((answer) => answer.envelope.code === 0)).toHaveLength(10);
    expect(answers.filter((answer) => answer.envelope.code === 202)).toHaveLength(1);
    expect(sandbox.violations()).toBe(1);
    const owners = sandbox.calls().flatMap((call) => (call.rateLimited ? [] : [(call.body as { owner_id: string }).owner_id]));
    expect(new Set(owners)).toEqual(new Set(shops.map((shop) => shop.shopId)));
    // One points balance: ten processed calls, one point each.
    expect(sandbox.pointsBalance()).toBe(100_000 - 10);
  });

  it('issues "elsewhere" for a named shop, and the admin routes show shops, per-shop orders and per-shop waybills', async () => {
    const sandbox = await start({ adminRoutes: true });
    const second = shopAt(sandbox, 1);
    const shared = sharedOrder(sandbox);
    await sandbox.markIssuedElsewhere([shared.second.orderSn], { shopId: second.shopId });
    expect(sandbox.issuedWaybill(shared.first.orderSn)).toBeUndefined();
    const admin = async (path: string) => {
      const response = await fetch(`${sandbox.url}/__sandbox/${path}`, { headers: { authorization: `Bearer ${sandbox.token}` } });
      return (await response.json()) as { code: number; data: unknown };
    };
    expect((await admin('shops')).data).toEqual(sandbox.shops());
    expect(((await admin(`orders?shop=${second.shopId}`)).data as DemoOrder[]).map((order) => order.orderSn)).toEqual(sandbox.orders(second.shopId).map((order) => order.orderSn));
    expect(((await admin('orders')).data as DemoOrder[]).length).toBe(120);
    expect((await admin('orders?shop=nowhere')).code).toBe(100);
    expect((await admin(`issued?order=${shared.second.orderSn}&shop=${second.shopId}`)).data).toMatchObject({ shopId: second.shopId, source: 'elsewhere' });
    expect((await admin(`issued?order=${shared.second.orderSn}`)).data).toBeNull();
    const elsewhere = await fetch(`${sandbox.url}/__sandbox/issued-elsewhere`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ orderNumbers: [shared.first.orderSn], shopId: sandbox.shopId }),
    });
    expect(((await elsewhere.json()) as { code: number }).code).toBe(0);
    expect(sandbox.issuedWaybill(shared.first.orderSn)?.shopId).toBe(sandbox.shopId);
  });
});

describe('the state file with several shops', () => {
  it('records the shop of each waybill (version 2) and reads a version-1 file: its waybills are the first shop\'s', async () => {
    const dataFile = join(dir, 'sandbox.json');
    const before = await start({ dataFile });
    const shared = sharedOrder(before);
    expect((await callEndpoint(before, 'issue', shopIssueBody(before, shopAt(before, 0), [shared.first]))).envelope.code).toBe(0);
    await before.close();
    const written = JSON.parse(await readFile(dataFile, 'utf8')) as Json & { issued: Json[]; shops: Array<Json & { orderCount: number }> };
    expect(written.version).toBe(2);
    expect(written.shops.map((shop) => [shop.shopId, shop.orderCount])).toEqual(before.shops().map((shop, index) => [shop.shopId, index === 0 ? 120 : 40]));
    expect(written.issued.map((waybill) => waybill.shopId)).toEqual([before.shopId]);

    // The same state as version 1 wrote it: one shop's order count, waybills without a shop.
    const { shops, issued, ...account } = written;
    const version1 = { ...account, version: 1, orderCount: defined(shops[0]).orderCount, issued: issued.map(({ shopId: _shopId, ...waybill }) => waybill) };
    await writeFile(dataFile, JSON.stringify(version1));

    const after = await start({ dataFile, orders: 5, otherShopOrders: 7 });
    // The file's first shop keeps its order count; the further shops join as the options say.
    expect(after.shops().map((shop) => after.orders(shop.shopId).length)).toEqual([120, 7, 7]);
    expect(after.orders()).toEqual(before.orders());
    expect(after.issuedWaybills()).toEqual(before.issuedWaybills());
    expect(after.issuedWaybill(shared.first.orderSn)?.shopId).toBe(after.shopId);
    expect((await query(after, after.shopId, shared.first.orderSn)).success).toBe(true);
    const again = await callEndpoint(after, 'issue', shopIssueBody(after, shopAt(after, 0), [shared.first]));
    expect(again.envelope.code).toBe(614);
    // The second shop's order of that number is another order: it issues, and the file is version 2 again.
    const second = defined(after.orders(shopAt(after, 1).shopId).find((order) => order.orderSn === shared.first.orderSn));
    expect((await callEndpoint(after, 'issue', shopIssueBody(after, shopAt(after, 1), [second]))).envelope.code).toBe(0);
    const rewritten = JSON.parse(await readFile(dataFile, 'utf8')) as { version: number; issued: Array<{ shopId: string }> };
    expect(rewritten.version).toBe(2);
    expect(rewritten.issued.map((waybill) => waybill.shopId)).toEqual([after.shopId, shopAt(after, 1).shopId]);
  });
});
