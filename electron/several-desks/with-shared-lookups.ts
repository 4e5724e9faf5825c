import type { QueryEntryOutcome } from '../../shared/domain/waybill';
import type { JournalWriter, StationBackend } from '../store/station-backend';
import { sharedDatabaseFailure } from '../store/postgres/shared-database-failure';
import type { SharedStation } from './shared-station';

/**
 * The shared mode's look-ups: before the journal takes a waybill the query endpoint found for one
 * of this desk's orders as "recovered" (its own answer lost, so printed here), the account's
 * claims are asked whose the order is. One another desk holds or issued — it took the order over
 * while this desk slept past its lease — is recorded issued elsewhere, never printed here. While
 * the shared database cannot be asked, a found waybill is not taken on a guess: the order stays
 * pending and is asked about again later.
 */
export function withSharedLookups(local: StationBackend, shared: SharedStation): StationBackend {
  const journal: JournalWriter = {
    ...local.write.journal,
    async recordQuery(jobId, shopId, outcomes, now) {
      const found = outcomes.filter((outcome) => outcome.status === 'found').map((outcome) => outcome.orderNumber);
      if (found.length === 0) return local.write.journal.recordQuery(jobId, shopId, outcomes, now);
      try {
        const held = await shared.withServer(() => shared.claims.heldBy({ baseUrl: shared.gatewayIdentity().baseUrl, shopId }, found));
        const elsewhere = new Set([...held].filter(([, claim]) => claim.holder.deskId !== shared.access.deskId).map(([orderNumber]) => orderNumber));
        return await local.write.journal.recordQuery(jobId, shopId, outcomes, now, elsewhere);
      } catch (error) {
        const { error: why } = sharedDatabaseFailure(error, shared.access.connection);
        const unsure = outcomes.map((outcome): QueryEntryOutcome => (outcome.status === 'found' ? { orderNumber: outcome.orderNumber, status: 'unknown', error: why } : outcome));
        return local.write.journal.recordQuery(jobId, shopId, unsure, now);
      }
    },
  };
  return { ...local, write: { ...local.write, journal } };
}
