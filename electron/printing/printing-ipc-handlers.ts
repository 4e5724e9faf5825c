import type { PracticeFault } from '../../shared/domain/printer-condition';
import type { LabelPreviewer } from '../../shared/domain/printing';
import type { SettingsView } from '../../shared/ipc/ipc-contract';
import type { Settings, SettingsPatch } from '../../shared/settings/settings-schema';
import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';
import type { WithComponent } from './component-requests';
import type { PrintComponent } from './print-component';
import type { PrintQueue } from './print-queue';
import { assertPrinterOffered, calibratePrinter, listPrinters, printTestLabel } from './printer-setup';
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
  /** The settings' printer: read, and saved when the user chooses one. */
  settings: { get(): Settings; update(patch: SettingsPatch): Settings };
  settingsView: () => SettingsView;
  /** Practice mode's troubles of the demo printer. */
  practiceFault: (fault: PracticeFault | null) => Promise<{ fault: PracticeFault | null }>;
}

/** The print queue, the component and printer state, label previews, and the printer's setup. */
export function printingIpcHandlers({ queue, stall, printerState, component, withComponent, previewer, settings, settingsView, practiceFault }: PrintingIpcDependencies): FeatureIpcHandlers<'print' | 'printers'> {
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
    'printers.choose': async ({ printer }) => {
      await assertPrinterOffered(withComponent, printer);
      settings.update({ print: { printer } });
      return settingsView();
    },
    'printers.test-print': ({ printer }) => withComponent('print', (current) => printTestLabel(current, { printer })),
    'printers.get-config': ({ printer }) => withComponent('getPrinterConfig', (current) => current.getPrinterConfig(printer)),
    'printers.calibrate': ({ printer, horizontalOffset, verticalOffset }) =>
      withComponent('setPrinterConfig', (current) => calibratePrinter(current, printer, { horizontalOffset, verticalOffset })),
  };
}
