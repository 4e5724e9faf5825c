import { stationError } from '../../shared/errors/station-error';
import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';
import { StationFailure } from '../ipc/to-station-error';
import type { ScaleReader } from './scale-reader';
import { listSerialPorts } from './serial-ports';

/** The desk scale's channels: its state, the weight taken now (only a stable one), the ports to choose from. */
export function scaleIpcHandlers(scale: ScaleReader): FeatureIpcHandlers<'scale'> {
  return {
    'scale.state': () => scale.view(),
    'scale.take': () => {
      const view = scale.view();
      if (view.state !== 'stable' || view.grams === null || view.grams <= 0) throw new StationFailure(stationError('scale.no-stable-weight', { state: view.state }));
      return { grams: view.grams };
    },
    'scale.ports': async () => ({ ports: await listSerialPorts() }),
  };
}
