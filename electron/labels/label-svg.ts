import type * as fontkit from 'fontkit';
import type { LabelDrawOp, LabelShift } from './label-canvas';
import { FAUX_BOLD_STROKE_EM } from './label-fonts';
import type { LabelFonts } from './label-fonts';
import type { LabelLayout } from './label-layout';

/**
 * Writes a laid-out label as a self-contained SVG preview: the same drawing operations as the
 * PDF, with every glyph drawn from the same font outlines (defined once, placed with <use>), so
 * the preview matches the print without depending on fonts installed where it is shown. A shift
 * moves the drawing, never the page.
 */
export function writeLabelSvg(layout: LabelLayout, fonts: LabelFonts, shift: LabelShift = { x: 0, y: 0 }): string {
  const glyphs = new Map<string, string>();
  const ops = layout.ops.map((op) => drawOp(op, fonts, glyphs)).join('');
  const body = shift.x !== 0 || shift.y !== 0 ? `<g transform="translate(${num(shift.x)} ${num(shift.y)})">${ops}</g>` : ops;
  const defs = [...glyphs].map(([id, path]) => `<path id="${id}" d="${path}"/>`).join('');
  const width = num(layout.width);
  const height = num(layout.height);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
    `width="${width}pt" height="${height}pt" viewBox="0 0 ${width} ${height}">` +
    `<title>${escapeXml(layout.title)}</title><defs>${defs}</defs>` +
    `<rect width="${width}" height="${height}" fill="#fff"/>${body}</svg>`
  );
}

/** Glyph outlines as SVG path data, per font, computed once per process. */
const outlineCache = new WeakMap<fontkit.Font, Map<number, string>>();

function outline(face: fontkit.Font, glyphId: number): string {
  let paths = outlineCache.get(face);
  if (!paths) {
    paths = new Map();
    outlineCache.set(face, paths);
  }
  let path = paths.get(glyphId);
  if (path === undefined) {
    path = face.getGlyph(glyphId).path.toSVG();
    paths.set(glyphId, path);
  }
  return path;
}

function drawOp(op: LabelDrawOp, fonts: LabelFonts, glyphs: Map<string, string>): string {
  switch (op.kind) {
    case 'fill-rect':
      return `<rect x="${num(op.x)}" y="${num(op.y)}" width="${num(op.width)}" height="${num(op.height)}"/>`;
    case 'stroke-rect':
      return (
        `<rect x="${num(op.x)}" y="${num(op.y)}" width="${num(op.width)}" height="${num(op.height)}" ` +
        `fill="none" stroke="#000" stroke-width="${num(op.lineWidth)}"/>`
      );
    case 'line':
      return (
        `<line x1="${num(op.x1)}" y1="${num(op.y1)}" x2="${num(op.x2)}" y2="${num(op.y2)}" stroke="#000" ` +
        `stroke-width="${num(op.lineWidth)}"${op.dash !== undefined ? ` stroke-dasharray="${num(op.dash)}"` : ''}/>`
      );
    case 'bars':
      return `<path d="${op.rects
        .map((rect) => `M${num(rect.x)} ${num(op.y)}h${num(rect.width)}v${num(op.height)}h${num(-rect.width)}z`)
        .join('')}"/>`;
    case 'text': {
      const fill = op.color === 'white' ? '#fff' : '#000';
      let x = op.x;
      let svg = '';
      for (const run of op.shaped.runs) {
        const face = fonts.faces[run.font];
        const scale = op.size / face.unitsPerEm;
        const stroke = run.fauxBold
          ? ` stroke="${fill}" stroke-width="${num(FAUX_BOLD_STROKE_EM * face.unitsPerEm)}" stroke-linejoin="round"`
          : '';
        let uses = '';
        let pen = x;
        for (const glyph of run.glyphs) {
          const id = `${run.font}-${glyph.id}`;
          if (!glyphs.has(id)) glyphs.set(id, outline(face, glyph.id));
          const gx = pen + glyph.dx * op.size;
          const gy = op.y - glyph.dy * op.size;
          uses += `<use xlink:href="#${id}" transform="matrix(${factor(scale)} 0 0 ${factor(-scale)} ${num(gx)} ${num(gy)})"/>`;
          pen += glyph.advance * op.size;
        }
        svg += `<g fill="${fill}"${stroke}>${uses}</g>`;
        x += run.advance * op.size;
      }
      return svg;
    }
  }
}

/** A coordinate with at most three decimals, without trailing zeros. */
function num(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** A scale factor with six significant digits (font units are small: 1/256 em in the CJK font). */
function factor(value: number): string {
  return String(Number(value.toPrecision(6)));
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (character) => `&#${character.charCodeAt(0)};`);
}
