import type { SoldOrder } from '../../shared/domain/sold-order';
import type { StationError } from '../../shared/errors/station-error';
import { stationError } from '../../shared/errors/station-error';
import { ok } from '../../shared/result';
import type { GatewayIdentity } from '../../shared/domain/gateway-identity';
import type { IssueJobSettings, JobEnding, OrderState, OrderStatus } from '../../shared/domain/issuing';
import { shopOrderKey } from '../../shared/domain/shop-order';
import { gatewaysOfJob, type JobRecord, type OwnedOrder } from '../store/station-records';
import { parcelsOfOrder } from './issue-plan';
import type { RunParts, RunResult } from './job-run-parts';

/*
 * A job run's plan and bookkeeping: its packages in the user's order, the state of each order as
 * last committed, and the queues the scheduler draws its next call from. Every step of the run
 * (batches, look-ups, the scheduler) works on this one record; nothing here calls the gateway.
 */

/** A package as the run tracks it: orders of one shop. */
export interface RunPackage {
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

/** Why a run stopped before its work was done. */
export interface RunStop {
  ending: Exclude<JobEnding, 'done'>;
  error: StationError | null;
}

/** One job run's state, shared by its steps. */
export interface RunState {
  job: JobRecord;
  jobId: string;
  settings: IssueJobSettings;
  parts: RunParts;
  /** Each order's state as last committed, by shop order key: two shops of one job may sell the same order number. */
  state: Map<string, OrderState>;
  orders: Map<string, SoldOrder>;
  packages: RunPackage[];
  packageOf: Map<string, RunPackage>;
  gatewayOf: (shopId: string) => GatewayIdentity;
  /** Packages that can go into the next batch, in the user's order. */
  ready: RunPackage[];
  /** Split halves waiting to be sent, ahead of new batches. */
  halves: RunPackage[][];
  /** Orders to look up, by shop order key (each holds a lock on its package). */
  toLookUp: string[];
  lookupRounds: Map<string, number>;
  /** Pending orders the run gave up looking up. */
  givenUp: Set<string>;
  inFlight: number;
  /** Backoff timers running: the run is not idle while one waits. */
  timers: number;
  /**
   * The job's orders after those of the first calls: claimed once the first call left, or once
   * nothing is in flight ('waiting' until then); the run is not idle before they are 'claimed'.
   */
  rest: 'waiting' | 'claiming' | 'claimed';
  /** The first package whose labels were not handed to printing yet. */
  printCursor: number;
  stop: RunStop | null;
  done: boolean;
  cancelIssuing: AbortController;
  /** Sends what can go now; set by the scheduler (a backoff timer wakes it). */
  wake: () => void;
  /** Resolves the run's `finished`. */
  settle: (result: RunResult) => void;
}

const openStates: ReadonlySet<OrderState> = new Set<OrderState>(['planned', 'pending']);
const printableStates: ReadonlySet<OrderState> = new Set<OrderState>(['issued', 'recovered']);
/** The state an order must be in to be carried by an issue call. */
export const plannedState: ReadonlySet<OrderState> = new Set<OrderState>(['planned']);

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

/** The run's state before its first call: every owned order of its first calls in its package, nothing queued yet. */
export function createRunState(job: JobRecord, owned: readonly OwnedOrder[], parts: RunParts, settle: (result: RunResult) => void): RunState {
  const gateways = new Map(gatewaysOfJob(job).map((gateway) => [gateway.shopId, gateway]));
  const run: RunState = {
    job,
    jobId: job.id,
    settings: job.settings,
    parts,
    state: new Map<string, OrderState>(),
    orders: new Map<string, SoldOrder>(),
    packages: [],
    packageOf: new Map<string, RunPackage>(),
    gatewayOf: (shopId) => gateways.get(shopId) ?? { baseUrl: job.baseUrl, shopId },
    ready: [],
    halves: [],
    toLookUp: [],
    lookupRounds: new Map(),
    givenUp: new Set(),
    inFlight: 0,
    timers: 0,
    rest: parts.claimRest ? 'waiting' : 'claimed',
    printCursor: 0,
    stop: null,
    done: false,
    cancelIssuing: new AbortController(),
    wake: () => undefined,
    settle,
  };
  takeIn(run, owned);
  return run;
}

/** Takes owned orders into the run; their packages come after those it has (a claim takes whole packages in the user's order). Answers the new packages. */
function takeIn(run: RunState, owned: readonly OwnedOrder[]): RunPackage[] {
  const packages = packagesOf(owned, run.settings);
  for (const order of owned) {
    run.state.set(shopOrderKey(order), order.state);
    run.orders.set(shopOrderKey(order), order.order);
  }
  for (const pkg of packages) {
    run.packages.push(pkg);
    for (const key of pkg.orderKeys) run.packageOf.set(key, pkg);
  }
  return packages;
}

/**
 * Claims the rest of the job's orders, once: their packages join the run, each evaluated (sent
 * in the user's order, looked up if pending). A run stopped before it is not given them. Asked
 * when the first call was written: the claim runs on the next turn of the event loop, after the
 * other first calls were written too; a failed claim stops the run with its error.
 */
export function claimTheRest(run: RunState): void {
  if (run.rest !== 'waiting') return;
  if (run.stop) {
    run.rest = 'claimed';
    return;
  }
  run.rest = 'claiming';
  setImmediate(() => {
    const claimed = run.stop || !run.parts.claimRest ? Promise.resolve(ok([])) : run.parts.claimRest();
    void claimed
      .then((result) => {
        if (result.ok) for (const pkg of takeIn(run, result.data)) evaluate(run, pkg);
        else stopRun(run, 'failed', result.error);
      })
      .catch((error: unknown) => {
        run.parts.logger.error('issuing.unexpected', { jobId: run.jobId, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
        stopRun(run, 'failed', stationError('internal.unexpected', {}));
      })
      .finally(() => {
        run.rest = 'claimed';
        run.wake();
      });
  });
}

/** An order's state as last committed (one the run does not know counts as failed). */
export const stateOf = (run: RunState, key: string): OrderState => run.state.get(key) ?? 'failed';

/** The keys of a package's orders in a state, as order numbers (the journal is asked per shop). */
export const numbersOf = (run: RunState, pkg: RunPackage, states: ReadonlySet<OrderState>): string[] =>
  pkg.orderKeys.flatMap((key, index) => (states.has(stateOf(run, key)) ? [pkg.orderNumbers[index] as string] : []));

/** Takes in the orders a committed step changed, and tells the engine. */
export function apply(run: RunState, statuses: readonly OrderStatus[]): void {
  if (statuses.length === 0) return;
  for (const status of statuses) run.state.set(shopOrderKey(status), status.state);
  run.parts.onStep([...statuses]);
}

/** Puts a package among the ready ones, in the user's order (never once the run stopped). */
function markReady(run: RunState, pkg: RunPackage): void {
  if (pkg.inReady || run.stop) return;
  let low = 0;
  let high = run.ready.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((run.ready[middle] as RunPackage).position < pkg.position) low = middle + 1;
    else high = middle;
  }
  run.ready.splice(low, 0, pkg);
  pkg.inReady = true;
}

/** Decides what a package needs now that nothing holds it. */
export function evaluate(run: RunState, pkg: RunPackage): void {
  if (pkg.locks > 0) return;
  const pending = pkg.orderKeys.filter((key) => stateOf(run, key) === 'pending');
  const toAsk = pending.filter((key) => !run.givenUp.has(key));
  if (toAsk.length > 0) lookUp(run, toAsk);
  else if (pending.length === 0 && pkg.orderKeys.some((key) => stateOf(run, key) === 'planned')) markReady(run, pkg);
}

/** One piece of work on the package is over: it may need the next. */
export function releasePackage(run: RunState, pkg: RunPackage): void {
  pkg.locks -= 1;
  evaluate(run, pkg);
}

/** Queues orders for a look-up; each holds its package until answered. */
export function lookUp(run: RunState, orderKeys: readonly string[]): void {
  for (const key of orderKeys) {
    run.toLookUp.push(key);
    (run.packageOf.get(key) as RunPackage).locks += 1;
  }
}

/** Stops issuing between calls: the issue signal is aborted, waiting halves and ready packages are dropped; look-ups go on. */
export function stopRun(run: RunState, ending: Exclude<JobEnding, 'done'>, error: StationError | null): void {
  if (!run.stop) run.stop = { ending, error };
  run.cancelIssuing.abort();
  for (const half of run.halves) for (const pkg of half) pkg.locks -= 1;
  run.halves.length = 0;
  for (const pkg of run.ready) pkg.inReady = false;
  run.ready.length = 0;
}

/** Hands the labels of settled packages to the print queue, in the user's order. */
export function advancePrinting(run: RunState, final: boolean): void {
  if (!run.settings.print) return;
  const settled: string[] = [];
  for (; run.printCursor < run.packages.length; run.printCursor += 1) {
    const pkg = run.packages[run.printCursor] as RunPackage;
    if (!final && pkg.orderKeys.some((key) => openStates.has(stateOf(run, key)))) break;
    settled.push(...pkg.orderKeys.filter((key) => printableStates.has(stateOf(run, key))));
  }
  if (settled.length > 0) run.parts.releaseLabels(settled);
}
