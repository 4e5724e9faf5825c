import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Party } from '../../shared/domain/issue-entry';
import type { SoldOrder } from '../../shared/domain/sold-order';
import { defaultSettings, type Settings } from '../../shared/settings/settings-schema';
import { issueSettings } from './issue-settings';
import { DEMO_CUSTOM_AREA_TEMPLATE_URL, DEMO_OFFICE, DEMO_SENDER, SANDBOX_DEFAULTS, STANDARD_TEMPLATES, standardTemplateUrl } from '../demo/sandbox/index';
import { shopOrderKey } from '../../shared/domain/shop-order';
import { itemAt } from '../gateway/testing/gateway-test-bench';
import { entryForOrders } from './issue-plan';
import { issueRequestsSince, openIssuingTestStation, type IssuingTestStation } from './testing/issuing-test-kit';

// The whole issue request against the sandbox: services (a branch that requires one), package
// measures, monthly card, brand, pickup, the sender's landline, held-back order statuses. Each
// request is read back from the sandbox's call log.

type Json = Record<string, unknown>;
type IssueCallBody = { param_waybill_cloud_print_apply_new_request: Json & { sender: Json; trade_order_info_dtos: Array<Json & { package_info: { items: Json[] } }> } };

let station: IssuingTestStation;
beforeAll(async () => {
  station = await openIssuingTestStation({ sandbox: { orders: 300 } });
});
afterAll(async () => {
  await station.close();
});

const ztoTemplateUrl = standardTemplateUrl(itemAt(STANDARD_TEMPLATES.filter((template) => template.cpCode === 'ZTO'), 0));
const officeSender: Party = { name: DEMO_SENDER.name, mobile: DEMO_SENDER.mobile, phone: '', address: { ...DEMO_OFFICE, town: '' } };
/** ZTO's branch 57118 at the demo office: it requires 保价 (SVC-INSURE) on every waybill. */
/** The key of an order of the sandbox's first shop, as per-order choices are keyed. */
const ofShop = (orderNumber: string) => shopOrderKey({ shopId: SANDBOX_DEFAULTS.shopId, orderNumber });
const requiredServiceBranch = { carrierCode: 'ZTO', branchCode: '57118', sender: officeSender, templateUrl: ztoTemplateUrl };

let skip = 0;
/** Fresh issuable orders for each test. */
async function take(count: number): Promise<SoldOrder[]> {
  const orders = await station.issuable(count, skip);
  skip += count;
  return orders;
}

const issueBodiesSince = (from: number) => issueRequestsSince<IssueCallBody['param_waybill_cloud_print_apply_new_request']>(station, from);

describe('the label’s custom area', () => {
  it('is filled on demo labels (the sandbox’s own custom-area template); a real gateway’s labels carry one only where Settings names a template', () => {
    const demo = defaultSettings();
    expect(issueSettings(demo).customAreaTemplateUrl).toBe(DEMO_CUSTOM_AREA_TEMPLATE_URL);
    const real: Settings = { ...demo, gateway: { ...demo.gateway, baseUrl: 'https://gateway.example.com' } };
    expect(issueSettings(real).customAreaTemplateUrl).toBeNull();
    const own = 'https://cloudprint.cainiao.com/template/customArea/1234/1';
    expect(issueSettings({ ...demo, print: { ...demo.print, customAreaTemplateUrl: own } }).customAreaTemplateUrl).toBe(own);
  });
});

describe('the whole issue request, read back at the sandbox', () => {
  it('offers the branch’s services, always sends the required one and holds every order until its value is given', async () => {
    const orders = (await take(2)).map((order) => order.orderNumber);
    const plan = await station.engine.plan(station.planRequest(orders, requiredServiceBranch));
    expect(plan.services.offered?.map((service) => [service.code, service.required])).toEqual([['SVC-INSURE', true], ['SVC-COD', false]]);
    expect(plan.services.chosen).toEqual([{ code: 'SVC-INSURE', values: {} }]);
    expect(plan.packages).toEqual([]);
    expect(plan.invalid.map((order) => [order.orderNumber, order.problems.map((problem) => problem.code)])).toEqual(orders.map((orderNumber) => [orderNumber, ['validation.service-value-required']]));
    expect(plan.invalid[0]?.problems[0]?.params).toMatchObject({ serviceName: '保价', attribute: '保价金额' });
  });

  it('refuses, for the whole job, a service the branch does not offer (a carrier-wide default from Settings)', async () => {
    const orders = (await take(1)).map((order) => order.orderNumber);
    const plan = await station.engine.plan(station.planRequest(orders, { ...requiredServiceBranch, services: [{ code: 'SVC-IN-TIME', values: { value: '1' } }, { code: 'SVC-INSURE', values: { value: '300' } }] }));
    expect(plan.services.chosen.map((choice) => choice.code)).toEqual(['SVC-INSURE', 'SVC-IN-TIME']);
    expect(plan.requestProblems).toEqual([expect.objectContaining({ code: 'validation.service-not-offered', params: expect.objectContaining({ service: 'SVC-IN-TIME', branch: '57118' }) })]);
  });

  it('the sandbox answers 614 to an issue call that leaves the required service out, as the gateway would', async () => {
    const [order] = (await take(1)) as [SoldOrder];
    const entry = entryForOrders(station.bench.sandbox.shopId, [order], { ...station.planRequest([]), ...requiredServiceBranch });
    const result = await station.client.issueWaybills({ ...requiredServiceBranch, needEncrypt: true, entries: [entry] });
    expect(result).toMatchObject({ ok: false, error: { code: 'gateway.issue-rejected.stop-job' } });
    expect(result.ok ? '' : String(result.error.params.message)).toContain('SVC-INSURE');
    expect(station.bench.sandbox.issuedWaybill(order.orderNumber)).toBeUndefined();
  });

  it('issues at the required-service branch with the service and each order’s declared value', async () => {
    const [first, second] = (await take(2)).map((order) => order.orderNumber) as [string, string];
    const from = station.bench.sandbox.calls().length;
    const jobId = await station.issueAndPrint([first, second], {
      ...requiredServiceBranch,
      services: [{ code: 'SVC-INSURE', values: { value: '300' } }],
      serviceValuesByOrder: { [ofShop(second)]: { 'SVC-INSURE': { value: '900' } } },
    });
    expect((await station.engine.summary(jobId))?.issued).toHaveLength(2);
    const entries = issueBodiesSince(from).flatMap((body) => body.trade_order_info_dtos);
    expect(Object.fromEntries(entries.map((entry) => [entry.object_id, entry.logistics_services]))).toEqual({
      [first]: '{"SVC-INSURE":{"value":"300"}}',
      [second]: '{"SVC-INSURE":{"value":"900"}}',
    });
    expect(station.bench.sandbox.issuedWaybill(first)).toMatchObject({ branchCode: '57118' });
  });

  it('sends weight and volume (job default, one order’s own), the monthly card, the brand and the pickup window', async () => {
    const [first, second] = (await take(2)).map((order) => order.orderNumber) as [string, string];
    const from = station.bench.sandbox.calls().length;
    await station.issueAndPrint([first, second], {
      packageMeasures: { weightG: 500, volumeMl: 3000 },
      packageMeasuresByOrder: { [ofShop(second)]: { weightG: 1200, volumeMl: null } },
      customerCode: '5710012345',
      brandCode: 'YTO-B',
      doorPickUp: { start: '2026-11-25 14:00:00', end: '2026-11-25 17:00:00' },
    });
    const body = itemAt(issueBodiesSince(from), 0);
    expect(body).toMatchObject({
      customer_code: '5710012345',
      brand_code: 'YTO-B',
      call_door_pick_up: true,
      door_pick_up_time: '2026-11-25 14:00:00',
      door_pick_up_end_time: '2026-11-25 17:00:00',
    });
    const items = Object.fromEntries(body.trade_order_info_dtos.map((entry) => [entry.object_id, entry.package_info.items[0]]));
    expect(items[first]).toMatchObject({ weight: 500, volume: 3000 });
    expect(items[second]).toMatchObject({ weight: 1200 });
    expect(items[second]).not.toHaveProperty('volume');
  });

  it('sends none of the options when none is set', async () => {
    const [order] = (await take(1)).map((candidate) => candidate.orderNumber) as [string];
    const from = station.bench.sandbox.calls().length;
    await station.issueAndPrint([order]);
    const body = itemAt(issueBodiesSince(from), 0);
    for (const field of ['customer_code', 'brand_code', 'call_door_pick_up', 'door_pick_up_time']) expect(body).not.toHaveProperty(field);
    expect(body.trade_order_info_dtos[0]).not.toHaveProperty('logistics_services');
    expect(body.trade_order_info_dtos[0]?.package_info.items[0]).not.toHaveProperty('weight');
  });

  it('sends the sender’s landline as phone and a mobile as mobile, both when both are given', async () => {
    const settingsWith = (senderPhone: string): Settings => {
      const settings = defaultSettings();
      return { ...settings, shipFrom: { carrierCode: 'YTO', branchCode: '571001', senderAddress: { ...station.planRequest([]).sender.address, town: null }, senderName: '小满百货', senderPhone } };
    };
    const senders: Json[] = [];
    for (const senderPhone of ['0571-88012345', '+86 138 5710 0123', '13857100123 / 0571-88012345-801']) {
      const [order] = (await take(1)).map((candidate) => candidate.orderNumber) as [string];
      const from = station.bench.sandbox.calls().length;
      const { sender, ...rest } = issueSettings(settingsWith(senderPhone));
      await station.issueAndPrint([order], { sender, customAreaTemplateUrl: rest.customAreaTemplateUrl });
      senders.push(itemAt(issueBodiesSince(from), 0).sender);
    }
    expect(senders[0]).toMatchObject({ phone: '0571-88012345' });
    expect(senders[0]).not.toHaveProperty('mobile');
    expect(senders[1]).toMatchObject({ mobile: '13857100123' });
    expect(senders[1]).not.toHaveProperty('phone');
    expect(senders[2]).toMatchObject({ mobile: '13857100123', phone: '0571-88012345-801' });
  });

  it('keeps orders of a held-back status out of the plan unless each is confirmed; only the confirmed one reaches the gateway', async () => {
    const cached = (await station.orderCache.list()).rows.map((row) => row.order);
    const issued = await station.backend.read.journal.waybillsOf(station.bench.sandbox.shopId, cached.map((order) => order.orderNumber));
    const held = cached.filter((order) => order.orderStatus === 2 && !issued.has(order.orderNumber) && order.receiverPhone !== '' && order.receiverName.length <= 40).slice(0, 2);
    expect(held).toHaveLength(2);
    const plain = itemAt((await take(1)), 0);
    const orderNumbers = [plain.orderNumber, ...held.map((order) => order.orderNumber)];
    const plan = await station.engine.plan(station.planRequest(orderNumbers, { heldBackStatuses: [2] }));
    expect(plan.packages.map((pkg) => pkg.orderNumbers)).toEqual([[plain.orderNumber]]);
    expect(plan.heldBack).toEqual(held.map((order) => ({ shopId: station.bench.sandbox.shopId, orderNumber: order.orderNumber, orderStatus: 2 })));
    expect((await station.engine.jobOrders(plan.jobId)).filter((order) => order.state === 'invalid').map((order) => order.error?.code)).toEqual(['issuing.order-held-back', 'issuing.order-held-back']);

    const from = station.bench.sandbox.calls().length;
    await station.issueAndPrint(orderNumbers, { heldBackStatuses: [2], confirmedHeldBack: [ofShop(itemAt(held, 0).orderNumber)] });
    const sent = issueBodiesSince(from).flatMap((body) => body.trade_order_info_dtos.map((entry) => entry.object_id));
    expect(sent.sort()).toEqual([plain.orderNumber, itemAt(held, 0).orderNumber].sort());
    expect(station.bench.sandbox.issuedWaybill(itemAt(held, 1).orderNumber)).toBeUndefined();
  });
});
