import type { JobView } from '../../shared/domain/issuing';
import { stationError } from '../../shared/errors/station-error';
import type { GatewayClient } from '../gateway/gateway-client';
import type { JobRecord, OwnedOrder } from '../store/station-records';
import { ISSUE_LIMITS } from '../../shared/gateway/issue-limits';
import { fail, ok } from '../../shared/result';
import { claimError, claimFirstPackages, claimPackages, leaseEnd, packagesWithWork, releaseRunClaims, type RunClaim } from './engine-claims';
import { updateJob, wrongState, type EngineCore } from './engine-core';
import { endIssuing, onStep, scheduleJobEvent } from './engine-settling';
import { jobViewOf } from './engine-views';
import { requestProblems } from './issue-plan';
import { startJobRun } from './job-run';
import type { RunResult } from './job-run-parts';

/*
 * Starting a job's run: one run at a time, in the order the desk started them (a job started
 * meanwhile waits), each run claiming its orders before it sends anything and releasing them when
 * it ends.
 */

/** The job must not be running or waiting to run already (two runs never carry the same orders). */
export function notRunning(core: EngineCore, job: JobRecord, action: string): void {
  if (core.busy.has(job.id)) throw wrongState(job.id, action, 'issuing');
}

/** Starts (or resumes) a job's run; the caller checked it may start and that it does not run or wait already. */
export async function begin(core: EngineCore, job: JobRecord, claim: RunClaim, hold: { printHeld?: boolean } = {}): Promise<JobView> {
  if (core.closed) throw wrongState(job.id, 'started', 'closing');
  // Taken before the first await: a second start of the job meanwhile finds it busy and is refused.
  core.busy.add(job.id);
  core.waiting.set(job.id, { cancelled: false });
  core.stoppedWhileHeld.delete(job.id);
  try {
    await updateJob(core, job.id, { state: 'issuing', ending: null, stopError: null, startedAt: job.startedAt ?? core.now(), finishedAt: null, packageLimit: claim.packageLimit, ...hold });
  } catch (error) {
    core.waiting.delete(job.id);
    core.busy.delete(job.id);
    throw error;
  }
  core.chain = core.chain
    .then(() => runWhenItsTurn(core, job.id, claim))
    .finally(() => core.busy.delete(job.id))
    .catch(async (error: unknown) => {
      core.logger.error('issuing.run-failed', { jobId: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      await endIssuing(core, job.id, { ending: 'failed', error: stationError('internal.unexpected', {}), unresolved: [] }).catch(() => undefined);
    });
  return jobViewOf(core, job.id);
}

/** The job's turn came: unless cancelled or unfit to issue, its orders are claimed, the run goes, the claims are released. */
async function runWhenItsTurn(core: EngineCore, jobId: string, claim: RunClaim): Promise<void> {
  const ticket = core.waiting.get(jobId);
  core.waiting.delete(jobId);
  if (ticket?.cancelled || core.closed) {
    await endIssuing(core, jobId, { ending: 'cancelled', error: null, unresolved: [] });
    return;
  }
  const job = (await core.journal.read.job(jobId)) as JobRecord;
  const [problem] = requestProblems(job.settings);
  if (problem) {
    await endIssuing(core, jobId, { ending: 'failed', error: problem, unresolved: [] });
    return;
  }
  const clientOf = await gatewayClients(core, job);
  if (!clientOf) return;
  // A desk alone claims the packages of its first calls before anything is sent, the rest once the
  // first call left (job-run.ts). In shared mode the whole job is claimed first: the rest's claim,
  // made while the first calls waited for their start times, held the event loop past them, and a
  // start missed is a slot of the account's window lost (three desks: ~70 orders/s, not ~90).
  const firstPackages = core.options.claims ? null : core.tuning.callsInFlight * ISSUE_LIMITS.entriesPerIssueCall;
  const first = await claimFirstPackages(core, job, claim, clientOf, firstPackages);
  if (!first) return;
  scheduleJobEvent(core, jobId);
  const packageLimit = claim.packageLimit === null ? null : Math.max(0, claim.packageLimit - packagesWithWork(first.owned));
  const claimRest = first.more && firstPackages !== null ? async () => (await claimPackages(core, job, { ...claim, packageLimit }, clientOf, { after: firstPackages })).owned : null;
  const result = await runWithRenewal(core, job, first.owned, clientOf, claimRest);
  await releaseRunClaims(core, job);
  await endIssuing(core, jobId, result);
}

/** Each shop of the job calls as itself: its client sends that shop's ids. Null when one could not be had (the job ended failed). */
async function gatewayClients(core: EngineCore, job: JobRecord): Promise<((shopId: string) => GatewayClient) | null> {
  const clients = new Map<string, GatewayClient>();
  try {
    for (const shopId of job.shopIds) clients.set(shopId, await core.options.gateway(shopId));
  } catch (error) {
    core.logger.error('issuing.no-gateway', { jobId: job.id, error: String(error) });
    await endIssuing(core, job.id, { ending: 'failed', error: stationError('internal.unexpected', {}), unresolved: [] });
    return null;
  }
  return (shopId) => {
    const client = clients.get(shopId);
    if (!client) throw new Error(`no gateway client of shop ${shopId}`);
    return client;
  };
}

/** Runs the job over its owned orders; the claim holds while the run lives: renewed every third of the lease, ended with the run. */
async function runWithRenewal(core: EngineCore, job: JobRecord, owned: readonly OwnedOrder[], clientOf: (shopId: string) => GatewayClient, claimRest: (() => Promise<readonly OwnedOrder[]>) | null): Promise<RunResult> {
  const { journal, logger, feeder } = core;
  const jobId = job.id;
  const renewal = setInterval(() => {
    journal.write.renewClaim(jobId, core.options.deskId, leaseEnd(core)).catch((error: unknown) => logger.warn('issuing.claim-renewal-failed', { jobId, error: String(error) }));
  }, core.tuning.claimLeaseMs / 3);
  try {
    const run = startJobRun(job, owned, {
      clientOf,
      journal: journal.write,
      logger,
      now: core.now,
      tuning: core.tuning,
      onStep: (statuses) => onStep(core, jobId, statuses),
      // The feeder reads the job afresh: the desk may have switched its printer meanwhile.
      releaseLabels: (orderKeys) => void feeder.release(jobId, orderKeys).catch((error: unknown) => logger.warn('issuing.release-failed', { jobId, error: String(error) })),
      claimRest:
        claimRest &&
        (() =>
          claimRest().then(ok, (error: unknown) => {
            logger.error('issuing.rest-not-claimed', { jobId, error: String(error) });
            return fail(claimError(error));
          })),
    });
    core.runs.set(jobId, run);
    return await run.finished;
  } finally {
    clearInterval(renewal);
    core.runs.delete(jobId);
  }
}
