import { join } from 'node:path';
import type { Settings } from '../../shared/settings/settings-schema';
import { startPrintEmulator, type PrintEmulator } from '../demo/print-emulator/print-emulator';
import type { StationLogger } from '../logging/station-logger';
import { createCainiaoPrintComponent } from '../printing/cainiao/cainiao-print-component';
import type { ComponentState, PrintComponent } from '../printing/print-component';

/** What print access needs from the composition root. */
export interface PrintAccessOptions {
  dataDir: string;
  settings: () => Settings;
  logger: StationLogger;
  /** Told every state change of the current component (pushed to the UI). */
  onState: (state: ComponentState) => void;
}

/** The print component for the current settings, and shutdown. */
export interface PrintAccess {
  /** The connected (or connecting) component; rebuilt when the component address changes. */
  component: () => Promise<{ component: PrintComponent; url: string }>;
  close: () => Promise<void>;
}

/**
 * Gives the services the print component for the current settings. In demo mode (no gateway
 * base URL) the print-component emulator runs on a free port — never on 13528, where a real
 * component may listen — and spools its labels as PDFs into the data folder.
 */
export function createPrintAccess(options: PrintAccessOptions): PrintAccess {
  let emulator: Promise<PrintEmulator> | null = null;
  let current: { url: string; component: PrintComponent; stopListening: () => void } | null = null;

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

  return {
    component: async () => {
      const settings = options.settings();
      const url = settings.gateway.baseUrl === null ? (await embeddedEmulator()).url : settings.print.componentUrl;
      if (current?.url !== url) {
        if (current) {
          current.stopListening();
          await current.component.close();
        }
        const component = createCainiaoPrintComponent({ url });
        const stopListening = component.onStateChange(options.onState);
        component.connect();
        current = { url, component, stopListening };
        options.onState(component.state());
      }
      return { component: current.component, url };
    },
    close: async () => {
      if (current) {
        current.stopListening();
        await current.component.close();
      }
      if (emulator) await (await emulator).close();
    },
  };
}
