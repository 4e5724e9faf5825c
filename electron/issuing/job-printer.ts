import type { Settings } from '../../shared/settings/settings-schema';
import type { WithComponent } from '../printing/component-requests';
import { listPrinters } from '../printing/printer-setup';

/**
 * The printer of a new job: the stored choice, else the one the component's list resolves to
 * (its default, unless it reports that one disabled). '' (the component's default) when the
 * component cannot say: the job then waits for it like any label.
 */
export function createJobPrinter(options: { output: () => Settings['print']['output']; withComponent: WithComponent }): (stored: string) => Promise<string> {
  return async (stored) => {
    if (stored !== '' || options.output() !== 'component') return stored;
    try {
      return (await options.withComponent('getPrinters', (component) => listPrinters(component, null))).effective ?? '';
    } catch {
      return '';
    }
  };
}
