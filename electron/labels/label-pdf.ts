import type { LabelDrawOp, LabelShift } from './label-canvas';
import { FAUX_BOLD_STROKE_EM } from './label-fonts';
import type { LabelFontKey, LabelFonts } from './label-fonts';
import type { LabelLayout } from './label-layout';

/**
 * Writes a laid-out label as a one-page PDF of the label's exact size with pdfkit: text in the
 * embedded, subset TrueType fonts (CIDFontType2 + FontFile2, with a ToUnicode map so the text can
 * be searched and extracted), barcodes and rules as vector paths. A shift moves the drawing, never
 * the page.
 */
export function writeLabelPdf(layout: LabelLayout, fonts: LabelFonts, shift: LabelShift = { x: 0, y: 0 }): Promise<Uint8Array> {
  return writePagesPdf([layout], fonts, { title: layout.title, shift });
}

/**
 * Writes laid-out pages (labels, packing slips, picking-list pages) as one PDF, each page of its
 * own size, with the same embedded subset fonts and vector drawing as a label.
 */
export async function writePagesPdf(
  pages: readonly LabelLayout[],
  fonts: LabelFonts,
  options: { title: string; shift?: LabelShift },
): Promise<Uint8Array> {
  const [first] = pages;
  if (!first) throw new Error('a PDF needs at least one page');
  // pdfkit (with fontkit) loaded at the first PDF, not at the station's start.
  const { default: PDFDocument } = await import('pdfkit');
  const shift = options.shift ?? { x: 0, y: 0 };
  const doc = new PDFDocument({
    size: [first.width, first.height],
    margin: 0,
    autoFirstPage: false,
    // No default font: pdfkit would otherwise load Helvetica, which a label never uses.
    font: '',
    info: { Title: options.title, Creator: 'Waybill Print Station' },
  });
  for (const key of Object.keys(fonts.faces) as LabelFontKey[]) {
    // pdfkit takes a parsed fontkit font as well as a file (its types only declare files): the
    // fonts are then parsed once per process, not once per label.
    doc.registerFont(key, fonts.faces[key] as unknown as PDFKit.Mixins.PDFFontSource);
  }
  const done = new Promise<Uint8Array>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  for (const page of pages) {
    doc.addPage({ size: [page.width, page.height], margin: 0 });
    if (shift.x !== 0 || shift.y !== 0) doc.translate(shift.x, shift.y);
    for (const op of page.ops) drawOp(doc, op);
  }
  doc.end();
  return done;
}

function drawOp(doc: PDFKit.PDFDocument, op: LabelDrawOp): void {
  switch (op.kind) {
    case 'fill-rect':
      doc.rect(op.x, op.y, op.width, op.height).fill('black');
      return;
    case 'stroke-rect':
      doc.lineWidth(op.lineWidth).rect(op.x, op.y, op.width, op.height).stroke('black');
      return;
    case 'line':
      doc.save().lineWidth(op.lineWidth);
      if (op.dash !== undefined) doc.dash(op.dash, { space: op.dash });
      doc.moveTo(op.x1, op.y1).lineTo(op.x2, op.y2).stroke('black').restore();
      return;
    case 'bars':
      // One path of all bars, filled once.
      for (const rect of op.rects) doc.rect(rect.x, op.y, rect.width, op.height);
      doc.fill('black');
      return;
    case 'text': {
      let x = op.x;
      doc.fillColor(op.color).fontSize(op.size);
      for (const run of op.shaped.runs) {
        doc.font(run.font);
        if (run.fauxBold) doc.lineWidth(FAUX_BOLD_STROKE_EM * op.size).lineJoin('round').strokeColor(op.color);
        doc.text(run.text, x, op.y, { lineBreak: false, baseline: 'alphabetic', fill: true, stroke: run.fauxBold });
        x += run.advance * op.size;
      }
      doc.fillColor('black');
      return;
    }
  }
}
