import { randomBytes } from 'node:crypto';
import { amongGateways, type GatewayIdentity } from '../../shared/domain/gateway-identity';
import type { SoldOrder } from '../../shared/domain/sold-order';
import type { JobState, JobView } from '../../shared/domain/issuing';
import { stationError } from '../../shared/errors/station-error';
import type { NetworkInfo } from '../../shared/domain/network';
import type { GatewayClient } from '../gateway/gateway-client';
import { StationFailure } from '../ipc/to-station-error';
import type { StationLogger } from '../logging/station-logger';
import type { PrintQueue } from '../printing/print-queue';
import type { CostReader, JournalReader, JournalWriter, PrintTaskReader } from '../store/station-backend';
import { gatewaysOfJob, type JobChange, type JobRecord } from '../store/station-records';
import type { IssuingEvent } from './issuing-types';
import { runTuningDefaults, type JobRun, type RunTuning } from './job-run-parts';
import { createLabelFeeder, type LabelFeeder } from './label-printing';
import type { OrderClaims } from './order-claims';

/*
 * What every part of the issuing engine shares: its options, the jobs it runs, waits on and
 * follows, and the few helpers that keep that bookkeeping in step with the journal. The engine's
 * steps (plan, claims, runs, printing, start-up) live in their own engine-*.ts files and take this
 * record as their first argument.
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

/** The engine's shared state and parts. */
export interface EngineCore {
  options: IssuingEngineOptions;
  journal: { read: JournalReader; write: JournalWriter };
  printTasks: PrintTaskReader;
  costs: CostReader;
  queue: PrintQueue;
  logger: StationLogger;
  now: () => number;
  tuning: RunTuning;
  newJobId: () => string;
  feeder: LabelFeeder;
  runs: Map<string, JobRun>;
  /** Jobs from their start until their run ended (its waybills recorded): a job never runs twice at once. */
  busy: Set<string>;
  /** Jobs started and waiting for the one issuing before them; `cancelled` if cancelled meanwhile. */
  waiting: Map<string, { cancelled: boolean }>;
  /** Jobs whose label events matter, issuing or printing, as last written or read: what holds a quit, known at once. */
  active: Map<string, JobRecord>;
  /** The active jobs as first read; the start-up pass awaits it (and fails with it). */
  activeLoaded: Promise<void>;
  settledWaiters: Map<string, ((view: JobView) => void)[]>;
  /** Jobs with a job event due (`scheduleJobEvent`). */
  eventScheduled: Set<string>;
  /** When each active job's progress was last told (performance.now()). */
  jobEventAt: Map<string, number>;
  /** Jobs with a feed-and-settle step due after the print queue's own step. */
  settleChecks: Set<string>;
  /** Held jobs the user stopped: their held labels are never handed over (the hold stays, so a restart holds again, never prints). */
  stoppedWhileHeld: Set<string>;
  /** Per job, the settle check running: checks of one job run one after the other, so a job takes its ending once. */
  settling: Map<string, Promise<void>>;
  /** The runs one after the other: a job started meanwhile waits for the one before it. */
  chain: Promise<void>;
  /** The last network info a plan read, by gateway, shop and carrier, with when: a plan that allows it (scan-to-print) reuses a recent one instead of calling. */
  recentNetwork: Map<string, { at: number; network: NetworkInfo }>;
  closed: boolean;
}

/** The states a job ends in. */
export const finalStates: ReadonlySet<JobState> = new Set<JobState>(['done', 'cancelled', 'failed']);

/** An operation on a job that does not exist. */
function unknownJob(jobId: string): StationFailure {
  return new StationFailure(stationError('issuing.job-not-found', { jobId }));
}

/** An operation on a job issued against another gateway or shop than the one set now. */
export function otherGateway(job: JobRecord, action: string): StationFailure {
  return new StationFailure(stationError('issuing.other-gateway', { jobId: job.id, action, baseUrl: job.baseUrl, shopId: job.shopIds.join(', ') }));
}

/** An operation the job's state does not allow (`action` as the user asked it). */
export function wrongState(jobId: string, action: string, state: string): StationFailure {
  return new StationFailure(stationError('issuing.job-state', { jobId, action, state }));
}

/** The engine's state before anything happened; the jobs active in the journal are read at once. */
export function createEngineCore(options: IssuingEngineOptions): EngineCore {
  const { journal, printTasks, queue, logger } = options;
  const now = options.now ?? Date.now;
  const tuning: RunTuning = { ...runTuningDefaults, ...options.tuning };
  const core: EngineCore = {
    options,
    journal,
    printTasks,
    costs: options.costs,
    queue,
    logger,
    now,
    tuning,
    newJobId: options.newJobId ?? (() => `job-${now().toString(36)}-${randomBytes(4).toString('hex')}`),
    feeder: createLabelFeeder({ journal: journal.read, printTasks, queue, labelsAhead: tuning.labelsAhead }),
    runs: new Map(),
    busy: new Set(),
    waiting: new Map(),
    active: new Map(),
    activeLoaded: Promise.resolve(),
    settledWaiters: new Map(),
    eventScheduled: new Set(),
    jobEventAt: new Map(),
    settleChecks: new Set(),
    stoppedWhileHeld: new Set(),
    settling: new Map(),
    chain: Promise.resolve(),
    recentNetwork: new Map(),
    closed: false,
  };
  core.activeLoaded = journal.read.jobsIn(['issuing', 'printing']).then((jobs) => jobs.forEach((job) => track(core, job)));
  // The start-up pass awaits it (and fails with it); until then a failure is only told.
  core.activeLoaded.catch((error: unknown) => logger.error('issuing.active-jobs-unread', { error: String(error) }));
  return core;
}

/** Keeps `active` in step with a job as stored; an ended job's event interval is forgotten with it. */
export function track(core: EngineCore, job: JobRecord): JobRecord {
  if (job.state === 'issuing' || job.state === 'printing') core.active.set(job.id, job);
  else {
    core.active.delete(job.id);
    core.jobEventAt.delete(job.id);
  }
  return job;
}

/** Changes a job in the journal and keeps `active` in step. */
export const updateJob = async (core: EngineCore, jobId: string, change: JobChange): Promise<JobRecord> => track(core, await core.journal.write.updateJob(jobId, change, core.now()));

/** The job as stored; fails with issuing.job-not-found. */
export async function existing(core: EngineCore, jobId: string): Promise<JobRecord> {
  const job = await core.journal.read.job(jobId);
  if (!job) throw unknownJob(jobId);
  return job;
}

/** Whether the job's printing waits for the user's decision on the preview. */
export function holding(core: EngineCore, job: JobRecord): boolean {
  return job.printHeld && (job.state === 'issuing' || job.state === 'printing') && !core.stoppedWhileHeld.has(job.id);
}

/** Whether the job was issued against the gateway set now and every shop of it is one of the account's (else it waits for them). */
export function ofCurrentGateway(core: EngineCore, job: JobRecord | undefined): boolean {
  if (job === undefined) return false;
  const current = core.options.gatewayIdentities();
  return current.some((identity) => identity.baseUrl === job.baseUrl) && gatewaysOfJob(job).every((gateway) => amongGateways(gateway, current));
}
