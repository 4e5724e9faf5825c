import { loadLabelFonts } from './label-fonts';
import type { LabelInput, LabelSize } from './label-input';
import { layoutLabel } from './label-layout';
import { writeLabelPdf } from './label-pdf';
import { writeLabelSvg } from './label-svg';

/** Draws our own waybill labels: a print-ready PDF and an SVG preview from one layout. */
export interface LabelRenderer {
  /** A one-page PDF of exactly the label size, fonts embedded and subset. */
  renderPdf(input: LabelInput, size: LabelSize): Promise<Uint8Array>;
  /** A self-contained SVG of the same label, for previews (demo mode, print preview). */
  renderSvg(input: LabelInput, size: LabelSize): string;
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
    renderPdf: (input, size) => writeLabelPdf(layoutLabel(input, size, fonts), fonts),
    renderSvg: (input, size) => writeLabelSvg(layoutLabel(input, size, fonts), fonts),
  };
}
