import { stationError } from '../../shared/errors/station-error';
import type { Settings, SettingsPatch } from '../../shared/settings/settings-schema';
import { StationFailure } from '../ipc/to-station-error';
import type { IssuingEngine } from '../issuing/issuing-engine';
import type { PrintQueue } from '../printing/print-queue';

/** What works under the current gateway: its jobs, and the print queue its labels are in. */
export interface GatewayWork {
  engine: Pick<IssuingEngine, 'activeJobs'>;
  queue: Pick<PrintQueue, 'status'>;
}

/**
 * Refuses (`settings.gateway-busy`) a patch that points the station at another gateway or shops
 * while jobs run or labels are on their way to the printer: labels already handed to the print
 * queue would follow the new gateway's output (the demo emulator, say) and be recorded printed
 * without coming out, so the move waits for them.
 */
export function refuseGatewayMoveWhileBusy(patch: SettingsPatch, current: Settings['gateway'], work: GatewayWork): void {
  const shopIds = (shops: readonly { shopId: string }[]) => shops.map((shop) => shop.shopId).join('\n');
  const moves =
    (patch.gateway?.baseUrl !== undefined && patch.gateway.baseUrl !== current.baseUrl) || (patch.gateway?.shops !== undefined && shopIds(patch.gateway.shops) !== shopIds(current.shops));
  if (!moves) return;
  const { counts } = work.queue.status();
  const busy = { jobs: work.engine.activeJobs().length, labels: counts.queued + counts.sent + counts.accepted };
  if (busy.jobs > 0 || busy.labels > 0) throw new StationFailure(stationError('settings.gateway-busy', busy));
}
