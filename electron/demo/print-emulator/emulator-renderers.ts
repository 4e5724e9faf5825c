import type { LabelInput, LabelSize, PlainWaybillData } from '../../labels/label-input';
import { POINTS_PER_MM } from '../../labels/label-input';
import { createLabelRenderer } from '../../labels/label-renderer';
import type { LabelRenderer, LabelRendererOptions } from '../../labels/label-renderer';
import { readPlainPrintData } from '../../labels/plain-print-data';
import { carrierCodeOfWaybill, customAreaOrderDetails } from '../../labels/print-document-contents';
import type { EmulatorDocument } from './emulator-document';
import type { PaperSize } from '../../../shared/domain/printing';

/**
 * How the emulator draws what it "prints": through the station's own label renderer when the
 * print data is a waybill it can lay out, otherwise a plain page naming the waybill (test data
 * from other tools, custom templates). Both are dependencies of the emulator so tests and long
 * runs can pass something cheaper.
 */

/** Draws one document as a PDF of the paper loaded in the printer. */
export type RenderLabelPdf = (document: EmulatorDocument, paper: PaperSize) => Promise<Uint8Array>;

/** An image of one document, for previews (`previewType: "image"`). */
export interface PreviewImage {
  body: string | Uint8Array;
  contentType: string;
  /** File name extension without the dot. */
  extension: string;
}

/** Draws one document as a preview image. */
export type RenderLabelImage = (document: EmulatorDocument, paper: PaperSize) => Promise<PreviewImage>;

/** The label size the renderer lays out that best fits the paper (it knows 76×130 and 100×180). */
function labelSizeFor(paper: PaperSize): LabelSize {
  return paper.width < 90 ? '76x130' : '100x180';
}

/** What the station's renderer needs, when the document's print data is a drawable waybill. */
function labelInputFor(document: EmulatorDocument): LabelInput | null {
  const reading = readPlainPrintData(document.printData);
  if (reading.kind !== 'plain') return null;
  const data: PlainWaybillData = reading.data;
  return {
    data,
    order: customAreaOrderDetails(document.customArea ?? null),
    carrierCode: carrierCodeOfWaybill(data.waybillCode),
    printedAt: Date.now(),
  };
}

/** Only printable ASCII reaches the placeholder's built-in font. */
function asciiOnly(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?');
}

/** A one-page PDF of the paper's size that names the waybill: what is printed when the data is not a drawable waybill. */
export async function placeholderLabelPdf(document: EmulatorDocument, paper: PaperSize): Promise<Uint8Array> {
  // pdfkit loaded at the first placeholder, not when the station (whose demo mode embeds the emulator) starts.
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({ size: [paper.width * POINTS_PER_MM, paper.height * POINTS_PER_MM], margin: 12 });
  const done = new Promise<Uint8Array>((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on('error', reject);
  });
  pdf.fontSize(16).text(`Waybill ${asciiOnly(document.documentId)}`);
  pdf.moveDown().fontSize(9).text('Printed by the print component emulator.');
  pdf.end();
  return done;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** An SVG of the paper's size that names the waybill, the preview twin of placeholderLabelPdf. */
export function placeholderLabelSvg(document: EmulatorDocument, paper: PaperSize): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${paper.width}mm" height="${paper.height}mm" viewBox="0 0 ${paper.width} ${paper.height}">` +
    `<rect width="100%" height="100%" fill="#fff" stroke="#000" stroke-width="0.5"/>` +
    `<text x="4" y="12" font-family="sans-serif" font-size="5">Waybill ${escapeXml(document.documentId)}</text></svg>`
  );
}

/**
 * The emulator's default renderers: the station's label renderer (fonts loaded on first use; a
 * packaged app passes its fonts folder), else the placeholders.
 */
export function createEmulatorRenderers(options: LabelRendererOptions = {}): { pdf: RenderLabelPdf; image: RenderLabelImage } {
  let renderer: LabelRenderer | null = null;
  const labelRenderer = (): LabelRenderer => (renderer ??= createLabelRenderer(options));
  return {
    pdf: async (document, paper) => {
      const input = labelInputFor(document);
      return input ? labelRenderer().renderPdf(input, labelSizeFor(paper)) : placeholderLabelPdf(document, paper);
    },
    image: async (document, paper) => {
      const input = labelInputFor(document);
      const body = input ? labelRenderer().renderSvg(input, labelSizeFor(paper)) : placeholderLabelSvg(document, paper);
      return { body, contentType: 'image/svg+xml', extension: 'svg' };
    },
  };
}
