import type { GatewayIdentity } from '../../shared/domain/gateway-identity';
import type { DeskPrints, IssueJobSettings, JobEnding, JobState, OrderState, PrintDataState } from '../../shared/domain/issuing';
import type { DocumentState, PrintFailure, PrintOutput } from '../../shared/domain/printing';
import type { SoldOrder } from '../../shared/domain/sold-order';
import type { PrintData } from '../../shared/domain/waybill';
import type { StationError } from '../../shared/errors/station-error';
import type { Result } from '../../shared/result';
import type { PrintContent } from '../../shared/domain/printing';
import type { OperatorRole } from '../../shared/operators/operators';

/**
 * The records the station backend (station-backend.ts) speaks: plain data, shared by the services
 * and every implementation of the backend, importing nothing from either.
 */

/** A job as stored. */
export interface JobRecord {
  id: string;
  state: JobState;
  /** Set once issuing ended: what the job turns into when its labels are settled. */
  ending: JobEnding | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  updatedAt: number;
  settings: IssueJobSettings;
  /** "Issue the first K" packages; null for all. */
  packageLimit: number | null;
  /** Why the job stopped or failed. */
  stopError: StationError | null;
  /** Printing waits for the user's decision on the preview of the first label (see StartRequest.previewFirstLabel). */
  printHeld: boolean;
  /** The gateway base URL the job issues against; nothing of it is acted on under another. */
  baseUrl: string;
  /** The account's shops its orders are of (each order records its own), in the order first chosen. */
  shopIds: string[];
}

/** The gateway and shop of each shop of a job: it is acted on only while every one of them is set. */
export function gatewaysOfJob(job: Pick<JobRecord, 'baseUrl' | 'shopIds'>): GatewayIdentity[] {
  return job.shopIds.map((shopId) => ({ baseUrl: job.baseUrl, shopId }));
}

/** What a job update may change. */
export type JobChange = Partial<Pick<JobRecord, 'state' | 'ending' | 'startedAt' | 'finishedAt' | 'packageLimit' | 'stopError' | 'printHeld'>>;

/** A new job: its id, creation time, settings and the gateway base URL it issues against (its orders say their shops). */
export interface NewJob {
  id: string;
  createdAt: number;
  settings: IssueJobSettings;
  baseUrl: string;
}

/** An order of a plan: its shop, its place in the user's order, its package, and its local validation. */
export interface JobMember {
  shopId: string;
  orderNumber: string;
  position: number;
  /** The package (shop order key of its first order, whose number is the object_id) it is issued in; null when it is not sent. */
  packageKey: string | null;
  order: SoldOrder;
  /** Local validation problems; null when none. */
  problems: StationError[] | null;
}

/** An order a running job owns, as the runner needs it. */
export interface OwnedOrder {
  shopId: string;
  orderNumber: string;
  position: number;
  packageKey: string;
  order: SoldOrder;
  state: OrderState;
}

/** Who runs a claim: this desk (its id in the data folder) and the job; its lease runs until `leaseUntil`. */
export interface ClaimOwner {
  deskId: string;
  leaseUntil: number;
}

/**
 * Which of a job's packages a claim takes, ranked in the user's order (a package by its first
 * order): the first `first` of them, or every one after the first `after`. A run claims the
 * packages of its first calls, then the rest once its first call left.
 */
export type ClaimedPackages = { first: number } | { after: number };

/** How a run claims its job's orders. */
export interface ClaimOptions {
  retryFailed: boolean;
  packageLimit: number | null;
  owner: ClaimOwner;
  /** Only these of the job's packages (all when absent). */
  packages?: ClaimedPackages;
}

/** An order a claim was refused: another owner's lease on it had not lapsed. */
export interface HeldOrder {
  shopId: string;
  orderNumber: string;
  /** The job and desk that hold it. */
  jobId: string;
  deskId: string;
}

/** What a claim took and what it was refused. */
export interface ClaimResult {
  /** The orders the job owns now. */
  owned: OwnedOrder[];
  /** The job's orders another owner holds: left out of the job, never moved. */
  held: HeldOrder[];
  /** Whether the job has packages after those this claim took (a claim of its first packages). */
  more: boolean;
}

/** A waybill the issue endpoint returned for one entry. */
export interface IssuedEntry {
  waybillCode: string;
  parentWaybillCode: string | null;
  objectId: string;
  printData: Result<PrintData>;
  orderNumbers: readonly string[];
  /** Parcel `no` of the one order in `orderNumbers`, when it ships in several parcels; absent for an ordinary entry. */
  parcelNo?: number;
}

/** How an issue call ended for the orders it carried. */
export type IssueAttemptOutcome =
  /** An answer with results: per entry issued, failed or unknown (unknown stays pending, with why). */
  | {
      kind: 'answered';
      /** Waybills to record; a parcel's whose order is among `unknown` is recorded without being given to its order (the order stays pending). */
      issued: IssuedEntry[];
      failed: { orderNumbers: readonly string[]; error: StationError }[];
      unknown: { orderNumbers: readonly string[]; error: StationError }[];
    }
  /** Nothing was issued by this call (614, refused before processing, or never sent): back to planned. */
  | { kind: 'rejected' | 'not-sent'; error: StationError }
  /** Whether anything was issued is unknown: the orders stay pending until queried. */
  | { kind: 'unknown'; error: StationError };

/** A label the job may print: a waybill with readable print data and the job's orders on it. */
export interface PrintableWaybill {
  waybillCode: string;
  printData: Record<string, unknown>;
  orders: SoldOrder[];
}

/** A recorded label to preview: its print data, its orders and the settings of the job that owns it; or why there is none. */
export type PreviewLabel =
  | { kind: 'label'; label: PrintableWaybill; settings: IssueJobSettings }
  | { kind: 'none'; reason: 'unknown-waybill' | 'print-data-unreadable' | 'print-data-purged' };

/** One order of a job as the views show it. */
export interface JobOrderRow {
  shopId: string;
  orderNumber: string;
  position: number;
  packageKey: string | null;
  problems: StationError[] | null;
  /** The journal row's state; null before the job first started. */
  state: OrderState | null;
  /** The job that owns the journal row (another job after a retry elsewhere); null before start. */
  ownerJobId: string | null;
  waybillCode: string | null;
  /** Every parcel's waybill, in parcel order, of an order shipped in several parcels once settled; empty otherwise. */
  parcelWaybills: string[];
  attempts: number;
  error: StationError | null;
  /** The job and desk that held the order when this job claimed it (it was left out); null when none did. */
  heldBy: { jobId: string; deskId: string } | null;
}

/** A label of a job that did not print, or whose outcome is unknown. */
export interface LabelProblemRow {
  /** The print queue's record. */
  recordId: string;
  waybillCode: string;
  state: 'failed' | 'unknown';
  failure: PrintFailure | null;
  /** The component was asked about it (an unknown label is then the desk's to decide). */
  asked: boolean;
}

/** One queued print of one document (printing the same waybill again is a new record). */
export interface PrintDocumentRecord {
  id: string;
  jobId: string;
  /** Queue order: documents are sent in ascending order. */
  seq: number;
  /** The waybill number. */
  documentId: string;
  /** Printer name; empty means the component's default. */
  printer: string;
  /** The layers the component gets. */
  contents: readonly PrintContent[];
  /**
   * Whether the first of `contents` is the print data stored with the waybill `documentId`: a
   * store keeps that layer once, with the waybill, and only the layers after it with the document.
   */
  printDataOfWaybill: boolean;
  /** How many documents of the job may share one task (1 by default: a failure then reprints one label only). */
  documentsPerTask: number;
  state: DocumentState;
  /** The task of the latest send; null before the first. */
  taskId: string | null;
  /** How many tasks carried this document. */
  attempts: number;
  /**
   * Sends the queue made by itself since the user last asked for this label (queueing it, retry,
   * print again); at MAX_AUTOMATIC_SENDS it sends no more and waits for the user.
   */
  automaticSends: number;
  /** The output its latest task went to; null while it never left the station. It is asked about and sent again only there. */
  output: PrintOutput | null;
  /** True once the component took a task with this document: from then on it is never sent again on a guess. */
  received: boolean;
  /** The component reported the page rendered (not printed). */
  rendered: boolean;
  failure: PrintFailure | null;
  /** When the state last changed (ms since epoch). */
  updatedAt: number;
  /** When the component was last asked about it; null if never. */
  statusAskedAt: number | null;
}

/** A label whose outcome stays unknown after the component was asked: its print record and the gateway it was queued under. */
export interface UnknownPrintDocument {
  recordId: string;
  gateway: GatewayIdentity;
}

/** One answered gateway call and the points it cost. */
export interface CallCost {
  /** Endpoint id (see shared/gateway/endpoints). */
  endpoint: string;
  /** withholding_money reported by the gateway; 0 when it reported none. */
  points: number;
  /** The job (e.g. an issuing run or a full fetch) the call belonged to, if any. */
  jobId: string | null;
  /** The shop of the account the call was made as. */
  shopId: string;
  /** When the answer arrived (epoch ms). */
  at: number;
}

/** Calls and points over some span. */
export interface CostTotals {
  calls: number;
  points: number;
}

/** A waybill as the history prints it again: its print data, void mark, job settings, gateway, and what the print queue knows of it. */
export interface ReprintSource {
  printData: Record<string, unknown> | null;
  printDataState: PrintDataState;
  voided: boolean;
  /** How the job printed it; null for another desk's waybill (shared mode): it prints with this desk's current print settings. */
  settings: IssueJobSettings | null;
  gateway: GatewayIdentity;
  /** How many times it came out of the printer (in shared mode at any desk). */
  printCount: number;
  /** A print of it is queued or in flight (printing it again now could make a double). */
  inQueue: boolean;
  /** Its prints at other desks (shared mode), counted in `printCount` too: a reprint names them when it asks first. */
  printedAtDesks: DeskPrints[];
}

/** What the order cache keeps per shop about its refreshes. */
export interface OrderCacheState {
  /** Orders confirmed since this moment are fetched by the next `changed` refresh; null before the first refresh. */
  watermark: number | null;
  lastRefreshAt: number | null;
  /** Orders the last complete fetch listed; null before it. */
  lastTotal: number | null;
  lastPages: number | null;
  lastPoints: number | null;
}

/** A finished unfiltered refresh, as the cache's state remembers it. */
export interface OrderRefreshRecord {
  watermark: number;
  /** Set when the refresh replaced the whole list (a complete fetch). */
  lastFullAt: number | null;
  at: number;
  mode: 'changed' | 'full';
  total: number | null;
  pages: number;
  points: number;
}

/** A cached order with what the journal and the print queue know of it (the orders table's row before it is shaped). */
export interface CachedOrderLine {
  order: SoldOrder;
  /** The journal's state of it; null when it was never in a started job. */
  state: OrderState | null;
  waybillCode: string | null;
  carrierCode: string | null;
  voided: boolean;
  /** How many times its waybill's label came out of the printer (an order in several parcels: its parcel printed least). */
  printCount: number;
  /** The state of the latest print of its label; null when never queued. An order in several parcels: of the first parcel whose label did not come out, else of its last. */
  lastPrintState: DocumentState | null;
  /** Every parcel's waybill of an order shipped in several parcels (settled); empty otherwise. */
  parcelWaybills: string[];
  error: StationError | null;
  /** The problems of the order in its last started job (a plan only looked at is not one), when that job could not send it. */
  problems: StationError[] | null;
}

/** One parcel's orders for paperwork: its carrier and its orders in the job's order (none for an unknown waybill). */
export interface WaybillPackage {
  carrierCode: string;
  orders: SoldOrder[];
}

/** Rows of one table, and for a table with a `state` column, rows per state. */
export interface TableCount {
  table: string;
  rows: number;
  /** Only for tables with a `state` column; values that are not plain identifiers count as `(other)`. */
  byState?: Record<string, number>;
}

/** What the journal holds, as counts only: never a row's content. */
export interface JournalCounts {
  /** The schema version (`user_version`): which migrations ran. */
  schemaVersion: number;
  tables: TableCount[];
}

/** How much the station wrote: committed writes and the milliseconds they took (the benchmark's "journal overhead"). */
export interface WriteTimes {
  /** Writes committed so far. */
  count(): number;
  /** Milliseconds they took in all. */
  totalMs(): number;
}

/** A waybill this desk recorded (issued or recovered) that the shared history has not received yet. */
export interface UnsharedWaybill {
  gateway: GatewayIdentity;
  jobId: string;
  waybillCode: string;
  parentWaybillCode: string | null;
  /** The orders it ships, in the job's order; none for a waybill no journal order points at (nothing a desk could look for). */
  orderNumbers: string[];
  carrierCode: string;
  branchCode: string | null;
  /** When this desk recorded it (epoch ms). */
  recordedAt: number;
  /** Its print data as stored (the gateway's own JSON text, passed on as it is); null when unreadable or purged. */
  printDataText: string | null;
}

/** A void mark (set or cleared) of a waybill already shared, not yet in the shared history. */
export interface UnsharedVoidMark {
  /** The gateway and shop of the waybill's job. */
  gateway: GatewayIdentity;
  waybillCode: string;
  /** Epoch ms; null: the mark was cleared. */
  voidedAt: number | null;
  note: string;
}

/** A label that came out of the printer here, not yet in the shared history. */
export interface UnsharedLabelPrint {
  /** The print record's id (this desk's): the shared history keeps each once. */
  printId: string;
  /** The gateway and shop it was queued under. */
  gateway: GatewayIdentity;
  waybillCode: string;
  /** When it came out (epoch ms). */
  printedAt: number;
}

/** What this desk's print queue did with a waybill's label, whichever job queued it. */
export interface LabelPrints {
  /** Times it came out of the printer here. */
  printed: number;
  /** A print of it is queued or in flight. */
  open: boolean;
  /** The state of its latest print here; null: never queued here. */
  lastState: DocumentState | null;
}

/** An operator as stored: the PIN and badge only as hashes, the wrong PINs in a row and any lock. */
export interface OperatorRecord {
  id: string;
  name: string;
  role: OperatorRole;
  /** `scrypt$N$r$p$salt$hash` (see pin-hash.ts). */
  pinHash: string;
  /** SHA-256 of the normalized badge code; null when no badge is set. */
  badgeHash: string | null;
  failedPins: number;
  lockedUntil: number | null;
  createdAt: number;
}
