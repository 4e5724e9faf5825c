import { describe, expect, it } from 'vitest';
import { matchPaperForm } from './windows-printing';

describe('choosing the Windows paper form of a label size', () => {
  it.each([
    ['76x130mm', '76x130'],
    ['76 x 130 mm', '76x130'],
    ['USER 76mm x 130mm', '76x130'],
    ['130x76', '76x130'],
    ['7.6cm × 13cm', '76x130'],
    ['100*180', '100x180'],
    ['100 X 180 mm', '100x180'],
  ] as const)('finds %s for %s', (form, size) => {
    expect(matchPaperForm(['A4', 'Letter', form], size)).toBe(form);
  });

  it('takes no form of another size', () => {
    expect(matchPaperForm(['A4', '4" x 6"', '100x150mm', '76x100mm'], '76x130')).toBeNull();
    expect(matchPaperForm(['4" x 6"', '4x6in'], '100x180')).toBeNull();
  });

  it('reads inch sizes in inches', () => {
    // 3 × 5.12 inches is 76.2 × 130 mm.
    expect(matchPaperForm(['3" x 5.12"'], '76x130')).toBe('3" x 5.12"');
  });

  it('finds office sheets (packing slips, picking lists) by name or by size', () => {
    expect(matchPaperForm(['Letter', 'A4 210 x 297 mm', 'A5'], 'A4')).toBe('A4 210 x 297 mm');
    expect(matchPaperForm(['Letter', 'A4', 'A5'], 'A5')).toBe('A5');
    expect(matchPaperForm(['Letter', '148 x 210 mm'], 'A5')).toBe('148 x 210 mm');
    expect(matchPaperForm(['Letter', 'A45 label'], 'A4')).toBeNull();
  });
});
