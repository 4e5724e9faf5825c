import { describe, expect, it } from 'vitest';
import { code128Pattern } from './code128-bars';
import { LabelCanvas, mm, PRINTER_DOT } from './label-canvas';
import { loadLabelFonts } from './label-fonts';

const fonts = loadLabelFonts();

describe('text on the label canvas', () => {
  const canvas = new LabelCanvas(fonts);

  it('breaks Chinese anywhere, keeps ASCII words and masked numbers whole', () => {
    const lines = canvas.wrap('浙江省 杭州市 西湖区 文三路***号 电话13260469442-4846 请放门口', mm(40), 10, 5);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(canvas.measure(line, 10)).toBeLessThanOrEqual(mm(40));
    expect(lines.join('')).toContain('13260469442-4846');
    expect(lines.join('').replaceAll(' ', '')).toBe('浙江省杭州市西湖区文三路***号电话13260469442-4846请放门口');
  });

  it('never starts a line with closing punctuation', () => {
    const width = canvas.measure('一二三四五', 10) + 1;
    const lines = canvas.wrap('一二三四五，六七八九十。', width, 10, 5);
    for (const line of lines) expect(line).not.toMatch(/^[，。]/);
  });

  it('ends cut text with the given suffix, within the width', () => {
    const text = Array.from({ length: 40 }, (_, index) => `商品${index}×1`).join('；');
    const lines = canvas.wrap(text, mm(50), 8, 2, false, '…等40件');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/…等40件$/);
    expect(canvas.measure(lines[1] ?? '', 8)).toBeLessThanOrEqual(mm(50));
  });

  it('shrinks a line to fit, then cuts it at the smallest size', () => {
    const fitted = canvas.fit('300-A12 04', mm(30), 40, 10, true);
    expect(fitted.text).toBe('300-A12 04');
    expect(canvas.measure(fitted.text, fitted.size, true)).toBeCloseTo(mm(30), 5);
    const cut = canvas.fit('杭州转运中心杭州转运中心杭州转运中心', mm(20), 12, 8, true);
    expect(cut.size).toBe(8);
    expect(cut.text).toMatch(/…$/);
  });
});

describe('barcodes on the label canvas', () => {
  it('draws whole printer-dot modules, centred, when the symbol fits that way', () => {
    const canvas = new LabelCanvas(fonts);
    canvas.barcode(code128Pattern('YT7512345678901'), { x: mm(3), y: 0, width: mm(70) }, mm(13));
    const [op] = canvas.ops;
    if (op?.kind !== 'bars') throw new Error('no bars drawn');
    const inDots = (length: number): number => length / PRINTER_DOT;
    for (const rect of op.rects) {
      expect(inDots(rect.x)).toBeCloseTo(Math.round(inDots(rect.x)), 6);
      expect(inDots(rect.width)).toBeCloseTo(Math.round(inDots(rect.width)), 6);
    }
    const first = op.rects[0];
    const last = op.rects.at(-1);
    if (!first || !last) throw new Error('no bars drawn');
    const left = first.x - mm(3);
    const right = mm(73) - (last.x + last.width);
    expect(Math.abs(left - right)).toBeLessThan(2 * PRINTER_DOT);
  });
});
