import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISSUE_LIMITS, ORDER_NUMBER_PATTERN, PACKAGE_ID_PATTERN, RECIPIENT_LIMITS, SENDER_LIMITS, isAscii, textLength } from './issue-limits';

// The specs live beside the repository (../shared/spec), outside it; every quote below must be
// found there word for word (whitespace collapsed), so a spec change breaks this test.
const specDir = resolve(import.meta.dirname, '../../../shared/spec');
const collapse = (text: string) => text.replace(/\s+/g, ' ');
const documents = {
  spec: collapse(readFileSync(resolve(specDir, 'waybill-gateway.md'), 'utf8')),
  decisions: collapse(readFileSync(resolve(specDir, 'decisions.md'), 'utf8')),
};

/** A place in the documents that states a limit, and how it reads. */
interface Source {
  doc: keyof typeof documents;
  section: string;
  quote: string;
  /** For decisions.md's sender/recipient table rows: which column holds the number. */
  column?: 'sender' | 'recipient';
}

/**
 * The inclusive maximum (or, for "greater than", the exclusive minimum) a quote states:
 * "length < 40" → 39; "<= 40", "≤ 40", "at most 40", "over 40" → 40; a decisions table row → its
 * column; "cp_code 19" → 19. Null when the quote names no number ("detail address too long").
 */
function reading(source: Source): number | null {
  if (source.column) {
    const cells = source.quote.split('|').map((cell) => cell.trim()).filter(Boolean);
    return Number(cells[source.column === 'sender' ? 1 : 2]);
  }
  const rules: Array<[RegExp, (n: number) => number]> = [
    [/<=\s*(\d+)/, (n) => n],
    [/≤\s*(\d+)/, (n) => n],
    [/<\s*(\d+)/, (n) => n - 1],
    [/>\s*(\d+)/, (n) => n],
    [/at most (\d+)/, (n) => n],
    [/over (\d+)/, (n) => n],
    [/greater than (\d+)/, (n) => n],
    [/ (\d+)$/, (n) => n],
  ];
  for (const [pattern, read] of rules) {
    const match = pattern.exec(source.quote);
    if (match) return read(Number(match[1]));
  }
  return null;
}

const spec = (section: string, quote: string): Source => ({ doc: 'spec', section, quote });
const decision = (quote: string, column?: 'sender' | 'recipient'): Source => ({ doc: 'decisions', section: 'Field limits', quote, column });

/** One pinned limit: the value in the table, where the documents state it, and the rule. */
interface Pin {
  limit: string;
  value: number;
  sources: Source[];
  /** Set where decisions.md deliberately reads looser than a spec quote (decisions win). */
  decisionOverridesSpec?: string;
}

const party = (column: 'sender' | 'recipient', field: string) => {
  const rows: Record<string, string> = {
    name: '| name | 39 | 40 |',
    mobile: '| mobile, phone (at least one) | 19 | 19 |',
    phone: '| mobile, phone (at least one) | 19 | 19 |',
    province: '| province, city, district | 19 | 20 |',
    city: '| province, city, district | 19 | 20 |',
    district: '| province, city, district | 19 | 20 |',
    town: '| town | 29 | 30 |',
    detail: '| detail | 255 | 255 |',
  };
  return decision(rows[field] ?? '', column);
};

const pins: Pin[] = [
  // Spec 4.3, "sender and recipient objects" table; spec 7.2 "field too long".
  { limit: 'sender.name', value: SENDER_LIMITS.name, sources: [spec('4.3', '| name | string | yes | length < 40 |'), spec('7.2', 'sender name over 40'), party('sender', 'name')] },
  { limit: 'recipient.name', value: RECIPIENT_LIMITS.name, sources: [spec('4.3 recipient', 'field lengths: name <= 40'), spec('7.2', 'recipient name over 40'), party('recipient', 'name')] },
  { limit: 'sender.mobile', value: SENDER_LIMITS.mobile, sources: [spec('4.3', '| mobile | string | no | length < 20 |'), spec('7.2', 'sender mobile over 20'), party('sender', 'mobile')] },
  { limit: 'recipient.mobile', value: RECIPIENT_LIMITS.mobile, sources: [spec('4.3 (recipient "as the sender object")', '| mobile | string | no | length < 20 |'), party('recipient', 'mobile')] },
  { limit: 'sender.phone', value: SENDER_LIMITS.phone, sources: [spec('4.3', 'landline, length < 20'), spec('7.2', 'sender landline over 20'), party('sender', 'phone')] },
  { limit: 'recipient.phone', value: RECIPIENT_LIMITS.phone, sources: [spec('4.3 (recipient "as the sender object")', 'landline, length < 20'), party('recipient', 'phone')] },
  { limit: 'sender.province', value: SENDER_LIMITS.province, sources: [spec('4.3 address object', 'province (string, required, length < 20)'), party('sender', 'province')] },
  { limit: 'recipient.province', value: RECIPIENT_LIMITS.province, sources: [spec('4.3 recipient', 'province <= 20'), spec('7.2', 'province over 20'), party('recipient', 'province')] },
  { limit: 'sender.city', value: SENDER_LIMITS.city, sources: [spec('4.3 address object', 'city (string, optional, < 20)'), party('sender', 'city')] },
  { limit: 'recipient.city', value: RECIPIENT_LIMITS.city, sources: [spec('4.3 recipient', 'city <= 20'), spec('7.2', 'city over 20'), party('recipient', 'city')] },
  { limit: 'sender.district', value: SENDER_LIMITS.district, sources: [spec('4.3 address object', 'district (string, optional, < 20)'), party('sender', 'district')] },
  {
    limit: 'recipient.district',
    value: RECIPIENT_LIMITS.district,
    sources: [spec('4.3 address object', 'district (string, optional, < 20)'), party('recipient', 'district')],
    decisionOverridesSpec: 'decisions.md groups the recipient district with province and city (20); the spec names no recipient district limit of its own',
  },
  { limit: 'sender.town', value: SENDER_LIMITS.town, sources: [spec('4.3 address object', 'town (string, optional, < 30)'), party('sender', 'town')] },
  { limit: 'recipient.town', value: RECIPIENT_LIMITS.town, sources: [spec('4.3 recipient', 'town <= 30'), spec('7.2', 'town over 30'), party('recipient', 'town')] },
  { limit: 'sender.detail', value: SENDER_LIMITS.detail, sources: [spec('4.3 address object', 'detail (string, required, sender < 256)'), party('sender', 'detail')] },
  { limit: 'recipient.detail', value: RECIPIENT_LIMITS.detail, sources: [spec('7.2', 'detail address too long'), party('recipient', 'detail')] },
  { limit: 'cp_code', value: ISSUE_LIMITS.cpCodeLength, sources: [spec('4.3', 'carrier code, length < 20'), decision('Other: cp_code 19')] },
  {
    limit: 'order number length',
    value: ISSUE_LIMITS.orderNumberLength,
    sources: [spec('4.3', 'each at most 40 characters'), spec('7.2', 'order number over 40'), spec('8', '| order number length | at most 40 |'), decision('order number 40')],
  },
  {
    limit: 'package id length',
    value: ISSUE_LIMITS.packageIdLength,
    sources: [spec('4.3', 'only digits, letters, underscore; at most 40 characters'), spec('7.2', 'package id/ERP order number over 40'), decision('package id 40')],
  },
  {
    limit: 'item name length',
    value: ISSUE_LIMITS.itemNameLength,
    sources: [spec('4.3', 'name, at most 128 characters'), spec('7.2', 'item name over 128'), spec('8', '| item name length | at most 128 |'), decision('item name 128')],
  },
  { limit: 'item count (exclusive minimum)', value: ISSUE_LIMITS.itemCountExclusiveMinimum, sources: [spec('4.3', 'quantity, must be greater than 0'), decision('item count > 0')] },
  { limit: 'items per package', value: ISSUE_LIMITS.itemsPerPackage, sources: [spec('4.3', 'goods, at most 100 entries'), spec('8', '| items | at most 100 |'), decision('items ≤ 100')] },
  {
    limit: 'order numbers per entry',
    value: ISSUE_LIMITS.orderNumbersPerEntry,
    sources: [spec('4.3', 'order numbers, at most 100'), spec('8', 'out_trade_sub_order_list | at most 100'), decision('order numbers ≤ 100')],
  },
  {
    limit: 'out-trade numbers per entry',
    value: ISSUE_LIMITS.outTradeNumbersPerEntry,
    sources: [spec('4.3', 'external platform trade numbers, at most 100'), spec('4.3', 'external platform sub-order numbers, at most 100')],
  },
  { limit: 'oaid length', value: ISSUE_LIMITS.oaidLength, sources: [spec('4.3', 'platform addressee id, at most 128'), spec('8', '| oaid length | at most 128 |'), decision('oaid 128')] },
  {
    limit: 'entries per issue call',
    value: ISSUE_LIMITS.entriesPerIssueCall,
    sources: [spec('4.3', 'one entry per waybill to issue, at most 10'), spec('8', '| trade_order_info_dtos entries | at most 10 |'), decision('entries ≤ 10')],
  },
  {
    limit: 'entries per query call',
    value: ISSUE_LIMITS.entriesPerQueryCall,
    sources: [spec('4.1', 'order-number list, at most 20'), spec('8', '| param_list entries | at most 20 |'), decision('entries ≤ 20')],
  },
  { limit: 'sold-orders pageSize', value: ISSUE_LIMITS.soldOrdersPageSize, sources: [spec('4.5', 'items per page, at most 100'), spec('8', '| pageSize | at most 100 |')] },
];

describe('issue limits table', () => {
  it.each(pins)('$limit is pinned to the spec text', (pin) => {
    for (const source of pin.sources) {
      expect(documents[source.doc], `${source.doc} ${source.section} should say "${source.quote}"`).toContain(collapse(source.quote));
    }
    const specReadings = pin.sources.filter((s) => s.doc === 'spec').map(reading).filter((n): n is number => n !== null);
    const decisionReadings = pin.sources.filter((s) => s.doc === 'decisions').map(reading).filter((n): n is number => n !== null);
    // decisions.md wins where it speaks; otherwise the stricter spec reading.
    const expected = decisionReadings.length > 0 ? decisionReadings[0] : Math.min(...specReadings);
    expect(pin.value).toBe(expected);
    for (const other of decisionReadings) expect(other).toBe(expected);
    if (!pin.decisionOverridesSpec && specReadings.length > 0) expect(pin.value).toBe(Math.min(...specReadings));
  });

  it('order numbers allow ASCII letters, digits, underscore and hyphen only', () => {
    expect(ORDER_NUMBER_PATTERN.test('3312345678901234567')).toBe(true);
    expect(ORDER_NUMBER_PATTERN.test('241121-123456789012345')).toBe(true);
    expect(ORDER_NUMBER_PATTERN.test('ERP_0001')).toBe(true);
    expect(ORDER_NUMBER_PATTERN.test('补发3312345678901234567')).toBe(false);
    expect(ORDER_NUMBER_PATTERN.test('33 1234')).toBe(false);
  });

  it('package ids allow ASCII letters, digits and underscore, but no hyphen', () => {
    expect(PACKAGE_ID_PATTERN.test('PKG_123a')).toBe(true);
    expect(PACKAGE_ID_PATTERN.test('PKG-123')).toBe(false);
    expect(PACKAGE_ID_PATTERN.test('包裹1')).toBe(false);
  });

  it('counts characters, not UTF-16 units or bytes', () => {
    expect(textLength('张三')).toBe(2);
    expect(textLength('📦a')).toBe(2);
    expect(isAscii('abc-_1')).toBe(true);
    expect(isAscii('ａbc')).toBe(false);
  });
});
