import type { JobEnding, JobView, PrintAgainResult } from '../../shared/domain/issuing';
import { existing, finalStates, holding, ofCurrentGateway, otherGateway, track, updateJob, wrongState, type EngineCore } from './engine-core';
import { scheduleJobEvent, settleIfDone } from './engine-settling';
import { jobView, jobViewOf } from './engine-views';

/*
 * What the desk does with a job's labels: confirm the held preview, print the ones that did not
 * print again, stop the rest at the printer, switch printers. Nothing here issues.
 */

/** A request to print a job's labels again (see IssuingEngine.printAgain); `leaveUnknown` keeps labels of unknown outcome where they went. */
export interface PrintAgainRequest {
  jobId: string;
  confirmMaybePrinted: boolean;
  printer?: string;
  leaveUnknown?: boolean;
}

/** See IssuingEngine.printAgain. */
export async function printAgain(core: EngineCore, { jobId, confirmMaybePrinted, printer, leaveUnknown = false }: PrintAgainRequest): Promise<PrintAgainResult> {
  const { printTasks, queue, feeder } = core;
  const job = await existing(core, jobId);
  if (!ofCurrentGateway(core, job)) throw otherGateway(job, 'printed again');
  const problems = await printTasks.labelProblems(jobId);
  // Unknown labels the component has not been asked about yet are still its to answer.
  const unknown = leaveUnknown ? [] : problems.filter((problem) => problem.state === 'unknown' && problem.asked).map((problem) => problem.recordId);
  if (unknown.length > 0 && !confirmMaybePrinted) return { requeued: 0, needsConfirmation: unknown.length };
  const failed = problems.filter((problem) => problem.state === 'failed').map((problem) => problem.recordId);
  if (printer !== undefined) await core.journal.write.setJobPrinter(jobId, printer, core.now());
  // The job prints again: it follows its labels and takes its ending once they are settled.
  track(core, finalStates.has(job.state) ? await updateJob(core, jobId, { state: 'printing', ending: job.ending ?? (job.state as JobEnding), finishedAt: null }) : job);
  const requeued = (await queue.retry(failed, printer)).requeued.length + (await queue.resendUnknown(unknown)).requeued.length;
  const released = job.printHeld ? 0 : await feeder.release(jobId);
  core.logger.info('issuing.print-again', { jobId, requeued, released, printer: printer ?? null });
  scheduleJobEvent(core, jobId);
  await settleIfDone(core, jobId);
  return { requeued: requeued + released, needsConfirmation: 0 };
}

/** Takes the job's queued labels back (stop or switch at the printer); answers how many. */
async function withdrawQueued(core: EngineCore, jobId: string): Promise<number> {
  const queued = core.queue.documents().filter((document) => document.jobId === jobId && document.state === 'queued');
  return (await core.queue.withdraw(queued.map((document) => document.id))).requeued.length;
}

/** See IssuingEngine.confirmPreview. */
export async function confirmPreview(core: EngineCore, jobId: string): Promise<JobView> {
  const job = await existing(core, jobId);
  if (!job.printHeld) return jobView(core, job);
  if (!holding(core, job)) throw wrongState(jobId, 'confirmed', job.state);
  if (!ofCurrentGateway(core, job)) throw otherGateway(job, 'confirmed');
  await updateJob(core, jobId, { printHeld: false });
  core.logger.info('issuing.preview-confirmed', { jobId });
  await core.feeder.feed(jobId);
  scheduleJobEvent(core, jobId);
  await settleIfDone(core, jobId);
  return jobViewOf(core, jobId);
}

/** See IssuingEngine.stopPrinting. */
export async function stopPrinting(core: EngineCore, jobId: string): Promise<JobView> {
  await existing(core, jobId);
  core.runs.get(jobId)?.cancel();
  const ticket = core.waiting.get(jobId);
  if (ticket) ticket.cancelled = true;
  core.feeder.drop(jobId);
  const withdrawn = await withdrawQueued(core, jobId);
  core.logger.info('issuing.printing-stopped', { jobId, withdrawn });
  scheduleJobEvent(core, jobId);
  await settleIfDone(core, jobId);
  return jobViewOf(core, jobId);
}

/** See IssuingEngine.switchPrinter. */
export async function switchPrinter(core: EngineCore, { jobId, printer }: { jobId: string; printer: string }): Promise<JobView> {
  await existing(core, jobId);
  core.feeder.drop(jobId);
  await withdrawQueued(core, jobId);
  // Labels of unknown outcome stay where they went: one may be out of the old printer.
  await printAgain(core, { jobId, confirmMaybePrinted: false, printer, leaveUnknown: true });
  return jobViewOf(core, jobId);
}
