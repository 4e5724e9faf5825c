import type { SetAsideWaybill } from '../../shared/domain/desks';
import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';
import type { SharedModeView } from './shared-mode-view';

/**
 * The Desks view, the header's shared-mode badge and the Attention view's waybills set aside: the
 * mode's state, the account's desks and this desk's waybills the shared history refused (none
 * while the mode is off).
 */
export function desksIpcHandlers(sharedMode: SharedModeView, setAside: () => Promise<SetAsideWaybill[]>): FeatureIpcHandlers<'desks'> {
  return {
    'desks.list': async () => {
      const state = sharedMode.state();
      return state === 'off' ? { state, desks: [], setAside: [] } : { state, desks: await sharedMode.desks(), setAside: await setAside() };
    },
  };
}
