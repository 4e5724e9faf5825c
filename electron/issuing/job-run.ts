import type { SoldOrder } from '../../shared/domain/sold-order';
import type { ErrorCode, StationError } from '../../shared/errors/station-error';
import { stationError } from '../../shared/errors/station-error';
import { ISSUE_LIMITS } from '../../shared/gateway/issue-limits';
import { entriesForPackage, issueRequestOf, parcelsOfOrder } from './issue-plan';
import { parcelOfObjectId } from '../../shared/issuing/order-parcels';
import type { IssueJobSettings, JobEnding, OrderState, OrderStatus } from '../../shared/domain/issuing';
import { gatewaysOfJob, type IssuedEntry, type IssueAttemptOutcome, type JobRecord, type OwnedOrder } from '../store/station-records';
import type { GatewayIdentity } from '../../shared/domain/gateway-identity';
import type { IssueEntryOutcome } from '../../shared/domain/waybill';
import { lookUpOnce } from './waybill-lookup';
import type { LookupParts } from './waybill-lookup';
import { shopOrderKey, shopOrderOfKey, type ShopOrderRef } from '../../shared/domain/shop-order';
import type { GatewayClient } from '../gateway/gateway-client';

/** How hard a run pushes and how long it keeps trying. */
export interface RunTuning {
  /** Issue and query calls in flight at once (the account limiter spaces them; this bounds the orders a crash leaves pending). */
  callsInFlight: number;
  /** Look-ups of one order whose outcome stays unknown before the run leaves it pending (the next retry or start-up asks again). */
  lookupRounds: number;
  /** Delay before a look-up or a rate-limited call is tried again; doubles with each round. */
  retryDelayMs: number;
  /** Issue calls one package may be carried by in one run before its orders are set aside as failed: every loop has an end. */
  issueCallsPerPackage: number;
  /** A job's labels in the print queue without an outcome yet, at most (see label-printing.ts). */
  labelsAhead: number;
  /** How long a run's claim on its orders holds without being renewed (it is renewed every third of it while the run lives). */
  claimLeaseMs: number;
}

/** Defaults: 8 calls in flight keep 10 calls/s busy up to about 700 ms of gateway latency. */
export const runTuningDefaults: RunTuning = { callsInFlight: 8, lookupRounds: 5, retryDelayMs: 500, issueCallsPerPackage: 8, labelsAhead: 20, claimLeaseMs: 60_000 };

/** What a run needs. */
export interface RunParts extends Omit<LookupParts, 'client'> {
  /** The client of each shop of the job: every call carries one shop's orders, with that shop's ids. */
  clientOf: (shopId: string) => GatewayClient;
  /** Releases the labels of settled orders (their shop order keys) for printing, in the user's order. */
  releaseLabels: (orderKeys: string[]) => void;
  /** Told after each committed step, with the orders it changed. */
  onStep: (statuses: OrderStatus[]) => void;
  tuning: RunTuning;
}

/** How a run ended. */
export interface RunResult {
  ending: JobEnding;
  /** Why it stopped (stop-the-job remedy, a configuration error, …), or null. */
  error: StationError | null;
  /** Orders still pending: their outcome could not be learned. */
  unresolved: ShopOrderRef[];
}

/** A running job. */
export interface JobRun {
  /** Stops issuing between calls: calls waiting for a slot are not sent; calls sent are answered and recorded. */
  cancel(): void;
  readonly finished: Promise<RunResult>;
}

/** A package as the run tracks it: orders of one shop. */
interface RunPackage {
  key: string;
  shopId: string;
  position: number;
  orderNumbers: string[];
  /** Shop order keys of its orders. */
  orderKeys: string[];
  /** Entries it takes in an issue call: 1, or the parcels of an order shipped in several (never spread over two calls). */
  parcels: number;
  /** Work holding the package: an issue call (1) plus each of its orders being looked up. */
  locks: number;
  inReady: boolean;
  issueCalls: number;
  lastError: StationError | null;
}

/** What to do after an issue call failed without results. */
type FollowUp = 'stop' | 'split' | 'look-up' | 'look-up-and-stop' | 'retry-later' | 'drop-lost' | 'none';

/** Errors after which no other order of the job can succeed: stop, keep what was issued. */
const stopCodes: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'gateway.issue-rejected.stop-job',
  'gateway.parameter-error',
  'gateway.no-permission',
  'gateway.no-quota',
  'gateway.shop-not-authorized',
  'gateway.unauthorized-token',
  'gateway.not-supported',
  'gateway.nickname-not-found',
  'gateway.path-not-found',
  'config.token-missing',
  'config.base-url-invalid',
  'settings.gateway-insecure',
  'transport.refused',
  'shared-mode.unreachable',
  'shared-mode.desk-id-in-use',
]);

/** Of those, the ones where the request never left the station. */
const neverSentCodes: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'config.token-missing',
  'config.base-url-invalid',
  'settings.gateway-insecure',
  'transport.refused',
  'gateway.path-not-found',
  'shared-mode.unreachable',
  'shared-mode.desk-id-in-use',
]);

/** The orders a fenced call was refused for (`shared-mode.claim-lost`): order numbers hold no comma. */
const lostOrdersOf = (error: StationError): Set<string> => new Set(String(error.params['orderNumbers'] ?? '').split(', ').filter((orderNumber) => orderNumber !== ''));

/**
 * What an issue failure means for its orders and the job (decisions.md "Issuing safely" and the
 * 614 kinds). Anything not known to have issued nothing counts as outcome unknown.
 */
function followUpOf(error: StationError): { outcome: Exclude<IssueAttemptOutcome['kind'], 'answered'>; then: FollowUp } {
  switch (error.code) {
    case 'gateway.issue-rejected.this-order-only':
      return { outcome: 'rejected', then: 'split' };
    case 'gateway.issue-rejected.already-issued':
      return { outcome: 'rejected', then: 'look-up' };
    case 'gateway.issue-rejected.outcome-unknown':
    case 'gateway.issue-answer-lost':
      return { outcome: 'unknown', then: 'look-up' };
    case 'cancelled':
      return { outcome: 'not-sent', then: 'none' };
    case 'gateway.rate-limited':
      return { outcome: 'rejected', then: 'retry-later' };
    case 'shared-mode.unreachable':
      // The window could not grant (the server restarted, or this desk woke from a pause and its
      // connections are being renewed): nothing left; sent again after a backoff, a bounded number of times.
      return { outcome: 'not-sent', then: 'retry-later' };
    case 'shared-mode.claim-lost':
      // Refused before it left: those orders are another desk's now; the rest go out again.
      return { outcome: 'not-sent', then: 'drop-lost' };
  }
  if (stopCodes.has(error.code)) return { outcome: neverSentCodes.has(error.code) ? 'not-sent' : 'rejected', then: 'stop' };
  // The client's own validation refused the request: nothing left, and nothing will until fixed.
  if (error.code.startsWith('validation.')) return { outcome: 'not-sent', then: 'stop' };
  return { outcome: 'unknown', then: 'look-up-and-stop' };
}

const openStates: ReadonlySet<OrderState> = new Set<OrderState>(['planned', 'pending']);
const printableStates: ReadonlySet<OrderState> = new Set<OrderState>(['issued', 'recovered']);

/** Groups owned orders into packages in the user's order. */
function packagesOf(owned: readonly OwnedOrder[], settings: IssueJobSettings): RunPackage[] {
  const byKey = new Map<string, RunPackage>();
  for (const order of [...owned].sort((a, b) => a.position - b.position)) {
    const pkg = byKey.get(order.packageKey) ?? { key: order.packageKey, shopId: order.shopId, position: order.position, orderNumbers: [], orderKeys: [], parcels: 1, locks: 0, inReady: false, issueCalls: 0, lastError: null };
    pkg.orderNumbers.push(order.orderNumber);
    pkg.orderKeys.push(shopOrderKey(order));
    byKey.set(order.packageKey, pkg);
  }
  const packages = [...byKey.values()].sort((a, b) => a.position - b.position);
  for (const pkg of packages) {
    const [orderNumber] = pkg.orderNumbers;
    if (pkg.orderNumbers.length === 1 && orderNumber !== undefined) pkg.parcels = parcelsOfOrder({ shopId: pkg.shopId, orderNumber }, settings)?.count ?? 1;
  }
  return packages;
}

/**
 * An answer's outcomes per order: an order shipped in several parcels is issued only when every
 * parcel is; a parcel without a waybill leaves the whole order unknown (looked up: the gateway
 * issues a ticket's parcels together), with the waybills its other parcels got still recorded.
 */
function outcomesByOrder(
  outcomes: readonly IssueEntryOutcome[],
  entryOrders: ReadonlyMap<string, string[]>,
  parcelNoOf: ReadonlyMap<string, number>,
): { issued: IssuedEntry[]; failed: { orderNumbers: string[]; error: StationError }[]; unknown: { orderNumbers: string[]; error: StationError }[] } {
  const issued: IssuedEntry[] = [];
  const failed: { orderNumbers: string[]; error: StationError }[] = [];
  const unknown: { orderNumbers: string[]; error: StationError }[] = [];
  const parcelsOf = new Map<string, IssueEntryOutcome[]>();
  for (const outcome of outcomes) {
    const orderNumbers = entryOrders.get(outcome.objectId) ?? [];
    const [orderNumber] = orderNumbers;
    if (parcelNoOf.has(outcome.objectId) && orderNumber !== undefined) {
      parcelsOf.set(orderNumber, [...(parcelsOf.get(orderNumber) ?? []), outcome]);
      continue;
    }
    if (outcome.status === 'issued') issued.push({ ...outcome.waybill, orderNumbers });
    else (outcome.status === 'failed' ? failed : unknown).push({ orderNumbers, error: outcome.error });
  }
  for (const [orderNumber, parcels] of parcelsOf) {
    for (const outcome of parcels) {
      if (outcome.status === 'issued') issued.push({ ...outcome.waybill, orderNumbers: [orderNumber], parcelNo: parcelNoOf.get(outcome.objectId) as number });
    }
    const without = parcels.find((outcome) => outcome.status !== 'issued');
    if (without === undefined) continue;
    if (parcels.every((outcome) => outcome.status === 'failed')) failed.push({ orderNumbers: [orderNumber], error: without.error });
    else unknown.push({ orderNumbers: [orderNumber], error: without.error });
  }
  return { issued, failed, unknown };
}

/**
 * Runs one job: its packages go out in batches of at most 10 packages of one shop (sent as that
 * shop, with its ids), several calls in flight under the account limiter, each batch recorded
 * pending before it leaves; look-ups ask as the shop of their orders. Follow-ups (look-ups, split
 * halves) go ahead of new batches so the print order moves on; labels go to the print queue in
 * the user's order as soon as every package before them is settled.
 */
export function startJobRun(job: JobRecord, owned: readonly OwnedOrder[], parts: RunParts): JobRun {
  const { journal, logger, tuning, now } = parts;
  const { settings } = job;
  const jobId = job.id;
  // Orders are keyed by shop and number: two shops of one job may sell the same order number.
  const state = new Map<string, OrderState>(owned.map((order) => [shopOrderKey(order), order.state]));
  const orders = new Map<string, SoldOrder>(owned.map((order) => [shopOrderKey(order), order.order]));
  const packages = packagesOf(owned, settings);
  const packageOf = new Map<string, RunPackage>(packages.flatMap((pkg) => pkg.orderKeys.map((key) => [key, pkg] as const)));
  const gateways = new Map(gatewaysOfJob(job).map((gateway) => [gateway.shopId, gateway]));
  const gatewayOf = (shopId: string): GatewayIdentity => gateways.get(shopId) ?? { baseUrl: job.baseUrl, shopId };

  /** Packages that can go into the next batch, in the user's order. */
  const ready: RunPackage[] = [];
  /** Split halves waiting to be sent, ahead of new batches. */
  const halves: RunPackage[][] = [];
  /** Orders to look up, by shop order key (each holds a lock on its package). */
  const toLookUp: string[] = [];
  const lookupRounds = new Map<string, number>();
  /** Pending orders the run gave up looking up. */
  const givenUp = new Set<string>();
  let inFlight = 0;
  let timers = 0;
  let printCursor = 0;
  let stop: { ending: Exclude<JobEnding, 'done'>; error: StationError | null } | null = null;
  let done = false;
  const cancelIssuing = new AbortController();
  let settle: (result: RunResult) => void = () => undefined;
  const finished = new Promise<RunResult>((resolve) => {
    settle = resolve;
  });

  const stateOf = (key: string): OrderState => state.get(key) ?? 'failed';
  /** The keys of a package's orders in a state, as order numbers (the journal is asked per shop). */
  const numbersOf = (pkg: RunPackage, states: ReadonlySet<OrderState>): string[] => pkg.orderKeys.flatMap((key, index) => (states.has(stateOf(key)) ? [pkg.orderNumbers[index] as string] : []));
  const plannedState: ReadonlySet<OrderState> = new Set<OrderState>(['planned']);

  function apply(statuses: readonly OrderStatus[]): void {
    if (statuses.length === 0) return;
    for (const status of statuses) state.set(shopOrderKey(status), status.state);
    parts.onStep([...statuses]);
  }

  function markReady(pkg: RunPackage): void {
    if (pkg.inReady || stop) return;
    let low = 0;
    let high = ready.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((ready[middle] as RunPackage).position < pkg.position) low = middle + 1;
      else high = middle;
    }
    ready.splice(low, 0, pkg);
    pkg.inReady = true;
  }

  /** Decides what a package needs now that nothing holds it. */
  function evaluate(pkg: RunPackage): void {
    if (pkg.locks > 0) return;
    const pending = pkg.orderKeys.filter((key) => stateOf(key) === 'pending');
    const toAsk = pending.filter((key) => !givenUp.has(key));
    if (toAsk.length > 0) lookUp(toAsk);
    else if (pending.length === 0 && pkg.orderKeys.some((key) => stateOf(key) === 'planned')) markReady(pkg);
  }

  function release(pkg: RunPackage): void {
    pkg.locks -= 1;
    evaluate(pkg);
  }

  function lookUp(orderKeys: readonly string[]): void {
    for (const key of orderKeys) {
      toLookUp.push(key);
      (packageOf.get(key) as RunPackage).locks += 1;
    }
  }

  function stopRun(ending: Exclude<JobEnding, 'done'>, error: StationError | null): void {
    if (!stop) stop = { ending, error };
    cancelIssuing.abort();
    for (const half of halves) for (const pkg of half) pkg.locks -= 1;
    halves.length = 0;
    for (const pkg of ready) pkg.inReady = false;
    ready.length = 0;
  }

  /** Hands the labels of settled packages to the print queue, in the user's order. */
  function advancePrinting(final: boolean): void {
    if (!settings.print) return;
    const settled: string[] = [];
    for (; printCursor < packages.length; printCursor += 1) {
      const pkg = packages[printCursor] as RunPackage;
      if (!final && pkg.orderKeys.some((key) => openStates.has(stateOf(key)))) break;
      settled.push(...pkg.orderKeys.filter((key) => printableStates.has(stateOf(key))));
    }
    if (settled.length > 0) parts.releaseLabels(settled);
  }

  async function giveUp(pkg: RunPackage): Promise<void> {
    const planned = numbersOf(pkg, plannedState);
    apply(await journal.failOrders(pkg.shopId, planned, pkg.lastError ?? stationError('gateway.issue-answer-lost', { cause: 'retries' }), now()));
  }

  /** Issues a batch: packages of one shop (the batch's), in one call sent as that shop. */
  async function runIssue(batch: RunPackage[]): Promise<void> {
    const shopId = (batch[0] as RunPackage).shopId;
    const carried: { pkg: RunPackage; orderNumbers: string[] }[] = [];
    for (const pkg of batch) {
      if (pkg.issueCalls >= tuning.issueCallsPerPackage) await giveUp(pkg);
      const planned = numbersOf(pkg, plannedState);
      if (planned.length > 0) carried.push({ pkg, orderNumbers: planned });
      else release(pkg);
    }
    if (carried.length === 0) return;

    // The pending record is committed before the call can leave.
    const begun = await journal.beginIssue(jobId, shopId, carried.flatMap((entry) => entry.orderNumbers), now());
    apply(begun.statuses);
    const marked = new Set(begun.orderNumbers);
    const entryOrders = new Map<string, string[]>();
    /** object_id → parcel number, for the entries of orders in several parcels. */
    const parcelNoOf = new Map<string, number>();
    const entries = carried.flatMap(({ pkg, orderNumbers }) => {
      const sent = orderNumbers.filter((orderNumber) => marked.has(orderNumber));
      const [first, ...rest] = sent.map((orderNumber) => orders.get(shopOrderKey({ shopId, orderNumber })) as SoldOrder);
      if (!first) return [];
      pkg.issueCalls += 1;
      // An order in several parcels is one entry per parcel, all in this call.
      const packageEntries = entriesForPackage(shopId, [first, ...rest], settings);
      for (const entry of packageEntries) {
        entryOrders.set(entry.objectId, sent);
        if (packageEntries.length > 1) parcelNoOf.set(entry.objectId, parcelOfObjectId(entry.objectId).parcelNo);
      }
      return packageEntries;
    });
    const packagesSent = carried.map((entry) => entry.pkg);
    if (entries.length === 0) {
      for (const pkg of packagesSent) release(pkg);
      return;
    }

    const fence = { gateway: gatewayOf(shopId), jobId, orderNumbers: [...new Set([...entryOrders.values()].flat())] };
    const result = await parts.clientOf(shopId).issueWaybills(
      { ...issueRequestOf(settings), ...(parcelNoOf.size > 0 ? { multiPackagesShipment: true } : {}), entries },
      { signal: cancelIssuing.signal, priority: 'interactive', jobId, fence },
    );

    if (result.ok) {
      // Unknown entries stay pending (with why) and are looked up on release → evaluate.
      const { issued, failed, unknown } = outcomesByOrder(result.data.outcomes, entryOrders, parcelNoOf);
      if (unknown.length > 0) logger.warn('issuing.answer-unclear', { jobId, entries: unknown.map((entry) => entry.error.params) });
      apply(await journal.finishIssue(begun.attemptId, { kind: 'answered', issued, failed, unknown }, now()));
      for (const pkg of packagesSent) release(pkg);
      advancePrinting(false);
      return;
    }

    const { outcome, then } = followUpOf(result.error);
    apply(await journal.finishIssue(begun.attemptId, { kind: outcome, error: result.error }, now()));
    for (const pkg of packagesSent) pkg.lastError = result.error;
    logger.info('issuing.call-failed', { jobId, shopId, entries: entries.length, error: result.error.code, then });
    if (then === 'split' && packagesSent.length > 1) {
      // The gateway rejects the whole call for one order: halves find it in at most log2(10) levels.
      const middle = Math.ceil(packagesSent.length / 2);
      halves.unshift(packagesSent.slice(0, middle), packagesSent.slice(middle));
      return;
    }
    if (then === 'drop-lost') {
      const lost = lostOrdersOf(result.error);
      for (const pkg of packagesSent) apply(await journal.failOrders(shopId, numbersOf(pkg, plannedState).filter((orderNumber) => lost.has(orderNumber)), result.error, now()));
    }
    if (then === 'split') {
      const pkg = packagesSent[0] as RunPackage;
      apply(await journal.failOrders(shopId, numbersOf(pkg, plannedState), result.error, now()));
    }
    if (then === 'look-up' || then === 'look-up-and-stop') {
      // Pending orders are looked up on release; orders rejected as overlapping are planned and looked up too.
      lookUp(packagesSent.flatMap((pkg) => pkg.orderKeys.filter((key) => stateOf(key) === 'planned')));
    }
    if (then === 'stop' || then === 'look-up-and-stop') stopRun('failed', result.error);
    if (then === 'retry-later') {
      timers += 1;
      setTimeout(() => {
        timers -= 1;
        for (const pkg of packagesSent) release(pkg);
        pump();
      }, tuning.retryDelayMs * 2 ** Math.max(0, Math.max(...packagesSent.map((pkg) => pkg.issueCalls)) - 1)).unref();
      return;
    }
    for (const pkg of packagesSent) release(pkg);
    advancePrinting(false);
  }

  /** Looks up orders of one shop, asking as that shop. */
  async function runLookUp(shopId: string, orderKeys: string[]): Promise<void> {
    const orderNumbers = orderKeys.map((key) => (shopOrderOfKey(key) as ShopOrderRef).orderNumber);
    const round = await lookUpOnce({ ...parts, client: parts.clientOf(shopId) }, jobId, shopId, orderNumbers);
    apply(round.statuses);
    const again: string[] = [];
    let rounds = 0;
    for (const orderNumber of round.unresolved) {
      const key = shopOrderKey({ shopId, orderNumber });
      rounds = (lookupRounds.get(key) ?? 0) + 1;
      lookupRounds.set(key, rounds);
      if (rounds < tuning.lookupRounds) again.push(key);
      else givenUp.add(key);
    }
    const retrying = new Set(again);
    for (const key of orderKeys) if (!retrying.has(key)) release(packageOf.get(key) as RunPackage);
    if (again.length > 0) {
      timers += 1;
      setTimeout(() => {
        timers -= 1;
        toLookUp.push(...again);
        pump();
      }, tuning.retryDelayMs * 2 ** (rounds - 1)).unref();
    }
    advancePrinting(false);
  }

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

  function nextTask(): (() => Promise<void>) | null {
    if (toLookUp.length > 0) {
      const orderKeys = takeOfOneShop(toLookUp, (key) => (packageOf.get(key) as RunPackage).shopId, ISSUE_LIMITS.entriesPerQueryCall);
      return () => runLookUp((packageOf.get(orderKeys[0] as string) as RunPackage).shopId, orderKeys);
    }
    if (stop) return null;
    const half = halves.shift();
    if (half) return () => runIssue(half);
    if (ready.length === 0) return null;
    // One call carries one shop: the first ready package's shop fills the batch from the packages ready, up to 10 entries (an order's parcels together).
    const batch = takeOfOneShop(ready, (pkg) => pkg.shopId, ISSUE_LIMITS.entriesPerIssueCall, (pkg) => pkg.parcels);
    for (const pkg of batch) {
      pkg.inReady = false;
      pkg.locks += 1;
    }
    return () => runIssue(batch);
  }

  function finish(): void {
    done = true;
    try {
      advancePrinting(true);
    } catch (error) {
      logger.error('issuing.print-handover-failed', { jobId, error: String(error) });
    }
    const unresolved = [...state].filter(([, orderState]) => orderState === 'pending').flatMap(([key]) => shopOrderOfKey(key) ?? []);
    const ending = stop?.ending ?? (unresolved.length > 0 ? 'failed' : 'done');
    const error = stop?.error ?? (unresolved.length > 0 ? stationError('gateway.issue-answer-lost', { cause: 'unresolved' }) : null);
    settle({ ending, error, unresolved });
  }

  function pump(): void {
    if (done) return;
    while (inFlight < tuning.callsInFlight) {
      const task = nextTask();
      if (!task) break;
      inFlight += 1;
      task()
        .catch((error: unknown) => {
          // A bug or a database failure: stop issuing; whatever was pending stays pending for the next pass.
          logger.error('issuing.unexpected', { jobId, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
          stopRun('failed', stationError('internal.unexpected', {}));
        })
        .finally(() => {
          inFlight -= 1;
          pump();
        });
    }
    const idle = inFlight === 0 && timers === 0 && toLookUp.length === 0;
    if (idle && (stop !== null || (halves.length === 0 && ready.length === 0))) finish();
  }

  for (const pkg of packages) evaluate(pkg);
  pump();
  return {
    cancel() {
      stopRun('cancelled', null);
      pump();
    },
    finished,
  };
}
