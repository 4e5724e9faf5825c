import { stationError, type StationError } from '../../shared/errors/station-error';
import type { PrintComponentError } from './print-component';

/** Why a component request failed, as a typed error the UI can localize. */
export function printComponentStationError(error: PrintComponentError, context: { url: string; command: string; timeoutMs?: number }): StationError {
  switch (error.kind) {
    case 'offline':
      return stationError('print.component-not-running', { url: context.url });
    case 'timeout':
      return stationError('print.request-timeout', { command: context.command, timeoutMs: context.timeoutMs ?? 0 });
    case 'disconnected':
      return stationError('print.connection-lost', { detail: error.detail });
    default:
      return stationError('print.command-refused', { command: context.command, message: error.detail });
  }
}
