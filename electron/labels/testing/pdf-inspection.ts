import { createCanvas } from '@napi-rs/canvas';
import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { RgbaImage } from './raster-inspection';

/**
 * Reads PDFs back the way a printer or viewer would, for tests: page sizes and font dictionaries
 * with pdf-lib (the raw objects), text and pixels with pdf.js (a real PDF interpreter).
 */

/** The MediaBox of each page, in points. */
export async function pdfPageSizes(pdf: Uint8Array): Promise<{ width: number; height: number }[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  return doc.getPages().map((page) => {
    const box = page.getMediaBox();
    return { width: box.width, height: box.height };
  });
}

/** A composite (Type0) font as the PDF declares it. */
export interface PdfFontInfo {
  /** e.g. `BZZZZZ+DroidSansFallback`: a subset carries a six-capital-letter tag. */
  baseFont: string;
  /** The descendant font's subtype: CIDFontType2 for TrueType outlines. */
  descendantSubtype: string;
  /** The font program is embedded as TrueType (FontFile2). */
  embedsTrueType: boolean;
  hasToUnicode: boolean;
}

/** Every Type0 font of the PDF, with what its dictionaries say about embedding. */
export async function pdfType0Fonts(pdf: Uint8Array): Promise<PdfFontInfo[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const fonts: PdfFontInfo[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue;
    if (object.get(PDFName.of('Type')) !== PDFName.of('Font')) continue;
    if (object.get(PDFName.of('Subtype')) !== PDFName.of('Type0')) continue;
    const descendant = object.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
    const descriptor = descendant.lookup(PDFName.of('FontDescriptor'), PDFDict);
    fonts.push({
      baseFont: object.lookup(PDFName.of('BaseFont'), PDFName).decodeText(),
      descendantSubtype: descendant.lookup(PDFName.of('Subtype'), PDFName).decodeText(),
      embedsTrueType: descriptor.has(PDFName.of('FontFile2')),
      hasToUnicode: object.has(PDFName.of('ToUnicode')),
    });
  }
  return fonts;
}

/** Runs `read` on a page of the PDF (the first by default), then frees pdf.js's document. */
async function withPage<T>(pdf: Uint8Array, pageNumber: number, read: (page: PDFPageProxy) => Promise<T>): Promise<T> {
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const loading = getDocument({ data: pdf.slice(), verbosity: 0 });
  try {
    const doc = await loading.promise;
    return await read(await doc.getPage(pageNumber));
  } finally {
    await loading.destroy();
  }
}

/** The text of a page (the first by default) as pdf.js extracts it (through the fonts' ToUnicode maps). */
export function pdfText(pdf: Uint8Array, pageNumber = 1): Promise<string> {
  return withPage(pdf, pageNumber, async (page) => {
    const content = await page.getTextContent();
    return content.items.map((item) => ('str' in item ? item.str : '')).join('');
  });
}

/** A page (the first by default) rendered by pdf.js at the given resolution, on white. */
export function rasterizePdf(pdf: Uint8Array, dpi: number, pageNumber = 1): Promise<RgbaImage> {
  return withPage(pdf, pageNumber, async (page) => {
    const viewport = page.getViewport({ scale: dpi / 72 });
    const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
    // @napi-rs/canvas implements the canvas API pdf.js draws with; pdf.js types it as the DOM's.
    const target = canvas as unknown as Parameters<PDFPageProxy['render']>[0]['canvas'];
    await page.render({ canvas: target, viewport, background: '#ffffff' }).promise;
    const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    return { width: canvas.width, height: canvas.height, data: new Uint8ClampedArray(pixels.data) };
  });
}
