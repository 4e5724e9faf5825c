import type { ComponentState } from '../../../shared/domain/printing';
import { stationError, type StationError } from '../../../shared/errors/station-error';

/** How the print component's state is shown: connected, on its way, or down with the error that says how to fix it. */
export type ComponentStatus = { kind: 'connected' } | { kind: 'connecting' } | { kind: 'offline'; error: StationError };

/** The account bar's reading of the component state (the catalog's print errors carry the remedy). */
export function componentStatus(state: ComponentState): ComponentStatus {
  switch (state.kind) {
    case 'connected':
      return { kind: 'connected' };
    case 'connecting':
      return { kind: 'connecting' };
    case 'offline':
      if (state.reason === 'handshake-failed') return { kind: 'offline', error: stationError('print.handshake-failed', { url: state.url, detail: state.detail }) };
      if (state.reason === 'connection-lost') return { kind: 'offline', error: stationError('print.connection-lost', { detail: state.detail }) };
      return { kind: 'offline', error: stationError('print.component-not-running', { url: state.url }) };
  }
}
