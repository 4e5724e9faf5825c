import { offlineComponentError, type ComponentState } from '../../../shared/domain/printing';
import type { StationError } from '../../../shared/errors/station-error';

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
      return { kind: 'offline', error: offlineComponentError(state) };
  }
}
