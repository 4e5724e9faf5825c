import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderParcels } from '../../shared/domain/issuing';
import type { SoldOrder } from '../../shared/domain/sold-order';
import { shopOrderKey } from '../../shared/domain/shop-order';
import { stationError } from '../../shared/errors/station-error';
import { SANDBOX_DEFAULTS } from '../demo/sandbox/index';
import { entriesForPackage } from './issue-plan';
import { demoJobSettings, issueRequestsSince, openIssuingTestStation, type IssuingTestStation } from './testing/issuing-test-kit';

// One order in several parcels (一单多包) and split orders (拆单) against the sandbox: every
// parcel its own entry, package id, waybill and label, all of an order's parcels in one call with
// multi_packages_shipment; the history groups them under the order with the parent waybill; a
// lost answer is looked up and every parcel recovered, never issued again.

const customAreaTemplateUrl = 'https://cloudprint.cainiao.com/template/customArea/1234/1';

type Json = Record<string, unknown>;
type IssueCallBody = { param_waybill_cloud_print_apply_new_request: Json & { trade_order_info_dtos: Array<Json & { object_id: string; package_info: { id?: string; items: Json[] } }> } };

let station: IssuingTestStation;
beforeAll(async () => {
  station = await openIssuingTestStation({ sandbox: { orders: 600 } });
});
afterAll(async () => {
  await station.close();
});

const keyOf = (orderNumber: string) => shopOrderKey({ shopId: SANDBOX_DEFAULTS.shopId, orderNumber });
let skip = 0;
/** Fresh issuable orders, those with at least `goods` of their goods first when asked. */
async function take(count: number, goods = 1): Promise<SoldOrder[]> {
  const orders = (await station.issuable(80, skip)).filter((order) => (order.goodsCount ?? 0) >= goods).slice(0, count);
  skip += 80;
  if (orders.length < count) throw new Error(`only ${orders.length} orders with ${goods} goods`);
  return orders;
}

const issueBodiesSince = (from: number) => issueRequestsSince<IssueCallBody['param_waybill_cloud_print_apply_new_request']>(station, from);

/**
 * An order of three parcels whose job is issuing and whose issue call left and took effect, as a
 * crash would leave it: recorded pending under an open attempt, its waybills not recorded.
 */
async function threeParcelsSentBehindTheJournal() {
  const [big] = (await take(1)) as [SoldOrder];
  const parcelsByOrder: Record<string, OrderParcels> = { [keyOf(big.orderNumber)]: { count: 3, split: null } };
  const plan = await station.engine.plan(station.planRequest([big.orderNumber], { parcelsByOrder }));
  const journal = station.backend.write.journal;
  const now = Date.now();
  await journal.updateJob(plan.jobId, { state: 'issuing', startedAt: now }, now);
  await journal.claim(plan.jobId, { retryFailed: false, packageLimit: null, owner: { deskId: station.deskId, leaseUntil: now + 60_000 } }, now);
  const { attemptId } = await journal.beginIssue(plan.jobId, SANDBOX_DEFAULTS.shopId, [big.orderNumber], now);
  const settings = { ...demoJobSettings, parcelsByOrder };
  const answer = await station.client.issueWaybills({ ...settings, multiPackagesShipment: true, entries: entriesForPackage(SANDBOX_DEFAULTS.shopId, [big], settings) });
  const parcels = answer.ok ? answer.data.outcomes.flatMap((outcome) => (outcome.status === 'issued' ? [outcome.waybill] : [])) : [];
  expect(parcels).toHaveLength(3);
  return { big, plan, parcels, attemptId, now };
}

describe('an order in several parcels and a split order', () => {
  it('plans each parcel as an entry (never merged, the balance drawn per parcel) and names what is out of range, per order', async () => {
    const [big, split, wrongTotal, plain] = (await take(4, 2)) as [SoldOrder, SoldOrder, SoldOrder, SoldOrder];
    const goods = split.goodsCount as number;
    const parcelsByOrder: Record<string, OrderParcels> = {
      [keyOf(big.orderNumber)]: { count: 3, split: null },
      [keyOf(split.orderNumber)]: { count: 2, split: [1, goods - 1] },
      [keyOf(wrongTotal.orderNumber)]: { count: 2, split: [1, 1 + (wrongTotal.goodsCount as number)] },
    };
    const plan = await station.engine.plan(station.planRequest([big, split, wrongTotal, plain].map((order) => order.orderNumber), { parcelsByOrder, merge: true }));
    expect(plan.packages.map((pkg) => [pkg.orderNumbers, pkg.parcels])).toEqual([[[big.orderNumber], 3], [[split.orderNumber], 2], [[plain.orderNumber], 1]]);
    expect(plan.calls).toBe(1);
    expect(plan.branch.balanceAfter).toBe((plan.branch.balance as number) - 6);
    expect(plan.invalid).toEqual([
      { shopId: SANDBOX_DEFAULTS.shopId, orderNumber: wrongTotal.orderNumber, problems: [expect.objectContaining({ code: 'validation.parcels-split-total', params: expect.objectContaining({ orderId: wrongTotal.orderNumber, goodsCount: wrongTotal.goodsCount }) })] },
    ]);

    const elsewhere = await station.engine.plan(station.planRequest([big.orderNumber], { parcelsByOrder, carrierCode: 'STO' }));
    expect(elsewhere.invalid[0]?.problems.map((problem) => [problem.code, problem.params.carrier])).toEqual([['validation.parcels-not-supported', 'STO']]);
    const tooMany = await station.engine.plan(station.planRequest([big.orderNumber], { parcelsByOrder: { [keyOf(big.orderNumber)]: { count: 11, split: null } } }));
    expect(tooMany.invalid[0]?.problems.map((problem) => [problem.code, problem.params.limit])).toEqual([['validation.parcels-count', 10]]);
  });

  it('issues every parcel in one call with its package id and share of the goods, prints each label once in order, and groups them in the history', async () => {
    const [big, split, plain] = (await take(3, 2)) as [SoldOrder, SoldOrder, SoldOrder];
    const goods = split.goodsCount as number;
    const parcelsByOrder: Record<string, OrderParcels> = {
      [keyOf(big.orderNumber)]: { count: 3, split: null },
      [keyOf(split.orderNumber)]: { count: 2, split: [1, goods - 1] },
    };
    const from = station.bench.sandbox.calls().length;
    const printedBefore = station.emulator.printed().length;
    const jobId = await station.issueAndPrint([big, split, plain].map((order) => order.orderNumber), { parcelsByOrder, customAreaTemplateUrl });

    const [body, ...more] = issueBodiesSince(from);
    expect(more).toEqual([]);
    expect(body?.multi_packages_shipment).toBe(true);
    const entries = body?.trade_order_info_dtos ?? [];
    expect(entries.map((entry) => entry.object_id)).toEqual([big.orderNumber, `${big.orderNumber}#2`, `${big.orderNumber}#3`, split.orderNumber, `${split.orderNumber}#2`, plain.orderNumber]);
    expect(entries.map((entry) => entry.package_info.id)).toEqual([
      ...[1, 2, 3].map((parcel) => `${big.orderNumber.replace(/-/g, '_')}_P${parcel}`),
      ...[1, 2].map((parcel) => `${split.orderNumber.replace(/-/g, '_')}_P${parcel}`),
      undefined,
    ]);
    expect(entries.slice(0, 3).map((entry) => entry.package_info.items.map((item) => item.count))).toEqual([0, 1, 2].map(() => [big.goodsCount]));
    expect(entries.slice(3, 5).map((entry) => entry.package_info.items.map((item) => item.count))).toEqual([[1], [goods - 1]]);

    const summary = await station.engine.summary(jobId);
    expect(summary?.issued.map((entry) => entry.orderNumbers)).toEqual([[big.orderNumber], [big.orderNumber], [big.orderNumber], [split.orderNumber], [split.orderNumber], [plain.orderNumber]]);
    const waybills = summary?.issued.map((entry) => entry.waybillCode) ?? [];
    expect(new Set(waybills).size).toBe(6);
    expect(station.emulator.printed().slice(printedBefore).map((document) => document.documentId)).toEqual(waybills);
    // Each split parcel's custom area shows its own share of the goods; the others the order's goods.
    const delivered = new Map(station.emulator.received().filter((task) => !task.preview).flatMap((task) => task.documents).map((document) => [document.documentId, document.contents[1]]));
    const itemInfo = (waybillCode: string | undefined) => (delivered.get(waybillCode ?? '') as { data: { ITEM_INFO: string } } | undefined)?.data.ITEM_INFO ?? '';
    expect([3, 4].map((index) => itemInfo(waybills[index]).split('×').at(-1))).toEqual(['1', String(goods - 1)]);
    expect(itemInfo(waybills[1]).split('×').at(-1)).toBe(String(big.goodsCount));

    const history = await station.history.search({ text: big.orderNumber });
    expect(history.rows.map((row) => [row.waybillCode, row.parcel])).toEqual(waybills.slice(0, 3).map((waybillCode, index) => [waybillCode, { no: index + 1, count: 3 }]));
    expect(new Set(history.rows.map((row) => row.parentWaybillCode))).toEqual(new Set([waybills[0]]));
    // The orders table: the order is printed once every parcel is, and knows every parcel's waybill (a scan of any finds it).
    const row = (await station.orderCache.list(SANDBOX_DEFAULTS.shopId)).rows.find((candidate) => candidate.order.orderNumber === big.orderNumber);
    expect(row?.station).toMatchObject({ waybill: 'issued', waybillCode: waybills[0], parcelWaybills: waybills.slice(0, 3), print: 'printed', printCount: 1 });

    // The shipment CSV: one line per order, on its parent waybill.
    const csv = await station.history.exportCsv({ text: big.orderNumber });
    expect(csv.lines).toBe(1);
    expect(csv.text).toContain(`${big.orderNumber},圆通速递,${waybills[0]}`);
    const single = await station.history.search({ text: plain.orderNumber });
    expect(single.rows.map((row) => [row.waybillCode, row.parcel, row.parentWaybillCode])).toEqual([[waybills[5], null, null]]);

    // One parcel's label that did not come out (reprinted into a paper-out) makes the whole order not printed: no label lost from view.
    await station.emulator.setFault({ kind: 'paper-out' });
    expect((await station.history.reprint({ waybillCodes: [waybills[1] as string], confirmAlreadyPrinted: true })).queued).toEqual([waybills[1]]);
    const printOf = async () => (await station.orderCache.list(SANDBOX_DEFAULTS.shopId)).rows.find((candidate) => candidate.order.orderNumber === big.orderNumber)?.station.print;
    await expect.poll(printOf, { timeout: 10_000 }).toBe('failed');
    await station.emulator.setFault(null);

    // Already issued: planned again, the order is left out, never issued again.
    const again = await station.engine.plan(station.planRequest([big.orderNumber], { parcelsByOrder }));
    expect(again.packages).toEqual([]);
    expect(again.alreadyIssued.map((entry) => entry.orderNumber)).toEqual([big.orderNumber]);
  });

  it('recovers every parcel of an order whose answer was lost (looked up at start-up), issuing none again, and prints each once', async () => {
    // Crash between "answer received" and "waybills recorded": the call took effect.
    const { big, plan, parcels } = await threeParcelsSentBehindTheJournal();
    const issued = parcels.map((waybill) => waybill.waybillCode);
    const from = station.bench.sandbox.calls().length;
    const printedBefore = station.emulator.printed().length;

    await station.restart();
    const report = await station.engine.startUp();
    expect(report.reconciled.recovered).toEqual([big.orderNumber]);
    await station.engine.settled(plan.jobId).catch(() => undefined);
    expect(issueBodiesSince(from)).toEqual([]);
    const history = await station.history.search({ text: big.orderNumber });
    expect(history.rows.map((row) => row.waybillCode).sort()).toEqual([...issued].sort());
    expect(history.rows.map((row) => row.parcel?.count)).toEqual([3, 3, 3]);
    await expect.poll(() => station.emulator.printed().slice(printedBefore).map((document) => document.documentId).sort(), { timeout: 10_000 }).toEqual([...issued].sort());
  });

  it('keeps an order answered in part pending with the waybills it got, and completes it from the query: every parcel once, none issued again', async () => {
    const { big, parcels, attemptId, now } = await threeParcelsSentBehindTheJournal();
    const journal = station.backend.write.journal;
    // The answer as if its third parcel's result were unreadable: two waybills kept, the order still pending.
    const statuses = await journal.finishIssue(
      attemptId,
      {
        kind: 'answered',
        issued: parcels.slice(0, 2).map((waybill, index) => ({ ...waybill, orderNumbers: [big.orderNumber], parcelNo: index + 1 })),
        failed: [],
        unknown: [{ orderNumbers: [big.orderNumber], error: stationError('gateway.entry-missing', { objectId: `${big.orderNumber}#3` }) }],
      },
      now,
    );
    expect(statuses).toEqual([expect.objectContaining({ orderNumber: big.orderNumber, state: 'pending', waybillCode: null })]);
    const from = station.bench.sandbox.calls().length;
    const printedBefore = station.emulator.printed().length;

    await station.restart();
    const report = await station.engine.startUp();
    expect(report.reconciled.recovered).toEqual([big.orderNumber]);
    expect(issueBodiesSince(from)).toEqual([]);
    const history = await station.history.search({ text: big.orderNumber });
    expect(history.rows.map((row) => [row.waybillCode, row.parcel])).toEqual(parcels.map((waybill, index) => [waybill.waybillCode, { no: index + 1, count: 3 }]));
    await expect.poll(() => station.emulator.printed().slice(printedBefore).map((document) => document.documentId).sort(), { timeout: 10_000 }).toEqual(parcels.map((waybill) => waybill.waybillCode).sort());
  });

  it('counts the balance in waybills: the first K are the packages whose parcels it covers, and only those are issued', async () => {
    const [big, second, third] = (await take(3)) as [SoldOrder, SoldOrder, SoldOrder];
    const parcelsByOrder: Record<string, OrderParcels> = { [keyOf(big.orderNumber)]: { count: 3, split: null } };
    await station.bench.sandbox.setBranchBalance('571001', 4);
    try {
      const plan = await station.engine.plan(station.planRequest([big.orderNumber, second.orderNumber, third.orderNumber], { parcelsByOrder }));
      // 5 waybills needed; 4 cover the three parcels of the first order and the second order.
      expect(plan.balanceShort).toEqual({ balance: 4, needed: 5, firstK: 2 });
      await station.engine.start({ jobId: plan.jobId, packageLimit: plan.balanceShort?.firstK });
      const ended = await station.engine.settled(plan.jobId);
      expect(ended.orders).toMatchObject({ issued: 2, skipped: 1 });
      expect((await station.engine.summary(plan.jobId))?.issued).toHaveLength(4);
      expect(station.bench.sandbox.issuedWaybill(third.orderNumber)).toBeUndefined();
    } finally {
      await station.bench.sandbox.setBranchBalance('571001', 5000);
    }
  });
});

