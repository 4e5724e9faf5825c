import type { JobState, JobView, StartRequest } from '../../shared/domain/issuing';
import { existing, finalStates, holding, ofCurrentGateway, otherGateway, updateJob, wrongState, type EngineCore } from './engine-core';
import { begin, notRunning } from './engine-runs';
import { scheduleJobEvent, settleIfDone } from './engine-settling';
import { jobView, jobViewOf } from './engine-views';

/*
 * A job's life as the desk drives it: start, retry, cancel, wait for its end, bring it to a safe
 * point; and the engine's close.
 */

/** See IssuingEngine.start. */
export async function startJob(core: EngineCore, request: StartRequest): Promise<JobView> {
  const job = await existing(core, request.jobId);
  if (!ofCurrentGateway(core, job)) throw otherGateway(job, 'started');
  if (job.state !== 'planned') throw wrongState(job.id, 'started', job.state);
  notRunning(core, job, 'started');
  return begin(core, job, { retryFailed: false, packageLimit: request.packageLimit ?? null }, { printHeld: request.previewFirstLabel === true });
}

/** See IssuingEngine.retry. */
export async function retryJob(core: EngineCore, request: StartRequest): Promise<JobView> {
  const job = await existing(core, request.jobId);
  if (!ofCurrentGateway(core, job)) throw otherGateway(job, 'retried');
  if (job.state === 'planned' || job.state === 'issuing') throw wrongState(job.id, 'retried', job.state);
  notRunning(core, job, 'retried');
  return begin(core, job, { retryFailed: true, packageLimit: request.packageLimit ?? null });
}

/** See IssuingEngine.cancel. */
export async function cancelJob(core: EngineCore, jobId: string): Promise<JobView> {
  const job = await existing(core, jobId);
  const ticket = core.waiting.get(jobId);
  if (ticket) ticket.cancelled = true;
  core.runs.get(jobId)?.cancel();
  if (job.state === 'planned') {
    await updateJob(core, jobId, { state: 'cancelled', ending: 'cancelled', finishedAt: core.now() });
  } else if (holding(core, job)) {
    core.stoppedWhileHeld.add(jobId);
    // Issuing already over: the job was only waiting for the decision, which is "stop".
    if (job.state === 'printing' && job.ending === 'done') await updateJob(core, jobId, { ending: 'cancelled' });
    core.logger.info('issuing.held-job-stopped', { jobId });
    await settleIfDone(core, jobId);
  }
  scheduleJobEvent(core, jobId);
  return jobViewOf(core, jobId);
}

/** See IssuingEngine.settled. */
export function settled(core: EngineCore, jobId: string): Promise<JobView> {
  return new Promise((resolve, reject) => {
    // Waiting before the job is read: an ending taken meanwhile still resolves it.
    core.settledWaiters.set(jobId, [...(core.settledWaiters.get(jobId) ?? []), resolve]);
    existing(core, jobId).then(async (job) => {
      if (finalStates.has(job.state)) resolve(await jobView(core, job));
    }, reject);
  });
}

/** See IssuingEngine.activeJobs: a job of another gateway waits untouched, it holds no quit. */
export function activeJobs(core: EngineCore): { id: string; state: JobState }[] {
  return [...core.active.values()]
    .sort((a, b) => a.createdAt - b.createdAt)
    .filter((job) => core.runs.has(job.id) || core.waiting.has(job.id) || ofCurrentGateway(core, job))
    .map((job) => ({ id: job.id, state: job.state }));
}

/** See IssuingEngine.bringToSafePoint. */
export async function bringToSafePoint(core: EngineCore, jobId: string): Promise<void> {
  const ticket = core.waiting.get(jobId);
  if (ticket) ticket.cancelled = true;
  const run = core.runs.get(jobId);
  if (!run) return;
  run.cancel();
  await run.finished;
}

/** See IssuingEngine.close; `stopListening` ends the engine's following of the print queue. */
export async function closeEngine(core: EngineCore, stopListening: () => void): Promise<void> {
  core.closed = true;
  for (const ticket of core.waiting.values()) ticket.cancelled = true;
  for (const run of core.runs.values()) run.cancel();
  await core.chain;
  stopListening();
}
