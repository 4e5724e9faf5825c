import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callWindowDefaults } from '../../electron/gateway/call-window';
import { ISSUE_LIMITS, ORDER_NUMBER_PATTERN, PACKAGE_ID_PATTERN, RECIPIENT_LIMITS, SENDER_LIMITS, isAscii, textLength } from './issue-limits';

// The gateway's limits as the project states them: docs/gateway-contract.md, one table row per
// constant, with the specification's words in backticks.
const contractFile = resolve(import.meta.dirname, '../../docs/gateway-contract.md');

/** Every constant that carries a limit of the gateway's contract, by the name the table uses. */
const constants: Record<string, number> = {
  ...Object.fromEntries(Object.entries(SENDER_LIMITS).map(([field, value]) => [`SENDER_LIMITS.${field}`, value])),
  ...Object.fromEntries(Object.entries(RECIPIENT_LIMITS).map(([field, value]) => [`RECIPIENT_LIMITS.${field}`, value])),
  ...Object.fromEntries(Object.entries(ISSUE_LIMITS).map(([name, value]) => [`ISSUE_LIMITS.${name}`, value])),
  'callWindowDefaults.limit': callWindowDefaults.limit,
  'callWindowDefaults.windowMs': callWindowDefaults.windowMs,
};

/** One row of the contract's limit tables. */
interface ContractRow {
  limit: string;
  maximum: number;
  constant: string;
  /** The specification's words the row quotes (in backticks). */
  quotes: string[];
  /** The row says the project decided otherwise than the words' strictest reading. */
  decided: boolean;
}

function contractRows(markdown: string): ContractRow[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| limit |'))
    .map((line) => {
      const [limit = '', maximum = '', constant = '', says = ''] = line.split('|').slice(1, -1).map((cell) => cell.trim());
      return {
        limit,
        maximum: Number(maximum),
        constant: constant.replace(/`/g, ''),
        quotes: [...says.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ''),
        decided: says.includes('**decided**'),
      };
    });
}

/**
 * The inclusive maximum (or, for "greater than", the exclusive minimum) a quote states:
 * "length < 40" → 39; "<= 40", "≤ 40", "at most 40", "over 40" → 40; "10 calls per second" → 10;
 * "per second" alone → its window, 1000 ms. Null when the quote names no number.
 */
function reading(quote: string): number | null {
  const rules: Array<[RegExp, (n: number) => number]> = [
    [/(\d+) (?:calls )?per second/, (n) => n],
    [/<=\s*(\d+)/, (n) => n],
    [/≤\s*(\d+)/, (n) => n],
    [/<\s*(\d+)/, (n) => n - 1],
    [/greater than (\d+)/, (n) => n],
    [/at most (\d+)/, (n) => n],
    [/over (\d+)/, (n) => n],
  ];
  for (const [pattern, read] of rules) {
    const match = pattern.exec(quote);
    if (match) return read(Number(match[1]));
  }
  return /per second/.test(quote) ? 1000 : null;
}

const rows = contractRows(readFileSync(contractFile, 'utf8'));

describe('the gateway contract’s limits (docs/gateway-contract.md) and the code’s constants', () => {
  it('has one row for every constant, and a constant for every row', () => {
    expect(rows.map((row) => row.constant).sort()).toEqual(Object.keys(constants).sort());
  });

  it.each(rows)('$limit: $maximum, the constant $constant, the strictest reading of the specification’s words', (row) => {
    expect(constants[row.constant], `${row.constant} (docs/gateway-contract.md "${row.limit}")`).toBe(row.maximum);
    const readings = row.quotes.map(reading).filter((value): value is number => value !== null);
    // Where the row says the project decided otherwise it gives its reason; else the strictest words hold.
    if (!row.decided) {
      expect(readings.length, `"${row.limit}" quotes no number`).toBeGreaterThan(0);
      expect(row.maximum).toBe(Math.min(...readings));
    }
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
