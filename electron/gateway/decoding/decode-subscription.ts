import type { Subscription } from '../../../shared/domain/subscription';
import { stationError } from '../../../shared/errors/station-error';
import type { Result } from '../../../shared/result';
import { fail, ok } from '../../../shared/result';
import { callCost } from './call-cost';
import { asRecord, pick, readGatewayTime, readInteger, readText } from './tolerant-values';

/**
 * The data of a subscription answer (spec 2.5): dates as `yyyy-MM-dd HH:mm:ss` (UTC+8) or
 * epoch seconds/milliseconds, numbers possibly as strings.
 */
export function decodeSubscription(data: unknown): Result<Subscription> {
  const record = asRecord(data);
  if (!record) return fail(stationError('gateway.unexpected-data', { endpoint: 'subscription', detail: 'data is not an object' }));
  return ok({
    startsAt: readGatewayTime(pick(record, 'start_date', 'startDate')),
    endsAt: readGatewayTime(pick(record, 'end_date', 'endDate')),
    status: readText(record.status),
    versionNo: readInteger(pick(record, 'version_no', 'versionNo')),
    points: callCost(data),
  });
}
