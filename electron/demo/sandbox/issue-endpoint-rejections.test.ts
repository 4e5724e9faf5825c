import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_REJECTIONS, type IssueRejectionId } from '../../../shared/gateway/issue-rejections';
import { RECIPIENT_LIMITS, SENDER_LIMITS, type PartyField } from '../../../shared/gateway/issue-limits';
import { DEMO_OFFICE } from './demo-network';
import type { DemoOrder } from './demo-orders';
import { startSandbox, type RunningSandbox } from './index';
import { callEndpoint, defined, issueBody, issueEntry, plainOrders, templateUrlOf, type Json } from './testing/test-requests';

// Every 614 condition of spec 4.3 / 7.2 / 8 and decisions.md, one case each, over real HTTP.
// Each case starts from a valid call and breaks it in one way; the whole call must be rejected
// with the catalogue's message for that condition, nothing allocated, and the fee charged.

/** The catalogue id whose template matches a message (placeholders match anything). */
function rejectionIdOf(message: string): IssueRejectionId | undefined {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return ISSUE_REJECTIONS.find((rejection) => {
    const pattern = rejection.template.split(/\{\w+\}/).map(escape).join('.+?');
    return new RegExp(`^${pattern}$`, 's').test(message);
  })?.id;
}

type Entry = Json & { recipient: Json & { address: Json }; order_info: Json; package_info: Json };
type Request = Json & { sender: Json & { address: Json }; trade_order_info_dtos: Entry[] };

const entryAt = (request: Request, index: number): Entry => defined(request.trade_order_info_dtos[index], `entry ${index}`);
const firstItem = (entry: Entry): Json => defined((entry.package_info.items as Json[])[0], 'item');

let sandbox: RunningSandbox;
let nextOrder = 0;
const covered = new Set<IssueRejectionId>();

/** Fresh plain orders for each case, so no case sees another's waybills. */
const takeOrders = (count: number): DemoOrder[] => {
  const orders = plainOrders(sandbox, count, nextOrder);
  nextOrder += count;
  return orders;
};

/** A valid body with `count` single-order entries, handed to `breakIt` to spoil. */
function brokenBody(count: number, breakIt: (request: Request, body: Json) => void, cpCode = 'YTO'): Json {
  const entries = takeOrders(count).map((order) => issueEntry(sandbox, [order], templateUrlOf(cpCode)));
  const body = issueBody(sandbox, entries, { cp_code: cpCode });
  breakIt(body.param_waybill_cloud_print_apply_new_request as Request, body);
  return body;
}

async function expectRejected(body: Json, id: IssueRejectionId, messagePart?: string): Promise<string> {
  const issuedBefore = sandbox.issuedWaybills().length;
  const balancesBefore = sandbox.branchBalances();
  const pointsBefore = sandbox.pointsBalance();
  const { status, envelope } = await callEndpoint(sandbox, 'issue', body);
  expect(status).toBe(200);
  expect(envelope.code, envelope.msg).toBe(614);
  expect(rejectionIdOf(envelope.msg), envelope.msg).toBe(id);
  if (messagePart) expect(envelope.msg).toContain(messagePart);
  expect(envelope.data).toEqual({ withholding_money: 2 });
  expect(sandbox.pointsBalance()).toBe(pointsBefore - 2);
  // The whole call is rejected: nothing allocated anywhere.
  expect(sandbox.issuedWaybills()).toHaveLength(issuedBefore);
  expect(sandbox.branchBalances()).toEqual(balancesBefore);
  covered.add(id);
  return envelope.msg;
}

const repeat = (character: string, length: number) => character.repeat(length);

beforeAll(async () => {
  sandbox = await startSandbox({ orders: 2000, rateLimit: { maxCalls: 10_000, windowMs: 1000 } });
});
afterAll(async () => {
  await sandbox.close();
});

describe('614 conditions, one case each', () => {
  const cases: Array<[string, IssueRejectionId, () => Json, string?]> = [
    ['a required field is empty (recipient province)', 'required-field-empty', () => brokenBody(2, (r) => (entryAt(r, 1).recipient.address.province = '')), 'trade_order_info_dtos[1].recipient.address.province'],
    ['a required field is absent (items)', 'required-field-empty', () => brokenBody(1, (r) => delete entryAt(r, 0).package_info.items), 'trade_order_info_dtos[0].package_info.items'],
    ['recipient has neither mobile nor phone', 'recipient-contact-empty', () => brokenBody(2, (r) => (entryAt(r, 0).recipient.mobile = ''))],
    ['sender has neither mobile nor phone', 'sender-contact-empty', () => brokenBody(1, (r) => Object.assign(r.sender, { mobile: '', phone: '' }))],
    ['order channel empty', 'order-channel-empty', () => brokenBody(2, (r) => (entryAt(r, 1).order_info.order_channels_type = ''))],
    ['cp_code empty', 'cp-code-empty', () => brokenBody(1, (r) => (r.cp_code = ''))],
    ['recipient name over 40', 'recipient-name-too-long', () => brokenBody(1, (r) => (entryAt(r, 0).recipient.name = repeat('张', 41)))],
    ['recipient province over 20', 'recipient-province-too-long', () => brokenBody(1, (r) => (entryAt(r, 0).recipient.address.province = repeat('浙', 21)))],
    ['recipient city over 20', 'recipient-city-too-long', () => brokenBody(1, (r) => (entryAt(r, 0).recipient.address.city = repeat('杭', 21)))],
    ['recipient town over 30', 'recipient-town-too-long', () => brokenBody(1, (r) => (entryAt(r, 0).recipient.address.town = repeat('镇', 31)))],
    ['recipient detail over 255', 'detail-address-too-long', () => brokenBody(1, (r) => (entryAt(r, 0).recipient.address.detail = repeat('路', 256))), 'recipient.address.detail'],
    ['sender name of 40 (limit 39)', 'sender-name-too-long', () => brokenBody(1, (r) => (r.sender.name = repeat('满', 40)))],
    ['sender mobile of 20 (limit 19)', 'sender-mobile-too-long', () => brokenBody(1, (r) => (r.sender.mobile = repeat('1', 20)))],
    ['sender landline of 20 (limit 19)', 'sender-phone-too-long', () => brokenBody(1, (r) => (r.sender.phone = repeat('0', 20)))],
    ['recipient mobile of 20 (generic length limit)', 'field-too-long', () => brokenBody(1, (r) => (entryAt(r, 0).recipient.mobile = repeat('1', 20))), 'recipient.mobile'],
    ['item name over 128', 'item-name-too-long', () => brokenBody(1, (r) => (firstItem(entryAt(r, 0)).name = repeat('品', 129)))],
    ['order number over 40', 'order-number-too-long', () => brokenBody(1, (r) => ((entryAt(r, 0).order_info.trade_order_list as string[])[0] = repeat('7', 41)))],
    ['package id over 40', 'package-id-too-long', () => brokenBody(1, (r) => (entryAt(r, 0).package_info.id = repeat('P', 41)))],
    ['item count 0', 'item-count-not-positive', () => brokenBody(1, (r) => (firstItem(entryAt(r, 0)).count = 0))],
    ['order number with non-ASCII characters', 'order-number-non-ascii', () => brokenBody(1, (r) => ((entryAt(r, 0).order_info.trade_order_list as string[])[0] = '补发3312345678901234567'))],
    ['order number with a space', 'order-number-invalid-characters', () => brokenBody(1, (r) => ((entryAt(r, 0).order_info.trade_order_list as string[])[0] = '3312 345678'))],
    ['package id with non-ASCII characters', 'package-id-non-ascii', () => brokenBody(1, (r) => (entryAt(r, 0).package_info.id = '包裹1'))],
    ['package id with a hyphen', 'package-id-invalid-characters', () => brokenBody(1, (r) => (entryAt(r, 0).package_info.id = 'PKG-1'))],
    [
      'the same order number in two entries',
      'duplicate-order-number',
      () => brokenBody(2, (r) => (entryAt(r, 1).order_info.trade_order_list = [...(entryAt(r, 0).order_info.trade_order_list as string[])])),
    ],
    ['the same object_id twice', 'duplicate-object-id', () => brokenBody(2, (r) => (entryAt(r, 1).object_id = entryAt(r, 0).object_id))],
    [
      'package ids equal but for case (123A and 123a)',
      'duplicate-package-id',
      () =>
        brokenBody(2, (r) => {
          entryAt(r, 0).package_info.id = 'PKG_123A';
          entryAt(r, 1).package_info.id = 'pkg_123a';
        }),
      'pkg_123a',
    ],
    ['11 entries', 'too-many-entries', () => brokenBody(11, () => undefined)],
    ['101 order numbers in one entry', 'too-many-order-numbers', () => brokenBody(1, (r) => (entryAt(r, 0).order_info.trade_order_list = Array.from({ length: 101 }, (_, i) => `T${i}`)))],
    ['101 external trade numbers', 'too-many-out-trade-numbers', () => brokenBody(1, (r) => (entryAt(r, 0).order_info.out_trade_order_list = Array.from({ length: 101 }, (_, i) => `O${i}`))), 'out_trade_order_list'],
    ['101 items', 'too-many-items', () => brokenBody(1, (r) => (entryAt(r, 0).package_info.items = Array.from({ length: 101 }, () => ({ name: '杯子', count: 1 }))))],
    ['unknown order channel', 'unknown-order-channel', () => brokenBody(1, (r) => (entryAt(r, 0).order_info.order_channels_type = 'TAOBAO')), 'TAOBAO'],
    ['logistics_services not JSON', 'logistics-services-invalid', () => brokenBody(1, (r) => (entryAt(r, 0).logistics_services = '{SVC-COD: 200'))],
    ['logistics_services JSON of the wrong shape', 'logistics-services-invalid', () => brokenBody(1, (r) => (entryAt(r, 0).logistics_services = '{"SVC-COD":"200"}'))],
    [
      'recipient outside the carrier coverage (ZTO to Tibet)',
      'out-of-coverage',
      () => brokenBody(1, (r) => Object.assign(entryAt(r, 0).recipient.address, { province: '西藏自治区', city: '拉萨市', district: '城关区' }), 'ZTO'),
      '西藏自治区',
    ],
    ['invalid oaid', 'invalid-oaid', () => brokenBody(1, (r) => (entryAt(r, 0).recipient.oaid = 'expired!oaid'))],
    ['tid that is no real order', 'tid-not-real-order', () => brokenBody(1, (r) => (entryAt(r, 0).recipient.tid = '1000000000000000001'))],
    [
      "an order of another of the account's shops",
      'order-not-of-shop',
      () => {
        const foreign = defined(sandbox.orders(defined(sandbox.shops()[1]).shopId).find((order) => order.notes.length === 0));
        return brokenBody(2, (r) => (entryAt(r, 1).order_info.trade_order_list = [foreign.orderSn]));
      },
    ],
    ['carrier print service not open (YUNDA)', 'carrier-print-service-not-open', () => brokenBody(1, () => undefined, 'YUNDA'), 'YUNDA'],
    ['unknown carrier code', 'carrier-print-service-not-open', () => brokenBody(1, (r) => (r.cp_code = 'NOPE'))],
    [
      'a service the branch requires left out (ZTO 57118 requires 保价)',
      'required-logistics-service-missing',
      () => brokenBody(1, (r) => Object.assign(r, { shipping_branch_code: '57118', sender: { ...r.sender, address: { ...DEMO_OFFICE } } }), 'ZTO'),
      'SVC-INSURE',
    ],
    [
      'a required service without its value',
      'logistics-services-invalid',
      () => brokenBody(1, (r) => Object.assign(r, { shipping_branch_code: '57118', sender: { ...r.sender, address: { ...DEMO_OFFICE } } }) && (entryAt(r, 0).logistics_services = '{"SVC-INSURE":{}}'), 'ZTO'),
    ],
    ['a service the branch does not offer', 'logistics-service-not-subscribed', () => brokenBody(1, (r) => (entryAt(r, 0).logistics_services = '{"SVC-IN-TIME":{"value":"1"}}')), 'SVC-IN-TIME'],
    [
      'a one-at-a-time service in a batch of two (SF timed delivery)',
      'logistics-service-batch-not-allowed',
      () => brokenBody(2, (r) => r.trade_order_info_dtos.forEach((entry) => (entry.logistics_services = '{"SVC-IN-TIME":{"value":"2"}}')), 'SF'),
    ],
    ['sender address of no branch', 'sender-address-no-service', () => brokenBody(1, (r) => (r.sender.address.detail = '文一西路1号'))],
    ['shipping_branch_code whose addresses do not include the sender', 'sender-address-no-service', () => brokenBody(1, (r) => (r.shipping_branch_code = '571058'))],
    ['template URL of a custom area', 'template-url-malformed', () => brokenBody(1, (r) => (entryAt(r, 0).template_url = 'https://cloudprint.cainiao.com/template/customArea/1234/1'))],
    ['template URL not a URL', 'template-url-malformed', () => brokenBody(1, (r) => (entryAt(r, 0).template_url = 'template 101'))],
    ['template URL off the platform domain', 'template-url-not-platform-domain', () => brokenBody(1, (r) => (entryAt(r, 0).template_url = 'https://example.com/template/standard/101/3'))],
    ['template that does not exist', 'template-not-found', () => brokenBody(1, (r) => (entryAt(r, 0).template_url = 'https://cloudprint.cainiao.com/template/standard/999999/1'))],
    ['template version that does not exist', 'template-not-found', () => brokenBody(1, (r) => (entryAt(r, 0).template_url = 'https://cloudprint.cainiao.com/template/standard/101/9'))],
    ["another carrier's template", 'template-carrier-mismatch', () => brokenBody(1, (r) => (entryAt(r, 0).template_url = templateUrlOf('ZTO'))), '201'],
    ['product_code sent', 'product-code-service-not-found', () => brokenBody(1, (r) => (r.product_code = 'STANDARD_EXPRESS'))],
  ];

  it.each(cases)('%s → %s', async (_name, id, build, messagePart) => {
    await expectRejected(build(), id, messagePart);
  });

  it('balance insufficient: four waybills from the nearly empty branch (3 left)', async () => {
    const body = brokenBody(4, (r) => Object.assign(r.sender.address, { district: '萧山区', detail: '新塘街道萧绍路1088号小满家居门店' }));
    const message = await expectRejected(body, 'branch-balance-insufficient', '571058');
    expect(message).toContain('余额不足');
  });

  it('orders already issued at the same branch: overlap', async () => {
    const [a, b] = takeOrders(2) as [DemoOrder, DemoOrder];
    const first = await callEndpoint(sandbox, 'issue', issueBody(sandbox, [issueEntry(sandbox, [a])]));
    expect(first.envelope.code).toBe(0);
    const message = await expectRejected(issueBody(sandbox, [issueEntry(sandbox, [b, a])]), 'orders-overlap-issued');
    expect(message).toContain(a.orderSn);
    expect(message).not.toContain(b.orderSn);
  });

  it('order already issued at another branch (another desk, ZTO)', async () => {
    const [a, b] = takeOrders(2) as [DemoOrder, DemoOrder];
    await sandbox.markIssuedElsewhere([a.orderSn], { cpCode: 'ZTO' });
    const message = await expectRejected(issueBody(sandbox, [issueEntry(sandbox, [b]), issueEntry(sandbox, [a])]), 'order-issued-at-other-branch', '57112');
    expect(message).toContain(a.orderSn);
  });

  it('temporary system error: nothing allocated', async () => {
    sandbox.setFaults({ issueTemporaryErrorRate: 1 });
    try {
      await expectRejected(brokenBody(2, () => undefined), 'temporary-system-error');
    } finally {
      sandbox.setFaults({ issueTemporaryErrorRate: 0 });
    }
  });

  it('out of coverage (a fault): the first order is rejected with its province and carrier, nothing allocated', async () => {
    sandbox.setFaults({ issueOutOfCoverageRate: 1 });
    const orders = takeOrders(2);
    try {
      const { envelope } = await callEndpoint(sandbox, 'issue', issueBody(sandbox, orders.map((order) => issueEntry(sandbox, [order]))));
      expect(envelope.code).toBe(614);
      expect(rejectionIdOf(envelope.msg)).toBe('out-of-coverage');
      expect(envelope.msg).toContain(`收件地址${orders[0]?.province ?? 'no order'}超出快递公司YTO`);
    } finally {
      sandbox.setFaults({ issueOutOfCoverageRate: 0 });
    }
    for (const order of orders) expect(sandbox.issuedWaybill(order.orderSn)).toBeUndefined();
    expect(sandbox.calls().at(-1)?.fault).toBe('issue-out-of-coverage');
  });

  it('unknown exception while generating numbers: the waybills were allocated all the same', async () => {
    sandbox.setFaults({ issueUnknownErrorRate: 1 });
    const orders = takeOrders(2);
    try {
      const { envelope } = await callEndpoint(sandbox, 'issue', issueBody(sandbox, orders.map((order) => issueEntry(sandbox, [order]))));
      expect(envelope.code).toBe(614);
      expect(rejectionIdOf(envelope.msg)).toBe('number-generation-unknown-error');
      covered.add('number-generation-unknown-error');
    } finally {
      sandbox.setFaults({ issueUnknownErrorRate: 0 });
    }
    for (const order of orders) expect(sandbox.issuedWaybill(order.orderSn)).toBeDefined();
    expect(sandbox.calls().at(-1)?.fault).toBe('issue-unknown-error');
  });

  it('covers every message of the catalogue', () => {
    expect([...covered].sort()).toEqual(ISSUE_REJECTIONS.map((rejection) => rejection.id).sort());
  });
});

describe('field limits are inclusive maxima', () => {
  const fields: PartyField[] = ['name', 'mobile', 'phone', 'province', 'city', 'district', 'town', 'detail'];
  const setField = (party: Json & { address: Json }, field: PartyField, value: string) => {
    if (field === 'name' || field === 'mobile' || field === 'phone') party[field] = value;
    else party.address[field] = value;
  };

  it.each(fields)('recipient %s: at the limit passes, one over is rejected', async (field) => {
    const max = RECIPIENT_LIMITS[field];
    const atLimit = brokenBody(1, (r) => setField(entryAt(r, 0).recipient, field, repeat('1', max)));
    const ok = await callEndpoint(sandbox, 'issue', atLimit);
    expect(ok.envelope.code, ok.envelope.msg).toBe(0);
    const over = brokenBody(1, (r) => setField(entryAt(r, 0).recipient, field, repeat('1', max + 1)));
    const rejected = await callEndpoint(sandbox, 'issue', over);
    expect(rejected.envelope.code).toBe(614);
    expect(rejected.envelope.msg).toContain(String(max));
  });

  it.each(fields)('sender %s: one over the limit is rejected for its length', async (field) => {
    // At the limit the sender address no longer matches a branch, so only "over" is checked here.
    const max = SENDER_LIMITS[field];
    const over = brokenBody(1, (r) => setField(r.sender, field, repeat('1', max + 1)));
    const { envelope } = await callEndpoint(sandbox, 'issue', over);
    expect(envelope.code).toBe(614);
    expect(envelope.msg).toContain(`${max}个字符`);
  });

  it('sender name at its limit (39) passes', async () => {
    const { envelope } = await callEndpoint(sandbox, 'issue', brokenBody(1, (r) => (r.sender.name = repeat('满', 39))));
    expect(envelope.code, envelope.msg).toBe(0);
  });

  it('order number of 40, package id of 40, item name of 128, 100 items and 10 entries pass', async () => {
    const body = brokenBody(10, (r) => {
      const entry = entryAt(r, 0);
      (entry.order_info.trade_order_list as string[]).push(repeat('8', 40));
      entry.package_info.id = repeat('P', 40);
      entry.package_info.items = Array.from({ length: 100 }, () => ({ name: repeat('品', 128), count: 1 }));
    });
    const { envelope } = await callEndpoint(sandbox, 'issue', body);
    expect(envelope.code, envelope.msg).toBe(0);
  });
});
