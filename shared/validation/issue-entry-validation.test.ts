import { describe, expect, it } from 'vitest';
import type { IssueEntry, IssueRequest, Party } from '../domain/issue-entry';
import { describeError } from '../errors/station-error';
import type { StationError } from '../errors/station-error';
import { allProblems, validateIssueEntry, validateIssueRequest } from './issue-entry-validation';

const sender: Party = {
  name: '杭州发货仓',
  mobile: '13800000000',
  phone: '',
  address: { province: '浙江省', city: '杭州市', district: '余杭区', town: '', detail: '文一西路 1500 号' },
};

function entry(overrides: Partial<IssueEntry> = {}): IssueEntry {
  return {
    objectId: '3312345678901234567',
    orderChannel: 'TB',
    orderNumbers: ['3312345678901234567'],
    packageId: '',
    items: [{ name: '龙井茶 250g', count: 1 }],
    recipient: {
      name: '张**',
      mobile: '138****1234',
      phone: '',
      address: { province: '上海', city: '上海市', district: '浦东新区', town: '', detail: '世纪大道 ** 号' },
      oaid: '',
      tid: '3312345678901234567',
      caid: '',
    },
    templateUrl: 'https://cloudprint.cainiao.com/template/standard/101/3',
    logisticsServices: '',
    ...overrides,
  };
}

const recipientWith = (field: string, value: string): IssueEntry => {
  const base = entry();
  const address = ['province', 'city', 'district', 'town', 'detail'].includes(field)
    ? { ...base.recipient.address, [field]: value }
    : base.recipient.address;
  return entry({ recipient: { ...base.recipient, address, ...(address === base.recipient.address ? { [field]: value } : {}) } });
};

const codes = (problems: StationError[]): string[] => problems.map((problem) => problem.code);

describe('validateIssueEntry', () => {
  it('accepts a correct entry', () => {
    expect(validateIssueEntry(entry())).toEqual([]);
  });

  // The limits of decisions.md "Field limits", pinned to the spec numbers: the limit passes, one more fails.
  it.each([
    ['name', 40],
    ['mobile', 19],
    ['phone', 19],
    ['province', 20],
    ['city', 20],
    ['district', 20],
    ['town', 30],
    ['detail', 255],
  ])('holds recipient %s to %i characters', (field, limit) => {
    expect(validateIssueEntry(recipientWith(field, '字'.repeat(limit)))).toEqual([]);
    const [problem, ...others] = validateIssueEntry(recipientWith(field, '字'.repeat(limit + 1)));
    expect(others).toEqual([]);
    expect(problem?.code).toBe('validation.too-long');
    expect(problem?.params).toMatchObject({ orderId: '3312345678901234567', limit, length: limit + 1 });
  });

  it('holds order numbers to 40 ASCII letters, digits, _ and -, at most 100 per entry', () => {
    expect(validateIssueEntry(entry({ orderNumbers: ['A'.repeat(40)] }))).toEqual([]);
    expect(codes(validateIssueEntry(entry({ orderNumbers: ['A'.repeat(41)] })))).toEqual(['validation.too-long']);
    expect(codes(validateIssueEntry(entry({ orderNumbers: ['补发123'] })))).toEqual(['validation.invalid-characters']);
    expect(codes(validateIssueEntry(entry({ orderNumbers: ['123#2'] })))).toEqual(['validation.invalid-characters']);
    expect(validateIssueEntry(entry({ orderNumbers: ['240501-123456789012345', 'a_b'] }))).toEqual([]);
    const hundred = Array.from({ length: 100 }, (_, index) => `N${index}`);
    expect(validateIssueEntry(entry({ orderNumbers: hundred }))).toEqual([]);
    const [tooMany] = validateIssueEntry(entry({ orderNumbers: [...hundred, 'N100'] }));
    expect(tooMany).toMatchObject({ code: 'validation.too-many', params: { field: 'order_info.trade_order_list', limit: 100, count: 101 } });
    expect(codes(validateIssueEntry(entry({ orderNumbers: [] })))).toEqual(['validation.required']);
  });

  it('holds package ids to 40 ASCII letters, digits and _', () => {
    expect(validateIssueEntry(entry({ packageId: 'P'.repeat(40) }))).toEqual([]);
    expect(codes(validateIssueEntry(entry({ packageId: 'P'.repeat(41) })))).toEqual(['validation.too-long']);
    expect(codes(validateIssueEntry(entry({ packageId: 'PKG-1' })))).toEqual(['validation.invalid-characters']);
    expect(codes(validateIssueEntry(entry({ packageId: '包裹1' })))).toEqual(['validation.invalid-characters']);
  });

  it('holds items to 100 per package, names to 128 characters and counts above 0', () => {
    expect(validateIssueEntry(entry({ items: [{ name: '茶'.repeat(128), count: 1 }] }))).toEqual([]);
    expect(validateIssueEntry(entry({ items: [{ name: '茶'.repeat(129), count: 1 }] }))[0]?.params).toMatchObject({
      field: 'package_info.items[0].name',
      limit: 128,
    });
    expect(codes(validateIssueEntry(entry({ items: [{ name: '茶', count: 0 }] })))).toEqual(['validation.count-not-positive']);
    expect(codes(validateIssueEntry(entry({ items: [{ name: '茶', count: -2 }] })))).toEqual(['validation.count-not-positive']);
    expect(codes(validateIssueEntry(entry({ items: [] })))).toEqual(['validation.required']);
    const hundred = Array.from({ length: 100 }, () => ({ name: '茶', count: 1 }));
    expect(validateIssueEntry(entry({ items: hundred }))).toEqual([]);
    expect(codes(validateIssueEntry(entry({ items: [...hundred, { name: '茶', count: 1 }] })))).toEqual(['validation.too-many']);
  });

  it('holds oaid to 128 characters', () => {
    const base = entry();
    expect(validateIssueEntry(entry({ recipient: { ...base.recipient, oaid: 'o'.repeat(128) } }))).toEqual([]);
    expect(codes(validateIssueEntry(entry({ recipient: { ...base.recipient, oaid: 'o'.repeat(129) } })))).toEqual(['validation.too-long']);
  });

  it('requires a name, a province, a detail and one of mobile and phone for the recipient', () => {
    const base = entry();
    expect(validateIssueEntry(entry({ recipient: { ...base.recipient, mobile: '', phone: '0571-8888' } }))).toEqual([]);
    const problems = validateIssueEntry(entry({
      recipient: { ...base.recipient, name: ' ', mobile: '', phone: '', address: { ...base.recipient.address, province: '', detail: '' } },
    }));
    expect(problems.map((problem) => [problem.code, problem.params.field])).toEqual([
      ['validation.required', 'recipient.name'],
      ['validation.required', 'recipient.address.province'],
      ['validation.required', 'recipient.address.detail'],
      ['validation.phone-required', 'recipient'],
    ]);
  });

  it('checks the channel, the template URL and logistics_services JSON', () => {
    expect(codes(validateIssueEntry(entry({ orderChannel: 'TAOBAO' })))).toEqual(['validation.unknown-value']);
    expect(codes(validateIssueEntry(entry({ templateUrl: 'https://cloudprint.cainiao.com/template/customArea/1/1' })))).toEqual(['validation.bad-template-url']);
    expect(validateIssueEntry(entry({ logisticsServices: '{"SVC-COD":{"value":"200"}}' }))).toEqual([]);
    expect(codes(validateIssueEntry(entry({ logisticsServices: '{SVC-COD' })))).toEqual(['validation.not-json']);
  });

  it('words each problem with the order, the field, the limit and the fix, in both languages', () => {
    const [problem] = validateIssueEntry(recipientWith('name', 'x'.repeat(41)));
    if (!problem) throw new Error('expected a problem');
    const en = describeError(problem, 'en');
    expect(en.text).toBe('Order 3312345678901234567: recipient.name has 41 characters; the limit is 40.');
    expect(en.remedy).toBe('Shorten recipient.name to at most 40 characters.');
    const zh = describeError(problem, 'zh');
    expect(zh.text).toContain('3312345678901234567');
    expect(zh.text).toContain('recipient.name');
    expect(zh.remedy).toContain('40');
  });
});

describe('validateIssueRequest', () => {
  const request = (entries: IssueEntry[], overrides: Partial<IssueRequest> = {}): IssueRequest => ({ carrierCode: 'YTO', branchCode: '', sender, needEncrypt: true, entries, ...overrides });

  it('holds the sender to its stricter limits and reports them as the request’s, fixed in Settings', () => {
    expect(validateIssueRequest(request([entry()])).requestProblems).toEqual([]);
    for (const [field, limit] of [['name', 39], ['mobile', 19], ['phone', 19]] as const) {
      const ok = validateIssueRequest(request([entry()], { sender: { ...sender, [field]: '1'.repeat(limit) } }));
      expect(ok.requestProblems, field).toEqual([]);
      const bad = validateIssueRequest(request([entry()], { sender: { ...sender, [field]: '1'.repeat(limit + 1) } }));
      expect(bad.requestProblems, field).toEqual([{ code: 'validation.request-too-long', params: { field: `sender.${field}`, length: limit + 1, limit }, retryable: false }]);
    }
    for (const [field, limit] of [['province', 19], ['city', 19], ['district', 19], ['town', 29], ['detail', 255]] as const) {
      const ok = validateIssueRequest(request([entry()], { sender: { ...sender, address: { ...sender.address, [field]: '省'.repeat(limit) } } }));
      expect(ok.requestProblems, field).toEqual([]);
      const bad = validateIssueRequest(request([entry()], { sender: { ...sender, address: { ...sender.address, [field]: '省'.repeat(limit + 1) } } }));
      expect(bad.requestProblems[0]?.params, field).toEqual({ field: `sender.address.${field}`, length: limit + 1, limit });
    }
    const noPhone = validateIssueRequest(request([entry()], { sender: { ...sender, mobile: '', phone: '' } }));
    expect(codes(noPhone.requestProblems)).toEqual(['validation.request-phone-required']);
  });

  it('holds cp_code to 19 characters and a call to 10 entries', () => {
    expect(codes(validateIssueRequest(request([entry()], { carrierCode: 'C'.repeat(19) })).requestProblems)).toEqual([]);
    expect(codes(validateIssueRequest(request([entry()], { carrierCode: 'C'.repeat(20) })).requestProblems)).toEqual(['validation.request-too-long']);
    const entries = (count: number): IssueEntry[] =>
      Array.from({ length: count }, (_, index) => entry({ objectId: `O${index}`, orderNumbers: [`O${index}`] }));
    expect(allProblems(validateIssueRequest(request(entries(10))))).toEqual([]);
    expect(validateIssueRequest(request(entries(11))).requestProblems).toEqual([
      { code: 'validation.batch-too-large', params: { field: 'trade_order_info_dtos', count: 11, limit: 10 }, retryable: false },
    ]);
  });

  it('flags later duplicates of object_id and order numbers, and of package ids case-insensitively', () => {
    const validation = validateIssueRequest(request([
      entry({ objectId: 'A', orderNumbers: ['A'], packageId: '123a' }),
      entry({ objectId: 'B', orderNumbers: ['B'], packageId: '123A' }),
      entry({ objectId: 'A', orderNumbers: ['C'] }),
      entry({ objectId: 'D', orderNumbers: ['B'] }),
    ]));
    expect(validation.entries.map((checked) => checked.problems.map((problem) => `${problem.params.orderId}:${problem.params.field}`))).toEqual([
      [],
      ['B:package_info.id'],
      ['A:object_id'],
      ['D:order_info.trade_order_list'],
    ]);
    expect(validation.entries[1]?.problems[0]?.params.comparison).toBe('case-insensitive');
  });
});

describe('package measures and the pickup window', () => {
  it('accepts a positive weight (g) and volume (ml) and names the order for anything else', () => {
    expect(validateIssueEntry(entry({ items: [{ name: '茶', count: 1, weightG: 500, volumeMl: 3000 }] }))).toEqual([]);
    const problems = validateIssueEntry(entry({ items: [{ name: '茶', count: 1, weightG: 0, volumeMl: Number.NaN }] }));
    expect(problems.map((problem) => problem.code)).toEqual(['validation.weight-invalid', 'validation.volume-invalid']);
    expect(describeError(problems[0] as StationError, 'zh').text).toBe('订单 3312345678901234567：重量 0 克不是正数。');
  });

  it('takes a pickup window of two gateway times, the end after the start', () => {
    const request = (start: string, end: string): IssueRequest => ({ carrierCode: 'YTO', branchCode: '', sender, needEncrypt: true, doorPickUp: { start, end }, entries: [] });
    expect(validateIssueRequest(request('2026-11-25 14:00:00', '2026-11-25 17:00:00')).requestProblems).toEqual([]);
    expect(validateIssueRequest(request('2026-11-25 14:00', '2026-02-30 17:00:00')).requestProblems.map((problem) => problem.params.field)).toEqual(['door_pick_up_time', 'door_pick_up_end_time']);
    expect(validateIssueRequest(request('2026-11-25 17:00:00', '2026-11-25 14:00:00')).requestProblems.map((problem) => problem.code)).toEqual(['validation.pickup-window-empty']);
  });
});

describe('the parcels of one order (multi_packages_shipment)', () => {
  const request = (entries: IssueEntry[], multiPackagesShipment: boolean): IssueRequest => ({ carrierCode: 'YTO', branchCode: '', sender, needEncrypt: true, multiPackagesShipment, entries });
  const parcel = (no: number, packageId = `P_${no}`) => entry({ objectId: no === 1 ? '3312345678901234567' : `3312345678901234567#${no}`, packageId });

  it('lets one order repeat over its parcels, each with its own package id', () => {
    expect(allProblems(validateIssueRequest(request([parcel(1), parcel(2), parcel(3)], true)))).toEqual([]);
  });

  it('still names a repeated order without the flag, without a package id, beside an ordinary entry of it, and a repeated package id', () => {
    expect(codes(allProblems(validateIssueRequest(request([parcel(1), parcel(2)], false))))).toEqual(['validation.duplicate']);
    expect(codes(allProblems(validateIssueRequest(request([parcel(1), parcel(2, '')], true))))).toEqual(['validation.duplicate']);
    expect(codes(allProblems(validateIssueRequest(request([parcel(1), entry({ objectId: 'other' })], true))))).toEqual(['validation.duplicate']);
    expect(allProblems(validateIssueRequest(request([parcel(1, 'P_1'), parcel(2, 'p_1')], true))).map((problem) => problem.params.field)).toEqual(['package_info.id']);
  });
});

