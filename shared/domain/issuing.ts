import type { WaitingForGateway } from './gateway-identity';
/**
 * The issuing service's requests and answers, shared with the renderer through the IPC contract:
 * jobs, their orders, plans, summaries, the start-up report and the waybill history.
 */
import type { StationError } from '../errors/station-error';
import type { CostEstimate } from '../issuing/cost-estimate';
import type { ServiceChoice } from '../issuing/logistics-services';
import type { DoorPickUp, Party } from './issue-entry';
import type { BranchService } from './network';
import type { PrinterCondition } from './printer-condition';
import type { CustomAreaField, PrintOrder } from './paperwork';
import type { DocumentState, PrintOutput } from './printing';
import type { ShopOrderRef } from './shop-order';

/** What a job was planned with; stored with the job so a restart can resume it unchanged. */
export interface IssueJobSettings {
  /** cp_code. */
  carrierCode: string;
  /** The branch whose balance the job draws on (shipping_branch_code). */
  branchCode: string;
  /** Sender name, phone and an address of the branch. */
  sender: Party;
  /** The carrier's standard template URL. */
  templateUrl: string;
  /** order_channels_type of the shop. */
  orderChannel: string;
  needEncrypt: boolean;
  /** logistics_services JSON text of the job's services (`services`); '' for none. */
  logisticsServices: string;
  /** The job's services (the branch's required ones included); absent in jobs stored before services were offered. */
  services?: ServiceChoice[];
  /** Shop order key (shopOrderKey) → service code → attribute values that differ from the job's (e.g. one order's declared value). */
  serviceValuesByOrder?: Record<string, Record<string, Record<string, string>>>;
  /** Weight (g) and volume (ml) of each order's package unless the order has its own; null to send none. */
  packageMeasures?: PackageMeasures;
  /** Shop order key (shopOrderKey) → that order's own weight and volume. */
  packageMeasuresByOrder?: Record<string, PackageMeasures>;
  /** Shop order key (shopOrderKey) → the parcels of an order shipped in several (一单多包, 拆单); absent: one parcel. */
  parcelsByOrder?: Record<string, OrderParcels>;
  /** customer_code (月结卡号) at this carrier and branch; '' for none. */
  customerCode?: string;
  /** brand_code; '' for none. */
  brandCode?: string;
  /** A pickup booking with its window; null for none. */
  doorPickUp?: DoorPickUp | null;
  /** order_status values held back (Settings) when the job was planned. */
  heldBackStatuses?: number[];
  /** Held-back orders the user confirmed one by one (their shop order keys): they are issued like the others. */
  confirmedHeldBack?: string[];
  /** The merchant's custom-area template drawn under each label; null for none. */
  customAreaTemplateUrl: string | null;
  /** Printer name; '' is the component's default. */
  printer: string;
  /** Print each label as soon as its waybill is recorded. */
  print: boolean;
  /** What the custom area shows, in order; absent (jobs stored before it existed): the default fields. */
  customAreaFields?: CustomAreaField[];
  /**
   * The station draws the labels itself (OS printer): the custom area is sent as a layer of
   * data only, without a template address, and our renderer lays it out.
   */
  customAreaWithoutTemplate?: boolean;
  /** The order the labels come out in (the job's orders are stored in it); absent: as selected. */
  printOrder?: PrintOrder;
  /** Print each order's packing slip on the slip printer after its label; absent: no slips. */
  packingSlips?: boolean;
}

/** A package's weight in grams and volume in millilitres; null where not sent. */
export interface PackageMeasures {
  weightG: number | null;
  volumeMl: number | null;
}

/**
 * One order shipped in several parcels (一单多包): each parcel is its own entry of the issue call
 * (its own package_info.id, waybill and label), all of an order's parcels in one call, sent with
 * multi_packages_shipment. A split (拆单) says how many of the order's goods go in each parcel.
 */
export interface OrderParcels {
  /** Parcels, 2 … PARCEL_LIMITS.max. */
  count: number;
  /**
   * 拆单: the goods count of each parcel, one per parcel (each at least 1, adding up to the order's
   * goods count); null: every parcel carries the order's goods as they are (a large item in
   * several boxes).
   */
  split: number[] | null;
}

/** Where a job stands (the engine's state machine). */
export type JobState = 'planned' | 'issuing' | 'printing' | 'done' | 'cancelled' | 'failed';

/** What a job ends in once its labels are settled. */
export type JobEnding = 'done' | 'cancelled' | 'failed';

/** Where an order stands in the journal. */
export type OrderState = 'planned' | 'pending' | 'issued' | 'recovered' | 'elsewhere' | 'failed' | 'skipped';

/** How the station came to know a waybill. */
export type WaybillOrigin = 'issued' | 'recovered' | 'elsewhere';

/** Whether a waybill's print data is stored. */
export type PrintDataState = 'present' | 'unreadable' | 'purged';

/** An order's state after a step. */
export interface OrderStatus {
  /** The shop the order is of. */
  shopId: string;
  orderNumber: string;
  state: OrderState;
  waybillCode: string | null;
}

/** Counts of a job's labels by print state. */
export interface LabelCounts {
  queued: number;
  sent: number;
  accepted: number;
  printed: number;
  failed: number;
  unknown: number;
}

/** A plan request: the selected orders, in the order the user chose, and how to issue them. */
export interface PlanRequest extends IssueJobSettings {
  /**
   * Loaded sold orders of the account's shops, in the order the labels should come out. One job
   * may hold several shops: each issue call carries one shop's packages, with that shop's ids.
   */
  orders: ShopOrderRef[];
  /** Merge orders of the same buyer to the same full address into one package (off by default; never across shops). */
  merge: boolean;
  /** Keys of merged packages the user split again: their orders go one package each. */
  keepApart: string[];
  /** A network-info answer the engine read this recently (ms) stands in for the plan's call; absent or 0: the plan asks. */
  networkInfoMaxAgeMs?: number;
}

/** A package to issue: one waybill for one or more orders of one shop. Its key is the shop order key of its first order (whose number is the object_id). */
export interface PlannedPackage {
  key: string;
  shopId: string;
  orderNumbers: string[];
  /** Parcels (entries, waybills, labels) of the package: 1, or an order's several parcels. */
  parcels: number;
}

/** An order that is not sent, and why: each problem names the field and the limit; the catalog's remedy says the fix. */
export interface InvalidOrder {
  shopId: string;
  orderNumber: string;
  problems: StationError[];
}

/** The branch the job draws on and its balance before and after. */
export interface PlanBranch {
  code: string;
  name: string;
  /** Waybills left at the branch; null when the network info could not be read. */
  balance: number | null;
  balanceAfter: number | null;
  /** Why the balance is unknown. */
  error: StationError | null;
}

/** What issuing would do, shown before any issue call. The job is stored as `planned`. */
export interface IssuePlan {
  jobId: string;
  /** Packages to issue, in the user's order. */
  packages: PlannedPackage[];
  /** The packages holding more than one order (undo one by planning again with its key in keepApart). */
  merges: PlannedPackage[];
  /** Orders not sent: local validation failed, or the order is not loaded. */
  invalid: InvalidOrder[];
  /** Orders that already have a waybill in the journal: not issued again (reprint them from the history). */
  alreadyIssued: { shopId: string; orderNumber: string; waybillCode: string }[];
  /** Orders whose earlier issue call has an unknown outcome: looked up before they are issued. */
  toCheck: ShopOrderRef[];
  /** Problems of the carrier or sender (Settings): nothing can be issued until they are fixed. */
  requestProblems: StationError[];
  /** Issue calls (10 packages each). */
  calls: number;
  /** Query calls for the orders to check (20 each). */
  checkCalls: number;
  /** Network-info calls the plan made: 1, or 0 when it reused a recent answer (scan-to-print). */
  networkInfoCalls: number;
  /** Points of one issue call as last charged; null before the first. */
  pointsPerCall: number | null;
  /**
   * calls × pointsPerCall; before the first issue call, calls × the price of the last gateway call
   * of any kind (1 point when none was made yet): always an estimate, never unknown.
   */
  estimatedPoints: number;
  /** The same per shop of the job, in the order its first order was chosen (one issue call carries one shop's packages). */
  shops: ShopPlan[];
  branch: PlanBranch;
  /** The branch cannot cover every package: issue the first K (K = the balance) instead. */
  balanceShort: { balance: number; needed: number; firstK: number } | null;
  /**
   * The branch's services (null when the network info could not be read) and those the job sends
   * (its required ones always among them).
   */
  services: { offered: BranchService[] | null; chosen: ServiceChoice[] };
  /** What the job sends besides: package measures, monthly card, brand, pickup. */
  options: { packageMeasures: PackageMeasures; customerCode: string; brandCode: string; doorPickUp: DoorPickUp | null };
  /** Orders whose order_status Settings holds back: not issued unless confirmed one by one (plan again with them in confirmedHeldBack). */
  heldBack: { shopId: string; orderNumber: string; orderStatus: number }[];
}

/** A plan as the desk sees it: the engine's plan and what every call of the job is expected to cost, endpoint by endpoint. */
export interface EstimatedPlan extends IssuePlan {
  estimate: CostEstimate;
}

/** One shop's part of a plan: its packages, issue calls and estimated points. */
export interface ShopPlan {
  shopId: string;
  packages: number;
  calls: number;
  estimatedPoints: number;
}

/** How to run a planned (or stopped) job. */
export interface StartRequest {
  jobId: string;
  /** Issue only the first K packages; null or absent for all. */
  packageLimit?: number | null;
  /**
   * Hold printing until the user has seen a preview of the first label and said "print" (the
   * desk flow); scan-to-print leaves it out. The hold is stored with the job.
   */
  previewFirstLabel?: boolean;
}

/** Where an order of a job stands, as the UI shows it. */
export type OrderViewState =
  | OrderState
  /** Failed local validation or not loaded: never sent. */
  | 'invalid'
  /** Had a waybill before this job started (in the journal): not issued again. */
  | 'already-issued'
  /** Taken over by a later job. */
  | 'moved'
  /** Held by another job or desk when this job claimed it (its claim's lease was running): left out, never moved. */
  | 'held';

/** Orders of a job by view state. */
export type OrderCounts = Record<OrderViewState, number> & { total: number };

/** A job as the UI shows it. */
export interface JobView {
  id: string;
  state: JobState;
  /** What the job turns into once its labels are settled; null while issuing. */
  ending: JobEnding | null;
  /** Started while another job was issuing: waits for it. */
  waiting: boolean;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  carrierCode: string;
  branchCode: string;
  printer: string;
  orders: OrderCounts;
  labels: LabelCounts;
  /** Gateway calls booked to the job and the points they cost (cost ledger). */
  calls: number;
  points: number;
  /** Why the job stopped (with the catalog's remedy), or null. */
  stopError: StationError | null;
  /** Printing waits for the user's decision on the preview of the first label; null when it does not. */
  printHold: PrintHold | null;
}

/** A job whose printing waits for the user's look at its first label. */
export interface PrintHold {
  /** The first label in the user's order (the one to preview); null until its waybill is issued. */
  firstLabel: { waybillCode: string; orderNumbers: string[] } | null;
  /** Labels issued and waiting for the decision (more may come while the job still issues). */
  labels: number;
}

/** One order of a job. */
export interface JobOrderView {
  /** The shop the order is of. */
  shopId: string;
  orderNumber: string;
  position: number;
  /** The package key (shop order key of its first order); null for orders not sent. */
  packageKey: string | null;
  state: OrderViewState;
  waybillCode: string | null;
  attempts: number;
  /** Why it failed (isolated by a 614, or a per-entry failure), or why it is invalid (first problem). */
  error: StationError | null;
  problems: StationError[];
}

/** The end-of-job summary. */
export interface JobSummary {
  job: JobView;
  issued: { orderNumbers: string[]; waybillCode: string }[];
  /** Waybills whose answer was lost and that the query endpoint gave back. */
  recovered: { orderNumbers: string[]; waybillCode: string }[];
  /** Waybills another desk or program issued: shown, never printed without the user's say (reprint them from the history). */
  issuedElsewhere: { orderNumbers: string[]; waybillCode: string }[];
  /** Orders without a waybill, with the reason; the catalog's remedy of the error says what to do. */
  failed: { orderNumber: string; error: StationError }[];
  /** Orders still pending: their outcome could not be checked yet (retry checks them first). */
  unresolved: string[];
  skipped: string[];
  /** Waybills whose print data could not be read: no label until it is fetched again (history → refetch). */
  printDataUnreadable: string[];
  printed: number;
  /**
   * Labels that did not come out (failed, with the printer's or component's words) and labels
   * whose outcome is unknown (one may be out: check before printing it again), in print order.
   */
  labelProblems: LabelProblem[];
  points: number;
}

/** A job's summary beside the estimate its plan showed (null for a job planned before the station last started). */
export interface EstimatedJobSummary extends JobSummary {
  estimate: CostEstimate | null;
}

/** A label of a job that did not print, or may not have. */
export interface LabelProblem {
  waybillCode: string;
  orderNumbers: string[];
  /** `failed`: it did not print; `unknown`: the component could not say (a label may be out). */
  state: 'failed' | 'unknown';
  /** Why, as the component or printer said it (typed, localized by the UI). */
  error: StationError;
  /** What the failure says about the printer (paper out, jam, …); null for a failure of the label itself. */
  condition: PrinterCondition | null;
}

/** What "print the N again" did. */
export interface PrintAgainResult {
  /** Labels queued again: exactly those that did not print (never a new waybill). */
  requeued: number;
  /** Labels whose outcome is unknown: nothing was queued; ask the desk and send again with `confirmMaybePrinted`. */
  needsConfirmation: number;
}

/** What the start-up pass did. */
export interface StartUpReport {
  /** Pending orders looked up through the query endpoint, and what they turned out to be. */
  reconciled: { recovered: string[]; issuedElsewhere: string[]; notIssued: string[]; unresolved: string[] };
  /** Jobs a crash or quit interrupted with orders still to issue: resume them with `retry`. */
  interruptedJobs: string[];
  /** Labels of recorded waybills that had never been handed to the print queue, released again for printing. */
  labelsQueued: number;
  /** Orders and labels of other gateways or shops, left as they are until that gateway and shop are set again. */
  waiting: WaitingForGateway[];
}

/** What a history line can be filtered on (a line matches if any given state applies). */
export type HistoryFilterState =
  | 'issued'
  | 'recovered'
  | 'elsewhere'
  | 'failed'
  | 'pending'
  | 'printed'
  | 'not-printed'
  | 'print-failed'
  | 'print-unknown'
  | 'voided';

/** A history search. */
export interface HistoryQuery {
  /** An order number or waybill code (parent codes too), whole or its beginning. */
  text?: string;
  /** Epoch ms, inclusive: when the waybill was recorded (or the order last changed, without one). */
  from?: number;
  to?: number;
  states?: HistoryFilterState[];
  /** Only the waybills of this desk (its id); shared mode only. */
  desk?: string;
  /** Only the orders of this shop of the account; absent: every shop. */
  shop?: string | undefined;
  /** Default 100, at most 1000. */
  limit?: number;
  offset?: number;
}

/** One order in the history. */
export interface HistoryRow {
  /** The shop the order is of (its waybill was issued as that shop). */
  shopId: string;
  orderNumber: string;
  jobId: string;
  state: OrderState;
  waybillCode: string | null;
  parentWaybillCode: string | null;
  /** Parcel `no` of `count` when the order shipped in several (一单多包); null for an order's one waybill. Rows of one order's parcels follow each other. */
  parcel: { no: number; count: number } | null;
  carrierCode: string | null;
  branchCode: string | null;
  origin: WaybillOrigin | null;
  at: number;
  /** The latest print of the label (`not-printed` when it never went to the printer). */
  printState: DocumentState | 'not-printed';
  /** Why the latest print failed, in the printer's or component's words; null unless it failed. */
  printError: StationError | null;
  /** How many times the label came out of the printer. */
  printCount: number;
  /** Where the latest print went (print component or OS printer); null while it never left the station. */
  printOutput: PrintOutput | null;
  /** Sends of the latest print the queue made by itself: at MAX_AUTOMATIC_SENDS a failed label waits for the user. */
  printAutomaticSends: number;
  printData: PrintDataState | null;
  voided: boolean;
  voidNote: string;
  error: StationError | null;
  /** The package weight (g) the issue call sent for the order; null when none was sent, absent for another desk's line. */
  weightG?: number | null;
  /** The desk that issued it, in the shared history; absent while the shared mode is off. */
  desk?: { deskId: string; name: string };
  /** Its label's prints at other desks (shared mode; counted in `printCount` too), the latest first; absent while the shared mode is off. */
  printedAtDesks?: DeskPrints[];
}

/** A label's prints at one desk of the shared mode: how many times it came out there, and the latest when (that desk's clock, epoch ms). */
export interface DeskPrints {
  deskId: string;
  deskName: string;
  count: number;
  lastAt: number;
}

/** A page of the history. */
export interface HistoryPage {
  rows: HistoryRow[];
  total: number;
  /** Per shop, the lines the query matches but for its shop filter (the shop filter's counts). */
  shops: { shopId: string; count: number }[];
}

/** Why a label was not reprinted. */
export type ReprintRefusal = 'unknown-waybill' | 'voided' | 'print-data-unreadable' | 'print-data-purged' | 'already-in-print-queue' | 'other-gateway';

/** What setting or clearing void marks did. */
export interface VoidResult {
  /** Waybills whose mark changed. */
  changed: number;
  /** Shared mode with the server away: the marks are kept here and sent to the shared history once it is back. */
  sharingWaits: boolean;
}

/** What a reprint request did. */
export interface ReprintResult {
  /** Waybills queued for printing, in the order asked. */
  queued: string[];
  /**
   * Labels already printed (with their count): nothing was queued; ask the user and send the
   * request again with `confirmAlreadyPrinted`.
   */
  needsConfirmation: { waybillCode: string; printCount: number; printedAtDesks: DeskPrints[] }[];
  refused: { waybillCode: string; reason: ReprintRefusal }[];
}
