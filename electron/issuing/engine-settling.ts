import type { OrderStatus } from '../../shared/domain/issuing';
import { updateJob, type EngineCore } from './engine-core';
import { jobView } from './engine-views';
import type { RunResult } from './job-run-parts';

/*
 * How a job tells its progress and takes its ending: job events (coalesced), the settle check
 * that ends a printing job once none of its labels is still out, and the print queue's events
 * that drive both.
 */

/**
 * A job's progress is told at most this often: each view counts the job's orders and labels in
 * the journal, and a job of a thousand labels changes thousands of times (a desk spent a tenth of
 * its time on views no screen can show). The ending is told at once (`settleNow`).
 */
const JOB_EVENT_INTERVAL_MS = 100;

/** Job events are coalesced: at once when none was told for the job within the interval, else once the interval has passed. */
export function scheduleJobEvent(core: EngineCore, jobId: string): void {
  if (core.eventScheduled.has(jobId)) return;
  core.eventScheduled.add(jobId);
  const tell = () => {
    core.eventScheduled.delete(jobId);
    // After close the database may be gone: nobody listens any more.
    if (core.closed) return;
    // Only a job still going keeps its interval (`track` forgets an ended job's).
    if (core.active.has(jobId)) core.jobEventAt.set(jobId, performance.now());
    void (async () => {
      const job = await core.journal.read.job(jobId);
      if (job && !core.closed) core.options.emit({ kind: 'job', job: await jobView(core, job) });
    })().catch((error: unknown) => core.logger.warn('issuing.job-event-failed', { jobId, error: String(error) }));
  };
  const waitMs = (core.jobEventAt.get(jobId) ?? Number.NEGATIVE_INFINITY) + JOB_EVENT_INTERVAL_MS - performance.now();
  if (waitMs <= 0) setImmediate(tell);
  else setTimeout(tell, waitMs).unref();
}

/** Takes a printing job to its ending once none of its labels is still out (one check of a job at a time). */
export function settleIfDone(core: EngineCore, jobId: string): Promise<void> {
  const check = (core.settling.get(jobId) ?? Promise.resolve()).then(() => settleNow(core, jobId));
  const tail = check.catch((error: unknown) => core.logger.warn('issuing.settle-failed', { jobId, error: String(error) }));
  core.settling.set(jobId, tail);
  void tail.then(() => {
    if (core.settling.get(jobId) === tail) core.settling.delete(jobId);
  });
  return check;
}

/** One settle check: a printing job with its ending decided and no label out or waiting takes its ending. */
async function settleNow(core: EngineCore, jobId: string): Promise<void> {
  const { feeder } = core;
  const job = await core.journal.read.job(jobId);
  if (job?.printHeld && core.stoppedWhileHeld.has(jobId)) feeder.drop(jobId);
  if (!job || job.state !== 'printing' || job.ending === null || (await feeder.waiting(jobId)) > 0 || (await core.printTasks.openLabels(jobId)) > 0) return;
  const ended = await updateJob(core, jobId, { state: job.ending, finishedAt: core.now() });
  core.stoppedWhileHeld.delete(jobId);
  const final = await jobView(core, ended);
  core.options.emit({ kind: 'job', job: final });
  for (const resolve of core.settledWaiters.get(jobId) ?? []) resolve(final);
  core.settledWaiters.delete(jobId);
  core.logger.info('issuing.job-ended', { jobId, ending: ended.state, orders: final.orders, labels: final.labels, points: final.points });
}

/** Follows the print queue: each label event of an active job feeds its next labels and checks whether it settled. Answers the unsubscribe. */
export function followPrintQueue(core: EngineCore): () => void {
  return core.queue.onEvent((event) => {
    if (event.kind !== 'document' || !core.active.has(event.document.jobId)) return;
    const { jobId } = event.document;
    scheduleJobEvent(core, jobId);
    if (core.settleChecks.has(jobId)) return;
    core.settleChecks.add(jobId);
    // After the queue's own step (never inside it): hand the next labels over, then see whether the job is settled.
    queueMicrotask(() => {
      core.settleChecks.delete(jobId);
      void core.feeder
        .feed(jobId)
        .then(() => settleIfDone(core, jobId))
        .catch((error: unknown) => core.logger.warn('issuing.feed-failed', { jobId, error: String(error) }));
    });
  });
}

/** A run's committed step: its orders go out as an event, the job's event follows. */
export function onStep(core: EngineCore, jobId: string, statuses: OrderStatus[]): void {
  core.options.emit({ kind: 'orders', jobId, orders: statuses });
  scheduleJobEvent(core, jobId);
}

/** Issuing is over: the job prints what it has and then takes its ending. */
export async function endIssuing(core: EngineCore, jobId: string, result: RunResult): Promise<void> {
  await updateJob(core, jobId, { state: 'printing', ending: result.ending, stopError: result.error });
  core.logger.info('issuing.run-ended', { jobId, ending: result.ending, error: result.error?.code ?? null, unresolved: result.unresolved.length });
  scheduleJobEvent(core, jobId);
  await settleIfDone(core, jobId);
}
