import type { GatewayIdentity } from '../../shared/domain/gateway-identity';
import type { HistoryPage, HistoryQuery, JobState, LabelCounts, OrderCounts, OrderStatus, VoidResult } from '../../shared/domain/issuing';
import type { StatisticsDimension, StatisticsFigures, StatisticsGroup, StatisticsRange } from '../../shared/domain/statistics';
import type { SetAsideWaybill } from '../../shared/domain/desks';
import type { SoldOrder } from '../../shared/domain/sold-order';
import type { PrintData, QueryEntryOutcome } from '../../shared/domain/waybill';
import type { ShopOrderRef } from '../../shared/domain/shop-order';
import type { BarcodeMapping, DeskEvent, DeskEventKind, OrderVerified } from '../../shared/domain/verification';
import type { StationError } from '../../shared/errors/station-error';
import type {
  CachedOrderLine,
  CallCost,
  ClaimOptions,
  ClaimResult,
  CostTotals,
  IssueAttemptOutcome,
  JobChange,
  JobMember,
  JobOrderRow,
  JobRecord,
  JournalCounts,
  LabelProblemRow,
  NewJob,
  OrderCacheState,
  OrderRefreshRecord,
  PreviewLabel,
  PrintableWaybill,
  PrintDocumentRecord,
  ReprintSource,
  UnknownPrintDocument,
  LabelPrints,
  UnsharedLabelPrint,
  UnsharedVoidMark,
  UnsharedWaybill,
  WaybillPackage,
  WriteTimes,
  OperatorRecord,
} from './station-records';
import type { AuditEntry, AuditQuery } from '../../shared/operators/operators';

/**
 * The station's one storage seam: every question the services ask of stored data and every
 * change they make, by name, behind promises. No service sees a table or a statement; an
 * implementation (the local SQLite one in store/local/; in shared mode the same, composed with the account's shared database in several-desks/) answers them.
 * Each area belongs to one owner (the journal, the cost ledger, the history, the sold-order
 * cache, the print queue's store); a question about another owner's data is asked of that owner.
 *
 * A write's promise resolves once the change is committed (durably where the journal's rules
 * need it): callers await it before they act on the change.
 */
export interface StationBackend {
  /** Questions: nothing is changed. */
  read: StationReader;
  /** Changes: each one committed before its promise resolves. */
  write: StationWriter;
  /** Time spent in committed writes (the benchmark's "journal overhead"). */
  readonly writes: WriteTimes;
  /** Closes the storage; no call is answered afterwards. */
  close(): Promise<void>;
}

/** The questions, per owner. */
export interface StationReader {
  /** The issuing journal: jobs, their orders, waybills and attempts. */
  journal: JournalReader;
  /** The cost ledger: points per call. */
  costs: CostReader;
  /** The waybill history: the journal's orders with their waybills and print states. */
  history: HistoryReader;
  /** The sold-order cache. */
  orders: OrderCacheReader;
  /** The print queue's store. */
  printTasks: PrintTaskReader;
  /** The journal's orders as paperwork groups them. */
  paperwork: PaperworkReader;
  /** Counts for the diagnostics archive. */
  diagnostics: DiagnosticsReader;
  /** The waybills the shared history has not received yet (shared mode). */
  uploadOutbox: UploadOutboxReader;
  /** This desk's own statistics the shared database has not received yet (shared mode). */
  statisticsOutbox: StatisticsOutboxReader;
  /** Learned product barcodes, per shop. */
  barcodes: BarcodeReader;
  /** Desk events (scan-to-verify outcomes and mismatches). */
  deskEvents: DeskEventReader;
  /** The statistics: figures summed per period or dimension (the account's in shared mode). */
  statistics: StatisticsReader;
  /** The desk's operators. */
  operators: OperatorReader;
  /** The desk's audit log. */
  audit: AuditReader;
}

/** The changes, per owner. */
export interface StationWriter {
  /** The issuing journal's steps, one transaction each. */
  journal: JournalWriter;
  /** The cost ledger's records. */
  costs: CostWriter;
  /** Void marks and stored print data. */
  history: HistoryWriter;
  /** The sold-order cache's pages and refreshes. */
  orders: OrderCacheWriter;
  /** The print queue's documents. */
  printTasks: PrintTaskWriter;
  /** Marks waybills as received by the shared history. */
  uploadOutbox: UploadOutboxWriter;
  /** Marks this desk's own statistics' hours as received by the shared database. */
  statisticsOutbox: StatisticsOutboxWriter;
  /** Learned product barcodes, per shop. */
  barcodes: BarcodeWriter;
  /** Desk events (scan-to-verify outcomes and mismatches). */
  deskEvents: DeskEventWriter;
  /** Operators added, removed, their wrong PINs and locks. */
  operators: OperatorWriter;
  /** Audit entries appended (never changed), marked shared, pruned past the retention. */
  audit: AuditWriter;
}

/** Questions to the issuing journal: jobs, their orders, waybills and attempts. */
export interface JournalReader {
  /** A job; undefined when unknown. */
  job(jobId: string): Promise<JobRecord | undefined>;
  /** Jobs in these states, oldest first. */
  jobsIn(states: readonly JobState[]): Promise<JobRecord[]>;
  /** The latest jobs, newest first. */
  recentJobs(limit: number): Promise<JobRecord[]>;
  /**
   * Pending orders of every job, grouped by job, save those another desk holds under a lease not
   * lapsed at `now` (that desk's run is asking about them itself).
   */
  pendingOrders(deskId: string, now: number): Promise<{ jobId: string; shopId: string; orderNumbers: string[] }[]>;
  /**
   * The job's waybills that may be printed without asking (issued here or recovered, readable
   * print data, not voided), in the user's order (optionally only these orders', by shop order
   * key). Whether the print queue ever had one is the queue's to say (PrintTaskReader.handedOver).
   */
  printableLabels(jobId: string, orderKeys?: readonly string[]): Promise<PrintableWaybill[]>;
  /** A waybill's label as it would print (print data, orders, job settings), for a preview. */
  previewLabel(waybillCode: string): Promise<PreviewLabel>;
  /** The job's waybills recorded without readable print data (no label until it is fetched again). */
  unreadableWaybills(jobId: string): Promise<string[]>;
  /** The job's orders counted by view state. */
  orderCounts(jobId: string): Promise<OrderCounts>;
  /** The job's orders in the user's order, with their journal state. */
  jobOrders(jobId: string): Promise<JobOrderRow[]>;
  /** Orders of the shop among these that have a waybill, with it. */
  waybillsOf(shopId: string, orderNumbers: readonly string[]): Promise<Map<string, string>>;
  /** Orders of the shop among these that are pending in some job. */
  pendingAmong(shopId: string, orderNumbers: readonly string[]): Promise<Set<string>>;
  /** Pending orders, and orders of unfinished jobs left to issue, counted by the gateway and shop they were issued against. */
  ordersWaitingByGateway(): Promise<{ gateway: GatewayIdentity; count: number }[]>;
  /** The printable labels (as printableLabels) of jobs still issuing or printing, each once, with its job's gateway and its own shop. */
  labelsOfUnfinishedJobs(): Promise<{ waybillCode: string; gateway: GatewayIdentity }[]>;
  /** Whether any job was ever issued against a gateway other than `gateway` (an unknown one counts). */
  hasJobsOutside(gateway: string): Promise<boolean>;
}

/**
 * Changes to the issuing journal. Each is ONE transaction: a step is committed before the engine
 * takes the next one, so the journal always holds a state the start-up pass can finish.
 */
export interface JournalWriter {
  /** Records a planned job and its orders. */
  createJob(job: NewJob, members: readonly JobMember[]): Promise<void>;
  /** Changes a job; answers it as stored afterwards. */
  updateJob(jobId: string, change: JobChange, now: number): Promise<JobRecord>;
  /**
   * Takes a job's orders into the journal before it (re)starts, for `owner` (this desk) with a
   * lease until `owner.leaseUntil`, in one transaction: new orders become planned; orders of
   * other jobs that have no waybill move to this one (pending ones stay pending, so they are
   * queried first — but only from a job of the same gateway) unless another owner holds them
   * under a lease not lapsed at `now`: those are refused, never moved, and answered as held (the
   * job member records by whom). With `retryFailed`, failed and skipped ones go back to planned.
   * Packages beyond `packageLimit` (in the user's order, counting those with work left) are
   * skipped. With `packages`, only those of the job's packages are taken (the others are left
   * as they are). Answers the orders the job owns and those it was refused.
   */
  claim(jobId: string, options: ClaimOptions, now: number): Promise<ClaimResult>;
  /** Extends the lease of the job's claim by this desk to `leaseUntil`; answers how many orders it still holds. */
  renewClaim(jobId: string, deskId: string, leaseUntil: number): Promise<number>;
  /** Ends the lease of the job's claim by this desk (its run ended): another job or desk may take what is left, pending orders only after a query. */
  releaseClaim(jobId: string, deskId: string): Promise<void>;
  /**
   * Marks the job's planned orders of the shop among these as pending under a new issue attempt
   * (one call carries one shop); answers the ones marked (only they may be sent) and the state of
   * every order asked about.
   */
  beginIssue(jobId: string, shopId: string, orderNumbers: readonly string[], now: number): Promise<{ attemptId: number; orderNumbers: string[]; statuses: OrderStatus[] }>;
  /** Records how an issue attempt ended (for the orders of the attempt's shop). */
  finishIssue(attemptId: number, outcome: IssueAttemptOutcome, now: number): Promise<OrderStatus[]>;
  /** Sets planned orders aside as failed (an order isolated by a this-order-only rejection, or given up on). */
  failOrders(shopId: string, orderNumbers: readonly string[], error: StationError, now: number): Promise<OrderStatus[]>;
  /**
   * Records a query answer about orders of the shop (one query call asks as one shop): found → recovered/elsewhere with the waybill; the explicit "not issued"
   * → a pending order is planned again; unknown → it stays pending, with the gateway's words as its error. Found orders named in
   * `issuedElsewhere` are another desk's (the shared claims say so): recorded issued elsewhere, never recovered and printed here.
   */
  recordQuery(jobId: string, shopId: string, outcomes: readonly QueryEntryOutcome[], now: number, issuedElsewhere?: ReadonlySet<string>): Promise<OrderStatus[]>;
  /** Records a query call of the shop's orders that got no usable answer (for the attempts history). */
  recordFailedQuery(jobId: string, shopId: string, orderNumbers: readonly string[], error: StationError, now: number): Promise<void>;
  /** Sends the job's labels not yet handed to the print queue to another printer (the desk switched printers). */
  setJobPrinter(jobId: string, printer: string, now: number): Promise<void>;
}

/** Questions to the cost ledger: points per call, per job and per China day (UTC+8). */
export interface CostReader {
  /** Totals of one job. */
  totalForJob(jobId: string): Promise<CostTotals>;
  /** Totals of one China calendar day, `yyyy-MM-dd` (see chinaDayOf). */
  totalForChinaDay(day: string): Promise<CostTotals>;
  /** Per-shop totals of one China calendar day (the shop each call was made as). */
  shopTotalsForChinaDay(day: string): Promise<Array<CostTotals & { shopId: string }>>;
  /** Per-endpoint totals of one China calendar day. */
  endpointTotalsForChinaDay(day: string): Promise<Array<CostTotals & { endpoint: string }>>;
  /** Points of the latest answered issue call; null before the first. */
  lastIssueCallPoints(): Promise<number | null>;
  /** Points of the last charged gateway call of any endpoint; null before the first. */
  lastCallPoints(): Promise<number | null>;
}

/** Changes to the cost ledger. */
export interface CostWriter {
  /** Records one answered gateway call (its China day taken from its time). */
  record(cost: CallCost): Promise<void>;
}

/** What statistics may be summed by: an hour or a China day (keys are their starts), or a dimension. */
export type StatisticsGrouping = 'hour' | 'day' | StatisticsDimension;

/** Figures of one combination of grouping keys. */
export type StatisticsRow = StatisticsFigures & { keys: string[] };

/** Questions to the statistics: sums of the history's and the cost ledger's rows over a range. */
export interface StatisticsReader {
  /** The dimensions this store can group by (a desk on its own has no desk grouping). */
  readonly dimensions: readonly StatisticsDimension[];
  /**
   * Figures of the range's rows per combination of the groupings' keys (only combinations with
   * something in them); each row's keys in the groupings' order.
   */
  figures(range: StatisticsRange, groupings: readonly StatisticsGrouping[]): Promise<StatisticsRow[]>;
  /** Failed orders of the range per reason (an error code), most first. */
  failuresByReason(range: StatisticsRange): Promise<{ reason: string; failures: number }[]>;
  /**
   * Per operator (by name), what the audit log says they did over the range: waybills of the
   * jobs they started, labels printed, reprints, voids; and the desk events recorded while they
   * were signed in (the other figures zero), most waybills first; none while operators were off.
   */
  operators(range: StatisticsRange): Promise<StatisticsGroup[]>;
}

/** Questions to the waybill history: every order that went through the journal, with its waybill. */
export interface HistoryReader {
  /** A page of history lines matching the query, newest first, and how many match in all. */
  search(query: HistoryQuery): Promise<HistoryPage>;
  /** A waybill as it would print again; undefined when unknown. */
  reprintSource(waybillCode: string): Promise<ReprintSource | undefined>;
  /** The orders on a waybill, in the job's order. */
  ordersOn(waybillCode: string): Promise<SoldOrder[]>;
  /** The first order (by number) on a waybill and its shop, by which that shop's query endpoint finds it; undefined when unknown. */
  firstOrderOn(waybillCode: string): Promise<ShopOrderRef | undefined>;
}

/** Changes to the waybill history. */
export interface HistoryWriter {
  /** Sets (at a time, with a note) or clears (null) the void mark of these waybills; answers how many changed, and whether sharing the marks waits for the server (shared mode). */
  setVoid(waybillCodes: readonly string[], voidedAt: number | null, note: string): Promise<VoidResult>;
  /**
   * Drops the print data of waybills recorded before `cutoff` that no print waits for (an open one,
   * or a failed one that refers to it and keeps its layers past `cutoff`); answers how many.
   */
  purgePrintData(cutoff: number): Promise<number>;
  /** Stores print data fetched again (its text, as decoded at the gateway) for a waybill whose data was unreadable or purged. */
  storePrintData(waybillCode: string, printData: PrintData): Promise<void>;
}

/** Questions to the sold-order cache (kept per shop). */
export interface OrderCacheReader {
  /** What the cache remembers of the shop's refreshes; undefined before the first. */
  state(shopId: string): Promise<OrderCacheState | undefined>;
  /** How many orders of the shop are cached. */
  count(shopId: string): Promise<number>;
  /** Every cached order of the shop, newest confirmation first, with what the journal and the print queue know of it. */
  lines(shopId: string): Promise<CachedOrderLine[]>;
  /** The cached orders with these numbers (unknown ones left out; in no particular order). */
  orders(shopId: string, orderNumbers: readonly string[]): Promise<SoldOrder[]>;
}

/** Changes to the sold-order cache. */
export interface OrderCacheWriter {
  /** Stores a page of fetched orders (replacing their earlier copies), fetched at `at`. */
  storePage(shopId: string, orders: readonly SoldOrder[], at: number): Promise<void>;
  /** Drops the shop's orders not fetched since `since` (a complete fetch no longer listed them). */
  removeUnseen(shopId: string, since: number): Promise<void>;
  /** Remembers a finished unfiltered refresh. */
  saveRefresh(shopId: string, refresh: OrderRefreshRecord): Promise<void>;
}

/** Questions to the print queue's store (print documents). */
export interface PrintTaskReader {
  /**
   * Every document not yet printed that still has its contents, queued under one of `gateways`
   * (the gateway set now, once per shop), in queue order: what the queue loads at start (nothing
   * while `gateways` is null: the settings need attention).
   */
  openDocuments(gateways: readonly GatewayIdentity[] | null): Promise<PrintDocumentRecord[]>;
  /** What the queue did with a waybill's label here (another desk's waybill reprinted here too). */
  printsOf(waybillCode: string): Promise<LabelPrints>;
  /** Which of these waybills' labels were ever handed to the print queue (any document, whatever its state). */
  handedOver(waybillCodes: readonly string[]): Promise<Set<string>>;
  /** Documents not yet printed that still have their contents, counted by the gateway and shop they were queued under. */
  openDocumentsByGateway(): Promise<{ gateway: GatewayIdentity; count: number }[]>;
  /** The job's documents still waiting for an outcome (unknown ones count until the component was asked about their latest task). */
  openLabels(jobId: string): Promise<number>;
  /** The job's documents counted by state. */
  labelCounts(jobId: string): Promise<LabelCounts>;
  /** The job's labels that did not print (failed) or whose outcome stayed unknown after the component was asked, in print order. */
  labelProblems(jobId: string): Promise<LabelProblemRow[]>;
  /** A waybill's documents whose outcome stays unknown after the component was asked about their latest send. */
  unknownDocumentsOf(waybillCode: string): Promise<UnknownPrintDocument[]>;
}

/** Changes to the print queue's store. */
export interface PrintTaskWriter {
  /**
   * Saves a document, replacing the one with the same id; a new one records the gateway of
   * `gateway` (the one in use when it was queued) and the shop of its waybill where the station
   * recorded it (another desk's waybill, or a document of no waybill: `gateway`'s shop). Only a document about to leave (`sent`) is committed with its own
   * flush to disk; the others ride the next durable commit (see the local implementation).
   */
  save(record: PrintDocumentRecord, gateway: GatewayIdentity | null): Promise<void>;
  /** Saves documents together, in one durable commit (a burst recorded `sent` before its first task leaves). */
  saveAll(records: readonly PrintDocumentRecord[], gateway: GatewayIdentity | null): Promise<void>;
  /** Drops the layers of printed and failed documents last changed before `cutoff` (a waybill's print data is the history's to drop); answers how many. */
  purgeContents(cutoff: number): Promise<number>;
}

/** Questions paperwork asks: the journal's copy of each order as issued, grouped by waybill. */
export interface PaperworkReader {
  /** The waybill an order of the shop got; undefined when it has none. */
  waybillOfOrder(shopId: string, orderNumber: string): Promise<string | undefined>;
  /** The package of a waybill: its carrier and orders in the job's order (no orders for an unknown waybill). */
  packageOfWaybill(waybillCode: string): Promise<WaybillPackage>;
  /** A job's orders that go into its packages, in the job's order. */
  packedOrderNumbers(jobId: string): Promise<string[]>;
}

/** Questions the diagnostics archive asks. */
export interface DiagnosticsReader {
  /** Rows per table (and per state), never a row's content. */
  journalCounts(): Promise<JournalCounts>;
}

/**
 * Questions about the waybills not yet in the shared history: every waybill the journal records
 * (issued or recovered here) starts "not yet uploaded", in the transaction that records it.
 */
export interface UploadOutboxReader {
  /** Up to `limit` waybills not yet uploaded, oldest first. */
  unshared(limit: number): Promise<UnsharedWaybill[]>;
  /** Up to `limit` void marks changed here since the shared history last had them, of waybills it has. */
  unsharedVoidMarks(limit: number): Promise<UnsharedVoidMark[]>;
  /** Up to `limit` label prints not yet uploaded, oldest first; a print of a waybill still waiting to be shared waits for it. */
  unsharedPrints(limit: number): Promise<UnsharedLabelPrint[]>;
  /** How many waybills are left to share (those set aside not counted). */
  count(): Promise<number>;
  /** The waybills set aside after the shared history kept refusing them, the latest first. */
  setAside(): Promise<SetAsideWaybill[]>;
}

/** Changes to the waybills not yet uploaded. */
export interface UploadOutboxWriter {
  /** Marks these waybills as received by the shared history at `at`. */
  markShared(waybillCodes: readonly string[], at: number): Promise<void>;
  /** Marks these void marks as received by the shared history, unless changed again meanwhile. */
  markVoidMarksShared(marks: readonly UnsharedVoidMark[]): Promise<void>;
  /** Marks these label prints (their print records' ids) as received by the shared history. */
  markPrintsShared(printIds: readonly string[]): Promise<void>;
  /** Counts the shared history's refusal of a waybill; at `maxRefusals` it is set aside (at `at`, with `reason`). Answers whether it is set aside now. */
  noteRefusal(waybillCode: string, reason: StationError, at: number, maxRefusals: number): Promise<boolean>;
}

/** The figures only a desk records (not the history's): failures, gateway calls and points, held back, verification. */
export type DeskOwnFigures = Pick<StatisticsFigures, 'failures' | 'calls' | 'points' | 'heldBack' | 'verified' | 'mismatches' | 'overrides'>;

/** The names of a desk's own figures, in the order they are stored and sent. */
export const deskOwnFigureNames = ['failures', 'calls', 'points', 'heldBack', 'verified', 'mismatches', 'overrides'] as const satisfies readonly (keyof DeskOwnFigures)[];

/** An operator's figures per hour, as the desk's rollup keeps them. */
export type DeskOperatorFigures = Pick<StatisticsFigures, 'waybills' | 'labelsPrinted' | 'reprints' | 'voids' | 'verified' | 'mismatches' | 'overrides'>;

/** The names of an operator's figures, in the order they are stored and sent. */
export const deskOperatorFigureNames = ['waybills', 'labelsPrinted', 'reprints', 'voids', 'verified', 'mismatches', 'overrides'] as const satisfies readonly (keyof DeskOperatorFigures)[];

/**
 * A desk's own statistics of some hours, all of them: what it sends to the shared database in
 * place of what the server held for those hours (so sending an hour twice counts it once).
 */
export interface DeskStatisticsHours {
  /** The hours (their starts, epoch ms) these rows are the whole of; an hour with no rows is all zero. */
  hours: number[];
  /** Own figures per hour, shop, carrier and branch (rows of nothing but zeros left out). */
  figures: (DeskOwnFigures & { hour: number; shop: string; carrier: string; branch: string })[];
  /** Failed orders per hour and reason (an error code). */
  failures: { hour: number; reason: string; failures: number }[];
  /** The operators' figures per hour (by name). */
  operators: (DeskOperatorFigures & { hour: number; operator: string })[];
}

/** An hour whose own figures changed since it was last shared, and the count of its changes when read. */
export interface ChangedStatisticsHour {
  hour: number;
  change: number;
}

/**
 * Questions about this desk's own statistics waiting for the shared database (shared mode): the
 * hours whose own figures changed while this process runs (what changed before is found by
 * comparing with what the server holds, `all`).
 */
export interface StatisticsOutboxReader {
  /** Up to `limit` hours changed since they were last shared, oldest first. */
  changed(limit: number): Promise<ChangedStatisticsHour[]>;
  /** This desk's own statistics of these hours. */
  hours(hours: readonly number[]): Promise<DeskStatisticsHours>;
  /** This desk's own statistics of every hour it has figures of. */
  all(): Promise<DeskStatisticsHours>;
  /** Calls `listener` after a transaction changed some hour's own figures; answers how to stop. */
  onChange(listener: () => void): () => void;
}

/** Changes to the hours waiting for the shared database. */
export interface StatisticsOutboxWriter {
  /** These hours, as read, reached the server (an hour changed again since stays waiting). */
  markShared(hours: readonly ChangedStatisticsHour[]): Promise<void>;
  /** These hours are to be sent (the server's differ from the desk's). */
  markChanged(hours: readonly number[]): Promise<void>;
}

/** Questions about learned product barcodes (scan-to-verify). */
export interface BarcodeReader {
  /** The mappings of one shop, or of every shop (null), by shop and barcode. */
  list(shopId: string | null): Promise<BarcodeMapping[]>;
}

/** Changes to learned product barcodes. */
export interface BarcodeWriter {
  /** Saves mappings, replacing those of the same shop and barcode, all in one transaction. */
  save(mappings: readonly BarcodeMapping[]): Promise<void>;
  /** Forgets one barcode of a shop; answers whether it was there. */
  remove(shopId: string, barcode: string): Promise<boolean>;
}

/** Questions about desk events. */
export interface DeskEventReader {
  /** How many events of each kind (and of each mismatch) were recorded from `from` up to `to` (epoch ms, `to` excluded). */
  counts(from: number, to: number): Promise<{ kind: DeskEventKind; mismatch: string | null; count: number }[]>;
  /** The latest events of an order, newest first. */
  ofOrder(shopId: string, orderNumber: string): Promise<DeskEvent[]>;
  /** When the order was first verified complete (kept across restarts; in shared mode at any desk), or null. */
  verified(shopId: string, orderNumber: string): Promise<OrderVerified | null>;
}

/** Records desk events. */
export interface DeskEventWriter {
  record(event: DeskEvent): Promise<void>;
}

/** Questions about the desk's operators. */
export interface OperatorReader {
  /** Every operator, by name. */
  list(): Promise<OperatorRecord[]>;
  /** The operator of this name (letter case ignored); undefined when none. */
  byName(name: string): Promise<OperatorRecord | undefined>;
  byId(id: string): Promise<OperatorRecord | undefined>;
  /** The operator whose badge has this hash; undefined when none. */
  byBadgeHash(badgeHash: string): Promise<OperatorRecord | undefined>;
  /**
   * Names of this desk's own operators left out when its list was copied into the account (the
   * account had that name or badge already), until a supervisor dismisses the notice; none for a
   * desk alone.
   */
  keptApart(): Promise<string[]>;
}

/** Changes to the desk's operators. */
export interface OperatorWriter {
  /** Adds an operator (a name or badge already taken throws the database's unique error). */
  add(operator: Omit<OperatorRecord, 'failedPins' | 'lockedUntil'>): Promise<void>;
  /** Removes an operator; answers whether one was removed. */
  remove(id: string): Promise<boolean>;
  /** Records the wrong PINs in a row and any lock (a right PIN sets 0 and null). */
  setPinOutcome(id: string, failedPins: number, lockedUntil: number | null): Promise<void>;
  /**
   * Counts one more wrong PIN in one statement (two desks counting at once lose none): the
   * `lockAfter`th in a row locks the operator until `lockedUntil` and starts the count again.
   * Answers the wrong PINs in a row now and whether this one locked; undefined when no such operator.
   */
  countWrongPin(id: string, lockAfter: number, lockedUntil: number): Promise<{ failedPins: number; locked: boolean } | undefined>;
  /** The notice of the operators left out of the account is read: it is not shown again (at `at`). */
  dismissKeptApart(at: number): Promise<void>;
}

/** Questions to the audit log. */
export interface AuditReader {
  /** A page of entries matching the query, newest first, and how many match in all. */
  search(query: AuditQuery): Promise<{ entries: AuditEntry[]; total: number }>;
  /** Up to `limit` entries the shared history has not received yet, oldest first. */
  unshared(limit: number): Promise<AuditEntry[]>;
}

/** Changes to the audit log: appending, never editing. */
export interface AuditWriter {
  append(entry: AuditEntry): Promise<void>;
  /** Marks these entries as received by the shared history at `at`. */
  markShared(ids: readonly string[], at: number): Promise<void>;
  /** Deletes entries older than `cutoff` (the retention's); answers how many. */
  pruneOlderThan(cutoff: number): Promise<number>;
}
