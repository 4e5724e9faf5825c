import { stationError } from '../../shared/errors/station-error';
import { shopOrderOfKey } from '../../shared/domain/shop-order';
import { ISSUE_LIMITS } from '../../shared/gateway/issue-limits';
import { runIssue } from './job-run-batches';
import { runLookUp } from './job-run-lookups';
import { advancePrinting, claimTheRest, stopRun, type RunPackage, type RunState } from './job-run-state';

/*
 * A run's scheduler: keeps up to `callsInFlight` calls going, look-ups first, then split halves,
 * then new batches in the user's order; claims the rest of the job once nothing is in flight (or
 * the first call left); and ends the run once nothing is in flight or waiting.
 */

/**
 * Takes items of the first item's shop out of `list` while their sizes stay within `limit`
 * (in order: it stops at the first that does not fit), keeping the order of the rest.
 */
function takeOfOneShop<T>(list: T[], shopOf: (item: T) => string, limit: number, sizeOf: (item: T) => number = () => 1): T[] {
  const shopId = shopOf(list[0] as T);
  const taken: T[] = [];
  let room = limit;
  for (let index = 0; index < list.length && room > 0; ) {
    const item = list[index] as T;
    if (shopOf(item) !== shopId) {
      index += 1;
      continue;
    }
    if (sizeOf(item) > room && taken.length > 0) break;
    room -= sizeOf(item);
    taken.push(...list.splice(index, 1));
  }
  return taken;
}

/** Whether the ready packages of the first one's shop fill a call, or stop at one that would not fit: no package claimed later could join it. */
function fillsACall(run: RunState): boolean {
  const shopId = (run.ready[0] as RunPackage).shopId;
  let room = ISSUE_LIMITS.entriesPerIssueCall;
  for (const pkg of run.ready) {
    if (pkg.shopId !== shopId) continue;
    if (pkg.parcels >= room) return true;
    room -= pkg.parcels;
  }
  return false;
}

/** The next call to make, or null: look-ups go ahead of halves, halves ahead of new batches, so the print order moves on. */
function nextTask(run: RunState): (() => Promise<void>) | null {
  if (run.toLookUp.length > 0) {
    const shopOf = (key: string) => (run.packageOf.get(key) as RunPackage).shopId;
    const orderKeys = takeOfOneShop(run.toLookUp, shopOf, ISSUE_LIMITS.entriesPerQueryCall);
    return () => runLookUp(run, shopOf(orderKeys[0] as string), orderKeys);
  }
  if (run.stop) return null;
  const half = run.halves.shift();
  if (half) return () => runIssue(run, half);
  if (run.ready.length === 0) return null;
  // Until the rest of the job is claimed a call leaves only full: its shop's next packages may be in the rest (never a call more than the orders need).
  if (run.rest !== 'claimed' && !fillsACall(run)) return null;
  // One call carries one shop: the first ready package's shop fills the batch from the packages ready, up to 10 entries (an order's parcels together).
  const batch = takeOfOneShop(run.ready, (pkg) => pkg.shopId, ISSUE_LIMITS.entriesPerIssueCall, (pkg) => pkg.parcels);
  for (const pkg of batch) {
    pkg.inReady = false;
    pkg.locks += 1;
  }
  return () => runIssue(run, batch);
}

/** Ends the run: the last labels handed over, the ending taken from the stop or from what stayed pending. */
function finish(run: RunState): void {
  run.done = true;
  try {
    advancePrinting(run, true);
  } catch (error) {
    run.parts.logger.error('issuing.print-handover-failed', { jobId: run.jobId, error: String(error) });
  }
  const unresolved = [...run.state].filter(([, orderState]) => orderState === 'pending').flatMap(([key]) => shopOrderOfKey(key) ?? []);
  const ending = run.stop?.ending ?? (unresolved.length > 0 ? 'failed' : 'done');
  const error = run.stop?.error ?? (unresolved.length > 0 ? stationError('gateway.issue-answer-lost', { cause: 'unresolved' }) : null);
  run.settle({ ending, error, unresolved });
}

/** Starts the calls there is room and work for; ends the run when it is idle and has nothing left (or was stopped). */
export function pump(run: RunState): void {
  if (run.done) return;
  while (run.inFlight < run.parts.tuning.callsInFlight) {
    const task = nextTask(run);
    if (!task) break;
    run.inFlight += 1;
    task()
      .catch((error: unknown) => {
        // A bug or a database failure: stop issuing; whatever was pending stays pending for the next pass.
        run.parts.logger.error('issuing.unexpected', { jobId: run.jobId, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
        stopRun(run, 'failed', stationError('internal.unexpected', {}));
      })
      .finally(() => {
        run.inFlight -= 1;
        pump(run);
      });
  }
  // Nothing in flight to wait for (no call was sent, or the first ones are answered): the rest is claimed now.
  if (run.inFlight === 0) claimTheRest(run);
  const idle = run.inFlight === 0 && run.timers === 0 && run.toLookUp.length === 0 && run.rest === 'claimed';
  if (idle && (run.stop !== null || (run.halves.length === 0 && run.ready.length === 0))) finish(run);
}
