import { stationError } from '../../shared/errors/station-error';
import type { JobOrderView, JobSummary, JobView, LabelProblem, OrderViewState } from '../../shared/domain/issuing';
import { conditionOfFailure } from '../../shared/domain/printer-condition';
import { documentFailureError } from '../../shared/domain/printing';
import type { JobOrderRow, JobRecord } from '../store/station-records';
import { existing, finalStates, holding, type EngineCore } from './engine-core';
import { heldLabels, unprintedLabels } from './label-printing';

/*
 * Jobs as the views show them: the job with its counts, its orders, and the summary of what
 * became of its orders and labels. Reading only: nothing here changes a job.
 */

/** An order row as the job's view names it: another job's order is already issued, held or moved. */
export function viewStateOf(row: JobOrderRow, jobId: string): OrderViewState {
  if (row.problems !== null) return 'invalid';
  if (row.state === null) return 'planned';
  if (row.ownerJobId === jobId) return row.state;
  if (row.waybillCode !== null) return 'already-issued';
  return row.heldBy !== null && row.heldBy.jobId === row.ownerJobId ? 'held' : 'moved';
}

/** A job as the views show it. */
export async function jobView(core: EngineCore, job: JobRecord): Promise<JobView> {
  const { journal, printTasks } = core;
  const [cost, orders, labels, printHold] = await Promise.all([
    core.costs.totalForJob(job.id),
    journal.read.orderCounts(job.id),
    printTasks.labelCounts(job.id),
    holding(core, job) ? heldLabels({ journal: journal.read, printTasks }, job.id) : null,
  ]);
  return {
    id: job.id,
    state: job.state,
    ending: job.ending,
    waiting: core.waiting.has(job.id),
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

/** The view of a job that must exist. */
export async function jobViewOf(core: EngineCore, jobId: string): Promise<JobView> {
  return jobView(core, await existing(core, jobId));
}

/** The job's orders in the user's order, as the views show them. */
export async function jobOrderViews(core: EngineCore, jobId: string): Promise<JobOrderView[]> {
  return (await core.journal.read.jobOrders(jobId)).map((row) => {
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
}

/** The job's labels that did not print: those the print queue reports, and those never handed over. */
async function labelProblemsOf(core: EngineCore, job: JobRecord, rows: readonly JobOrderRow[]): Promise<LabelProblem[]> {
  const { journal, printTasks } = core;
  const problems = await printTasks.labelProblems(job.id);
  // An ended job whose rest was cancelled at the printer: labels never handed over did not print either (a job stopped at its preview says so itself).
  const neverHandedOver = finalStates.has(job.state) && !job.printHeld ? await unprintedLabels({ journal: journal.read, printTasks }, job.id) : [];
  return [
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
  ];
}

/** What became of a job's orders and labels; null for an unknown job. */
export async function jobSummary(core: EngineCore, jobId: string): Promise<JobSummary | null> {
  const job = await core.journal.read.job(jobId);
  if (!job) return null;
  const rows = await core.journal.read.jobOrders(jobId);
  const byWaybill = (state: OrderViewState) => {
    const groups = new Map<string, string[]>();
    for (const row of rows) {
      if (viewStateOf(row, jobId) !== state || row.waybillCode === null) continue;
      // An order in several parcels has a waybill per parcel.
      for (const waybillCode of row.parcelWaybills.length > 0 ? row.parcelWaybills : [row.waybillCode]) groups.set(waybillCode, [...(groups.get(waybillCode) ?? []), row.orderNumber]);
    }
    return [...groups].map(([waybillCode, orderNumbers]) => ({ waybillCode, orderNumbers }));
  };
  const view = await jobView(core, job);
  const labelProblems = await labelProblemsOf(core, job, rows);
  return {
    job: view,
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
    printDataUnreadable: await core.journal.read.unreadableWaybills(jobId),
    printed: view.labels.printed,
    labelProblems,
    points: view.points,
  };
}
