import type { SlipSize } from '../../shared/domain/paperwork';
import { loadLabelFonts } from '../labels/label-fonts';
import { writePagesPdf } from '../labels/label-pdf';
import { layoutPackingSlips, type PackingSlip } from './packing-slip-layout';
import type { PaperworkLanguage } from './paperwork-texts';
import { layoutPickingList, type PickingList } from './picking-list';

/** A rendered paperwork PDF and how many pages it has. */
export interface PaperworkDocument {
  pdf: Uint8Array;
  pages: number;
}

/** Draws packing slips and picking lists as PDFs, with the label renderer's fonts, text and barcodes. */
export interface PaperworkRenderer {
  /** Packing slips in the given order: one page each, or two per A4 sheet for `a4-half`. */
  packingSlips(slips: readonly PackingSlip[], size: SlipSize, language: PaperworkLanguage): Promise<PaperworkDocument>;
  /** A picking list on A4 pages. */
  pickingList(list: PickingList, language: PaperworkLanguage): Promise<PaperworkDocument>;
}

/** A paperwork renderer on the shipped label fonts (or those of `fontsDir`), loaded once per process. */
export function createPaperworkRenderer(options: { fontsDir?: string } = {}): PaperworkRenderer {
  const fonts = loadLabelFonts(options.fontsDir);
  return {
    async packingSlips(slips, size, language) {
      const pages = layoutPackingSlips(slips, size, language, fonts);
      const title = slips.length === 1 ? `packing-slip-${slips[0]?.orders[0].orderNumber ?? ''}` : 'packing-slips';
      return { pdf: await writePagesPdf(pages, fonts, { title }), pages: pages.length };
    },
    async pickingList(list, language) {
      const pages = layoutPickingList(list, language, fonts);
      return { pdf: await writePagesPdf(pages, fonts, { title: 'picking-list' }), pages: pages.length };
    },
  };
}
