import { stationError } from '../../shared/errors/station-error';
import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';
import type { OsPrinting } from '../os-printing/os-printing-types';
import type { PaperworkService } from './paperwork-service';

/** What the paperwork channels work with. */
export interface PaperworkIpcDependencies {
  paperwork: PaperworkService;
  /** The OS printing the slips go through. */
  slipPrinting: () => Pick<OsPrinting, 'listPrinters'>;
  /** The slip printer chosen in the settings (null: the system's default). */
  chosenSlipPrinter: () => string | null;
}

/** Packing slips and picking lists: printing them, the picking list as a PDF, previews and the slip printers. */
export function paperworkIpcHandlers({ paperwork, slipPrinting, chosenSlipPrinter }: PaperworkIpcDependencies): FeatureIpcHandlers<'paperwork'> {
  return {
    'paperwork.print-slips': (scope) => paperwork.printSlips(scope),
    'paperwork.print-picking-list': (request) => paperwork.printPickingList(request),
    'paperwork.picking-list-pdf': (request) => paperwork.pickingListPdf(request),
    'paperwork.custom-area-preview': (request) => paperwork.customAreaPreview(request),
    'paperwork.slip-printers': async () => {
      const listed = await slipPrinting().listPrinters();
      const chosen = chosenSlipPrinter();
      if (!listed.ok) return { printers: [], chosen, error: stationError(listed.error.code, listed.error.params as never) };
      return { printers: listed.data.map(({ name, isDefault }) => ({ name, isDefault })), chosen, error: null };
    },
  };
}
