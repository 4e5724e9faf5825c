import { join } from 'node:path';
import type { Settings } from '../../shared/settings/settings-schema';
import type { PracticeFault } from '../../shared/domain/printer-condition';
import { stationError } from '../../shared/errors/station-error';
import { StationFailure } from '../ipc/to-station-error';
import { startPrintEmulator, type PrintEmulator } from '../demo/print-emulator/print-emulator';
import { createLabelRenderer } from '../labels/label-renderer';
import type { StationLogger } from '../logging/station-logger';
import { createOsPrintComponent } from '../os-printing/os-print-component';
import { createFileOsPrintStore } from '../os-printing/os-print-store';
import { createOsPrinting } from '../os-printing/os-printing';
import { createCainiaoPrintComponent } from '../printing/cainiao/cainiao-print-component';
import type { PrintComponent } from '../printing/print-component';
import { createPrintQueue, type PrintQueue } from '../printing/print-queue';
import { createPrinterStateTracker, type PrinterStateTracker } from '../printing/printer-state';
import { createStallWatch, type StallWatch } from '../printing/stall-watch';
import type { PrintTaskStore } from '../printing/print-task-store';
import { createSwitchablePrintComponent, type SwitchablePrintComponent } from '../printing/switchable-print-component';
import type { ComponentState } from '../../shared/domain/printing';
import type { StationEvents } from '../ipc/station-events';

/** What print access needs from the composition root. */
export interface PrintAccessOptions {
  dataDir: string;
  settings: () => Settings;
  logger: StationLogger;
  /** Where print documents are kept (the station database). */
  store: PrintTaskStore;
  /** Where the component's state, the printer's state and the queue's status are pushed to the UI. */
  events: Pick<StationEvents, 'emit'>;
}

/** The one print component and print queue of the station. */
export interface PrintAccess {
  /** The component labels go to, following the settings (call before each use). */
  component: () => Promise<{ component: PrintComponent; url: string }>;
  /** The print queue on the station database, in front of that component. */
  queue: PrintQueue;
  /** Labels the component took and says nothing about for the stall time (Settings → Printing). */
  stall: StallWatch;
  /** The printer's state for the header: ready, printing, paper out, offline, paused, not responding. */
  printerState: PrinterStateTracker;
  /** Follows the current settings: switches the adapter when the address or output changed. */
  follow: () => Promise<void>;
  /** Practice mode: gives the demo printer a trouble (null clears it); refused unless the desk prints on the demo printer. */
  practiceFault: (fault: PracticeFault | null) => Promise<{ fault: PracticeFault | null }>;
  close: () => Promise<void>;
}

/** An adapter that has nothing to talk to yet: the first `follow()` replaces it. */
function idleComponent(): PrintComponent {
  const offline: ComponentState = { kind: 'offline', url: '', reason: 'closed', detail: 'not started', retryInMs: null, since: Date.now() };
  const refuse = () => Promise.reject(new Error('the print component has not been started'));
  return {
    output: () => null,
    connect: () => undefined,
    close: () => Promise.resolve(),
    state: () => offline,
    onStateChange: () => () => undefined,
    onDocumentOutcome: () => () => undefined,
    onTaskOutcome: () => () => undefined,
    getAgentInfo: refuse,
    getPrinters: refuse,
    getPrinterConfig: refuse,
    setPrinterConfig: refuse,
    print: refuse,
    preview: refuse,
    getTaskStatus: refuse,
  };
}

/**
 * The station's printing: one print queue on the station database in front of one switchable
 * component. The settings choose the adapter — the carrier platform's print component at its
 * address, or OS printing for plain print data; in demo mode (no gateway base URL) the
 * print-component emulator runs on a free port (never 13528, where a real component may listen)
 * and spools its labels as PDFs into the data folder.
 */
export function createPrintAccess(options: PrintAccessOptions): PrintAccess {
  let emulator: Promise<PrintEmulator> | null = null;
  const adapters = new Map<string, PrintComponent>();
  const switchable: SwitchablePrintComponent = createSwitchablePrintComponent(idleComponent());
  switchable.onStateChange((state) => options.events.emit('print.component-state', state));
  const queue = createPrintQueue({ component: switchable, store: options.store, onError: (error) => options.logger.error('a print state could not be saved', { error: String(error) }) });
  const stall = createStallWatch({ queue, component: switchable, stallMs: () => options.settings().print.stallSeconds * 1000 });
  const printerState = createPrinterStateTracker({
    component: switchable,
    queue,
    stall,
    printer: () => options.settings().print.printer,
    onPollError: (error) => options.logger.debug('the printer list could not be read for the printer state', { error: String(error) }),
  });
  printerState.onChange((state) => options.events.emit('print.printer-state', state));
  queue.onEvent((event) => {
    if (event.kind === 'status') options.events.emit('print.queue-status', event.status);
  });
  let currentKey: string | null = null;

  const embeddedEmulator = () => {
    emulator ??= startPrintEmulator({ port: 0, spoolDir: join(options.dataDir, 'demo', 'spool') })
      .then((running) => {
        options.logger.info('demo print-component emulator started', { url: running.url });
        return running;
      })
      .catch((error: unknown) => {
        emulator = null;
        throw error;
      });
    return emulator;
  };

  const desiredKey = async (): Promise<string> => {
    const settings = options.settings();
    if (settings.print.output === 'os-printer') return 'os-printer';
    return settings.gateway.baseUrl === null ? (await embeddedEmulator()).url : settings.print.componentUrl;
  };

  const adapterFor = (key: string): PrintComponent => {
    const known = adapters.get(key);
    if (known) return known;
    const adapter =
      key === 'os-printer'
        ? createOsPrintComponent({ printing: createOsPrinting(), renderer: createLabelRenderer(), store: createFileOsPrintStore(join(options.dataDir, 'os-printing.json')) })
        : createCainiaoPrintComponent({ url: key });
    adapters.set(key, adapter);
    return adapter;
  };

  let follows = 0;
  const follow = async () => {
    const asked = (follows += 1);
    const key = await desiredKey();
    // A later follow read newer settings while this one waited for the emulator: it decides, never this stale one.
    if (asked !== follows || key === currentKey) return;
    currentKey = key;
    switchable.use(adapterFor(key));
    options.logger.info('print output follows settings', { target: key });
  };

  return {
    queue,
    stall,
    printerState,
    follow,
    component: async () => {
      await follow();
      return { component: switchable, url: switchable.state().url };
    },
    async practiceFault(fault) {
      const settings = options.settings();
      if (settings.gateway.baseUrl !== null || settings.print.output === 'os-printer') throw new StationFailure(stationError('print.practice-demo-only', {}));
      // A stall holds what the printer takes for ever; a printed trouble holds until it is cleared.
      await (await embeddedEmulator()).setFault(fault === null ? null : { kind: fault });
      void printerState.refresh();
      return { fault };
    },
    close: async () => {
      printerState.close();
      stall.close();
      queue.close();
      await switchable.close();
      if (emulator) await (await emulator).close();
    },
  };
}
