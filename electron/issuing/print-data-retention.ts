import type { StationLogger } from '../logging/station-logger';
import type { WaybillHistory } from './waybill-history';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Purges stored print data older than the retention setting now and then once a day; answers
 * the function that stops the daily purge.
 */
export function startPrintDataRetention(options: { history: Pick<WaybillHistory, 'purgePrintData'>; retentionDays: () => number; logger: StationLogger }): () => void {
  const purge = () => {
    const purged = options.history.purgePrintData(options.retentionDays());
    if (purged.waybills > 0) options.logger.info('stored print data purged by retention', purged);
  };
  purge();
  const daily = setInterval(purge, DAY_MS);
  daily.unref();
  return () => clearInterval(daily);
}
