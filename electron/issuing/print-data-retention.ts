import type { StationLogger } from '../logging/station-logger';
import type { WaybillHistory } from './waybill-history';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Purges stored print data older than the retention setting now and then once a day; answers
 * the function that stops the daily purge.
 */
export function startPrintDataRetention(options: { history: Pick<WaybillHistory, 'purgePrintData'>; retentionDays: () => number; logger: StationLogger }): () => void {
  const purge = async () => {
    const purged = await options.history.purgePrintData(options.retentionDays());
    if (purged.waybills > 0) options.logger.info('stored print data purged by retention', purged);
  };
  const purgeNow = () => void purge().catch((error: unknown) => options.logger.warn('print data purge failed', { error: String(error) }));
  purgeNow();
  const daily = setInterval(purgeNow, DAY_MS);
  daily.unref();
  return () => clearInterval(daily);
}
