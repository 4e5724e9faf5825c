import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxCall, SandboxShop } from '../demo/sandbox/index';
import { openIssuingTestStation } from './testing/issuing-test-kit';
import type { IssuingTestStation } from './testing/issuing-test-kit';

// One account serving several shops (多店铺), against the sandbox over real HTTP: a job is of one
// shop, and every issue call of it carries that shop's shop_id and each entry its merchant id.

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

/** Plans the orders as a job of the shop, runs it and waits until its labels are settled. */
async function issueForShop(open: IssuingTestStation, shopId: string, orderNumbers: string[]): Promise<string> {
  const plan = await open.engine.plan({ ...open.planRequest(orderNumbers), shopId });
  await open.engine.start({ jobId: plan.jobId });
  await open.engine.settled(plan.jobId);
  return plan.jobId;
}

const JOB_ORDERS = 1000;

describe('several shops on one account', () => {
  it("issues each shop's orders with that shop's ids: every call one shop (its shop_id), every entry that shop's merchant id", async () => {
    const { open, shops } = await threeShopStation();
    station = open;
    const before = open.bench.sandbox.calls().length;
    const issuedBy = new Map<string, string[]>();
    for (const shop of shops) {
      const orderNumbers = (await open.issuable(12, 0, shop.shopId)).map((order) => order.orderNumber);
      const jobId = await issueForShop(open, shop.shopId, orderNumbers);
      expect((await open.engine.jobOrders(jobId)).map((order) => order.state)).toEqual(orderNumbers.map(() => 'issued'));
      issuedBy.set(shop.shopId, orderNumbers);
    }
    const bodies = issueCalls(open.bench.sandbox.calls().slice(before));
    expect(bodies.length).toBeGreaterThanOrEqual(shops.length);
    for (const body of bodies) {
      const shop = shops.find((candidate) => candidate.shopId === body.shop_id);
      expect(shop, `a call of shop ${body.shop_id}`).toBeDefined();
      for (const entry of entriesOf(body)) {
        expect(entry.user_id).toBe(shop?.userId);
        for (const orderNumber of entry.order_info.trade_order_list) expect(issuedBy.get(body.shop_id)).toContain(orderNumber);
      }
    }
    // Each shop's waybills are the sandbox's of that shop's orders; the labels came out.
    for (const [shopId, orderNumbers] of issuedBy) {
      for (const orderNumber of orderNumbers) expect(open.bench.sandbox.issuedWaybill(orderNumber, shopId)).toBeDefined();
    }
    expect(open.bench.sandbox.violations()).toBe(0);
  });

  it('issues the order number two shops both sold once in each: two waybills, no 614, two journal rows', async () => {
    const { open, shops } = await threeShopStation();
    station = open;
    const [first, second] = shops as [SandboxShop, SandboxShop, ...SandboxShop[]];
    const shared = open.bench.sandbox.orders(second.shopId).find((order) => order.notes.includes('order-number-of-another-shop'));
    expect(shared).toBeDefined();
    const orderNumber = shared?.orderSn ?? '';
    expect(open.bench.sandbox.orders(first.shopId).some((order) => order.orderSn === orderNumber)).toBe(true);

    const before = open.bench.sandbox.calls().length;
    const firstJob = await issueForShop(open, first.shopId, [orderNumber]);
    const secondJob = await issueForShop(open, second.shopId, [orderNumber]);

    expect((await open.engine.jobOrders(firstJob))[0]?.state).toBe('issued');
    expect((await open.engine.jobOrders(secondJob))[0]?.state).toBe('issued');
    const waybills = [first, second].map((shop) => open.bench.sandbox.issuedWaybill(orderNumber, shop.shopId)?.waybillCode);
    expect(waybills.every((code) => code !== undefined)).toBe(true);
    expect(new Set(waybills).size).toBe(2);
    expect(open.bench.sandbox.calls().slice(before).filter((call) => call.endpoint === 'issue').map((call) => call.code)).toEqual([0, 0]);
    expect(open.bench.db.prepare('SELECT gateway_shop_id AS shopId, waybill_code AS waybillCode FROM journal_orders WHERE order_number = ? ORDER BY rowid').all(orderNumber)).toEqual([
      { shopId: first.shopId, waybillCode: waybills[0] },
      { shopId: second.shopId, waybillCode: waybills[1] },
    ]);
    // Each shop's journal answers for its own order only.
    expect(await open.backend.read.journal.waybillsOf(second.shopId, [orderNumber])).toEqual(new Map([[orderNumber, waybills[1]]]));
  });

  it("leaves out an order of another shop: a job plans only its own shop's loaded orders", async () => {
    const { open, shops } = await threeShopStation();
    station = open;
    const [first, , third] = shops as [SandboxShop, SandboxShop, SandboxShop];
    const [ofThird] = await open.issuable(1, 0, third.shopId);
    const onlyThere = ofThird?.orderNumber ?? '';
    expect(open.bench.sandbox.orders(first.shopId).some((order) => order.orderSn === onlyThere)).toBe(false);
    const plan = await open.engine.plan({ ...open.planRequest([onlyThere]), shopId: first.shopId });
    expect(plan.invalid).toEqual([{ orderNumber: onlyThere, problems: [expect.objectContaining({ code: 'issuing.order-not-loaded' })] }]);
    expect(plan.packages).toEqual([]);
    await expect(open.engine.plan({ ...open.planRequest([onlyThere]), shopId: 'not-a-shop-of-the-account' })).rejects.toMatchObject({ error: { code: 'settings.shop-not-set' } });
  });

  it(`issues and prints ${JOB_ORDERS} orders of three shops, one job per shop started together: every entry with its shop's ids, no rate-limit violation, at most 0.101 issue calls per order`, async () => {
    const { open, shops } = await threeShopStation(400);
    station = open;
    // 340 + 330 + 330: each shop's job fills its batches of 10.
    const counts = [340, 330, 330];
    const orderNumbersOf = new Map<string, string[]>();
    for (const [index, shop] of shops.entries()) orderNumbersOf.set(shop.shopId, (await open.issuable(counts[index] ?? 0, 0, shop.shopId)).map((order) => order.orderNumber));
    const plans = [];
    for (const shop of shops) plans.push(await open.engine.plan({ ...open.planRequest(orderNumbersOf.get(shop.shopId) ?? []), shopId: shop.shopId }));
    const before = open.bench.sandbox.calls().length;
    for (const plan of plans) await open.engine.start({ jobId: plan.jobId });
    const ended = await Promise.all(plans.map((plan) => open.engine.settled(plan.jobId)));
    expect(ended.map((job) => job.state)).toEqual(['done', 'done', 'done']);

    const bodies = issueCalls(open.bench.sandbox.calls().slice(before));
    const carried = bodies.flatMap((body) => entriesOf(body).flatMap((entry) => entry.order_info.trade_order_list.map((orderNumber) => `${body.shop_id} ${orderNumber}`)));
    expect(carried).toHaveLength(JOB_ORDERS);
    expect(new Set(carried).size).toBe(JOB_ORDERS);
    for (const body of bodies) {
      const shop = shops.find((candidate) => candidate.shopId === body.shop_id);
      for (const entry of entriesOf(body)) {
        expect(entry.user_id).toBe(shop?.userId);
        for (const orderNumber of entry.order_info.trade_order_list) expect(orderNumbersOf.get(body.shop_id)).toContain(orderNumber);
      }
    }
    expect(bodies.length / JOB_ORDERS).toBeLessThanOrEqual(0.101);
    expect(open.bench.sandbox.violations()).toBe(0);
    // Every label printed once.
    const printed = open.emulator.printed().map((document) => document.documentId);
    expect(printed).toHaveLength(JOB_ORDERS);
    expect(new Set(printed).size).toBe(JOB_ORDERS);
  }, 120_000);
});
