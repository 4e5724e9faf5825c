import type { PracticeFault } from '../../shared/domain/printer-condition';
import type { LabelPreviewer } from '../../shared/domain/printing';
import type { Settings } from '../../shared/settings/settings-schema';
import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';
import type { WithComponent } from './component-requests';
import type { PrintComponent } from './print-component';
import type { PrintQueue } from './print-queue';
import { calibratePrinter, listPrinters, printTestLabel } from './printer-setup';
import type { PrinterStateTracker } from './printer-state';
import type { StallWatch } from './stall-watch';

/** What the printing channels work with. */
export interface PrintingIpcDependencies {
  queue: PrintQueue;
  stall: StallWatch;
  printerState: PrinterStateTracker;
  /** The component the settings point at. */
  component: () => Promise<{ component: PrintComponent }>;
  withComponent: WithComponent;
  previewer: LabelPreviewer;
  /** The settings' printer, the one the list marks as chosen. */
  settings: { get(): Settings };
  /** Practice mode's troubles of the demo printer. */
  practiceFault: (fault: PracticeFault | null) => Promise<{ fault: PracticeFault | null }>;
}

/** The print queue, the component and printer state, label previews, and the printer's setup. */
export function printingIpcHandlers({ queue, stall, printerState, component, withComponent, previewer, settings, practiceFault }: PrintingIpcDependencies): FeatureIpcHandlers<'print' | 'printers'> {
  return {
    'print.queue-status': () => queue.status(),
    'print.preview': (reference) => withComponent('print', () => previewer.preview(reference)),
    'print.component-state': async () => (await component()).component.state(),
    'print.printer-state': () => printerState.state(),
    'print.practice-fault': ({ fault }) => practiceFault(fault),
    'print.stall-retry': () => {
      stall.restart();
      // Asked in the background: a hung component answers nothing, and the stall then shows again.
      void queue.reconcile();
      void printerState.refresh();
      return printerState.state();
    },
    'printers.list': () => withComponent('getPrinters', (current) => listPrinters(current, settings.get().print.printer)),
    'printers.test-print': ({ printer }) => withComponent('print', (current) => printTestLabel(current, { printer })),
    'printers.get-config': ({ printer }) => withComponent('getPrinterConfig', (current) => current.getPrinterConfig(printer)),
    'printers.calibrate': ({ printer, horizontalOffset, verticalOffset }) =>
      withComponent('setPrinterConfig', (current) => calibratePrinter(current, printer, { horizontalOffset, verticalOffset })),
  };
}
