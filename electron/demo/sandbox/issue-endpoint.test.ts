import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findCarrier, waybillNumberPattern } from '../../../shared/domain/carriers';
import { decryptSandboxPrintData, type EncryptedPrintData, type PlainPrintData } from '../sandbox-print-crypto';
import { DEMO_OFFICE, DEMO_SENDER } from './demo-network';
import type { DemoOrder } from './demo-orders';
import { startSandbox, type RunningSandbox } from './index';
import { YTO_TEMPLATE_URL, callEndpoint, defined, issueBody, issueEntry, plainOrders, templateUrlOf, type Json } from './testing/test-requests';

interface IssuedModule {
  object_id: string;
  waybill_code: string;
  print_data: string;
  parent_waybill_code: string;
}

const modulesOf = (data: unknown): IssuedModule[] =>
  (data as { platform_waybill_ii_get_response: { modules: { waybill_cloud_print_response: IssuedModule[] } } }).platform_waybill_ii_get_response.modules
    .waybill_cloud_print_response;

/** The usual waybill-number pattern of a carrier. */
const patternOf = (cpCode: string) => waybillNumberPattern(defined(findCarrier(cpCode)?.waybillNumber));

let sandbox: RunningSandbox;
beforeEach(async () => {
  sandbox = await startSandbox({ orders: 300, rateLimit: { maxCalls: 1000, windowMs: 1000 } });
});
afterEach(async () => {
  await sandbox.close();
});

describe('issue endpoint: success', () => {
  it('allocates one waybill per entry, moves the balance and answers plain print data', async () => {
    const orders = plainOrders(sandbox, 2);
    const before = sandbox.branchBalance('571001');
    const otherBranches = sandbox.branchBalances().filter((balance) => balance.branchCode !== '571001');
    const points = sandbox.pointsBalance();

    const { status, envelope } = await callEndpoint(sandbox, 'issue', issueBody(sandbox, orders.map((order) => issueEntry(sandbox, [order]))));
    expect(status).toBe(200);
    expect(envelope.code, envelope.msg).toBe(0);
    expect(envelope).toMatchObject({ msg: 'success', data: { withholding_money: 2 } });
    expect(typeof envelope.msec).toBe('number');
    expect(Math.abs(envelope.time - Date.now() / 1000)).toBeLessThan(60);

    const modules = modulesOf(envelope.data);
    expect(modules.map((module) => module.object_id).sort()).toEqual(orders.map((order) => order.orderSn).sort());
    const pattern = patternOf('YTO');
    for (const module of modules) {
      expect(module.waybill_code).toMatch(pattern);
      expect(module.parent_waybill_code).toBe('');
      const order = defined(orders.find((candidate) => candidate.orderSn === module.object_id));
      const printData = JSON.parse(module.print_data) as PlainPrintData;
      expect(printData.templateURL).toBe(YTO_TEMPLATE_URL);
      expect(printData.signature).toMatch(/^MD:/);
      expect(printData.data.waybillCode).toBe(module.waybill_code);
      // Plain print data carries the recipient as sent: masked.
      expect(printData.data.recipient).toMatchObject({ name: order.receiverName, mobile: order.receiverPhone });
      expect(printData.data.sender).toMatchObject({ name: '小满百货', address: { district: '余杭区' } });
      expect(printData.data.routingInfo.origin.code).toBe('571001');
      expect(printData.data.routingInfo.routeCode).toMatch(/^\d{3}[A-D]-\d{3}-\d{3}$/);
      expect(printData.data.shippingOption).toMatchObject({ code: 'STANDARD_EXPRESS', title: '标准快递' });
      expect(sandbox.issuedWaybill(order.orderSn)?.waybillCode).toBe(module.waybill_code);
    }

    expect(sandbox.branchBalance('571001')).toMatchObject({ quantity: before.quantity - 2, allocatedQuantity: before.allocatedQuantity + 2 });
    expect(sandbox.branchBalances().filter((balance) => balance.branchCode !== '571001')).toEqual(otherBranches);
    expect(sandbox.pointsBalance()).toBe(points - 2);
  });

  it('encrypts print data when need_encrypt is true: the print component gets the decrypted receiver', async () => {
    const order = defined(plainOrders(sandbox, 1)[0]);
    const body = issueBody(sandbox, [issueEntry(sandbox, [order])], { need_encrypt: true });
    const { envelope } = await callEndpoint(sandbox, 'issue', body);
    expect(envelope.code, envelope.msg).toBe(0);
    const module = defined(modulesOf(envelope.data)[0]);
    const printData = JSON.parse(module.print_data) as EncryptedPrintData;
    expect(printData.encryptedData).toMatch(/^AES:[A-Za-z0-9+/=]+$/);
    expect(printData.signature).toMatch(/^MD:/);
    expect(printData.ver).toBe('waybill_print_secret_version_1');
    expect(printData.templateURL).toBe(YTO_TEMPLATE_URL);
    const content = decryptSandboxPrintData(module.print_data);
    expect(content.waybillCode).toBe(module.waybill_code);
    expect(content.recipient.name).toBe(order.clear.name);
    expect(content.recipient.mobile).toBe(order.clear.mobile);
    expect(content.recipient.address.detail).toBe(order.clear.address);
    expect(content.recipient.name).not.toContain('*');
  });

  it('also reads need_encrypt and vvtype at the top level', async () => {
    const order = defined(plainOrders(sandbox, 1)[0]);
    const body = { ...issueBody(sandbox, [issueEntry(sandbox, [order])]), need_encrypt: true, vvtype: 3 };
    const { envelope } = await callEndpoint(sandbox, 'issue', body);
    expect(envelope.code, envelope.msg).toBe(0);
    expect(JSON.parse(defined(modulesOf(envelope.data)[0]).print_data)).toHaveProperty('encryptedData');
  });

  it('gives a merged package (several order numbers) one waybill for all its orders', async () => {
    const merged = sandbox.orders().filter((order) => order.notes.includes('same-buyer-same-address'));
    expect(merged.length).toBeGreaterThan(0);
    const second = defined(merged[0]);
    const first = defined(sandbox.orders().find((order) => order.buyerId === second.buyerId && order !== second && order.address === second.address));
    const before = sandbox.branchBalance('571001').quantity;
    const { envelope } = await callEndpoint(sandbox, 'issue', issueBody(sandbox, [issueEntry(sandbox, [first, second])]));
    expect(envelope.code, envelope.msg).toBe(0);
    expect(modulesOf(envelope.data)).toHaveLength(1);
    const module = defined(modulesOf(envelope.data)[0]);
    expect(sandbox.issuedWaybill(first.orderSn)?.waybillCode).toBe(module.waybill_code);
    expect(sandbox.issuedWaybill(second.orderSn)?.waybillCode).toBe(module.waybill_code);
    expect(sandbox.issuedWaybill(first.orderSn)?.orderNumbers).toEqual([first.orderSn, second.orderSn]);
    expect(sandbox.branchBalance('571001').quantity).toBe(before - 1);
  });

  it('answers the waybills in another order than asked (match them by object_id)', async () => {
    const orders = plainOrders(sandbox, 10);
    const { envelope } = await callEndpoint(sandbox, 'issue', issueBody(sandbox, orders.map((order) => issueEntry(sandbox, [order]))));
    expect(envelope.code, envelope.msg).toBe(0);
    const answered = modulesOf(envelope.data).map((module) => module.object_id);
    expect([...answered].sort()).toEqual(orders.map((order) => order.orderSn).sort());
    expect(answered).not.toEqual(orders.map((order) => order.orderSn));
  });

  it('picks the branch by shipping_branch_code or else by the sender address, per carrier', async () => {
    const [a, b] = plainOrders(sandbox, 2) as [DemoOrder, DemoOrder];
    const byCode = await callEndpoint(sandbox, 'issue', issueBody(sandbox, [issueEntry(sandbox, [a])], { shipping_branch_code: '571001' }));
    expect(byCode.envelope.code, byCode.envelope.msg).toBe(0);
    expect(sandbox.issuedWaybill(a.orderSn)?.branchCode).toBe('571001');

    const ztoTemplate = templateUrlOf('ZTO');
    const zto = await callEndpoint(sandbox, 'issue', issueBody(sandbox, [issueEntry(sandbox, [b], ztoTemplate)], { cp_code: 'ZTO' }));
    expect(zto.envelope.code, zto.envelope.msg).toBe(0);
    expect(sandbox.issuedWaybill(b.orderSn)).toMatchObject({ cpCode: 'ZTO', branchCode: '57112' });
    expect(defined(modulesOf(zto.envelope.data)[0]).waybill_code).toMatch(patternOf('ZTO'));
  });

  it('draws a service the branch offers, and marks cash on delivery on the label', async () => {
    const order = defined(plainOrders(sandbox, 1)[0]);
    const entry: Json = { ...issueEntry(sandbox, [order]), logistics_services: '{"SVC-COD":{"value":"200"}}' };
    const { envelope } = await callEndpoint(sandbox, 'issue', issueBody(sandbox, [entry]));
    expect(envelope.code, envelope.msg).toBe(0);
    const printData = JSON.parse(defined(modulesOf(envelope.data)[0]).print_data) as PlainPrintData;
    expect(printData.data.shippingOption).toMatchObject({ code: 'COD', services: { 'SVC-COD': { value: '200' } } });
  });

  it('lists a branch whose service is required, and issues there when the call carries it', async () => {
    const { envelope: network } = await callEndpoint(sandbox, 'network-info', { owner_id: sandbox.shopId, platform: '1', wp_code: 'ZTO' });
    const branches = (defined((network.data as { content: Json[] }).content[0]).branch_account_cols as Json[]);
    const required = defined(branches.find((branch) => branch.branch_code === '57118'));
    expect(required.service_info_cols).toContainEqual(expect.objectContaining({ service_code: 'SVC-INSURE', required: true }));

    const order = defined(plainOrders(sandbox, 1, 40)[0]);
    const entry: Json = { ...issueEntry(sandbox, [order], templateUrlOf('ZTO')), logistics_services: '{"SVC-INSURE":{"value":"300"}}' };
    const body = issueBody(sandbox, [entry], { cp_code: 'ZTO', shipping_branch_code: '57118', sender: { ...DEMO_SENDER, address: { ...DEMO_OFFICE } } });
    const { envelope } = await callEndpoint(sandbox, 'issue', body);
    expect(envelope.code, envelope.msg).toBe(0);
    expect(sandbox.issuedWaybill(order.orderSn)).toMatchObject({ cpCode: 'ZTO', branchCode: '57118' });
  });

  it('takes item weight and volume as numbers and the request options as their types', async () => {
    const [good, bad] = plainOrders(sandbox, 2, 42) as [DemoOrder, DemoOrder];
    const withMeasures = (order: DemoOrder, weight: unknown): Json => {
      const entry = issueEntry(sandbox, [order]);
      const packageInfo = entry.package_info as { items: Json[] };
      return { ...entry, package_info: { items: packageInfo.items.map((item) => ({ ...item, weight, volume: 3000 })) } };
    };
    const options = { customer_code: '5710012345', brand_code: 'ZTO-B', call_door_pick_up: true, door_pick_up_time: '2026-11-25 14:00:00', door_pick_up_end_time: '2026-11-25 17:00:00' };
    const ok = await callEndpoint(sandbox, 'issue', issueBody(sandbox, [withMeasures(good, 500)], options));
    expect(ok.envelope.code, ok.envelope.msg).toBe(0);
    const textWeight = await callEndpoint(sandbox, 'issue', issueBody(sandbox, [withMeasures(bad, '500')]));
    expect(textWeight.envelope).toMatchObject({ code: 100 });
    expect(textWeight.envelope.msg).toContain('weight');
    const textPickUp = await callEndpoint(sandbox, 'issue', issueBody(sandbox, [withMeasures(bad, 500)], { call_door_pick_up: 'yes' }));
    expect(textPickUp.envelope).toMatchObject({ code: 100 });
  });

  it('rejects the demo orders made to fail: a receiver name too long, a non-ASCII order number', async () => {
    const longName = defined(sandbox.orders().find((order) => order.notes.includes('receiver-name-too-long')));
    const nonAscii = defined(sandbox.orders().find((order) => order.notes.includes('order-number-not-ascii')));
    const first = await callEndpoint(sandbox, 'issue', issueBody(sandbox, [issueEntry(sandbox, [longName])]));
    expect(first.envelope).toMatchObject({ code: 614 });
    expect(first.envelope.msg).toContain('收件人姓名长度不能超过40个字符');
    const second = await callEndpoint(sandbox, 'issue', issueBody(sandbox, [issueEntry(sandbox, [nonAscii])]));
    expect(second.envelope).toMatchObject({ code: 614 });
    expect(second.envelope.msg).toContain('订单号不能包含非ASCII字符');
  });
});

describe('issue endpoint: refusals before the rules', () => {
  it('answers 100 for wrong JSON types, a missing shop_id or an undocumented vvtype, without charging', async () => {
    const order = defined(plainOrders(sandbox, 1)[0]);
    const valid = issueBody(sandbox, [issueEntry(sandbox, [order])]);
    const points = sandbox.pointsBalance();
    const broken: Json[] = [
      { ...valid, shop_id: undefined },
      { ...valid, vvtype: 4 },
      { ...valid, param_waybill_cloud_print_apply_new_request: 'YTO' },
      issueBody(sandbox, [issueEntry(sandbox, [order])], { trade_order_info_dtos: 'entries' }),
      issueBody(sandbox, [{ ...issueEntry(sandbox, [order]), user_id: String(sandbox.userId) }]),
    ];
    for (const body of broken) {
      const { envelope } = await callEndpoint(sandbox, 'issue', body);
      expect(envelope.code, envelope.msg).toBe(100);
      expect(envelope.data).toBeNull();
    }
    expect(sandbox.pointsBalance()).toBe(points);
    expect(sandbox.issuedWaybills()).toHaveLength(0);
  });

  it('answers 302 with an https authorization link for an unauthorized shop, 103 for an unknown one', async () => {
    const order = defined(plainOrders(sandbox, 1)[0]);
    sandbox.setUnauthorizedShops(['88880001']);
    const unauthorized = await callEndpoint(sandbox, 'issue', { ...issueBody(sandbox, [issueEntry(sandbox, [order])]), shop_id: '88880001' });
    expect(unauthorized.envelope.code).toBe(302);
    expect((unauthorized.envelope.data as { auth_url: string }).auth_url).toMatch(/^https:\/\//);
    const unknown = await callEndpoint(sandbox, 'issue', { ...issueBody(sandbox, [issueEntry(sandbox, [order])]), shop_id: '12345' });
    expect(unknown.envelope.code).toBe(103);
  });
});
