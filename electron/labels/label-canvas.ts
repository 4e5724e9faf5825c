import type { BarPattern } from './code128-bars';
import type { LabelFonts, ShapedText } from './label-fonts';
import { POINTS_PER_MM } from './label-input';

/**
 * A label as a list of drawing operations in PDF points (origin top left, y down): the one
 * layout that both the PDF writer and the SVG writer draw, so the preview matches the print.
 * Only black and white: thermal printers have nothing else.
 */
export type LabelDrawOp =
  | { kind: 'fill-rect'; x: number; y: number; width: number; height: number }
  | { kind: 'stroke-rect'; x: number; y: number; width: number; height: number; lineWidth: number }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; lineWidth: number; dash?: number }
  | { kind: 'text'; x: number; y: number; size: number; shaped: ShapedText; color: 'black' | 'white' }
  | { kind: 'bars'; y: number; height: number; rects: readonly { x: number; width: number }[] };

/** How far the whole drawing moves on the page, in points (positive: right and down). */
export interface LabelShift {
  x: number;
  y: number;
}

/** A rectangle in points. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How a line of text is set. */
export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: 'black' | 'white';
  align?: 'left' | 'center' | 'right';
}

/** Millimetres to points. */
export function mm(value: number): number {
  return value * POINTS_PER_MM;
}

/** One dot of a 203 dpi thermal print head, in points: barcode modules are whole dots. */
export const PRINTER_DOT = 72 / 203;

/** Quiet zone each side of a Code128 symbol, in modules (the standard's minimum). */
const quietZoneModules = 10;
/** Widest barcode module in printer dots: 0.5 mm, plenty for any scanner. */
const maxModuleDots = 4;
/** Narrowest module kept on the dot grid: 0.25 mm (10 mil), what scanners read reliably. */
const minModuleDots = 2;

// Texts are broken into these units: a run of printable ASCII (a word, a masked phone number) with
// its trailing space, a lone space, or any other single character (CJK breaks anywhere).
const breakUnits = /[\x21-\x7e]+ ?| +|[^]/gu;
// Punctuation that must not begin a line (Chinese line-breaking rule 禁则).
const noLineStart = new Set([...'，。、；：？！）】」』》…,.;:?!)%']);

/** Collects the drawing operations of one label and measures text for them. */
export class LabelCanvas {
  readonly ops: LabelDrawOp[] = [];
  private readonly fonts: LabelFonts;

  constructor(fonts: LabelFonts) {
    this.fonts = fonts;
  }

  /** A black rectangle. */
  fillRect(box: Box): void {
    this.ops.push({ kind: 'fill-rect', ...box });
  }

  /** A rectangle's black outline. */
  strokeRect(box: Box, lineWidth: number): void {
    this.ops.push({ kind: 'stroke-rect', ...box, lineWidth });
  }

  /** A black line; dashed (equal dashes and gaps) when `dash` is given. */
  line(x1: number, y1: number, x2: number, y2: number, lineWidth: number, dash?: number): void {
    this.ops.push({ kind: 'line', x1, y1, x2, y2, lineWidth, ...(dash !== undefined && { dash }) });
  }

  /** Width of a line of text in points. */
  measure(text: string, size: number, bold = false): number {
    return this.fonts.width(text, size, bold);
  }

  /** Draws one line with its baseline at y; x is the left, centre or right edge per `align`. */
  text(text: string, x: number, y: number, style: TextStyle): void {
    if (text === '') return;
    const bold = style.bold ?? false;
    const shaped = this.fonts.shape(text, bold);
    const width = shaped.advance * style.size;
    const left = style.align === 'center' ? x - width / 2 : style.align === 'right' ? x - width : x;
    this.ops.push({ kind: 'text', x: left, y, size: style.size, shaped, color: style.color ?? 'black' });
  }

  /**
   * The largest size, at most `maxSize`, at which the text fits the width; below `minSize` the
   * text keeps `minSize` and is cut with an ellipsis. Returns the size and the text to draw.
   */
  fit(text: string, width: number, maxSize: number, minSize: number, bold = false): { size: number; text: string } {
    const fullWidth = this.measure(text, 1, bold);
    const size = fullWidth > 0 ? Math.min(maxSize, width / fullWidth) : maxSize;
    if (size >= minSize) return { size, text };
    return { size: minSize, text: this.truncate(text, width, minSize, bold) };
  }

  /** The text cut so that it, followed by the suffix, fits the width. */
  truncate(text: string, width: number, size: number, bold = false, suffix = '…'): string {
    if (this.measure(text, size, bold) <= width) return text;
    const characters = [...text];
    let used = this.measure(suffix, size, bold);
    let kept = 0;
    for (const character of characters) {
      const next = used + this.measure(character, size, bold);
      if (next > width) break;
      used = next;
      kept += 1;
    }
    return characters.slice(0, kept).join('').trimEnd() + suffix;
  }

  /**
   * Breaks text into at most `maxLines` lines of the width. Text that does not fit ends, on the
   * last line, with `overflowSuffix` (an ellipsis, or e.g. `…等5件`).
   */
  wrap(text: string, width: number, size: number, maxLines: number, bold = false, overflowSuffix = '…'): string[] {
    const lines: string[][] = [[]];
    let lineWidth = 0;
    for (const unit of this.units(text, width, size, bold)) {
      const current = lines.at(-1) as string[];
      const unitWidth = this.measure(unit, size, bold);
      if (lineWidth + unitWidth <= width || current.length === 0) {
        current.push(unit);
        lineWidth += unitWidth;
        continue;
      }
      // A closing mark may not start a line: the unit before it moves down with it.
      const carried = noLineStart.has(unit) && current.length > 1 ? [current.pop() as string] : [];
      const next = [...carried, unit].filter((part, index) => index > 0 || part.trim() !== '');
      lines.push(next);
      lineWidth = next.reduce((sum, part) => sum + this.measure(part, size, bold), 0);
    }
    const texts = lines.map((parts) => parts.join('').trimEnd()).filter((line) => line !== '');
    if (texts.length <= maxLines) return texts;
    const kept = texts.slice(0, maxLines);
    kept[maxLines - 1] = this.truncate(`${kept[maxLines - 1]}${texts[maxLines]}`, width, size, bold, overflowSuffix);
    return kept;
  }

  /** Break units, with any unit wider than a whole line split into characters. */
  private units(text: string, width: number, size: number, bold: boolean): string[] {
    return (text.match(breakUnits) ?? []).flatMap((unit) =>
      unit.length > 1 && this.measure(unit, size, bold) > width ? [...unit] : [unit],
    );
  }

  /**
   * A Code128 symbol centred in the area's width, bars `barHeight` tall from its top. Modules are
   * whole 203 dpi printer dots where the symbol fits that way (crisp edges, exact bar ratios), else
   * the widest fractional module that fits the width with its quiet zones.
   */
  barcode(pattern: BarPattern, box: Omit<Box, 'height'>, barHeight: number): void {
    const fitModule = box.width / (pattern.modules + 2 * quietZoneModules);
    const dots = Math.min(maxModuleDots, Math.floor(fitModule / PRINTER_DOT));
    const module = dots >= minModuleDots ? dots * PRINTER_DOT : fitModule;
    const centredLeft = box.x + (box.width - pattern.modules * module) / 2;
    const left = dots >= minModuleDots ? Math.round(centredLeft / PRINTER_DOT) * PRINTER_DOT : centredLeft;
    this.ops.push({
      kind: 'bars',
      y: box.y,
      height: barHeight,
      rects: pattern.bars.map((bar) => ({ x: left + bar.start * module, width: bar.width * module })),
    });
  }
}
