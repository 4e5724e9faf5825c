import type { JobRecord, OwnedOrder } from '../store/station-records';
import type { JobRun, RunParts, RunResult } from './job-run-parts';
import { createRunState, evaluate, stopRun } from './job-run-state';
import { pump } from './job-run-schedule';

export { runTuningDefaults, type JobRun, type RunParts, type RunResult, type RunTuning } from './job-run-parts';

/*
 * A job run, step by step (each in its own file):
 * - plan: its owned orders grouped into packages in the user's order (job-run-state.ts);
 * - claim the rest: the job's orders after those of its first calls, once the first call left (job-run-state.ts);
 * - run a batch: packages of one shop recorded pending, sent in one fenced issue call, the answer
 *   recorded, a failed call followed up (job-run-batches.ts, issue-follow-ups.ts, answer-outcomes.ts);
 * - look up: pending orders asked about, a bounded number of rounds (job-run-lookups.ts);
 * - hand labels to printing as their packages settle, in the user's order (job-run-state.ts);
 * - schedule: calls in flight, look-ups first, and the run's end (job-run-schedule.ts).
 */

/**
 * Runs one job: its packages go out in batches of at most 10 packages of one shop (sent as that
 * shop, with its ids), several calls in flight under the account limiter, each batch recorded
 * pending before it leaves; look-ups ask as the shop of their orders. Follow-ups (look-ups, split
 * halves) go ahead of new batches so the print order moves on; labels go to the print queue in
 * the user's order as soon as every package before them is settled.
 */
export function startJobRun(job: JobRecord, owned: readonly OwnedOrder[], parts: RunParts): JobRun {
  let settle: (result: RunResult) => void = () => undefined;
  const finished = new Promise<RunResult>((resolve) => {
    settle = resolve;
  });
  const run = createRunState(job, owned, parts, (result) => settle(result));
  run.wake = () => pump(run);
  for (const pkg of run.packages) evaluate(run, pkg);
  pump(run);
  return {
    cancel() {
      stopRun(run, 'cancelled', null);
      pump(run);
    },
    finished,
  };
}
