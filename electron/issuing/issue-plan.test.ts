import { afterEach, describe, expect, it } from 'vitest';
import type { SoldOrder } from '../../shared/domain/sold-order';
import { shopOrderKey } from '../../shared/domain/shop-order';
import { planPackages } from './issue-plan';
import { demoJobSettings, openIssuingTestStation } from './testing/issuing-test-kit';
import type { IssuingTestStation } from './testing/issuing-test-kit';

/** A sold order with a buyer at an address; numbers and goods vary by `n`. */
function order(n: number, buyer: string, overrides: Partial<SoldOrder> = {}): SoldOrder {
  return {
    orderNumber: `40000000000000000${String(n).padStart(2, '0')}`,
    receiverName: `${buyer}**`,
    receiverPhone: '138****1234',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    addressDetail: `${buyer}路1**号`,
    goodsName: `货品${n}`,
    goodsSpec: '',
    goodsImageUrl: '',
    goodsCount: 1,
    payAmountFen: 100,
    orderStatus: 1,
    isPreSale: false,
    lastShipAt: null,
    confirmedAt: 1_700_000_000_000 + n,
    remark: '',
    flag: null,
    flagName: null,
    ...overrides,
  };
}

/** Orders of one shop, as a plan takes them. */
const ofShop = (shopId: string, orders: readonly SoldOrder[]) => orders.map((sold) => ({ shopId, order: sold }));
const key = (shopId: string, sold: SoldOrder | undefined) => shopOrderKey({ shopId, orderNumber: sold?.orderNumber ?? '' });

describe('planPackages', () => {
  const orders = [order(1, '张'), order(2, '李'), order(3, '张'), order(4, '王', { receiverPhone: '' }), order(5, '张', { addressDetail: '别处路9号' })];

  it('gives each valid order its own package by default and reports the invalid ones with field and limit', () => {
    const plan = planPackages(ofShop('shop-a', orders), demoJobSettings, { merge: false, keepApart: [] });
    expect(plan.packages.map((pkg) => pkg.orders.map((item) => item.orderNumber))).toEqual([[orders[0]?.orderNumber], [orders[1]?.orderNumber], [orders[2]?.orderNumber], [orders[4]?.orderNumber]]);
    expect(plan.invalid).toEqual([{ shopId: 'shop-a', orderNumber: orders[3]?.orderNumber, problems: [expect.objectContaining({ code: 'validation.phone-required', params: expect.objectContaining({ field: 'recipient' }) })] }]);
  });

  it('merges the same buyer at the same full address into one package in the place of its first order; keepApart undoes it', () => {
    const merged = planPackages(ofShop('shop-a', orders), demoJobSettings, { merge: true, keepApart: [] });
    const first = key('shop-a', orders[0]);
    expect(merged.packages.map((pkg) => [pkg.key, pkg.orders.map((item) => item.orderNumber)])).toEqual([
      [first, [orders[0]?.orderNumber, orders[2]?.orderNumber]],
      [key('shop-a', orders[1]), [orders[1]?.orderNumber]],
      // Same buyer, another address: never merged.
      [key('shop-a', orders[4]), [orders[4]?.orderNumber]],
    ]);
    const undone = planPackages(ofShop('shop-a', orders), demoJobSettings, { merge: true, keepApart: [first] });
    expect(undone.packages).toHaveLength(4);
  });

  it('never merges across shops, and keeps the same order number of two shops as two packages in the chosen order', () => {
    const [one, two] = orders as [SoldOrder, SoldOrder];
    // One buyer and address in two shops (one of them with the same order number as the other's).
    const mixed = [...ofShop('shop-a', [one, two]), ...ofShop('shop-b', [{ ...one, goodsName: '别的货品' }, { ...orders[2] as SoldOrder }])];
    const plan = planPackages(mixed, demoJobSettings, { merge: true, keepApart: [] });
    expect(plan.packages.map((pkg) => [pkg.shopId, pkg.key, pkg.orders.map((item) => item.orderNumber)])).toEqual([
      ['shop-a', key('shop-a', one), [one.orderNumber]],
      ['shop-a', key('shop-a', two), [two.orderNumber]],
      ['shop-b', key('shop-b', one), [one.orderNumber, orders[2]?.orderNumber]],
    ]);
  });

  it('keeps a merged package within 100 order numbers', () => {
    const many = Array.from({ length: 150 }, (_, index) => order(index, '赵', { orderNumber: `5000000000000${String(index).padStart(6, '0')}` }));
    const plan = planPackages(ofShop('shop-a', many), demoJobSettings, { merge: true, keepApart: [] });
    expect(plan.packages.map((pkg) => pkg.orders.length)).toEqual([100, 50]);
  });
});

describe('the plan before any issue call', () => {
  let station: IssuingTestStation | null = null;
  afterEach(async () => {
    await station?.close();
    station = null;
  });

  it('lists invalid orders with field, limit and fix, counts calls and points, and shows the branch balance after', async () => {
    station = await openIssuingTestStation();
    const all = (await station.orderCache.list()).rows.map((row) => row.order.orderNumber);
    const plan = await station.engine.plan(station.planRequest([...all, 'not-a-loaded-order']));

    const problemOf = (code: string) => plan.invalid.flatMap((entry) => entry.problems).filter((problem) => problem.code === code);
    expect(problemOf('validation.too-long')).toContainEqual(expect.objectContaining({ params: expect.objectContaining({ field: 'recipient.name', limit: 40 }) }));
    expect(problemOf('validation.invalid-characters')).toContainEqual(expect.objectContaining({ params: expect.objectContaining({ field: 'order_info.trade_order_list[0]' }) }));
    expect(problemOf('validation.phone-required')).toHaveLength(1);
    expect(plan.invalid).toContainEqual({ shopId: station.bench.sandbox.shopId, orderNumber: 'not-a-loaded-order', problems: [expect.objectContaining({ code: 'issuing.order-not-loaded', params: { orderId: 'not-a-loaded-order' } })] });
    expect(plan.packages.length + plan.invalid.length).toBe(all.length + 1);
    expect(plan.calls).toBe(Math.ceil(plan.packages.length / 10));
    expect(plan.shops).toEqual([{ shopId: station.bench.sandbox.shopId, packages: plan.packages.length, calls: plan.calls, estimatedPoints: plan.calls }]);
    expect(plan.requestProblems).toEqual([]);
    // No issue call charged yet: its price is not known, and the estimate takes the last call's price.
    expect(plan.pointsPerCall).toBeNull();
    // (every other sandbox endpoint costs 1 point a call, and 1 is assumed before any call at all).
    expect(plan.estimatedPoints).toBe(plan.calls);
    expect(plan.branch).toMatchObject({ code: '571001', balance: 5000, balanceAfter: 5000 - plan.packages.length, error: null });
    expect(plan.balanceShort).toBeNull();
    expect(station.bench.sandbox.calls().filter((call) => call.endpoint === 'issue')).toEqual([]);
    expect((await station.engine.job(plan.jobId))?.state).toBe('planned');

    await station.issueAndPrint((await station.issuable(3)).map((item) => item.orderNumber));
    const again = await station.engine.plan(station.planRequest(all));
    expect(again.pointsPerCall).toBe(2);
    expect(again.estimatedPoints).toBe(again.calls * 2);
    expect(again.alreadyIssued).toHaveLength(3);
  });

  it('a scan-to-print plan reuses the network info read within its max age: no network-info call, none counted; a plain plan or an older answer asks again', async () => {
    station = await openIssuingTestStation();
    const [first, second, third, fourth] = (await station.issuable(4)).map((item) => item.orderNumber);
    const networkInfoCalls = () => station?.bench.sandbox.calls().filter((call) => call.endpoint === 'network-info').length ?? 0;
    const scanPlan = (orderNumber: string | undefined, networkInfoMaxAgeMs: number) => station?.engine.plan(station.planRequest([orderNumber ?? ''], { networkInfoMaxAgeMs }));

    const asked = await scanPlan(first, 60_000);
    expect([asked?.networkInfoCalls, networkInfoCalls()]).toEqual([1, 1]);
    const reused = await scanPlan(second, 60_000);
    expect([reused?.networkInfoCalls, networkInfoCalls()]).toEqual([0, 1]);
    // The reused answer is the same branch, its services and balance: the plan is the one a call would have made.
    expect(reused?.branch).toEqual(asked?.branch);
    expect(reused?.services).toEqual(asked?.services);
    expect(reused?.packages.map((pkg) => pkg.orderNumbers)).toEqual([[second]]);

    const plain = await station.engine.plan(station.planRequest([third ?? '']));
    expect([plain.networkInfoCalls, networkInfoCalls()]).toEqual([1, 2]);
    await new Promise((resolveWait) => setTimeout(resolveWait, 20));
    const tooOld = await scanPlan(fourth, 10);
    expect([tooOld?.networkInfoCalls, networkInfoCalls()]).toEqual([1, 3]);
  });

  it('marks on the desk an order its started job kept back by validation, with the reason; a plan only looked at marks nothing', async () => {
    station = await openIssuingTestStation();
    const all = (await station.orderCache.list()).rows.map((row) => row.order.orderNumber);
    const plan = await station.engine.plan(station.planRequest(all));
    const [invalid] = plan.invalid.filter((entry) => all.includes(entry.orderNumber));
    if (!invalid) throw new Error('the demo shop has no invalid order');
    const rowOf = async (orderNumber: string) => (await station?.orderCache.list())?.rows.find((row) => row.order.orderNumber === orderNumber)?.station;
    expect(await rowOf(invalid.orderNumber)).toMatchObject({ waybill: null, problem: null });

    await station.issueAndPrint([invalid.orderNumber, ...(await station.issuable(1)).map((order) => order.orderNumber)]);
    expect(await rowOf(invalid.orderNumber)).toMatchObject({ waybill: 'invalid', problem: invalid.problems[0] });
  });

  it('shows merges and issues a merged package as one waybill for all its orders', async () => {
    station = await openIssuingTestStation();
    const all = (await station.orderCache.list()).rows.map((row) => row.order.orderNumber);
    const plan = await station.engine.plan(station.planRequest(all, { merge: true }));
    expect(plan.merges.length).toBeGreaterThan(0);
    const [merge] = plan.merges;
    if (!merge) throw new Error('no merge');
    const undone = await station.engine.plan(station.planRequest(all, { merge: true, keepApart: [merge.key] }));
    expect(undone.merges.map((pkg) => pkg.key)).not.toContain(merge.key);
    expect(undone.packages).toHaveLength(plan.packages.length + merge.orderNumbers.length - 1);
    await station.engine.cancel(undone.jobId);

    const jobId = await station.issueAndPrint(merge.orderNumbers, { merge: true });
    const summary = await station.engine.summary(jobId);
    expect(summary?.issued).toEqual([{ orderNumbers: merge.orderNumbers, waybillCode: expect.any(String) }]);
    expect(station.bench.sandbox.issuedWaybills().map((waybill) => waybill.orderNumbers)).toEqual([merge.orderNumbers]);
    expect(station.emulator.printed()).toHaveLength(1);
  });

  it('says when the branch cannot cover the job and issues only the first K when asked', async () => {
    station = await openIssuingTestStation();
    await station.bench.sandbox.setBranchBalance('571001', 3);
    const orders = (await station.issuable(8)).map((item) => item.orderNumber);
    const plan = await station.engine.plan(station.planRequest(orders));
    expect(plan.balanceShort).toEqual({ balance: 3, needed: 8, firstK: 3 });
    expect(plan.branch.balanceAfter).toBe(-5);

    await station.engine.start({ jobId: plan.jobId, packageLimit: plan.balanceShort?.firstK });
    const ended = await station.engine.settled(plan.jobId);
    expect(ended.state).toBe('done');
    expect(ended.orders).toMatchObject({ issued: 3, skipped: 5 });
    expect((await station.engine.summary(plan.jobId))?.skipped).toEqual(orders.slice(3));
    expect(station.emulator.printed()).toHaveLength(3);
  });
});
