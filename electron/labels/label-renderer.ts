import { mm, PRINTER_DOT } from './label-canvas';
import type { LabelShift } from './label-canvas';
import { loadLabelFonts } from './label-fonts';
import type { LabelInput, LabelSize } from './label-input';
import { layoutLabel } from './label-layout';
import { writeLabelPdf } from './label-pdf';
import { writeLabelSvg } from './label-svg';

/**
 * A printer's calibration: the whole drawing moves this far on the page, in millimetres
 * (positive: right and down), as the print component's horizontalOffset / verticalOffset do.
 */
export interface LabelOffset {
  horizontalMm: number;
  verticalMm: number;
}

/** How one label is drawn beyond its content and size. */
export interface LabelRenderOptions {
  /** Moves the drawing on the page (the page keeps the label size); none by default. */
  offset?: LabelOffset;
}

/** Draws our own waybill labels: a print-ready PDF and an SVG preview from one layout. */
export interface LabelRenderer {
  /** A one-page PDF of exactly the label size, fonts embedded and subset. */
  renderPdf(input: LabelInput, size: LabelSize, options?: LabelRenderOptions): Promise<Uint8Array>;
  /** A self-contained SVG of the same label, for previews (demo mode, print preview). */
  renderSvg(input: LabelInput, size: LabelSize, options?: LabelRenderOptions): string;
}

/** Where the renderer finds its fonts; the shipped `assets/fonts` by default. */
export interface LabelRendererOptions {
  fontsDir?: string;
}

/**
 * A label renderer. The fonts are read and parsed on first creation and shared afterwards, so
 * creating renderers is cheap and each label costs only its layout and output.
 */
export function createLabelRenderer(options: LabelRendererOptions = {}): LabelRenderer {
  const fonts = loadLabelFonts(options.fontsDir);
  return {
    renderPdf: (input, size, render = {}) => writeLabelPdf(layoutLabel(input, size, fonts), fonts, shiftOf(render.offset)),
    renderSvg: (input, size, render = {}) => writeLabelSvg(layoutLabel(input, size, fonts), fonts, shiftOf(render.offset)),
  };
}

/**
 * An offset in points, rounded to whole 203 dpi printer dots: barcode modules are laid out on
 * the dot grid, and a shift by a fraction of a dot would blur every bar edge.
 */
function shiftOf(offset: LabelOffset | undefined): LabelShift {
  const dots = (millimetres: number): number => Math.round(mm(millimetres) / PRINTER_DOT) * PRINTER_DOT;
  return offset ? { x: dots(offset.horizontalMm), y: dots(offset.verticalMm) } : { x: 0, y: 0 };
}
