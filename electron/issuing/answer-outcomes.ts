import type { StationError } from '../../shared/errors/station-error';
import type { IssueEntryOutcome } from '../../shared/domain/waybill';
import type { IssuedEntry } from '../store/station-records';

/** Orders of one entry with why they were not issued. */
interface NotIssued {
  orderNumbers: string[];
  error: StationError;
}

/** An issue answer sorted per order: what the journal records in one transaction. */
export interface AnswerOutcomes {
  issued: IssuedEntry[];
  failed: NotIssued[];
  unknown: NotIssued[];
}

/**
 * An answer's outcomes per order: an order shipped in several parcels is issued only when every
 * parcel is; a parcel without a waybill leaves the whole order unknown (looked up: the gateway
 * issues a ticket's parcels together), with the waybills its other parcels got still recorded.
 */
export function outcomesByOrder(outcomes: readonly IssueEntryOutcome[], entryOrders: ReadonlyMap<string, string[]>, parcelNoOf: ReadonlyMap<string, number>): AnswerOutcomes {
  const issued: IssuedEntry[] = [];
  const failed: NotIssued[] = [];
  const unknown: NotIssued[] = [];
  const parcelsOf = new Map<string, IssueEntryOutcome[]>();
  for (const outcome of outcomes) {
    const orderNumbers = entryOrders.get(outcome.objectId) ?? [];
    const [orderNumber] = orderNumbers;
    if (parcelNoOf.has(outcome.objectId) && orderNumber !== undefined) {
      parcelsOf.set(orderNumber, [...(parcelsOf.get(orderNumber) ?? []), outcome]);
      continue;
    }
    if (outcome.status === 'issued') issued.push({ ...outcome.waybill, orderNumbers });
    else (outcome.status === 'failed' ? failed : unknown).push({ orderNumbers, error: outcome.error });
  }
  for (const [orderNumber, parcels] of parcelsOf) {
    for (const outcome of parcels) {
      if (outcome.status === 'issued') issued.push({ ...outcome.waybill, orderNumbers: [orderNumber], parcelNo: parcelNoOf.get(outcome.objectId) as number });
    }
    const without = parcels.find((outcome) => outcome.status !== 'issued');
    if (without === undefined) continue;
    if (parcels.every((outcome) => outcome.status === 'failed')) failed.push({ orderNumbers: [orderNumber], error: without.error });
    else unknown.push({ orderNumbers: [orderNumber], error: without.error });
  }
  return { issued, failed, unknown };
}
