import { StationFailure } from '../ipc/to-station-error';
import { PrintComponentError, type PrintComponent } from './print-component';
import { printComponentStationError } from './print-station-errors';

/** Runs one request (named by the component command it sends) against the print component in use. */
export type WithComponent = <T>(command: string, request: (component: PrintComponent) => Promise<T>) => Promise<T>;

/**
 * Requests against the print component the settings point at, its failures turned into typed
 * errors that name the component's address and the command.
 */
export function createComponentRequests(current: () => Promise<{ component: PrintComponent; url: string }>): WithComponent {
  return async (command, request) => {
    const { component, url } = await current();
    try {
      return await request(component);
    } catch (error) {
      if (error instanceof PrintComponentError) throw new StationFailure(printComponentStationError(error, { url, command }));
      throw error;
    }
  };
}
