import { randomBytes } from 'node:crypto';
import { amongGateways, type GatewayIdentity } from '../../shared/domain/gateway-identity';
import type { SoldOrder } from '../../shared/domain/sold-order';
import type { StationError } from '../../shared/errors/station-error';
import { stationError } from '../../shared/errors/station-error';
import type { GatewayClient } from '../gateway/gateway-client';
import { StationFailure } from '../ipc/to-station-error';
import type { StationLogger } from '../logging/station-logger';
import type { PrintQueue } from '../printing/print-queue';
import { arrangeForPrinting } from '../paperwork/print-order';
import { logisticsServicesText, withRequiredServices } from '../../shared/issuing/logistics-services';
import { assemblePlan, branchIn, branchOf, isHeldBack, planPackages, requestProblems, type ShopSoldOrder } from './issue-plan';
import { shopOrderKey, shopOrderOfKey, type ShopOrderRef } from '../../shared/domain/shop-order';
import type { IssueJobSettings, JobEnding, JobState, OrderStatus } from '../../shared/domain/issuing';
import type { CostReader, JournalReader, JournalWriter, PrintTaskReader } from '../store/station-backend';
import { gatewaysOfJob, type JobChange, type JobOrderRow, type JobRecord, type OwnedOrder } from '../store/station-records';
import type {
  IssuePlan,
  JobOrderView,
  JobSummary,
  JobView,
  LabelProblem,
  OrderViewState,
  PlanRequest,
  PrintAgainResult,
  StartRequest,
  StartUpReport,
} from '../../shared/domain/issuing';
import type { IssuingEvent } from './issuing-types';
import { startJobRun, runTuningDefaults } from './job-run';
import type { JobRun, RunResult, RunTuning } from './job-run';
import { createLabelFeeder, heldLabels, unprintedLabels } from './label-printing';
import { waitingForOtherGateways } from './waiting-work';
import { lookUpAll } from './waybill-lookup';
import type { OrderClaims } from './order-claims';
import { conditionOfFailure } from '../../shared/domain/printer-condition';
import { documentFailureError } from '../../shared/domain/printing';

/**
 * THE ISSUING ENGINE: selected orders become printed labels; no waybill is lost, issued twice or
 * printed twice by accident.
 *
 * Invariants (each kept by one committed transaction of the journal, see store/local/local-journal.ts):
 * I1. An order has one journal row and at most one waybill, never replaced.
 * I2. An order is recorded `pending` (with an attempt row) BEFORE the issue call carrying it can
 *     leave; only `planned` orders without a waybill can become pending, so no issue call ever
 *     carries an order that has a waybill.
 * I3. A pending order is never issued again before the query endpoint was asked about it: a call
 *     without a usable answer (timeout, dropped connection, 101, other 202, 5xx, 614 "unknown
 *     exception", crash) leaves its orders pending, and only the query endpoint's explicit,
 *     recognised "no waybill for this order" puts them back to planned (counting the unknown
 *     attempt for good); any other answer (decode-waybills.ts) keeps them pending, with its words.
 * I4. A waybill found by the query endpoint is `recovered` (printable) when its order has a
 *     pending record or an attempt whose outcome was never learned; otherwise it is `elsewhere`:
 *     shown, never printed without the user's say (an explicit reprint from the history).
 * I5. A label goes to the print queue only if its waybill never had a print document (asked of
 *     the print queue's store right before the hand-over); the queue records
 *     `sent` before a task leaves and never resends a task on a guess (print-queue.ts).
 * I6. Labels are released in the user's order: a package's label waits until every package
 *     before it is settled (issued, recovered, elsewhere, failed, skipped); the label feeder then
 *     keeps a bounded window of them in the print queue (label-printing.ts).
 *
 * What each issue call's outcome does (job-run.ts): answered → waybills recorded, entries the
 * gateway plainly rejected failed, entries without a clear result (none, two, a shared or unreadable
 * number, a per-entry system exception) stay pending and are looked up; 614 already-issued → the batch's orders
 * are looked up (recovered or elsewhere, per I4) and the rest issued; 614 this-order-only →
 * halves until the one order is isolated and failed, the others issued; 614 outcome-unknown and
 * every lost answer → pending, looked up (I3); 614 stop-job and account or configuration errors
 * → the job stops, what was issued is kept and printed; rate-limited → sent again after a
 * backoff. Every loop has an end: a package rides at most `issueCallsPerPackage` calls and an
 * order is looked up at most `lookupRounds` times per run; what is left stays pending for the
 * next retry or start-up, never guessed.
 *
 * Crash points and what the start-up pass (`startUp`) does with the state each leaves:
 * - between "pending recorded" and "call sent", or while the call is in flight, or between
 *   "answer received" and "waybill recorded": the orders are pending → looked up through the
 *   query endpoint: found → recovered (and printed), not issued → planned again;
 * - between "waybill recorded" and "print task recorded": the waybill has no print document →
 *   its label is released again (startUp releases every such label of unfinished jobs, in order);
 * - between "print task recorded" and "sent": the document is `queued` → the queue sends it;
 * - between "sent" and "printed": the document is loaded as `unknown` → the queue asks the
 *   component (getTaskStatus): printed → printed; anything else it cannot account for (not
 *   known to it, an unreadable answer) stays "print outcome unknown" for the user to decide
 *   (history → resendUnknown), never reprinted alone — and it counts as settled only once the
 *   component was asked about the task it was last sent in (print_documents.sent_at);
 * - a job that was issuing with orders still planned is interrupted: it waits in `printing`
 *   (labels of what was issued come out) and then `cancelled`; `retry` resumes it.
 *
 * Job states: planned → issuing → printing → done | cancelled | failed. `printing` means no more
 * issue calls and labels still out; the ending (done, cancelled, failed) is decided when issuing
 * ends and taken once every label of the job is printed, failed, or of unknown outcome after the
 * component was asked. A stopped job (cancel, stop-the-job 614, unresolved orders) is resumed
 * with `retry`, which also retries failed orders.
 *
 * One issuer per order is the journal's to keep, not this engine's: a run claims its orders with
 * this desk's id and a lease (renewed while it runs, ended with it), in one transaction; an order
 * another job or desk holds under a lease not lapsed is refused — left out of the job and shown
 * `held` — never moved. One whose owner's lease lapsed while it was pending is taken only as the
 * start-up pass takes it: pending, looked up before anything is issued. The engine still runs one
 * job at a time, a job started meanwhile waiting for it (`waiting`): that keeps the account's
 * calls in the order the desk started its jobs; safety does not rest on it.
 *
 * Print hold (the preview of the first label): a job started with `previewFirstLabel` issues as
 * usual, but its labels stay with the label feeder — none reaches the print queue — until the
 * user confirms (`confirmPreview`). The hold is a column of the job, so a restart keeps holding;
 * it changes none of the rules above (waybills are recorded before anything else, and a label is
 * handed over once, after the decision). Cancelling a held job stops issuing and forgets the held
 * labels: they stay unprinted in the history, reprintable; its printing ends without a label.
 */

/** What the engine is built from. */
export interface IssuingEngineOptions {
  /** The issuing journal's part of the station backend. */
  journal: { read: JournalReader; write: JournalWriter };
  /** The print queue's store: what became of the job's labels. */
  printTasks: PrintTaskReader;
  /** The cost ledger: points per job, and what the last calls cost (for the plan's estimate). */
  costs: CostReader;
  /** This desk's id (kept in the data folder): the owner of the claims its runs hold on their orders. */
  deskId: string;
  /** The current gateway client of a shop of the account (rebuilt when settings change): it sends that shop's ids. */
  gateway: (shopId: string) => Promise<GatewayClient>;
  /** The gateway set now with each shop of the account, the first shop first: a job records its shop's, and only jobs of these are acted on. */
  gatewayIdentities: () => readonly GatewayIdentity[];
  /** Loaded sold orders of a shop by number (the order cache); unknown numbers are left out. */
  soldOrders: (shopId: string, orderNumbers: readonly string[]) => Promise<SoldOrder[]>;
  /** The print queue on the station backend's print-task store. */
  queue: PrintQueue;
  /** Claims beyond this desk (shared mode); absent, the journal's claim is the only one. */
  claims?: OrderClaims;
  logger: StationLogger;
  /** Where progress goes (the IPC layer forwards it to the renderer). */
  emit: (event: IssuingEvent) => void;
  now?: () => number;
  newJobId?: () => string;
  tuning?: Partial<RunTuning>;
}

/** The issuing service. */
export interface IssuingEngine {
  /** Builds the plan (one network-info call for the branch balance) and stores the job as planned. Nothing is issued. */
  plan(request: PlanRequest): Promise<IssuePlan>;
  /** Starts a planned job; progress comes as events. */
  start(request: StartRequest): Promise<JobView>;
  /**
   * Stops issuing between calls (a planned or waiting job is simply cancelled). A job whose
   * printing is held for the preview also prints nothing: its labels stay unprinted.
   */
  cancel(jobId: string): Promise<JobView>;
  /** The user saw the preview of the first label: the held job's labels go to the print queue (a job not held is answered as it is). */
  confirmPreview(jobId: string): Promise<JobView>;
  /** Resumes a stopped or interrupted job: pending orders are looked up first, failed and skipped ones issued again. */
  retry(request: StartRequest): Promise<JobView>;
  /**
   * "Print the N again", once the printer is fixed: the job's labels that did not print are queued
   * again (the same print records: each prints once), with those never handed over; nothing is
   * issued. Labels of unknown outcome go only with `confirmMaybePrinted` (one may be out); without
   * it nothing is queued and the answer says how many need that look. Optionally on another printer.
   */
  printAgain(request: { jobId: string; confirmMaybePrinted: boolean; printer?: string }): Promise<PrintAgainResult>;
  /**
   * "Cancel the rest" when the printer stopped: issuing stops between calls, and labels not yet
   * sent are taken back (failed, "withdrawn", printable again); those the component took stay.
   */
  stopPrinting(jobId: string): Promise<JobView>;
  /** "Switch printer": labels not yet sent, and those that failed, go to this printer; those the component took (and those of unknown outcome) stay. */
  switchPrinter(request: { jobId: string; printer: string }): Promise<JobView>;
  /** A job as the views show it; null when unknown. */
  job(jobId: string): Promise<JobView | null>;
  /** The latest jobs, newest first. */
  jobs(limit?: number): Promise<JobView[]>;
  /** The job's orders in the user's order, as the views show them. */
  jobOrders(jobId: string): Promise<JobOrderView[]>;
  /** What became of a job's orders and labels; null for an unknown job. */
  summary(jobId: string): Promise<JobSummary | null>;
  /**
   * The start-up pass: looks pending orders up, queues the labels of recorded waybills that
   * never reached the print queue, moves interrupted jobs on, and asks the print component
   * about labels of unknown outcome. Run it once, before starting jobs.
   */
  startUp(): Promise<StartUpReport>;
  /** Resolves once the job has ended (done, cancelled or failed) with its labels settled. */
  settled(jobId: string): Promise<JobView>;
  /** Jobs issuing or printing now (what holds a quit); those waiting for another gateway are not among them. */
  activeJobs(): { id: string; state: JobState }[];
  /**
   * Stops the job's issuing between calls and resolves once no call of it is in flight (every
   * answer recorded): from then on a quit loses nothing. Printing is safe at any instant — a
   * print task is recorded before it is sent — so a printing job is at a safe point already.
   */
  bringToSafePoint(jobId: string): Promise<void>;
  /** Cancels every job and waits for the calls in flight to be answered and recorded. */
  close(): Promise<void>;
}

const finalStates: ReadonlySet<JobState> = new Set<JobState>(['done', 'cancelled', 'failed']);

/** An operation on a job that does not exist. */
function unknownJob(jobId: string): StationFailure {
  return new StationFailure(stationError('issuing.job-not-found', { jobId }));
}

/** An operation on a job issued against another gateway or shop than the one set now. */
function otherGateway(job: JobRecord, action: string): StationFailure {
  return new StationFailure(stationError('issuing.other-gateway', { jobId: job.id, action, baseUrl: job.baseUrl, shopId: job.shopIds.join(', ') }));
}

/** An operation the job's state does not allow (`action` as the user asked it). */
function wrongState(jobId: string, action: string, state: string): StationFailure {
  return new StationFailure(stationError('issuing.job-state', { jobId, action, state }));
}

function viewStateOf(row: JobOrderRow, jobId: string): OrderViewState {
  if (row.problems !== null) return 'invalid';
  if (row.state === null) return 'planned';
  if (row.ownerJobId === jobId) return row.state;
  if (row.waybillCode !== null) return 'already-issued';
  return row.heldBy !== null && row.heldBy.jobId === row.ownerJobId ? 'held' : 'moved';
}

/** Creates the engine; it listens to the print queue to settle printing jobs. */
export function createIssuingEngine(options: IssuingEngineOptions): IssuingEngine {
  const { journal, printTasks, costs, queue, logger } = options;
  const now = options.now ?? Date.now;
  const tuning: RunTuning = { ...runTuningDefaults, ...options.tuning };
  const newJobId = options.newJobId ?? (() => `job-${now().toString(36)}-${randomBytes(4).toString('hex')}`);
  const runs = new Map<string, JobRun>();
  /** Jobs from their start until their run ended (its waybills recorded): a job never runs twice at once. */
  const busy = new Set<string>();
  /** Jobs started and waiting for the one issuing before them; `cancelled` if cancelled meanwhile. */
  const waiting = new Map<string, { cancelled: boolean }>();
  /** Jobs whose label events matter, issuing or printing, as last written or read: what holds a quit, known at once. */
  const active = new Map<string, JobRecord>();
  /** Keeps `active` in step with a job as stored. */
  function track(job: JobRecord): JobRecord {
    if (job.state === 'issuing' || job.state === 'printing') active.set(job.id, job);
    else active.delete(job.id);
    return job;
  }
  const updateJob = async (jobId: string, change: JobChange): Promise<JobRecord> => track(await journal.write.updateJob(jobId, change, now()));
  const activeLoaded = journal.read.jobsIn(['issuing', 'printing']).then((jobs) => jobs.forEach(track));
  // The start-up pass awaits it (and fails with it); until then a failure is only told.
  activeLoaded.catch((error: unknown) => logger.error('issuing.active-jobs-unread', { error: String(error) }));
  const settledWaiters = new Map<string, ((view: JobView) => void)[]>();
  const eventScheduled = new Set<string>();
  const feeder = createLabelFeeder({ journal: journal.read, printTasks, queue, labelsAhead: tuning.labelsAhead });
  /** Held jobs the user stopped: their held labels are never handed over (the hold stays, so a restart holds again, never prints). */
  const stoppedWhileHeld = new Set<string>();
  /** Per job, the settle check running: checks of one job run one after the other, so a job takes its ending once. */
  const settling = new Map<string, Promise<void>>();
  let chain: Promise<void> = Promise.resolve();
  let closed = false;

  async function view(job: JobRecord): Promise<JobView> {
    const [cost, orders, labels, printHold] = await Promise.all([
      costs.totalForJob(job.id),
      journal.read.orderCounts(job.id),
      printTasks.labelCounts(job.id),
      holding(job) ? heldLabels({ journal: journal.read, printTasks }, job.id) : null,
    ]);
    return {
      id: job.id,
      state: job.state,
      ending: job.ending,
      waiting: waiting.has(job.id),
      createdAt: job.createdAt,
      startedAt: job.startedAt,
      finishedAt: job.finishedAt,
      carrierCode: job.settings.carrierCode,
      branchCode: job.settings.branchCode,
      printer: job.settings.printer,
      orders,
      labels,
      calls: cost.calls,
      points: cost.points,
      stopError: job.stopError,
      printHold,
    };
  }

  /** Whether the job's printing waits for the user's decision on the preview. */
  function holding(job: JobRecord): boolean {
    return job.printHeld && (job.state === 'issuing' || job.state === 'printing') && !stoppedWhileHeld.has(job.id);
  }

  async function viewOf(jobId: string): Promise<JobView> {
    return view(await existing(jobId));
  }

  /** Job events are coalesced: one per job per turn of the event loop. */
  function scheduleJobEvent(jobId: string): void {
    if (eventScheduled.has(jobId)) return;
    eventScheduled.add(jobId);
    setImmediate(() => {
      eventScheduled.delete(jobId);
      // After close the database may be gone: nobody listens any more.
      if (closed) return;
      void (async () => {
        const job = await journal.read.job(jobId);
        if (job && !closed) options.emit({ kind: 'job', job: await view(job) });
      })().catch((error: unknown) => logger.warn('issuing.job-event-failed', { jobId, error: String(error) }));
    });
  }

  /** Takes a printing job to its ending once none of its labels is still out (one check of a job at a time). */
  function settleIfDone(jobId: string): Promise<void> {
    const check = (settling.get(jobId) ?? Promise.resolve()).then(() => settleNow(jobId));
    const tail = check.catch((error: unknown) => logger.warn('issuing.settle-failed', { jobId, error: String(error) }));
    settling.set(jobId, tail);
    void tail.then(() => {
      if (settling.get(jobId) === tail) settling.delete(jobId);
    });
    return check;
  }

  async function settleNow(jobId: string): Promise<void> {
    const job = await journal.read.job(jobId);
    if (job?.printHeld && stoppedWhileHeld.has(jobId)) feeder.drop(jobId);
    if (!job || job.state !== 'printing' || job.ending === null || (await feeder.waiting(jobId)) > 0 || (await printTasks.openLabels(jobId)) > 0) return;
    const ended = await updateJob(jobId, { state: job.ending, finishedAt: now() });
    stoppedWhileHeld.delete(jobId);
    const final = await view(ended);
    options.emit({ kind: 'job', job: final });
    for (const resolve of settledWaiters.get(jobId) ?? []) resolve(final);
    settledWaiters.delete(jobId);
    logger.info('issuing.job-ended', { jobId, ending: ended.state, orders: final.orders, labels: final.labels, points: final.points });
  }

  const settleChecks = new Set<string>();
  const stopListening = queue.onEvent((event) => {
    if (event.kind !== 'document' || !active.has(event.document.jobId)) return;
    const { jobId } = event.document;
    scheduleJobEvent(jobId);
    if (settleChecks.has(jobId)) return;
    settleChecks.add(jobId);
    // After the queue's own step (never inside it): hand the next labels over, then see whether the job is settled.
    queueMicrotask(() => {
      settleChecks.delete(jobId);
      void feeder.feed(jobId).then(() => settleIfDone(jobId)).catch((error: unknown) => logger.warn('issuing.feed-failed', { jobId, error: String(error) }));
    });
  });

  function onStep(jobId: string, statuses: OrderStatus[]): void {
    options.emit({ kind: 'orders', jobId, orders: statuses });
    scheduleJobEvent(jobId);
  }

  /** Issuing is over: the job prints what it has and then takes its ending. */
  async function endIssuing(jobId: string, result: RunResult): Promise<void> {
    await updateJob(jobId, { state: 'printing', ending: result.ending, stopError: result.error });
    logger.info('issuing.run-ended', { jobId, ending: result.ending, error: result.error?.code ?? null, unresolved: result.unresolved.length });
    scheduleJobEvent(jobId);
    await settleIfDone(jobId);
  }

  async function runWhenItsTurn(jobId: string, claim: { retryFailed: boolean; packageLimit: number | null }): Promise<void> {
    const ticket = waiting.get(jobId);
    waiting.delete(jobId);
    if (ticket?.cancelled || closed) {
      await endIssuing(jobId, { ending: 'cancelled', error: null, unresolved: [] });
      return;
    }
    const job = (await journal.read.job(jobId)) as JobRecord;
    const [problem] = requestProblems(job.settings);
    if (problem) {
      await endIssuing(jobId, { ending: 'failed', error: problem, unresolved: [] });
      return;
    }
    // Each shop of the job calls as itself: its client sends that shop's ids.
    const clients = new Map<string, GatewayClient>();
    try {
      for (const shopId of job.shopIds) clients.set(shopId, await options.gateway(shopId));
    } catch (error) {
      logger.error('issuing.no-gateway', { jobId, error: String(error) });
      await endIssuing(jobId, { ending: 'failed', error: stationError('internal.unexpected', {}), unresolved: [] });
      return;
    }
    const clientOf = (shopId: string): GatewayClient => {
      const client = clients.get(shopId);
      if (!client) throw new Error(`no gateway client of shop ${shopId}`);
      return client;
    };
    const { deskId } = options;
    const leaseEnd = () => now() + tuning.claimLeaseMs;
    const claimed = await journal.write.claim(jobId, { ...claim, owner: { deskId, leaseUntil: leaseEnd() } }, now());
    const { held } = claimed;
    let { owned } = claimed;
    if (held.length > 0) logger.warn('issuing.orders-held', { jobId, held: held.length, byJobs: [...new Set(held.map((order) => `${order.deskId}/${order.jobId}`))] });
    if (options.claims) {
      try {
        owned = await claimBeyondThisDesk(options.claims, job, owned, clientOf);
      } catch (error) {
        // No claim could be made (the shared database is away): nothing may be sent.
        await options.claims.release(job, []).catch(() => undefined);
        if (options.claims) await releaseClaims(options.claims, job);
    await journal.write.releaseClaim(jobId, deskId);
        await endIssuing(jobId, { ending: 'failed', error: error instanceof StationFailure ? error.error : stationError('internal.unexpected', {}), unresolved: [] });
        return;
      }
    }
    scheduleJobEvent(jobId);
    // The claim holds while the run lives: renewed every third of the lease, ended with the run.
    const renewal = setInterval(() => {
      journal.write.renewClaim(jobId, deskId, leaseEnd()).catch((error: unknown) => logger.warn('issuing.claim-renewal-failed', { jobId, error: String(error) }));
    }, tuning.claimLeaseMs / 3);
    let result: RunResult;
    try {
      const run = startJobRun(job, owned, {
        clientOf,
        journal: journal.write,
        logger,
        now,
        tuning,
        onStep: (statuses) => onStep(jobId, statuses),
        // The feeder reads the job afresh: the desk may have switched its printer meanwhile.
        releaseLabels: (orderKeys) => void feeder.release(jobId, orderKeys).catch((error: unknown) => logger.warn('issuing.release-failed', { jobId, error: String(error) })),
      });
      runs.set(jobId, run);
      result = await run.finished;
    } finally {
      clearInterval(renewal);
      runs.delete(jobId);
    }
    if (options.claims) await releaseClaims(options.claims, job);
    await journal.write.releaseClaim(jobId, deskId);
    await endIssuing(jobId, result);
  }

  /** The shared claims of the job's open orders: refused planned orders are set aside as failed, refused pending ones wait for their look-up; answers the orders the run may carry. */
  async function claimBeyondThisDesk(claims: OrderClaims, job: JobRecord, owned: OwnedOrder[], clientOf: (shopId: string) => GatewayClient): Promise<OwnedOrder[]> {
    const refused = await claims.claim(job, owned.filter((order) => order.state === 'planned' || order.state === 'pending'), clientOf);
    if (refused.size === 0) return owned;
    const statuses: OrderStatus[] = [];
    for (const order of owned) {
      const error = refused.get(shopOrderKey(order));
      if (error && order.state === 'planned') statuses.push(...(await journal.write.failOrders(order.shopId, [order.orderNumber], error, now())));
    }
    logger.info('issuing.claimed-elsewhere', { jobId: job.id, refused: refused.size });
    if (statuses.length > 0) onStep(job.id, statuses);
    return owned.filter((order) => !refused.has(shopOrderKey(order)));
  }

  /** Frees the job's shared claims of orders the run did not issue (pending ones keep theirs until it lapses: their outcome is unknown). */
  async function releaseClaims(claims: OrderClaims, job: JobRecord): Promise<void> {
    const rows = await journal.read.jobOrders(job.id);
    const notIssued = rows
      .filter((row) => row.ownerJobId === job.id && (row.state === 'planned' || row.state === 'failed' || row.state === 'skipped'))
      .map((row) => ({ shopId: row.shopId, orderNumber: row.orderNumber }));
    await claims.release(job, notIssued).catch((error: unknown) => logger.warn('issuing.claims-not-released', { jobId: job.id, error: String(error) }));
  }

  /** Starts (or resumes) a job's run; the caller checked it may start and that it does not run or wait already. */
  async function begin(job: JobRecord, claim: { retryFailed: boolean; packageLimit: number | null }, hold: { printHeld?: boolean } = {}): Promise<JobView> {
    if (closed) throw wrongState(job.id, 'started', 'closing');
    // Taken before the first await: a second start of the job meanwhile finds it busy and is refused.
    busy.add(job.id);
    waiting.set(job.id, { cancelled: false });
    stoppedWhileHeld.delete(job.id);
    try {
      await updateJob(job.id, { state: 'issuing', ending: null, stopError: null, startedAt: job.startedAt ?? now(), finishedAt: null, packageLimit: claim.packageLimit, ...hold });
    } catch (error) {
      waiting.delete(job.id);
      busy.delete(job.id);
      throw error;
    }
    chain = chain
      .then(() => runWhenItsTurn(job.id, claim))
      .finally(() => busy.delete(job.id))
      .catch(async (error: unknown) => {
        logger.error('issuing.run-failed', { jobId: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
        await endIssuing(job.id, { ending: 'failed', error: stationError('internal.unexpected', {}), unresolved: [] }).catch(() => undefined);
      });
    return viewOf(job.id);
  }

  /** The job, which must not be running or waiting to run already (two runs never carry the same orders). */
  function notRunning(job: JobRecord, action: string): void {
    if (busy.has(job.id)) throw wrongState(job.id, action, 'issuing');
  }

  async function existing(jobId: string): Promise<JobRecord> {
    const job = await journal.read.job(jobId);
    if (!job) throw unknownJob(jobId);
    return job;
  }

  async function summary(jobId: string): Promise<JobSummary | null> {
    const job = await journal.read.job(jobId);
    if (!job) return null;
    const rows = await journal.read.jobOrders(jobId);
    const byWaybill = (state: OrderViewState) => {
      const groups = new Map<string, string[]>();
      for (const row of rows) {
        if (viewStateOf(row, jobId) !== state || row.waybillCode === null) continue;
        // An order in several parcels has a waybill per parcel.
        for (const waybillCode of row.parcelWaybills.length > 0 ? row.parcelWaybills : [row.waybillCode]) groups.set(waybillCode, [...(groups.get(waybillCode) ?? []), row.orderNumber]);
      }
      return [...groups].map(([waybillCode, orderNumbers]) => ({ waybillCode, orderNumbers }));
    };
    const jobView = await view(job);
    const problems = await printTasks.labelProblems(jobId);
    // An ended job whose rest was cancelled at the printer: labels never handed over did not print either (a job stopped at its preview says so itself).
    const neverHandedOver = finalStates.has(job.state) && !job.printHeld ? await unprintedLabels({ journal: journal.read, printTasks }, jobId) : [];
    return {
      job: jobView,
      issued: byWaybill('issued'),
      recovered: byWaybill('recovered'),
      issuedElsewhere: byWaybill('elsewhere'),
      failed: rows.flatMap((row) => {
        const state = viewStateOf(row, jobId);
        const error = state === 'invalid' ? (row.problems?.[0] ?? null) : state === 'failed' ? row.error : null;
        return error ? [{ orderNumber: row.orderNumber, error }] : [];
      }),
      unresolved: rows.filter((row) => viewStateOf(row, jobId) === 'pending').map((row) => row.orderNumber),
      skipped: rows.filter((row) => viewStateOf(row, jobId) === 'skipped').map((row) => row.orderNumber),
      printDataUnreadable: await journal.read.unreadableWaybills(jobId),
      printed: jobView.labels.printed,
      labelProblems: [
        ...problems.map((problem): LabelProblem => {
          const orderNumbers = rows.filter((row) => row.waybillCode === problem.waybillCode || row.parcelWaybills.includes(problem.waybillCode)).map((row) => row.orderNumber);
          if (problem.state === 'unknown' || !problem.failure) {
            return { waybillCode: problem.waybillCode, orderNumbers, state: problem.state, error: stationError('print.outcome-unknown', { documentId: problem.waybillCode }), condition: null };
          }
          return { waybillCode: problem.waybillCode, orderNumbers, state: 'failed', error: documentFailureError(problem.waybillCode, problem.failure), condition: conditionOfFailure(problem.failure) };
        }),
        ...neverHandedOver.map((label): LabelProblem => ({
          waybillCode: label.waybillCode,
          orderNumbers: label.orders.map((order) => order.orderNumber),
          state: 'failed',
          error: stationError('print.withdrawn', { documentId: label.waybillCode }),
          condition: null,
        })),
      ],
      points: jobView.points,
    };
  }

  /** Whether the job was issued against the gateway set now and every shop of it is one of the account's (else it waits for them). */
  const ofCurrentGateway = (job: JobRecord | undefined): boolean => {
    if (job === undefined) return false;
    const current = options.gatewayIdentities();
    return current.some((identity) => identity.baseUrl === job.baseUrl) && gatewaysOfJob(job).every((gateway) => amongGateways(gateway, current));
  };

  /** See IssuingEngine.printAgain. */
  async function printAgain({ jobId, confirmMaybePrinted, printer, leaveUnknown = false }: { jobId: string; confirmMaybePrinted: boolean; printer?: string; leaveUnknown?: boolean }): Promise<PrintAgainResult> {
    const job = await existing(jobId);
    if (!ofCurrentGateway(job)) throw otherGateway(job, 'printed again');
    const problems = await printTasks.labelProblems(jobId);
    // Unknown labels the component has not been asked about yet are still its to answer.
    const unknown = leaveUnknown ? [] : problems.filter((problem) => problem.state === 'unknown' && problem.asked).map((problem) => problem.recordId);
    if (unknown.length > 0 && !confirmMaybePrinted) return { requeued: 0, needsConfirmation: unknown.length };
    const failed = problems.filter((problem) => problem.state === 'failed').map((problem) => problem.recordId);
    if (printer !== undefined) await journal.write.setJobPrinter(jobId, printer, now());
    // The job prints again: it follows its labels and takes its ending once they are settled.
    track(finalStates.has(job.state) ? await updateJob(jobId, { state: 'printing', ending: job.ending ?? (job.state as JobEnding), finishedAt: null }) : job);
    const requeued = (await queue.retry(failed, printer)).requeued.length + (await queue.resendUnknown(unknown)).requeued.length;
    const released = job.printHeld ? 0 : await feeder.release(jobId);
    logger.info('issuing.print-again', { jobId, requeued, released, printer: printer ?? null });
    scheduleJobEvent(jobId);
    await settleIfDone(jobId);
    return { requeued: requeued + released, needsConfirmation: 0 };
  }

  async function startUp(): Promise<StartUpReport> {
    await activeLoaded;
    const report: StartUpReport = {
      reconciled: { recovered: [], issuedElsewhere: [], notIssued: [], unresolved: [] },
      interruptedJobs: [],
      labelsQueued: 0,
      waiting: await waitingForOtherGateways({ journal: journal.read, printTasks }, options.gatewayIdentities()),
    };
    // This desk's runs before the start are gone: their claims end now, not when their leases lapse.
    for (const job of await journal.read.jobsIn(['issuing', 'printing'])) {
      if (!runs.has(job.id) && !waiting.has(job.id)) await journal.write.releaseClaim(job.id, options.deskId);
    }
    for (const { jobId, shopId, orderNumbers } of await journal.read.pendingOrders(options.deskId, now())) {
      // Only the gateway and shop an order is pending under can say whether it was issued: each shop's orders are asked as that shop.
      const pendingJob = await journal.read.job(jobId);
      if (runs.has(jobId) || waiting.has(jobId) || !pendingJob || !amongGateways({ baseUrl: pendingJob.baseUrl, shopId }, options.gatewayIdentities())) continue;
      const client = await options.gateway(shopId);
      const round = await lookUpAll({ client, journal: journal.write, logger, now }, jobId, shopId, orderNumbers, { rounds: tuning.lookupRounds, delayMs: tuning.retryDelayMs });
      options.emit({ kind: 'orders', jobId, orders: round.statuses });
      for (const status of round.statuses) {
        if (status.state === 'recovered') report.reconciled.recovered.push(status.orderNumber);
        else if (status.state === 'elsewhere') report.reconciled.issuedElsewhere.push(status.orderNumber);
        else if (status.state === 'planned') report.reconciled.notIssued.push(status.orderNumber);
      }
      report.reconciled.unresolved.push(...round.unresolved);
    }
    for (const job of await journal.read.jobsIn(['issuing', 'printing'])) {
      if (runs.has(job.id) || waiting.has(job.id) || !ofCurrentGateway(job)) continue;
      let ending: JobEnding | null = job.ending;
      let error: StationError | null = job.stopError;
      if (job.state === 'issuing') {
        const counts = await journal.read.orderCounts(job.id);
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
      await updateJob(job.id, { state: 'printing', ending, stopError: error });
      const released = await feeder.release(job.id);
      // Labels of a held job wait for the preview decision: none went to the print queue.
      if (!job.printHeld) report.labelsQueued += released;
      scheduleJobEvent(job.id);
      await settleIfDone(job.id);
    }
    await queue.reconcile();
    logger.info('issuing.start-up', { ...report.reconciled, interruptedJobs: report.interruptedJobs, labelsQueued: report.labelsQueued, waiting: report.waiting });
    return report;
  }

  /** Takes the job's queued labels back (stop or switch at the printer); answers how many. */
  async function withdrawQueued(jobId: string): Promise<number> {
    const queued = queue.documents().filter((document) => document.jobId === jobId && document.state === 'queued');
    return (await queue.withdraw(queued.map((document) => document.id))).requeued.length;
  }

  return {
    async plan(request) {
      const identities = options.gatewayIdentities();
      const refs = [...new Map(request.orders.map((ref) => [shopOrderKey(ref), ref])).values()];
      const shopIds = [...new Set(refs.map((ref) => ref.shopId))];
      const gatewayOf = new Map(identities.map((identity) => [identity.shopId, identity]));
      const unknownShop = shopIds.find((shopId) => !gatewayOf.has(shopId));
      const [first] = identities;
      if (unknownShop !== undefined || !first) throw new StationFailure(stationError('settings.shop-not-set', { shopId: unknownShop ?? '' }));
      const found = new Map<string, SoldOrder>();
      for (const shopId of shopIds) {
        const ofShop = refs.filter((ref) => ref.shopId === shopId).map((ref) => ref.orderNumber);
        for (const order of await options.soldOrders(shopId, ofShop)) found.set(shopOrderKey({ shopId, orderNumber: order.orderNumber }), order);
      }
      const loaded = refs.flatMap((ref) => {
        const order = found.get(shopOrderKey(ref));
        return order ? [{ shopId: ref.shopId, order }] : [];
      });
      // The job's orders are stored in the print order chosen (across its shops): batches, retries and a restart keep it.
      const shopOfOrder = new Map(loaded.map((entry) => [entry.order, entry.shopId]));
      const orders: ShopSoldOrder[] = arrangeForPrinting(loaded.map((entry) => entry.order), request.printOrder ?? 'as-selected').map((order) => ({ shopId: shopOfOrder.get(order) as string, order }));
      const notLoaded = refs.filter((ref) => !found.has(shopOrderKey(ref)));
      const { orders: _orders, merge, keepApart, ...requested } = request;
      const jobId = newJobId();
      // One network-info call (of the first shop of the job): the branch and its balance belong to the account.
      const client = await options.gateway(shopIds[0] ?? first.shopId);
      const network = await client.networkInfo({ carrierCode: requested.carrierCode }, { priority: 'interactive', jobId });
      const offeredServices = branchIn(network, requested)?.services ?? null;
      // The branch's required services always go with the job, whatever was chosen.
      const services = offeredServices ? withRequiredServices(offeredServices, requested.services ?? []) : (requested.services ?? []);
      const settings: IssueJobSettings = {
        ...requested,
        services,
        logisticsServices: logisticsServicesText(services),
        printOrder: request.printOrder ?? 'as-selected',
        packingSlips: request.packingSlips ?? false,
      };
      const alreadyIssued = new Map<string, string>();
      const toCheck: ShopOrderRef[] = [];
      const elsewhere = new Map<string, StationError>();
      for (const shopId of shopIds) {
        const ofShop = orders.filter((entry) => entry.shopId === shopId).map((entry) => entry.order.orderNumber);
        for (const [orderNumber, waybillCode] of await journal.read.waybillsOf(shopId, ofShop)) alreadyIssued.set(shopOrderKey({ shopId, orderNumber }), waybillCode);
        // Orders another desk holds or issued are left out, each with why (shared mode).
        const open = ofShop.filter((orderNumber) => !alreadyIssued.has(shopOrderKey({ shopId, orderNumber })));
        const held = options.claims && open.length > 0 ? await options.claims.elsewhere(gatewayOf.get(shopId) as GatewayIdentity, open) : new Map<string, StationError>();
        for (const [orderNumber, error] of held) elsewhere.set(shopOrderKey({ shopId, orderNumber }), error);
      }
      const keyOfEntry = (entry: ShopSoldOrder) => shopOrderKey({ shopId: entry.shopId, orderNumber: entry.order.orderNumber });
      const open = orders.filter((entry) => !alreadyIssued.has(keyOfEntry(entry)) && !elsewhere.has(keyOfEntry(entry)));
      const heldBack = open.filter((entry) => isHeldBack(entry, settings));
      const planned = planPackages(
        open.filter((entry) => !isHeldBack(entry, settings)),
        settings,
        { merge, keepApart, offeredServices },
      );
      const grouping = {
        ...planned,
        invalid: [...planned.invalid, ...[...elsewhere].flatMap(([key, error]) => {
          const ref = shopOrderOfKey(key);
          return ref ? [{ ...ref, problems: [error] }] : [];
        })],
      };
      for (const shopId of shopIds) {
        const ofShop = grouping.packages.filter((pkg) => pkg.shopId === shopId).flatMap((pkg) => pkg.orders.map((order) => order.orderNumber));
        for (const orderNumber of await journal.read.pendingAmong(shopId, ofShop)) toCheck.push({ shopId, orderNumber });
      }
      const { plan, members } = assemblePlan({
        jobId,
        settings,
        orders,
        grouping,
        notLoaded,
        alreadyIssued,
        toCheck,
        branch: branchOf(network, settings, grouping.packages.reduce((sum, pkg) => sum + pkg.parcels, 0)),
        pointsPerCall: await costs.lastIssueCallPoints(),
        assumedPointsPerCall: (await costs.lastCallPoints()) ?? 1,
        offeredServices,
        heldBack,
      });
      await journal.write.createJob({ id: jobId, createdAt: now(), settings, baseUrl: first.baseUrl }, members);
      logger.info('issuing.planned', { jobId, shops: plan.shops.length, packages: plan.packages.length, invalid: plan.invalid.length, merges: plan.merges.length, calls: plan.calls });
      return plan;
    },
    async start(request) {
      const job = await existing(request.jobId);
      if (!ofCurrentGateway(job)) throw otherGateway(job, 'started');
      if (job.state !== 'planned') throw wrongState(job.id, 'started', job.state);
      notRunning(job, 'started');
      return begin(job, { retryFailed: false, packageLimit: request.packageLimit ?? null }, { printHeld: request.previewFirstLabel === true });
    },
    async retry(request) {
      const job = await existing(request.jobId);
      if (!ofCurrentGateway(job)) throw otherGateway(job, 'retried');
      if (job.state === 'planned' || job.state === 'issuing') throw wrongState(job.id, 'retried', job.state);
      notRunning(job, 'retried');
      return begin(job, { retryFailed: true, packageLimit: request.packageLimit ?? null });
    },
    async cancel(jobId) {
      const job = await existing(jobId);
      const ticket = waiting.get(jobId);
      if (ticket) ticket.cancelled = true;
      runs.get(jobId)?.cancel();
      if (job.state === 'planned') {
        await updateJob(jobId, { state: 'cancelled', ending: 'cancelled', finishedAt: now() });
      } else if (holding(job)) {
        stoppedWhileHeld.add(jobId);
        // Issuing already over: the job was only waiting for the decision, which is "stop".
        if (job.state === 'printing' && job.ending === 'done') await updateJob(jobId, { ending: 'cancelled' });
        logger.info('issuing.held-job-stopped', { jobId });
        await settleIfDone(jobId);
      }
      scheduleJobEvent(jobId);
      return viewOf(jobId);
    },
    async confirmPreview(jobId) {
      const job = await existing(jobId);
      if (!job.printHeld) return view(job);
      if (!holding(job)) throw wrongState(jobId, 'confirmed', job.state);
      if (!ofCurrentGateway(job)) throw otherGateway(job, 'confirmed');
      await updateJob(jobId, { printHeld: false });
      logger.info('issuing.preview-confirmed', { jobId });
      await feeder.feed(jobId);
      scheduleJobEvent(jobId);
      await settleIfDone(jobId);
      return viewOf(jobId);
    },
    printAgain,
    async stopPrinting(jobId) {
      await existing(jobId);
      runs.get(jobId)?.cancel();
      const ticket = waiting.get(jobId);
      if (ticket) ticket.cancelled = true;
      feeder.drop(jobId);
      const withdrawn = await withdrawQueued(jobId);
      logger.info('issuing.printing-stopped', { jobId, withdrawn });
      scheduleJobEvent(jobId);
      await settleIfDone(jobId);
      return viewOf(jobId);
    },
    async switchPrinter({ jobId, printer }) {
      await existing(jobId);
      feeder.drop(jobId);
      await withdrawQueued(jobId);
      // Labels of unknown outcome stay where they went: one may be out of the old printer.
      await printAgain({ jobId, confirmMaybePrinted: false, printer, leaveUnknown: true });
      return viewOf(jobId);
    },
    async job(jobId) {
      const job = await journal.read.job(jobId);
      return job ? view(job) : null;
    },
    jobs: async (limit = 50) => Promise.all((await journal.read.recentJobs(limit)).map(view)),
    async jobOrders(jobId) {
      return (await journal.read.jobOrders(jobId)).map((row) => {
        const state = viewStateOf(row, jobId);
        return {
          shopId: row.shopId,
          orderNumber: row.orderNumber,
          position: row.position,
          packageKey: row.packageKey,
          state,
          waybillCode: row.waybillCode,
          attempts: row.attempts,
          error: state === 'invalid' ? (row.problems?.[0] ?? null) : row.error,
          problems: row.problems ?? [],
        };
      });
    },
    summary,
    startUp,
    settled(jobId) {
      return new Promise((resolve, reject) => {
        // Waiting before the job is read: an ending taken meanwhile still resolves it.
        settledWaiters.set(jobId, [...(settledWaiters.get(jobId) ?? []), resolve]);
        existing(jobId).then(async (job) => {
          if (finalStates.has(job.state)) resolve(await view(job));
        }, reject);
      });
    },
    // A job of another gateway waits untouched: it holds no quit.
    activeJobs: () =>
      [...active.values()]
        .sort((a, b) => a.createdAt - b.createdAt)
        .filter((job) => runs.has(job.id) || waiting.has(job.id) || ofCurrentGateway(job))
        .map((job) => ({ id: job.id, state: job.state })),
    async bringToSafePoint(jobId) {
      const ticket = waiting.get(jobId);
      if (ticket) ticket.cancelled = true;
      const run = runs.get(jobId);
      if (!run) return;
      run.cancel();
      await run.finished;
    },
    async close() {
      closed = true;
      for (const ticket of waiting.values()) ticket.cancelled = true;
      for (const run of runs.values()) run.cancel();
      await chain;
      stopListening();
    },
  };
}
