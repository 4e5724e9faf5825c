import type { JobState, JobView, JobOrderView, JobSummary, IssuePlan, PlanRequest, PrintAgainResult, StartRequest, StartUpReport } from '../../shared/domain/issuing';
import { createEngineCore, type IssuingEngineOptions } from './engine-core';
import { activeJobs, bringToSafePoint, cancelJob, closeEngine, retryJob, settled, startJob } from './engine-controls';
import { planJob } from './engine-plan';
import { confirmPreview, printAgain, stopPrinting, switchPrinter } from './engine-printing';
import { followPrintQueue } from './engine-settling';
import { startUp } from './engine-start-up';
import { jobOrderViews, jobSummary, jobView } from './engine-views';

export type { IssuingEngineOptions } from './engine-core';

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
 * What each issue call's outcome does (job-run-batches.ts, issue-follow-ups.ts): answered → waybills recorded, entries the
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
 *   (labels of what was issued come out) and then `cancelled`; `retry` resumes it. So is one
 *   killed after its first calls left and before the rest of its orders was claimed: those have
 *   no journal row yet and count as planned; `retry` claims and issues them.
 *
 * Job states: planned → issuing → printing → done | cancelled | failed. `printing` means no more
 * issue calls and labels still out; the ending (done, cancelled, failed) is decided when issuing
 * ends and taken once every label of the job is printed, failed, or of unknown outcome after the
 * component was asked. A stopped job (cancel, stop-the-job 614, unresolved orders) is resumed
 * with `retry`, which also retries failed orders.
 *
 * One issuer per order is not this engine's to keep. In a single desk it is the journal's: a run
 * claims its orders with this desk's id and a lease (renewed while it runs, ended with it), the
 * packages of its first calls in one transaction before they are sent and the rest in another once
 * the first call left (before any call carries them); an order another job or desk holds under a lease not lapsed is refused — left out
 * of the job and shown `held` — never moved. One whose owner's lease lapsed while it was pending
 * is taken only as the start-up pass takes it: pending, looked up before anything is issued. In
 * shared mode (several desks, one account) it is the server's: the run's orders are also claimed
 * in PostgreSQL before anything is sent (engine-claims.ts, order-claims.ts), and every issue call
 * is fenced by those claims — the call window grants it only while they are still this desk's,
 * else it never leaves (`shared-mode.claim-lost`). The engine still runs one job at a time, a job
 * started meanwhile waiting for it (`waiting`): that keeps the account's calls in the order the
 * desk started its jobs; safety does not rest on it.
 *
 * Print hold (the preview of the first label): a job started with `previewFirstLabel` issues as
 * usual, but its labels stay with the label feeder — none reaches the print queue — until the
 * user confirms (`confirmPreview`). The hold is a column of the job, so a restart keeps holding;
 * it changes none of the rules above (waybills are recorded before anything else, and a label is
 * handed over once, after the decision). Cancelling a held job stops issuing and forgets the held
 * labels: they stay unprinted in the history, reprintable; its printing ends without a label.
 *
 * The engine by the steps a job goes through, each in its own file: plan (engine-plan.ts), claim
 * (engine-claims.ts), run (engine-runs.ts, and the run itself in job-run.ts), print
 * (engine-printing.ts, label-printing.ts), end (engine-settling.ts), recover (engine-start-up.ts);
 * the desk's controls in engine-controls.ts, the views in engine-views.ts, what they share in
 * engine-core.ts.
 */

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

/** Creates the engine; it listens to the print queue to settle printing jobs. */
export function createIssuingEngine(options: IssuingEngineOptions): IssuingEngine {
  const core = createEngineCore(options);
  const stopListening = followPrintQueue(core);
  return {
    plan: (request) => planJob(core, request),
    start: (request) => startJob(core, request),
    retry: (request) => retryJob(core, request),
    cancel: (jobId) => cancelJob(core, jobId),
    confirmPreview: (jobId) => confirmPreview(core, jobId),
    printAgain: (request) => printAgain(core, request),
    stopPrinting: (jobId) => stopPrinting(core, jobId),
    switchPrinter: (request) => switchPrinter(core, request),
    async job(jobId) {
      const job = await core.journal.read.job(jobId);
      return job ? jobView(core, job) : null;
    },
    jobs: async (limit = 50) => Promise.all((await core.journal.read.recentJobs(limit)).map((job) => jobView(core, job))),
    jobOrders: (jobId) => jobOrderViews(core, jobId),
    summary: (jobId) => jobSummary(core, jobId),
    startUp: () => startUp(core),
    settled: (jobId) => settled(core, jobId),
    activeJobs: () => activeJobs(core),
    bringToSafePoint: (jobId) => bringToSafePoint(core, jobId),
    close: () => closeEngine(core, stopListening),
  };
}
