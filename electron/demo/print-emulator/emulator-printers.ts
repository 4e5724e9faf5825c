import type { PaperSize } from '../../../shared/domain/printing';

/** A printer the emulator offers, with the label paper loaded in it (millimetres). */
export interface EmulatorPrinter {
  name: string;
  paperSize: PaperSize;
  /** Reported with the status `disable` (a printer the system has switched off); default: `enable`. */
  disabled?: boolean;
}

/** The emulator's printers: common desk thermal printers with the two usual label sizes. The first is the default. */
export const EMULATOR_PRINTERS: readonly EmulatorPrinter[] = [
  { name: 'Deli DL-888T (76×130)', paperSize: { width: 76, height: 130 } },
  { name: 'Xprinter XP-460B (100×180)', paperSize: { width: 100, height: 180 } },
  { name: 'HPRT N41', paperSize: { width: 100, height: 180 } },
];
