import { shopOrderKey } from '../../shared/domain/shop-order';
import type { OrderStatus } from '../../shared/domain/issuing';
import type { StationError } from '../../shared/errors/station-error';
import { stationError } from '../../shared/errors/station-error';
import type { GatewayClient } from '../gateway/gateway-client';
import { StationFailure } from '../ipc/to-station-error';
import type { ClaimedPackages, JobRecord, OwnedOrder } from '../store/station-records';
import type { EngineCore } from './engine-core';
import { endIssuing, onStep } from './engine-settling';
import type { OrderClaims } from './order-claims';

/*
 * A run's claims on its orders. In a single desk the journal's claim (this desk's id and a lease)
 * is the only one; in shared mode the server's claims are taken too before any of the orders is
 * sent, and both are released when the run ends (or could not claim). A desk alone claims the
 * packages of its first calls, then the rest once its first call left: the first label does not
 * wait for the claim of a whole big job (a shared desk claims the whole job first, engine-runs.ts).
 */

/** What a run claims: whether failed orders are issued again, and how many packages at most. */
export interface RunClaim {
  retryFailed: boolean;
  packageLimit: number | null;
}

/** When a claim taken or renewed now lapses. */
export const leaseEnd = (core: EngineCore): number => core.now() + core.tuning.claimLeaseMs;

/** The orders a claim gave the run, and whether the job has packages after them. */
export interface ClaimedOrders {
  owned: OwnedOrder[];
  more: boolean;
}

/**
 * Claims these of the job's packages for this desk: in the journal, then (shared mode) on the
 * server. Answers the orders the run may carry; rejects (a StationFailure when the shared
 * database is away) when no shared claim could be made: then none of them may be sent.
 */
export async function claimPackages(core: EngineCore, job: JobRecord, claim: RunClaim, clientOf: (shopId: string) => GatewayClient, packages?: ClaimedPackages): Promise<ClaimedOrders> {
  const { journal, logger, options } = core;
  const { held, owned, more } = await journal.write.claim(job.id, { ...claim, ...(packages === undefined ? {} : { packages }), owner: { deskId: options.deskId, leaseUntil: leaseEnd(core) } }, core.now());
  if (held.length > 0) logger.warn('issuing.orders-held', { jobId: job.id, held: held.length, byJobs: [...new Set(held.map((order) => `${order.deskId}/${order.jobId}`))] });
  return { owned: options.claims ? await claimBeyondThisDesk(core, options.claims, job, owned, clientOf) : owned, more };
}

/** Why a claim could not be made, as the job's error. */
export const claimError = (error: unknown): StationError => (error instanceof StationFailure ? error.error : stationError('internal.unexpected', {}));

/**
 * Claims the packages of the run's first calls (claimPackages; null: every package), before
 * anything is sent. Null when no shared claim could be made: then nothing may be sent, the claims
 * are released and the job has ended failed with the error.
 */
export async function claimFirstPackages(core: EngineCore, job: JobRecord, claim: RunClaim, clientOf: (shopId: string) => GatewayClient, packages: number | null): Promise<ClaimedOrders | null> {
  try {
    return await claimPackages(core, job, claim, clientOf, packages === null ? undefined : { first: packages });
  } catch (error) {
    // No claim could be made (the shared database is away): nothing may be sent.
    await releaseRunClaims(core, job);
    await endIssuing(core, job.id, { ending: 'failed', error: claimError(error), unresolved: [] });
    return null;
  }
}

/** The packages of these owned orders that still have work (planned or pending): what a package limit counts. */
export const packagesWithWork = (owned: readonly OwnedOrder[]): number => new Set(owned.filter((order) => order.state === 'planned' || order.state === 'pending').map((order) => order.packageKey)).size;

/** The shared claims of the job's open orders: refused planned orders are set aside as failed, refused pending ones wait for their look-up; answers the orders the run may carry. */
async function claimBeyondThisDesk(core: EngineCore, claims: OrderClaims, job: JobRecord, owned: OwnedOrder[], clientOf: (shopId: string) => GatewayClient): Promise<OwnedOrder[]> {
  const refused = await claims.claim(job, owned.filter((order) => order.state === 'planned' || order.state === 'pending'), clientOf);
  if (refused.size === 0) return owned;
  const statuses: OrderStatus[] = [];
  for (const order of owned) {
    const error = refused.get(shopOrderKey(order));
    if (error && order.state === 'planned') statuses.push(...(await core.journal.write.failOrders(order.shopId, [order.orderNumber], error, core.now())));
  }
  core.logger.info('issuing.claimed-elsewhere', { jobId: job.id, refused: refused.size });
  if (statuses.length > 0) onStep(core, job.id, statuses);
  return owned.filter((order) => !refused.has(shopOrderKey(order)));
}

/** Frees the job's shared claims of orders the run did not issue (pending ones keep theirs until it lapses: their outcome is unknown). */
async function releaseSharedClaims(core: EngineCore, claims: OrderClaims, job: JobRecord): Promise<void> {
  const rows = await core.journal.read.jobOrders(job.id);
  const notIssued = rows
    .filter((row) => row.ownerJobId === job.id && (row.state === 'planned' || row.state === 'failed' || row.state === 'skipped'))
    .map((row) => ({ shopId: row.shopId, orderNumber: row.orderNumber }));
  await claims.release(job, notIssued).catch((error: unknown) => core.logger.warn('issuing.claims-not-released', { jobId: job.id, error: String(error) }));
}

/** The run is over (or never began): its shared claims are released (shared mode), then this desk's claim in the journal. */
export async function releaseRunClaims(core: EngineCore, job: JobRecord): Promise<void> {
  if (core.options.claims) await releaseSharedClaims(core, core.options.claims, job);
  await core.journal.write.releaseClaim(job.id, core.options.deskId);
}
