import type { GatewayIdentity } from '../../shared/domain/gateway-identity';
import { shopOrderKey } from '../../shared/domain/shop-order';
import type { GatewayClient } from '../gateway/gateway-client';
import { stationError, type StationError } from '../../shared/errors/station-error';
import { ISSUE_LIMITS } from '../../shared/gateway/issue-limits';
import type { OrderClaims } from '../issuing/order-claims';
import { lookUpOnce } from '../issuing/waybill-lookup';
import type { StationLogger } from '../logging/station-logger';
import type { ClaimHolder, ClaimOutcome } from '../store/postgres/shared-claims';
import type { JournalWriter } from '../store/station-backend';
import { gatewaysOfJob, type JobRecord } from '../store/station-records';
import type { SharedStation } from './shared-station';

/** What the desk's shared claims are built from. */
export interface SharedOrderClaimsOptions {
  station: SharedStation;
  /** The journal records what the query endpoint says of a lapsed order, as for a restart. */
  journal: JournalWriter;
  logger: StationLogger;
  now?: () => number;
  /**
   * How long a claim lives without renewal (a desk that died leaves it to lapse); renewed every
   * third of it while the job runs. A renewal that fails or comes late costs nothing: each issue
   * call is granted only together with the check that its orders are still this process's (the
   * call window's fence), which also stretches their leases over the call's life.
   */
  leaseMs?: number;
}

const heldElsewhere = (orderNumber: string, holder: ClaimHolder): StationError => stationError('shared-mode.held-elsewhere', { orderNumber, desk: holder.deskName });
const issuedElsewhere = (orderNumber: string, holder: ClaimHolder, waybillCode: string): StationError => stationError('shared-mode.issued-elsewhere', { orderNumber, desk: holder.deskName, waybillCode });

/**
 * The engine's claims beyond this desk, on the account's shared claims: a run claims its orders
 * in PostgreSQL before it sends anything; an order whose holder stopped renewing is looked up at
 * the gateway (recorded in the journal like a restart's look-up) before it is taken; claims are
 * renewed while the run lasts and freed when it ends. No server, no claim: every call rejects
 * with `shared-mode.unreachable`.
 */
export function createSharedOrderClaims(options: SharedOrderClaimsOptions): OrderClaims {
  const { station, journal, logger } = options;
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? 60_000;
  /** Per job, the renewal of its claims (the claims of each of its shops). */
  const renewals = new Map<string, NodeJS.Timeout>();

  const keepAlive = (gateways: readonly GatewayIdentity[], jobId: string) => {
    if (renewals.has(jobId)) return;
    const timer = setInterval(() => {
      for (const gateway of gateways) {
        station.claims.renew(gateway, jobId, leaseMs).catch((error: unknown) => {
          station.noticeFailure(error);
          logger.warn('shared claims not renewed', { jobId, shopId: gateway.shopId, error: String(error) });
        });
      }
    }, leaseMs / 3);
    renewals.set(jobId, timer);
  };

  /** Claims the job's open orders of one shop (as that shop); answers those refused, by order number. */
  async function claimOfShop(job: JobRecord, gateway: GatewayIdentity, orderNumbers: readonly string[], client: GatewayClient): Promise<Map<string, StationError>> {
    const outcomes = await station.withServer(() => station.claims.claim(gateway, job.id, orderNumbers, leaseMs));
    const refused = new Map<string, StationError>();
    const lapsed: Extract<ClaimOutcome, { kind: 'lapsed' }>[] = [];
    for (const outcome of outcomes) {
      if (outcome.kind === 'held-elsewhere') refused.set(outcome.orderNumber, heldElsewhere(outcome.orderNumber, outcome.holder));
      else if (outcome.kind === 'issued') refused.set(outcome.orderNumber, issuedElsewhere(outcome.orderNumber, outcome.holder, outcome.waybillCode));
      else if (outcome.kind === 'lapsed') lapsed.push(outcome);
    }
    for (let index = 0; index < lapsed.length; index += ISSUE_LIMITS.entriesPerQueryCall) {
      const batch = lapsed.slice(index, index + ISSUE_LIMITS.entriesPerQueryCall);
      const round = await lookUpOnce({ client, journal, logger, now }, job.id, gateway.shopId, batch.map((outcome) => outcome.orderNumber));
      const statuses = new Map(round.statuses.map((status) => [status.orderNumber, status]));
      for (const outcome of batch) {
        const status = statuses.get(outcome.orderNumber);
        if (status === undefined || round.unresolved.includes(outcome.orderNumber)) {
          // The gateway said nothing certain: the order is not taken on a guess.
          refused.set(outcome.orderNumber, heldElsewhere(outcome.orderNumber, outcome.holder));
          continue;
        }
        const taken = await station.withServer(() => station.claims.takeLapsed(gateway, job.id, { lapsed: outcome, waybillCode: status.waybillCode }, leaseMs));
        if (taken.kind === 'issued') refused.set(outcome.orderNumber, issuedElsewhere(outcome.orderNumber, taken.holder, taken.waybillCode));
        else if (taken.kind !== 'claimed') refused.set(outcome.orderNumber, heldElsewhere(outcome.orderNumber, taken.holder));
      }
    }
    logger.info('shared claims made', { jobId: job.id, shopId: gateway.shopId, asked: orderNumbers.length, refused: refused.size, lapsed: lapsed.length });
    return refused;
  }

  return {
    async elsewhere(gateway, orderNumbers) {
      const held = await station.withServer(() => station.claims.heldBy(gateway, orderNumbers));
      const refused = new Map<string, StationError>();
      for (const [orderNumber, claim] of held) {
        if (claim.state === 'issued') refused.set(orderNumber, issuedElsewhere(orderNumber, claim.holder, claim.waybillCode ?? ''));
        // A lapsed claim is no reason to leave an order out: the run looks it up before taking it.
        else if (claim.state === 'claimed' && !claim.ours) refused.set(orderNumber, heldElsewhere(orderNumber, claim.holder));
      }
      return refused;
    },
    async claim(job, owned, clientOf) {
      keepAlive(gatewaysOfJob(job), job.id);
      const refused = new Map<string, StationError>();
      for (const gateway of gatewaysOfJob(job)) {
        const ofShop = owned.filter((order) => order.shopId === gateway.shopId).map((order) => order.orderNumber);
        if (ofShop.length === 0) continue;
        for (const [orderNumber, error] of await claimOfShop(job, gateway, ofShop, clientOf(gateway.shopId))) refused.set(shopOrderKey({ shopId: gateway.shopId, orderNumber }), error);
      }
      return refused;
    },
    async release(job, orders) {
      const timer = renewals.get(job.id);
      if (timer !== undefined) clearInterval(timer);
      renewals.delete(job.id);
      for (const gateway of gatewaysOfJob(job)) {
        const ofShop = orders.filter((order) => order.shopId === gateway.shopId).map((order) => order.orderNumber);
        if (ofShop.length > 0) await station.withServer(() => station.claims.release(gateway, job.id, ofShop));
      }
    },
  };
}
