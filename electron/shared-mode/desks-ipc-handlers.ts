import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';
import type { SharedModeView } from './shared-mode-view';

/** The Desks view and the header's shared-mode badge: the mode's state and the account's desks (none while it is off). */
export function desksIpcHandlers(sharedMode: SharedModeView): FeatureIpcHandlers<'desks'> {
  return {
    'desks.list': async () => {
      const state = sharedMode.state();
      return { state, desks: state === 'off' ? [] : await sharedMode.desks() };
    },
  };
}
