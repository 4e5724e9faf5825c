import { amongGateways } from '../../shared/domain/gateway-identity';
import type { JobEnding, StartUpReport } from '../../shared/domain/issuing';
import type { StationError } from '../../shared/errors/station-error';
import { stationError } from '../../shared/errors/station-error';
import type { JobRecord } from '../store/station-records';
import { ofCurrentGateway, updateJob, type EngineCore } from './engine-core';
import { scheduleJobEvent, settleIfDone } from './engine-settling';
import { waitingForOtherGateways } from './waiting-work';
import { lookUpAll } from './waybill-lookup';

/*
 * The start-up pass (recover): what a crash or quit left is taken on — this desk's old claims
 * ended, pending orders looked up, unfinished jobs moved on with their labels released, and the
 * print component asked about labels of unknown outcome. See the crash points in issuing-engine.ts.
 */

/** Whether the job runs or waits to run in this engine now (the pass leaves it alone). */
const isLive = (core: EngineCore, jobId: string): boolean => core.runs.has(jobId) || core.waiting.has(jobId);

/** Looks up this desk's pending orders, each as the gateway and shop it is pending under, and counts what was found. */
async function reconcilePending(core: EngineCore, report: StartUpReport): Promise<void> {
  const { journal, options, tuning } = core;
  for (const { jobId, shopId, orderNumbers } of await journal.read.pendingOrders(options.deskId, core.now())) {
    // Only the gateway and shop an order is pending under can say whether it was issued: each shop's orders are asked as that shop.
    const pendingJob = await journal.read.job(jobId);
    if (isLive(core, jobId) || !pendingJob || !amongGateways({ baseUrl: pendingJob.baseUrl, shopId }, options.gatewayIdentities())) continue;
    const client = await options.gateway(shopId);
    const round = await lookUpAll({ client, journal: journal.write, logger: core.logger, now: core.now }, jobId, shopId, orderNumbers, { rounds: tuning.lookupRounds, delayMs: tuning.retryDelayMs });
    options.emit({ kind: 'orders', jobId, orders: round.statuses });
    for (const status of round.statuses) {
      if (status.state === 'recovered') report.reconciled.recovered.push(status.orderNumber);
      else if (status.state === 'elsewhere') report.reconciled.issuedElsewhere.push(status.orderNumber);
      else if (status.state === 'planned') report.reconciled.notIssued.push(status.orderNumber);
    }
    report.reconciled.unresolved.push(...round.unresolved);
  }
}

/** An unfinished job moves on to printing, with the ending its orders decide when it was still issuing. */
async function moveJobOn(core: EngineCore, job: JobRecord, report: StartUpReport): Promise<void> {
  let ending: JobEnding | null = job.ending;
  let error: StationError | null = job.stopError;
  if (job.state === 'issuing') {
    const counts = await core.journal.read.orderCounts(job.id);
    if (counts.planned > 0) {
      // Interrupted (crash or quit) with orders never sent: the user resumes it with retry.
      ending = 'cancelled';
      error = stationError('issuing.job-interrupted', {});
      report.interruptedJobs.push(job.id);
    } else if (counts.pending > 0) {
      ending = 'failed';
      error = stationError('issuing.orders-unresolved', { count: counts.pending });
    } else {
      ending = 'done';
    }
  }
  await updateJob(core, job.id, { state: 'printing', ending, stopError: error });
  const released = await core.feeder.release(job.id);
  // Labels of a held job wait for the preview decision: none went to the print queue.
  if (!job.printHeld) report.labelsQueued += released;
  scheduleJobEvent(core, job.id);
  await settleIfDone(core, job.id);
}

/** See IssuingEngine.startUp. */
export async function startUp(core: EngineCore): Promise<StartUpReport> {
  const { journal, printTasks, options } = core;
  await core.activeLoaded;
  const report: StartUpReport = {
    reconciled: { recovered: [], issuedElsewhere: [], notIssued: [], unresolved: [] },
    interruptedJobs: [],
    labelsQueued: 0,
    waiting: await waitingForOtherGateways({ journal: journal.read, printTasks }, options.gatewayIdentities()),
  };
  // This desk's runs before the start are gone: their claims end now, not when their leases lapse.
  for (const job of await journal.read.jobsIn(['issuing', 'printing'])) {
    if (!isLive(core, job.id)) await journal.write.releaseClaim(job.id, options.deskId);
  }
  await reconcilePending(core, report);
  for (const job of await journal.read.jobsIn(['issuing', 'printing'])) {
    if (isLive(core, job.id) || !ofCurrentGateway(core, job)) continue;
    await moveJobOn(core, job, report);
  }
  await core.queue.reconcile();
  core.logger.info('issuing.start-up', { ...report.reconciled, interruptedJobs: report.interruptedJobs, labelsQueued: report.labelsQueued, waiting: report.waiting });
  return report;
}
