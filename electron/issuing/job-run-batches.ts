import type { SoldOrder } from '../../shared/domain/sold-order';
import type { StationError } from '../../shared/errors/station-error';
import { stationError } from '../../shared/errors/station-error';
import type { IssueEntry } from '../../shared/domain/issue-entry';
import { shopOrderKey } from '../../shared/domain/shop-order';
import { parcelOfObjectId } from '../../shared/issuing/order-parcels';
import { entriesForPackage, issueRequestOf } from './issue-plan';
import { outcomesByOrder } from './answer-outcomes';
import { followUpOf, lostOrdersOf, type FollowUp } from './issue-follow-ups';
import { advancePrinting, apply, claimTheRest, lookUp, numbersOf, plannedState, releasePackage, stateOf, stopRun, type RunPackage, type RunState } from './job-run-state';

/*
 * One batch of a run: packages of one shop recorded pending, sent in one issue call as that shop,
 * and the answer recorded before anything else happens to them; a failed call's follow-up
 * (split, look-up, backoff, stop) decided by issue-follow-ups.ts and acted on here.
 */

/** A package with the orders of it an issue call carries. */
interface Carried {
  pkg: RunPackage;
  orderNumbers: string[];
}

/** The entries of one issue call and how its answer maps back to orders. */
interface BatchEntries {
  entries: IssueEntry[];
  /** object_id → the orders of its package sent in this call. */
  entryOrders: Map<string, string[]>;
  /** object_id → parcel number, for the entries of orders in several parcels. */
  parcelNoOf: Map<string, number>;
}

/** A package that rode its last allowed call: its planned orders are set aside as failed (every loop has an end). */
async function giveUp(run: RunState, pkg: RunPackage): Promise<void> {
  const planned = numbersOf(run, pkg, plannedState);
  apply(run, await run.parts.journal.failOrders(pkg.shopId, planned, pkg.lastError ?? stationError('gateway.issue-answer-lost', { cause: 'retries' }), run.parts.now()));
}

/** The batch's packages with planned orders to carry; the others are released at once. */
async function carriedOf(run: RunState, batch: readonly RunPackage[]): Promise<Carried[]> {
  const carried: Carried[] = [];
  for (const pkg of batch) {
    if (pkg.issueCalls >= run.parts.tuning.issueCallsPerPackage) await giveUp(run, pkg);
    const planned = numbersOf(run, pkg, plannedState);
    if (planned.length > 0) carried.push({ pkg, orderNumbers: planned });
    else releasePackage(run, pkg);
  }
  return carried;
}

/** The call's entries: of each package, the orders the journal marked pending (counting the call against the package). */
function entriesOf(run: RunState, shopId: string, carried: readonly Carried[], marked: ReadonlySet<string>): BatchEntries {
  const entryOrders = new Map<string, string[]>();
  const parcelNoOf = new Map<string, number>();
  const entries = carried.flatMap(({ pkg, orderNumbers }) => {
    const sent = orderNumbers.filter((orderNumber) => marked.has(orderNumber));
    const [first, ...rest] = sent.map((orderNumber) => run.orders.get(shopOrderKey({ shopId, orderNumber })) as SoldOrder);
    if (!first) return [];
    pkg.issueCalls += 1;
    // An order in several parcels is one entry per parcel, all in this call.
    const packageEntries = entriesForPackage(shopId, [first, ...rest], run.settings);
    for (const entry of packageEntries) {
      entryOrders.set(entry.objectId, sent);
      if (packageEntries.length > 1) parcelNoOf.set(entry.objectId, parcelOfObjectId(entry.objectId).parcelNo);
    }
    return packageEntries;
  });
  return { entries, entryOrders, parcelNoOf };
}

/** Issues a batch: packages of one shop (the batch's), in one call sent as that shop. */
export async function runIssue(run: RunState, batch: RunPackage[]): Promise<void> {
  const { parts, jobId } = run;
  const shopId = (batch[0] as RunPackage).shopId;
  const carried = await carriedOf(run, batch);
  if (carried.length === 0) return;

  // The pending record is committed before the call can leave.
  const begun = await parts.journal.beginIssue(jobId, shopId, carried.flatMap((entry) => entry.orderNumbers), parts.now());
  apply(run, begun.statuses);
  const { entries, entryOrders, parcelNoOf } = entriesOf(run, shopId, carried, new Set(begun.orderNumbers));
  const packagesSent = carried.map((entry) => entry.pkg);
  if (entries.length === 0) {
    for (const pkg of packagesSent) releasePackage(run, pkg);
    return;
  }

  // Fenced: in shared mode the call leaves only while this desk's claims on these orders hold.
  const fence = { gateway: run.gatewayOf(shopId), jobId, orderNumbers: [...new Set([...entryOrders.values()].flat())] };
  const result = await parts.clientOf(shopId).issueWaybills(
    { ...issueRequestOf(run.settings), ...(parcelNoOf.size > 0 ? { multiPackagesShipment: true } : {}), entries },
    // Once the first call left, the rest of the job is claimed (its orders were not needed for it).
    { signal: run.cancelIssuing.signal, priority: 'interactive', jobId, fence, onWritten: () => claimTheRest(run) },
  );

  if (result.ok) {
    // Unknown entries stay pending (with why) and are looked up on release → evaluate.
    const { issued, failed, unknown } = outcomesByOrder(result.data.outcomes, entryOrders, parcelNoOf);
    if (unknown.length > 0) parts.logger.warn('issuing.answer-unclear', { jobId, entries: unknown.map((entry) => entry.error.params) });
    apply(run, await parts.journal.finishIssue(begun.attemptId, { kind: 'answered', issued, failed, unknown }, parts.now()));
    for (const pkg of packagesSent) releasePackage(run, pkg);
    advancePrinting(run, false);
    return;
  }

  const { outcome, then } = followUpOf(result.error);
  apply(run, await parts.journal.finishIssue(begun.attemptId, { kind: outcome, error: result.error }, parts.now()));
  for (const pkg of packagesSent) pkg.lastError = result.error;
  parts.logger.info('issuing.call-failed', { jobId, shopId, entries: entries.length, error: result.error.code, then });
  await followUp(run, shopId, packagesSent, result.error, then);
}

/** Acts on a failed call's follow-up: its packages are split, looked up, sent again later, or the run stops. */
async function followUp(run: RunState, shopId: string, packagesSent: RunPackage[], error: StationError, then: FollowUp): Promise<void> {
  const { journal, now } = run.parts;
  if (then === 'split' && packagesSent.length > 1) {
    // The gateway rejects the whole call for one order: halves find it in at most log2(10) levels.
    const middle = Math.ceil(packagesSent.length / 2);
    run.halves.unshift(packagesSent.slice(0, middle), packagesSent.slice(middle));
    return;
  }
  if (then === 'drop-lost') {
    const lost = lostOrdersOf(error);
    for (const pkg of packagesSent) apply(run, await journal.failOrders(shopId, numbersOf(run, pkg, plannedState).filter((orderNumber) => lost.has(orderNumber)), error, now()));
  }
  if (then === 'split') {
    const pkg = packagesSent[0] as RunPackage;
    apply(run, await journal.failOrders(shopId, numbersOf(run, pkg, plannedState), error, now()));
  }
  if (then === 'look-up' || then === 'look-up-and-stop') {
    // Pending orders are looked up on release; orders rejected as overlapping are planned and looked up too.
    lookUp(run, packagesSent.flatMap((pkg) => pkg.orderKeys.filter((key) => stateOf(run, key) === 'planned')));
  }
  if (then === 'stop' || then === 'look-up-and-stop') stopRun(run, 'failed', error);
  if (then === 'retry-later') {
    sendAgainLater(run, packagesSent);
    return;
  }
  for (const pkg of packagesSent) releasePackage(run, pkg);
  advancePrinting(run, false);
}

/** Releases the packages after a backoff that doubles with the calls they rode. */
function sendAgainLater(run: RunState, packagesSent: readonly RunPackage[]): void {
  run.timers += 1;
  setTimeout(() => {
    run.timers -= 1;
    for (const pkg of packagesSent) releasePackage(run, pkg);
    run.wake();
  }, run.parts.tuning.retryDelayMs * 2 ** Math.max(0, Math.max(...packagesSent.map((pkg) => pkg.issueCalls)) - 1)).unref();
}
