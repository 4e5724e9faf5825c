import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { carrierTakesParcels } from '../../../shared/domain/carriers';
import { recognisedIssueRejection } from '../../gateway/issue-rejection-kind';
import { decryptSandboxPrintData, type PlainPrintData } from '../sandbox-print-crypto';
import type { DemoOrder } from './demo-orders';
import { startSandbox, type RunningSandbox } from './index';
import { callEndpoint, defined, issueBody, issueEntry, plainOrders, type Json } from './testing/test-requests';

interface IssuedModule {
  object_id: string;
  waybill_code: string;
  print_data: string;
  parent_waybill_code: string;
}

interface QueryResult {
  object_id: string;
  success: boolean;
  error_code?: string;
  waybill_cloud_print_response?: { print_data: string; waybill_code: string; parent_waybill_code?: string };
}

const modulesOf = (data: unknown): IssuedModule[] =>
  (data as { platform_waybill_ii_get_response: { modules: { waybill_cloud_print_response: IssuedModule[] } } }).platform_waybill_ii_get_response.modules
    .waybill_cloud_print_response;

const resultsOf = (data: unknown): QueryResult[] =>
  (data as { modules: { waybill_cloud_print_with_result_desc_response: QueryResult[] } }).modules.waybill_cloud_print_with_result_desc_response;

/** The parcels of one order as the station sends them: object_id `T`, `T#2`, …, each its own package id. */
function parcelEntries(sandbox: RunningSandbox, order: DemoOrder, count: number): Json[] {
  return Array.from({ length: count }, (_, index) => {
    const entry = issueEntry(sandbox, [order]);
    return {
      ...entry,
      object_id: index === 0 ? order.orderSn : `${order.orderSn}#${index + 1}`,
      package_info: { ...(entry.package_info as Json), id: `${order.orderSn.replace(/\W/g, '_')}_P${index + 1}` },
    };
  });
}

/** The entries without their package ids at these positions. */
const withoutPackageId = (entries: Json[], positions: readonly number[]): Json[] =>
  entries.map((entry, index) => {
    if (!positions.includes(index)) return entry;
    const { items } = entry.package_info as { items: unknown };
    return { ...entry, package_info: { items } };
  });

const MULTI = { multi_packages_shipment: true };

let sandbox: RunningSandbox;
beforeEach(async () => {
  sandbox = await startSandbox({ orders: 300, rateLimit: { maxCalls: 1000, windowMs: 1000 } });
});
afterEach(async () => {
  await sandbox.close();
});

describe('one order in several parcels (一单多包)', () => {
  it('issues a three-parcel order beside an ordinary one: four waybills, the parcels under the first parcel’s number', async () => {
    const [parcelled, ordinary] = plainOrders(sandbox, 2) as [DemoOrder, DemoOrder];
    const before = sandbox.branchBalance('571001').quantity;
    const body = issueBody(sandbox, [...parcelEntries(sandbox, parcelled, 3), issueEntry(sandbox, [ordinary])], MULTI);
    const { envelope } = await callEndpoint(sandbox, 'issue', body);
    expect(envelope.code, envelope.msg).toBe(0);

    const modules = modulesOf(envelope.data);
    expect(modules).toHaveLength(4);
    expect(new Set(modules.map((module) => module.waybill_code)).size).toBe(4);
    const first = defined(modules.find((module) => module.object_id === parcelled.orderSn));
    const parcels = modules.filter((module) => module.object_id.startsWith(parcelled.orderSn));
    expect(parcels.map((module) => module.object_id).sort()).toEqual([parcelled.orderSn, `${parcelled.orderSn}#2`, `${parcelled.orderSn}#3`].sort());
    for (const parcel of parcels) {
      expect(parcel.parent_waybill_code).toBe(first.waybill_code);
      expect((JSON.parse(parcel.print_data) as PlainPrintData).data.waybillCode).toBe(parcel.waybill_code);
    }
    expect(defined(modules.find((module) => module.object_id === ordinary.orderSn)).parent_waybill_code).toBe('');

    // The state: three waybills of the order under one parent, the parent's the order's waybill; no second waybill.
    const stored = sandbox.issuedWaybills().filter((waybill) => waybill.orderNumbers.includes(parcelled.orderSn));
    expect(stored.map((waybill) => waybill.parentWaybillCode)).toEqual([first.waybill_code, first.waybill_code, first.waybill_code]);
    expect(sandbox.issuedWaybill(parcelled.orderSn)?.waybillCode).toBe(first.waybill_code);
    expect(sandbox.issuedWaybill(ordinary.orderSn)?.parentWaybillCode).toBeUndefined();
    expect(sandbox.secondWaybills()).toEqual([]);
    expect(sandbox.branchBalance('571001').quantity).toBe(before - 4);

    // The request as the call log keeps it.
    const request = (defined(sandbox.calls().at(-1)).body as { param_waybill_cloud_print_apply_new_request: Json }).param_waybill_cloud_print_apply_new_request;
    expect(request.multi_packages_shipment).toBe(true);
    const dtos = request.trade_order_info_dtos as Array<{ package_info: { id?: string }; order_info: { trade_order_list: string[] } }>;
    expect(dtos.map((dto) => dto.package_info.id)).toEqual([...Array.from({ length: 3 }, (_, index) => `${parcelled.orderSn.replace(/\W/g, '_')}_P${index + 1}`), undefined]);
    expect(dtos.map((dto) => dto.order_info.trade_order_list)).toEqual([[parcelled.orderSn], [parcelled.orderSn], [parcelled.orderSn], [ordinary.orderSn]]);
  });

  it('reads multi_packages_shipment at the top level too, and lets ordinary entries ride with it', async () => {
    const [parcelled, ordinary] = plainOrders(sandbox, 2, 2) as [DemoOrder, DemoOrder];
    const body = { ...issueBody(sandbox, [...parcelEntries(sandbox, parcelled, 2), issueEntry(sandbox, [ordinary])]), ...MULTI };
    const { envelope } = await callEndpoint(sandbox, 'issue', body);
    expect(envelope.code, envelope.msg).toBe(0);
    expect(modulesOf(envelope.data).filter((module) => module.parent_waybill_code !== '')).toHaveLength(2);
  });

  it('answers a query of the order with one record per parcel, each with the entry’s object_id and the parent', async () => {
    const [parcelled, ordinary, never] = plainOrders(sandbox, 3, 4) as [DemoOrder, DemoOrder, DemoOrder];
    const issue = await callEndpoint(sandbox, 'issue', issueBody(sandbox, [...parcelEntries(sandbox, parcelled, 3), issueEntry(sandbox, [ordinary])], MULTI));
    expect(issue.envelope.code, issue.envelope.msg).toBe(0);
    const parent = defined(modulesOf(issue.envelope.data).find((module) => module.object_id === parcelled.orderSn)).waybill_code;
    const parcelCodes = modulesOf(issue.envelope.data)
      .filter((module) => module.parent_waybill_code === parent)
      .map((module) => module.waybill_code);

    const { envelope } = await callEndpoint(sandbox, 'query-issued', {
      shop_id: sandbox.shopId,
      vvtype: 1,
      param_list: [parcelled, ordinary, never].map((order) => ({ biz_sub_code: order.orderSn, object_id: `q-${order.orderSn}` })),
    });
    expect(envelope.code, envelope.msg).toBe(0);
    const results = resultsOf(envelope.data);
    expect(results).toHaveLength(5);

    const parcels = results.filter((result) => result.object_id === `q-${parcelled.orderSn}`);
    expect(parcels).toHaveLength(3);
    expect(parcels.every((result) => result.success)).toBe(true);
    expect(parcels.map((result) => result.waybill_cloud_print_response?.waybill_code).sort()).toEqual([...parcelCodes].sort());
    for (const result of parcels) {
      const response = defined(result.waybill_cloud_print_response);
      expect(response.parent_waybill_code).toBe(parent);
      expect(decryptSandboxPrintData(response.print_data).waybillCode).toBe(response.waybill_code);
    }

    const ordinaryResults = results.filter((result) => result.object_id === `q-${ordinary.orderSn}`);
    expect(ordinaryResults).toHaveLength(1);
    expect(defined(ordinaryResults[0]).waybill_cloud_print_response).not.toHaveProperty('parent_waybill_code');
    expect(results.filter((result) => result.object_id === `q-${never.orderSn}`)).toEqual([expect.objectContaining({ success: false, error_code: 'WAYBILL_NOT_FOUND' })]);
  });

  it('refuses parcels without their own package id (614 naming the field), issuing nothing', async () => {
    const [parcelled, ordinary] = plainOrders(sandbox, 2, 8) as [DemoOrder, DemoOrder];
    const entries = [...parcelEntries(sandbox, parcelled, 3), issueEntry(sandbox, [ordinary])];
    for (const [positions, field] of [
      [[1], 'trade_order_info_dtos[1].package_info.id'],
      [[0, 1, 2], 'trade_order_info_dtos[0].package_info.id'],
    ] as const) {
      const { envelope } = await callEndpoint(sandbox, 'issue', issueBody(sandbox, withoutPackageId(entries, positions), MULTI));
      expect(envelope.code).toBe(614);
      expect(envelope.msg).toBe(`必填字段${field}不能为空`);
      expect(recognisedIssueRejection(envelope.msg)).toBe('this-order-only');
    }
    // Parcels' package ids are unique in the call like any others.
    const sameIds = parcelEntries(sandbox, parcelled, 2).map((entry) => ({ ...entry, package_info: { ...(entry.package_info as Json), id: 'PKG_a' } }));
    const duplicate = await callEndpoint(sandbox, 'issue', issueBody(sandbox, sameIds, MULTI));
    expect(duplicate.envelope).toMatchObject({ code: 614 });
    expect(duplicate.envelope.msg).toContain('包裹ID重复');
    expect(sandbox.issuedWaybills()).toEqual([]);
  });

  it('refuses multi_packages_shipment for a carrier that does not take parcels, as stop-the-job', async () => {
    const order = defined(plainOrders(sandbox, 1, 10)[0]);
    expect(carrierTakesParcels('YUNDA')).toBe(false);
    const body = issueBody(sandbox, parcelEntries(sandbox, order, 2), { ...MULTI, cp_code: 'YUNDA' });
    const { envelope } = await callEndpoint(sandbox, 'issue', body);
    expect(envelope.code).toBe(614);
    expect(envelope.msg).toContain('一单多包');
    expect(recognisedIssueRejection(envelope.msg)).toBe('stop-job');
    // Even a single order: the flag itself is what the carrier refuses.
    const single = await callEndpoint(sandbox, 'issue', issueBody(sandbox, [issueEntry(sandbox, [order])], { ...MULTI, cp_code: 'YUNDA' }));
    expect(single.envelope.msg).toBe(envelope.msg);
    expect(sandbox.issuedWaybills()).toEqual([]);
  });

  it('still refuses the same order twice in a call without multi_packages_shipment, or merged with another order', async () => {
    const [parcelled, other] = plainOrders(sandbox, 2, 12) as [DemoOrder, DemoOrder];
    const duplicate = `同一请求中订单号重复：${parcelled.orderSn}`;
    for (const request of [{}, { multi_packages_shipment: false }]) {
      const { envelope } = await callEndpoint(sandbox, 'issue', issueBody(sandbox, parcelEntries(sandbox, parcelled, 2), request));
      expect(envelope).toMatchObject({ code: 614, msg: duplicate });
    }
    // With the flag, an order is a parcel only where it stands alone in its entry.
    const [alone] = parcelEntries(sandbox, parcelled, 1) as [Json];
    const merged = { ...issueEntry(sandbox, [parcelled, other]), object_id: 'merged', package_info: { id: 'PKG_m', items: [{ name: 'x', count: 1 }] } };
    const mixed = await callEndpoint(sandbox, 'issue', issueBody(sandbox, [alone, merged], MULTI));
    expect(mixed.envelope).toMatchObject({ code: 614, msg: duplicate });
    expect(sandbox.issuedWaybills()).toEqual([]);
  });

  it('counts an order issued in parcels as issued: a later call with it is an overlap', async () => {
    const [parcelled, next] = plainOrders(sandbox, 2, 14) as [DemoOrder, DemoOrder];
    const issue = await callEndpoint(sandbox, 'issue', issueBody(sandbox, parcelEntries(sandbox, parcelled, 3), MULTI));
    expect(issue.envelope.code, issue.envelope.msg).toBe(0);
    const before = sandbox.issuedWaybills();

    const asOne = await callEndpoint(sandbox, 'issue', issueBody(sandbox, [issueEntry(sandbox, [parcelled]), issueEntry(sandbox, [next])]));
    expect(asOne.envelope).toMatchObject({ code: 614, msg: `申请的订单与已取号的订单存在重叠：${parcelled.orderSn}` });
    expect(recognisedIssueRejection(asOne.envelope.msg)).toBe('already-issued');
    const asParcels = await callEndpoint(sandbox, 'issue', issueBody(sandbox, parcelEntries(sandbox, parcelled, 2), MULTI));
    expect(asParcels.envelope).toMatchObject({ code: 614, msg: `申请的订单与已取号的订单存在重叠：${parcelled.orderSn}` });
    expect(sandbox.issuedWaybills()).toEqual(before);
  });

  it('issues all parcels or none: a call the balance cannot cover allocates nothing', async () => {
    const order = defined(plainOrders(sandbox, 1, 16)[0]);
    await sandbox.setBranchBalance('571001', 2);
    const { envelope } = await callEndpoint(sandbox, 'issue', issueBody(sandbox, parcelEntries(sandbox, order, 3), MULTI));
    expect(envelope.code).toBe(614);
    expect(envelope.msg).toContain('余额不足');
    expect(sandbox.issuedWaybills()).toEqual([]);
    expect(sandbox.branchBalance('571001').quantity).toBe(2);
  });

  it('counts a re-issued parcel order’s new waybills as second waybills when the overlap check is off', async () => {
    const order = defined(plainOrders(sandbox, 1, 18)[0]);
    const first = await callEndpoint(sandbox, 'issue', issueBody(sandbox, parcelEntries(sandbox, order, 2), MULTI));
    expect(first.envelope.code, first.envelope.msg).toBe(0);
    sandbox.setFaults({ overlapCheckOff: true });
    const again = await callEndpoint(sandbox, 'issue', issueBody(sandbox, parcelEntries(sandbox, order, 2), MULTI));
    expect(again.envelope.code, again.envelope.msg).toBe(0);
    const codes = (answer: typeof first) => modulesOf(answer.envelope.data).map((module) => module.waybill_code).sort();
    const [repeat] = sandbox.secondWaybills();
    expect([...defined(repeat).waybillCodes.slice(0, 2)].sort()).toEqual(codes(first));
    expect([...defined(repeat).waybillCodes.slice(2)].sort()).toEqual(codes(again));
    // The order's waybills are now the new ticket's.
    const newParent = defined(modulesOf(again.envelope.data)[0]).parent_waybill_code;
    expect(sandbox.issuedWaybill(order.orderSn)?.waybillCode).toBe(newParent);
  });
});

describe('parcels in the data file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sandbox-parcels-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps an order’s parcels across a restart: the query still answers each under its parent', async () => {
    const dataFile = join(dir, 'sandbox.json');
    const first = await startSandbox({ orders: 200, dataFile });
    const order = defined(plainOrders(first, 1)[0]);
    const issue = await callEndpoint(first, 'issue', issueBody(first, parcelEntries(first, order, 3), MULTI));
    expect(issue.envelope.code, issue.envelope.msg).toBe(0);
    const parent = defined(modulesOf(issue.envelope.data)[0]).parent_waybill_code;
    await first.close();

    const second = await startSandbox({ orders: 200, dataFile });
    try {
      const { envelope } = await callEndpoint(second, 'query-issued', { shop_id: second.shopId, vvtype: 1, param_list: [{ biz_sub_code: order.orderSn, object_id: 'q' }] });
      const results = resultsOf(envelope.data);
      expect(results).toHaveLength(3);
      expect(results.map((result) => result.waybill_cloud_print_response?.parent_waybill_code)).toEqual([parent, parent, parent]);
      expect(second.issuedWaybill(order.orderSn)?.waybillCode).toBe(parent);
    } finally {
      await second.close();
    }
  });
});
