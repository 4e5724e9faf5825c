import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxCall, SandboxShop } from '../demo/sandbox/index';
import { shopOrderKey, type ShopOrderRef } from '../../shared/domain/shop-order';
import { chinaDayOf } from '../../shared/time/china-time';
import { entryForOrders } from './issue-plan';
import { demoJobSettings, openIssuingTestStation } from './testing/issuing-test-kit';
import type { IssuingTestStation } from './testing/issuing-test-kit';

// One account serving several shops (多店铺), against the sandbox over real HTTP: one job may hold
// orders of several shops, and every issue call of it carries one shop's packages with that shop's
// shop_id and each entry that shop's merchant id; look-ups ask as the order's shop.

let station: IssuingTestStation | null = null;
afterEach(async () => {
  await station?.close();
  station = null;
});

interface IssueCallBody {
  shop_id: string;
  param_waybill_cloud_print_apply_new_request: { trade_order_info_dtos: { user_id: number; order_info: { trade_order_list: string[] } }[] };
}

const issueCalls = (calls: readonly SandboxCall[]): IssueCallBody[] => calls.filter((call) => call.endpoint === 'issue' && call.body !== null).map((call) => call.body as IssueCallBody);
const entriesOf = (body: IssueCallBody) => body.param_waybill_cloud_print_apply_new_request.trade_order_info_dtos;

/** Opens a station on a sandbox account of three shops and loads every shop's sold orders. */
async function threeShopStation(ordersPerShop = 60): Promise<{ open: IssuingTestStation; shops: SandboxShop[] }> {
  const open = await openIssuingTestStation({ sandbox: { orders: ordersPerShop, otherShopOrders: ordersPerShop } });
  const shops = open.bench.sandbox.shops();
  for (const shop of shops.slice(1)) await open.orderCache.refresh({ mode: 'full', shopId: shop.shopId });
  return { open, shops };
}

/** `count` issuable orders of each shop, chosen in turn (one of the first shop, one of the second, …). */
async function chosenInTurn(open: IssuingTestStation, shops: readonly SandboxShop[], counts: readonly number[]): Promise<ShopOrderRef[]> {
  const ofShops: ShopOrderRef[][] = [];
  for (const [index, shop] of shops.entries()) {
    ofShops.push((await open.issuable(counts[index] ?? 0, 0, shop.shopId)).map((order) => ({ shopId: shop.shopId, orderNumber: order.orderNumber })));
  }
  return Array.from({ length: Math.max(...counts) }, (_, index) => ofShops.flatMap((refs) => refs[index] ?? [])).flat();
}

/** Plans the orders (of any shops) as one job, runs it and waits until its labels are settled. */
async function issueMixed(open: IssuingTestStation, orders: ShopOrderRef[]): Promise<string> {
  const plan = await open.engine.plan(open.planRequest([], { orders }));
  await open.engine.start({ jobId: plan.jobId });
  await open.engine.settled(plan.jobId);
  return plan.jobId;
}

/** Every call carries one shop: its shop_id, each entry that shop's merchant id, and only orders chosen of that shop. */
function expectOneShopPerCall(bodies: readonly IssueCallBody[], shops: readonly SandboxShop[], chosen: readonly ShopOrderRef[]): void {
  const chosenKeys = new Set(chosen.map(shopOrderKey));
  for (const body of bodies) {
    const shop = shops.find((candidate) => candidate.shopId === body.shop_id);
    expect(shop, `a call of shop ${body.shop_id}`).toBeDefined();
    for (const entry of entriesOf(body)) {
      expect(entry.user_id).toBe(shop?.userId);
      for (const orderNumber of entry.order_info.trade_order_list) expect(chosenKeys.has(shopOrderKey({ shopId: body.shop_id, orderNumber }))).toBe(true);
    }
  }
}

const JOB_ORDERS = 1000;

describe('several shops on one account', () => {
  it(`issues and prints ${JOB_ORDERS} orders of three shops as ONE mixed job: each call one shop's packages with its ids, no rate-limit violation, at most 0.101 issue calls per order, labels in the chosen order`, async () => {
    const { open, shops } = await threeShopStation(400);
    station = open;
    const chosen = await chosenInTurn(open, shops, [340, 330, 330]);
    expect(chosen).toHaveLength(JOB_ORDERS);
    const plan = await open.engine.plan(open.planRequest([], { orders: chosen }));
    // The plan counts each shop's calls apart: a call never mixes shops.
    expect(plan.shops).toEqual(shops.map((shop, index) => ({ shopId: shop.shopId, packages: [340, 330, 330][index], calls: [34, 33, 33][index], estimatedPoints: [34, 33, 33][index] })));
    expect(plan.calls).toBe(100);
    const before = open.bench.sandbox.calls().length;
    await open.engine.start({ jobId: plan.jobId });
    expect((await open.engine.settled(plan.jobId)).state).toBe('done');

    const bodies = issueCalls(open.bench.sandbox.calls().slice(before));
    expectOneShopPerCall(bodies, shops, chosen);
    const carried = bodies.flatMap((body) => entriesOf(body).flatMap((entry) => entry.order_info.trade_order_list.map((orderNumber) => shopOrderKey({ shopId: body.shop_id, orderNumber }))));
    expect(carried).toHaveLength(JOB_ORDERS);
    expect(new Set(carried)).toEqual(new Set(chosen.map(shopOrderKey)));
    expect(bodies.length / JOB_ORDERS).toBeLessThanOrEqual(0.101);
    expect(open.bench.sandbox.violations()).toBe(0);
    // Every label printed once, in the order chosen across the shops.
    const rows = await open.engine.jobOrders(plan.jobId);
    expect(rows.map((row) => shopOrderKey(row))).toEqual(chosen.map(shopOrderKey));
    const printed = open.emulator.printed().map((document) => document.documentId);
    expect(printed).toEqual(rows.map((row) => row.waybillCode));
    expect(new Set(printed).size).toBe(JOB_ORDERS);
    // Each waybill is the sandbox's of its shop's order.
    for (const row of rows.slice(0, 30)) expect(open.bench.sandbox.issuedWaybill(row.orderNumber, row.shopId)?.waybillCode).toBe(row.waybillCode);
  }, 120_000);

  it('issues the order number two shops both sold as two orders of one job: two waybills, no 614, two journal rows', async () => {
    const { open, shops } = await threeShopStation();
    station = open;
    const [first, second] = shops as [SandboxShop, SandboxShop, ...SandboxShop[]];
    const shared = open.bench.sandbox.orders(second.shopId).find((order) => order.notes.includes('order-number-of-another-shop'));
    expect(shared).toBeDefined();
    const orderNumber = shared?.orderSn ?? '';
    expect(open.bench.sandbox.orders(first.shopId).some((order) => order.orderSn === orderNumber)).toBe(true);

    const before = open.bench.sandbox.calls().length;
    const jobId = await issueMixed(open, [
      { shopId: first.shopId, orderNumber },
      { shopId: second.shopId, orderNumber },
    ]);

    const rows = await open.engine.jobOrders(jobId);
    expect(rows.map((row) => [row.shopId, row.orderNumber, row.state])).toEqual([
      [first.shopId, orderNumber, 'issued'],
      [second.shopId, orderNumber, 'issued'],
    ]);
    const waybills = [first, second].map((shop) => open.bench.sandbox.issuedWaybill(orderNumber, shop.shopId)?.waybillCode);
    expect(rows.map((row) => row.waybillCode)).toEqual(waybills);
    expect(new Set(waybills).size).toBe(2);
    // One call per shop, both answered (the two calls may reach the sandbox in either order).
    const calls = open.bench.sandbox.calls().slice(before).filter((call) => call.endpoint === 'issue');
    const byShop = (pairs: (string | number)[][]) => pairs.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(byShop(calls.map((call) => [(call.body as IssueCallBody).shop_id, call.code]))).toEqual(byShop([
      [first.shopId, 0],
      [second.shopId, 0],
    ]));
    expect(open.bench.db.prepare('SELECT gateway_shop_id AS shopId, waybill_code AS waybillCode FROM journal_orders WHERE order_number = ? ORDER BY rowid').all(orderNumber)).toEqual([
      { shopId: first.shopId, waybillCode: waybills[0] },
      { shopId: second.shopId, waybillCode: waybills[1] },
    ]);
    expect(await open.backend.read.journal.waybillsOf(second.shopId, [orderNumber])).toEqual(new Map([[orderNumber, waybills[1]]]));
    expect(open.emulator.printed().map((document) => document.documentId)).toEqual(waybills);
  });

  it("leaves out an order named with another shop: a plan takes each order from its own shop's loaded orders", async () => {
    const { open, shops } = await threeShopStation();
    station = open;
    const [first, , third] = shops as [SandboxShop, SandboxShop, SandboxShop];
    const [ofThird] = await open.issuable(1, 0, third.shopId);
    const onlyThere = ofThird?.orderNumber ?? '';
    expect(open.bench.sandbox.orders(first.shopId).some((order) => order.orderSn === onlyThere)).toBe(false);
    const plan = await open.engine.plan(open.planRequest([], { orders: [{ shopId: first.shopId, orderNumber: onlyThere }, { shopId: third.shopId, orderNumber: onlyThere }] }));
    expect(plan.invalid).toEqual([{ shopId: first.shopId, orderNumber: onlyThere, problems: [expect.objectContaining({ code: 'issuing.order-not-loaded' })] }]);
    expect(plan.packages).toEqual([{ key: shopOrderKey({ shopId: third.shopId, orderNumber: onlyThere }), shopId: third.shopId, orderNumbers: [onlyThere], parcels: 1 }]);
    await expect(open.engine.plan(open.planRequest([], { orders: [{ shopId: 'not-a-shop-of-the-account', orderNumber: onlyThere }] }))).rejects.toMatchObject({ error: { code: 'settings.shop-not-set' } });
  });

  it('keeps history, CSV, costs and print tasks per shop, and fetches print data again as the waybill\'s own shop', async () => {
    const { open, shops } = await threeShopStation();
    station = open;
    const chosen = await chosenInTurn(open, shops, [4, 3, 2]);
    await issueMixed(open, chosen);
    const countOf = (shopId: string) => chosen.filter((ref) => ref.shopId === shopId).length;

    // History: every shop's rows carry their shop; the filter's counts are per shop; a search finds all shops.
    const all = await open.history.search({ limit: 100 });
    expect(all.total).toBe(9);
    expect(all.shops).toEqual(shops.map((shop) => ({ shopId: shop.shopId, count: countOf(shop.shopId) })).sort((a, b) => a.shopId.localeCompare(b.shopId)));
    const second = shops[1] as SandboxShop;
    const ofSecond = await open.history.search({ shop: second.shopId });
    expect(ofSecond.rows.map((row) => shopOrderKey(row)).sort()).toEqual(chosen.filter((ref) => ref.shopId === second.shopId).map(shopOrderKey).sort());
    expect(ofSecond.shops).toEqual(all.shops);

    // CSV: every shop's with a shop column (the display name), one shop's as its platform imports it.
    const everyShop = await open.history.exportCsv({});
    expect(everyShop.lines).toBe(9);
    expect(everyShop.text.split('\r\n')[0]).toBe('\uFEFF订单编号,物流公司,运单号,店铺');
    expect(everyShop.text).toContain(`,${second.sellerNick}\r\n`);
    const oneShop = await open.history.exportCsv({ shop: second.shopId });
    expect(oneShop.lines).toBe(countOf(second.shopId));
    expect(oneShop.text.split('\r\n')[0]).toBe('\uFEFF订单编号,物流公司,运单号');
    expect(oneShop.fileName).toContain(second.shopId);

    // Costs: each shop's issue call is booked to that shop.
    const byShop = await open.backend.read.costs.shopTotalsForChinaDay(chinaDayOf(Date.now()));
    for (const shop of shops) expect(byShop.find((total) => total.shopId === shop.shopId)?.calls).toBeGreaterThanOrEqual(1);
    // Print tasks are recorded under the shop of their waybill.
    const printShops = open.bench.db
      .prepare('SELECT DISTINCT p.gateway_shop_id AS printShop, w.gateway_shop_id AS waybillShop FROM print_documents p JOIN waybills w ON w.waybill_code = p.document_id')
      .all() as { printShop: string; waybillShop: string }[];
    expect(printShops).toHaveLength(3);
    for (const row of printShops) expect(row.printShop).toBe(row.waybillShop);

    // A purged label of the second shop is fetched again through that shop's query endpoint.
    const waybillCode = ofSecond.rows[0]?.waybillCode as string;
    open.bench.db.prepare("UPDATE waybills SET print_data = NULL, print_data_state = 'purged' WHERE waybill_code = ?").run(waybillCode);
    const before = open.bench.sandbox.calls().length;
    expect(await open.history.refetchPrintData([waybillCode])).toEqual({ refreshed: [waybillCode], failed: [] });
    const queries = open.bench.sandbox.calls().slice(before).filter((call) => call.endpoint === 'query-issued');
    expect(queries.map((call) => (call.body as { shop_id: string }).shop_id)).toEqual([second.shopId]);
  });

  it("reconciles a mixed job interrupted mid-issue after a restart: each shop's pending orders are looked up as that shop, found ones recovered and printed, the rest issued once", async () => {
    const { open, shops } = await threeShopStation();
    station = open;
    const chosen = await chosenInTurn(open, shops, [4, 4, 4]);
    const plan = await open.engine.plan(open.planRequest([], { orders: chosen }));
    const journal = open.backend.write.journal;
    const now = Date.now();
    await journal.updateJob(plan.jobId, { state: 'issuing', startedAt: now }, now);
    await journal.claim(plan.jobId, { retryFailed: false, packageLimit: null, owner: { deskId: open.deskId, leaseUntil: now + 60_000 } }, now);
    // Each shop's first two orders went pending and their call took effect at the gateway; the answer was lost (a crash).
    const lost: ShopOrderRef[] = [];
    for (const shop of shops) {
      const ofShop = chosen.filter((ref) => ref.shopId === shop.shopId).slice(0, 2);
      await journal.beginIssue(plan.jobId, shop.shopId, ofShop.map((ref) => ref.orderNumber), now);
      const client = open.bench.client({ timeoutMs: 3000, shopId: shop.shopId, sellerNick: shop.sellerNick, userId: shop.userId });
      const orders = await open.orderCache.get(ofShop.map((ref) => ref.orderNumber), shop.shopId);
      const answer = await client.issueWaybills({ ...demoJobSettings, entries: orders.map((order) => entryForOrders(shop.shopId, [order], demoJobSettings)) });
      expect(answer.ok).toBe(true);
      lost.push(...ofShop);
    }

    await open.restart();
    const before = open.bench.sandbox.calls().length;
    const report = await open.engine.startUp();
    expect(report.reconciled.recovered.sort()).toEqual(lost.map((ref) => ref.orderNumber).sort());
    // Each shop's look-up asked as that shop, about its own orders only.
    const queries = open.bench.sandbox.calls().slice(before).filter((call) => call.endpoint === 'query-issued');
    expect(queries.map((call) => (call.body as { shop_id: string }).shop_id).sort()).toEqual(shops.map((shop) => shop.shopId).sort());

    await open.engine.retry({ jobId: plan.jobId });
    expect((await open.engine.settled(plan.jobId)).state).toBe('done');
    const rows = await open.engine.jobOrders(plan.jobId);
    const lostKeys = new Set(lost.map(shopOrderKey));
    expect(rows.map((row) => [shopOrderKey(row), row.state])).toEqual(chosen.map((ref) => [shopOrderKey(ref), lostKeys.has(shopOrderKey(ref)) ? 'recovered' : 'issued']));
    // Nothing recovered was issued again: the issue calls after the restart carried only the other orders, each with its shop's ids.
    const bodies = issueCalls(open.bench.sandbox.calls().slice(before));
    expectOneShopPerCall(bodies, shops, chosen.filter((ref) => !lostKeys.has(shopOrderKey(ref))));
    expect(bodies.flatMap((body) => entriesOf(body).flatMap((entry) => entry.order_info.trade_order_list))).toHaveLength(chosen.length - lost.length);
    const printed = open.emulator.printed().map((document) => document.documentId);
    expect(new Set(printed).size).toBe(chosen.length);
    expect(open.bench.sandbox.violations()).toBe(0);
  });
});
