import { describe, expect, it } from 'vitest';
import { code128Pattern } from './code128-bars';

describe('Code128 bar patterns', () => {
  it('encodes start, data, check and stop symbols', () => {
    // Code set B: start (11 modules) + 3 characters (11 each) + check (11) + stop (13).
    const pattern = code128Pattern('ABC');
    expect(pattern.modules).toBe(11 + 3 * 11 + 11 + 13);
    // Every symbol has three bars; the stop symbol has four.
    expect(pattern.bars).toHaveLength(3 + 3 * 3 + 3 + 4);
  });

  it('packs digit runs in code set C, two digits a symbol', () => {
    expect(code128Pattern('12345678').modules).toBe(11 + 4 * 11 + 11 + 13);
  });

  it('gives bars that start after each other, within the symbol', () => {
    const pattern = code128Pattern('JDVB03456789012');
    let end = 0;
    for (const bar of pattern.bars) {
      expect(bar.start).toBeGreaterThan(end - 1);
      expect(bar.width).toBeGreaterThanOrEqual(1);
      expect(bar.width).toBeLessThanOrEqual(4);
      end = bar.start + bar.width;
    }
    expect(end).toBe(pattern.modules);
  });
});
