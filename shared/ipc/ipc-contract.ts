import { z } from 'zod';
import type { StationError } from '../errors/station-error';
import type { EstimatedJobSummary, EstimatedPlan, HistoryPage, JobOrderView, JobView, OrderStatus, PrintAgainResult, ReprintResult, StartUpReport, VoidResult } from '../domain/issuing';
import { PRACTICE_FAULTS, type PracticeFault, type PrinterStateView } from '../domain/printer-condition';
import type { DeskListing, SharedModeState } from '../domain/desks';
import type { NetworkInfo } from '../domain/network';
import type { OrderListing, OrderRefreshEstimate, OrderRefreshOutcome, OrderRefreshProgress } from '../domain/order-row';
import { CALIBRATION_LIMIT_MM, type ComponentState, type LabelPreview, type PrintQueueStatus, type RequeueResult, type PrinterChoice, type PrinterConfig, type TestPrintResult } from '../domain/printing';
import { CUSTOM_AREA_FIELDS, PRINT_ORDERS, type PaperworkPdf, type PaperworkPrintResult } from '../domain/paperwork';
import { shopOrderOfKey, shopOrderRefSchema } from '../domain/shop-order';
import type { BranchUsage } from '../domain/balance-forecast';
import { STATISTICS_MAX_DAYS, type StatisticsReport } from '../domain/statistics';
import type { Subscription } from '../domain/subscription';
import type { ScaleView } from '../domain/scale';
import { BARCODE_MAX_CHARS, GOODS_TEXT_MAX_CHARS, VERIFICATION_MISMATCHES, type BarcodeMapping, type OrderVerified } from '../domain/verification';
import { SCAN_NETWORK_INFO_MAX_AGE_MS, type CostEstimate } from '../issuing/cost-estimate';
import type { Result } from '../result';
import type { Settings } from '../settings/settings-schema';
import { LABEL_SIZES, UI_LANGUAGES, serviceChoiceSchema, settingsPatchSchema } from '../settings/settings-schema';
import { OPERATOR_ROLES, auditQuerySchema, operatorBadgeSchema, operatorNameSchema, operatorPinSchema, supervisorApprovalSchema, type AuditPage, type OperatorSession, type OperatorView } from '../operators/operators';
import { channel, event, type ChannelCall, type InputOf, type OutputOf, type ParsedInputOf, type PayloadOf } from './define-ipc';

/** An input that carries nothing: `{}` (a missing body is read as `{}`). */
const noInput = z.object({}).strict();
/** The shops of the account a request is about: 'all', or settings' shop ids (at least one). */
const shopIdsSchema = z.union([z.literal('all'), z.array(shopOrderRefSchema.shape.shopId).min(1).max(20)]);
/** A request about some shops of the account; none named means the station's own shop. */
const shopsInput = z.object({ shopIds: shopIdsSchema.optional() }).strict();
/** An order number as the platform writes it (validated in full by the issue rules). */
const orderNumber = z.string().trim().min(1).max(64);
/** A shop order key (shopOrderKey): a shop id and an order number on two lines. */
const shopOrderKeyText = z.string().min(3).max(129).refine((key) => shopOrderOfKey(key) !== null, { error: 'must be a shop order key' });
/** A waybill number. */
const waybillCode = z.string().trim().min(1).max(64);
/** A job id. */
const jobId = z.object({ jobId: z.string().min(1).max(100) }).strict();
/** Which part of the history: text (order or waybill number), dates (epoch ms), states. */
const historyQuery = z
  .object({
    text: z.string().trim().max(64).optional(),
    from: z.number().int().nonnegative().optional(),
    to: z.number().int().nonnegative().optional(),
    states: z
      .array(z.enum(['issued', 'recovered', 'elsewhere', 'failed', 'pending', 'printed', 'not-printed', 'print-failed', 'print-unknown', 'voided']))
      .max(10)
      .optional(),
    /** One desk's waybills (its id; shared mode only). */
    desk: z.string().trim().min(1).max(100).optional(),
    /** One shop's orders (one of the settings' shops); absent: every shop. */
    shop: z.string().trim().min(1).max(64).optional(),
    limit: z.number().int().min(1).max(1000).optional(),
    offset: z.number().int().nonnegative().optional(),
  })
  .strict();
/** A package's weight (g) and volume (ml); the issue rules check that they are positive. */
const packageMeasures = z.object({ weightG: z.number().nullable(), volumeMl: z.number().nullable() }).strict();
/** An order's parcels as the plan sends them; the issue rules (order-parcels.ts) name what is out of range, per order. */
const orderParcels = z.object({ count: z.number().int().min(1).max(100), split: z.array(z.number().int().min(0).max(1_000_000)).max(100).nullable() }).strict();
/** A printer as the component names it. */
const printerName = z.string().trim().min(1).max(200);
/** A calibration offset: the component's range is a few millimetres either way. */
const offsetMm = z.number().min(-CALIBRATION_LIMIT_MM).max(CALIBRATION_LIMIT_MM);

/** A statistics range: epoch ms, `to` after `from`, at most STATISTICS_MAX_DAYS days. */
const statisticsRange = z
  .object({ from: z.number().int().nonnegative(), to: z.number().int().positive() })
  .strict()
  .refine((range) => range.to > range.from, { error: 'the range must end after it starts' })
  .refine((range) => range.to - range.from <= STATISTICS_MAX_DAYS * 86_400_000, { error: `the range may cover at most ${STATISTICS_MAX_DAYS} days` });

/** Which orders paperwork is for: a selection of orders, history rows (waybills), or a job. */
const paperworkScope = z.union([
  z.object({ orderNumbers: z.array(orderNumber).min(1).max(10_000) }).strict(),
  z.object({ waybillCodes: z.array(waybillCode).min(1).max(10_000) }).strict(),
  jobId,
]);
/** A picking list: for what, sorted how, in which language. */
const pickingListInput = z.object({ scope: paperworkScope, sort: z.enum(['name', 'count']), language: z.enum(UI_LANGUAGES) }).strict();

/** A shop of the account (checked against the settings' shops). */
const verificationShopId = shopOrderRefSchema.shape.shopId;
/** A product barcode as scanned (normalized by the scan input: ASCII, no spaces). */
const productBarcode = z.string().trim().min(1).max(BARCODE_MAX_CHARS);
/** A goods line as the order names it: name and spec (spec empty when none). */
const goodsLine = { goodsName: z.string().min(1).max(GOODS_TEXT_MAX_CHARS), goodsSpec: z.string().max(GOODS_TEXT_MAX_CHARS) };
/** A desk event scan-to-verify records: one order verified, a scan refused, goods counted by hand (reason required). */
const deskEventInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('verification.completed'), shopId: verificationShopId, orderNumber, details: z.object({ lines: z.int().min(1).max(1000), items: z.int().min(1).max(100_000), overridden: z.int().min(0).max(100_000), weightG: z.int().positive().nullable() }).strict() }).strict(),
  z
    .object({
      kind: z.literal('verification.mismatch'),
      shopId: verificationShopId,
      orderNumber,
      details: z.object({ mismatch: z.enum(VERIFICATION_MISMATCHES), barcode: z.string().max(BARCODE_MAX_CHARS), goodsName: goodsLine.goodsName.nullable(), goodsSpec: goodsLine.goodsSpec.nullable() }).strict(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('verification.override'),
      shopId: verificationShopId,
      orderNumber,
      details: z.object({ ...goodsLine, count: z.int().min(1).max(100_000), reason: z.string().trim().min(2).max(200) }).strict(),
    })
    .strict(),
]);

/** The OS printers packing slips and picking lists can go to, and whether the print system answered. */
export interface SlipPrinterChoice {
  printers: { name: string; isDefault: boolean }[];
  /** The slip printer chosen in the settings; null is the system's default. */
  chosen: string | null;
  /** Why the list is empty (no print system, CUPS not running, …); null when it was read. */
  error: StationError | null;
}

/** Which shell the renderer runs in, and where the station keeps its data. */
export interface StationInfo {
  shell: 'electron' | 'browser-host';
  version: string;
  dataDir: string;
  /** True while the gateway is the embedded sandbox (no account needed). */
  demoMode: boolean;
  /** Set when the settings file was unusable (or missing) at start: set aside, and the last-good copy restored or, with none, the defaults used. */
  settingsNotice: { setAsidePath: string | null; reason: string; restoredLastGood: boolean } | null;
  /**
   * True while no settings could be read and the journal holds work of a real gateway: nothing
   * is issued, printed or reconciled (those channels answer `settings.need-attention`) until the
   * connection is set again.
   */
  settingsNeedAttention: boolean;
}

/** The About view: the app, the runtimes under it, and where its data and logs live. */
export interface AboutInfo {
  productName: string;
  version: string;
  shell: StationInfo['shell'];
  runtime: {
    /** Electron and Chromium: null in the browser host (plain Node). */
    electron: string | null;
    chrome: string | null;
    node: string;
    v8: string;
    os: { platform: string; type: string; release: string; arch: string };
  };
  dataDir: string;
  logsDir: string;
  /** True where the shell can open folders in the file manager (the desktop app, not the browser host). */
  canOpenFolders: boolean;
}

/** A diagnostics archive written into the data folder for support. */
export interface DiagnosticsExport {
  file: string;
  bytes: number;
  entries: string[];
  /** True when the file manager was opened at the archive. */
  revealed: boolean;
}

/** Whether a token is stored; the token itself never crosses to the renderer. */
export interface TokenStatus {
  /** A usable token is stored. */
  isSet: boolean;
  /** Null when no token is set, or when the token is too short to show any of it safely. */
  lastFour: string | null;
  /** Why a stored token cannot be read (the user enters it again), or null. */
  unreadable: StationError | null;
  /** The key protecting the token is not guarded by the OS (Linux without a keyring): storing asks first. */
  weakProtection: boolean;
}

/** Settings as the renderer sees them: everything but the token, plus the token's status. */
export interface SettingsView {
  settings: Settings;
  token: TokenStatus;
}

/** "Test connection": each check's own outcome, so the UI can say in plain words which failed. */
export interface ConnectionTestReport {
  subscription: Result<Subscription>;
  network: Result<{ carriers: number; branches: number }>;
}

/** Shared mode as Settings shows it beside its settings: whether the password is stored (never the password) and the computer's name, the desk's name by default. */
export interface SharedModeStatus {
  password: TokenStatus;
  computerName: string;
  /** The mode this run works in: it is read at start. */
  runningMode: 'local' | 'shared';
  /** The saved setting differs from the running mode: it takes effect after a restart. */
  restartToApply: boolean;
}

/** "Test connection" of the shared mode: the server answered, the schema is current, the desks that joined. */
export interface SharedModeTestReport {
  /** PostgreSQL's version (`15.8`). */
  serverVersion: string;
  schema: string;
  /** The schema's version now, and the migrations this test ran (none when it was current). */
  schemaVersion: number;
  migrated: string[];
  /** This desk's name as the others see it. */
  deskName: string;
  /** Every desk that joined the account's schema (this one included), the latest seen first. */
  desks: { name: string; lastSeenAt: number }[];
}

/** Points spent, as the account bar shows them. */
export interface CostSummary {
  today: { calls: number; points: number };
  /** Today's calls and points per shop of the account (the shop each call was made as). */
  todayByShop: { shopId: string; calls: number; points: number }[];
  /** What one scan in scan-to-print is expected to cost: its plan's network info call and its issue call, priced as a plan's. */
  scanEstimate: CostEstimate;
}

/**
 * The IPC contract: every channel once — its name, the zod schema of its input and the type of
 * its output — and every pushed event. Both shells (Electron IPC and the browser host's HTTP)
 * serve exactly this; the preload and the renderer's bridge are built from it.
 */
export const ipcContract = {
  /** Which shell, version, data folder, demo mode, and any settings notice from start-up. */
  'station.info': channel<StationInfo>()(noInput),
  /** The current settings and whether a token is stored. */
  'settings.get': channel<SettingsView>()(noInput),
  /**
   * Changes some settings (validated as a whole after merging); answers the new view. `printer`:
   * the printer labels go to, chosen in the same save (null: the component's default), checked
   * against the component's list before anything changes — one save, one supervisor's approval.
   */
  'settings.update': channel<SettingsView>()(z.object({ patch: settingsPatchSchema, printer: printerName.nullable().optional(), supervisor: supervisorApprovalSchema.optional() }).strict()),
  /**
   * Stores a new access token in the vault (encrypted at rest) for the gateway now set. Where the
   * key is not protected by the OS it answers `token-vault.weak-protection` until the user accepts.
   */
  'token.set': channel<TokenStatus>()(z.object({ token: z.string().min(1).max(4096), acceptWeakProtection: z.boolean().optional() }).strict()),
  /** Forgets the stored access token. */
  'token.clear': channel<TokenStatus>()(noInput),
  /** Reads the subscription period and network info, reporting each outcome. */
  'connection.test': channel<ConnectionTestReport>()(noInput),
  /** Whether the shared database's password is stored, and the computer's name. */
  'shared-mode.status': channel<SharedModeStatus>()(noInput),
  /**
   * Stores the shared database's password (encrypted at rest like the token; visible ASCII, as
   * the token vault keeps). Where the key is not protected by the OS it answers
   * `token-vault.weak-protection` until the user accepts.
   */
  'shared-mode.set-password': channel<SharedModeStatus>()(
    z.object({ password: z.string().min(1).max(1024).regex(/^[\x21-\x7e]+$/, { error: 'must be visible ASCII characters without spaces' }), acceptWeakProtection: z.boolean().optional() }).strict(),
  ),
  /** Forgets the shared database's password. */
  'shared-mode.clear-password': channel<SharedModeStatus>()(noInput),
  /**
   * Connects with the saved shared-mode settings and password, creates or migrates the account's
   * schema, records this desk, and answers the server's and schema's versions and the desks; or
   * a typed error (unreachable, login refused, TLS refused, schema of a newer app).
   */
  'shared-mode.test': channel<SharedModeTestReport>()(noInput),
  /** The shared mode's state and the account's desks (online, current job, labels today); no desks while it is off. */
  'desks.list': channel<DeskListing>()(noInput),
  /** The merchant's subscription period (the account bar's end date). */
  'subscription.get': channel<Subscription>()(noInput),
  /** Carriers, branches, balances, services and sender addresses. */
  'network.get': channel<NetworkInfo>()(noInput),
  /** Points spent today (China calendar day) and in all, from the station's cost ledger. */
  'costs.summary': channel<CostSummary>()(noInput),
  /**
   * The cached orders of the shops asked with their issued/printed state, and the marks of those
   * another desk holds or issued; every shop of the account beside them. Asked: 'all', some shop
   * ids (those the account no longer serves are left out; none left: every shop), or none named
   * (the station's own shop).
   */
  'orders.list': channel<OrderListing>()(shopsInput),
  /** What a refresh of the shops asked ('all', or shop ids the settings hold; none named: the station's own) would fetch and cost, shop by shop, asked before a full fetch starts. */
  'orders.refresh-estimate': channel<OrderRefreshEstimate>()(shopsInput),
  /**
   * Fetches orders of the shops asked (as `orders.refresh-estimate` names them) from the gateway into the
   * cache, one shop after the other (progress pushed as `orders.refresh-progress`); a shop that
   * fails is answered with its error while the others go on.
   */
  'orders.refresh': channel<OrderRefreshOutcome>()(
    z
      .object({
        mode: z.enum(['changed', 'full']),
        shopIds: shopIdsSchema.optional(),
        /** Server-side filters: honoured only where the edition has them (sold-orders vvtype 1). */
        filters: z
          .object({
            startAt: z.number().int().nonnegative().optional(),
            endAt: z.number().int().nonnegative().optional(),
            remark: z.string().max(200).optional(),
            flag: z.number().int().min(1).max(5).optional(),
            flagName: z.string().max(50).optional(),
          })
          .strict()
          .optional(),
      })
      .strict(),
  ),
  /** Stops a running refresh between pages; what arrived stays cached. */
  'orders.refresh-cancel': channel<{ cancelled: boolean }>()(noInput),
  /**
   * The plan of issuing the selected orders (in the order chosen) with the ship-from and print
   * settings: valid, invalid with reasons, merges, calls, points, balance. Nothing is issued.
   */
  'issue.plan': channel<EstimatedPlan>()(
    z
      .object({
        /** The orders, of one or several of the settings' shops, in the order chosen. */
        orders: z.array(shopOrderRefSchema).min(1).max(10_000),
        merge: z.boolean(),
        /** Merged packages the user split again (their keys). */
        keepApart: z.array(shopOrderKeyText).max(10_000),
        /** The order labels come out in (stored with the job); absent: as selected. */
        printOrder: z.enum(PRINT_ORDERS).optional(),
        /** Print each order's packing slip after its label; absent: the settings' default. */
        packingSlips: z.boolean().optional(),
        /** The services to send (the branch's required ones are always added); absent: the carrier's defaults from Settings. */
        services: z.array(serviceChoiceSchema).max(20).optional(),
        /** Per-order service values that differ from the job's: shop order key (shopOrderKey) → service code → attribute values. */
        serviceValuesByOrder: z.record(shopOrderKeyText, z.record(z.string().min(1).max(64), z.record(z.string().min(1).max(64), z.string().max(200)))).optional(),
        /** Weight (g) and volume (ml) of each package; absent: the carrier's defaults from Settings. */
        packageMeasures: packageMeasures.optional(),
        /** Per-order weight and volume, by shop order key. */
        packageMeasuresByOrder: z.record(shopOrderKeyText, packageMeasures).optional(),
        /** Orders shipped in several parcels (一单多包), by shop order key: the parcels and, split (拆单), each parcel's goods count (checked by the issue rules). */
        parcelsByOrder: z.record(shopOrderKeyText, orderParcels).optional(),
        /** Book a pickup in this window (`yyyy-MM-dd HH:mm:ss`, checked by the issue rules); absent or null for none. */
        doorPickUp: z.object({ start: z.string().max(32), end: z.string().max(32) }).strict().nullable().optional(),
        /** Orders of a held-back status the user confirmed one by one (their shop order keys). */
        confirmedHeldBack: z.array(shopOrderKeyText).max(10_000).optional(),
        /** Scan-to-print: a network-info answer the station read this recently (ms, at most a minute) stands in for the plan's call. */
        networkInfoMaxAgeMs: z.number().int().min(0).max(SCAN_NETWORK_INFO_MAX_AGE_MS).optional(),
      })
      .strict(),
  ),
  /**
   * Starts a planned job (all packages, or only the first K when the balance is short). With
   * `previewFirstLabel` (the desk flow) printing is held until `jobs.confirm-preview`.
   */
  'issue.start': channel<JobView>()(
    z.object({ jobId: z.string().min(1).max(100), packageLimit: z.number().int().positive().nullable().optional(), previewFirstLabel: z.boolean().optional() }).strict(),
  ),
  /** Stops a job's issuing between calls; what was issued stays and prints. */
  'jobs.cancel': channel<JobView>()(jobId),
  /** The user saw the preview of the held job's first label: its labels print (a job not held is answered as it is). */
  'jobs.confirm-preview': channel<JobView>()(jobId),
  /**
   * "Print the N again" once the printer is fixed: the job's labels that did not print go to the
   * printer again, once each; nothing is issued. Labels of unknown outcome need `confirmMaybePrinted`
   * (one may be out), else nothing is queued and the answer says how many to check.
   */
  'jobs.print-again': channel<PrintAgainResult>()(z.object({ jobId: z.string().min(1).max(100), confirmMaybePrinted: z.boolean() }).strict()),
  /** "Cancel the rest" of a job whose printer stopped: issuing stops, labels not yet sent are kept back (not printed, printable again). */
  'jobs.stop-printing': channel<JobView>()(jobId),
  /** "Switch printer": the job's labels not yet sent, and those that failed, go to this printer (checked against the list). */
  'jobs.switch-printer': channel<JobView>()(z.object({ jobId: z.string().min(1).max(100), printer: printerName }).strict()),
  /** Resumes a stopped or interrupted job: unknown outcomes are checked first, failed orders issued again. */
  'jobs.retry': channel<JobView>()(z.object({ jobId: z.string().min(1).max(100), packageLimit: z.number().int().positive().nullable().optional() }).strict()),
  /** The latest jobs, newest first. */
  'jobs.list': channel<JobView[]>()(z.object({ limit: z.number().int().min(1).max(200).optional() }).strict()),
  /** Every order of a job with its state, waybill and error. */
  'jobs.orders': channel<JobOrderView[]>()(jobId),
  /** The end-of-job summary: issued, recovered, issued elsewhere, failed, printed, points. */
  'jobs.summary': channel<EstimatedJobSummary | null>()(jobId),
  /** What the start-up pass found (pending orders reconciled, interrupted jobs, labels queued again). */
  'jobs.startup-report': channel<StartUpReport>()(noInput),
  /** The print queue as a whole: component state, documents by state, labels waiting. */
  'print.queue-status': channel<PrintQueueStatus>()(noInput),
  /** Searches the journal by order or waybill number, date and state. */
  'history.search': channel<HistoryPage>()(historyQuery),
  /** Prints labels again from stored print data (never issues); already-printed ones need confirmation. */
  'history.reprint': channel<ReprintResult>()(
    z.object({ waybillCodes: z.array(waybillCode).min(1).max(1000), confirmAlreadyPrinted: z.boolean(), printer: z.string().max(200).optional(), supervisor: supervisorApprovalSchema.optional() }).strict(),
  ),
  /** Prints again labels whose outcome stayed unknown, once the user checked the desk. */
  'history.resend-unknown': channel<RequeueResult>()(z.object({ waybillCodes: z.array(waybillCode).min(1).max(1000) }).strict()),
  /** Sets or clears the local void mark (the carrier is not told: there is no cancel endpoint). */
  'history.void': channel<VoidResult>()(
    z.object({ waybillCodes: z.array(waybillCode).min(1).max(1000), voided: z.boolean(), note: z.string().max(200).optional(), supervisor: supervisorApprovalSchema.optional() }).strict(),
  ),
  /** The shipment CSV (order number, carrier, waybill number; in shared mode the desk too) for the platform's bulk shipping import. */
  'history.export-csv': channel<{ fileName: string; text: string; lines: number }>()(historyQuery.omit({ limit: true, offset: true })),
  /** Fetches print data again for waybills whose stored data is unreadable or purged. */
  'history.refetch-print-data': channel<{ refreshed: string[]; failed: { waybillCode: string; error: StationError | null }[] }>()(
    z.object({ waybillCodes: z.array(waybillCode).min(1).max(1000) }).strict(),
  ),
  /**
   * The preview of a label, nothing printed or queued: the first label a job would print, or a
   * waybill's. Images come as `data:` URLs — the component's preview images read by main, or the
   * station's own SVG for plain print data.
   */
  'print.preview': channel<LabelPreview>()(z.union([jobId, z.object({ waybillCode }).strict()])),
  /** Where the connection to the print component stands (connecting starts on first ask). */
  'print.component-state': channel<ComponentState>()(noInput),
  /** The printer's state for the header (ready, printing, paper out, jam, cover open, offline, paused, not responding) and any stall. */
  'print.printer-state': channel<PrinterStateView>()(noInput),
  /**
   * Practice mode (demo only): the demo printer runs out of paper, jams, goes offline or stalls
   * until cleared (null), so a packer can learn what the desk does then. Refused outside demo mode.
   */
  'print.practice-fault': channel<{ fault: PracticeFault | null }>()(z.object({ fault: z.enum(PRACTICE_FAULTS).nullable() }).strict()),
  /** "Retry" on a stall: the component is asked again about the waiting labels and the stall clock starts again. */
  'print.stall-retry': channel<PrinterStateView>()(noInput),
  /** The printers the print component offers, and which one printing uses. */
  'printers.list': channel<PrinterChoice>()(noInput),
  /** Prints one test label and waits for what became of it. */
  'printers.test-print': channel<TestPrintResult>()(z.object({ printer: printerName }).strict()),
  /** A printer's paper size and offsets in the component. */
  'printers.get-config': channel<PrinterConfig>()(z.object({ printer: printerName }).strict()),
  /** Sets a printer's offsets (millimetres) to calibrate where the label lands on the paper. */
  'printers.calibrate': channel<PrinterConfig>()(
    z.object({ printer: printerName, horizontalOffset: offsetMm, verticalOffset: offsetMm }).strict(),
  ),
  /** Prints packing slips of a selection, history rows or a job on the slip printer, in the order given; never calls the gateway. */
  'paperwork.print-slips': channel<PaperworkPrintResult>()(paperworkScope),
  /** Prints a picking list (goods by name + spec, totals, orders) of a selection or a job on the slip printer. */
  'paperwork.print-picking-list': channel<PaperworkPrintResult>()(pickingListInput),
  /** A picking list as a PDF, for the renderer to save (a save dialog in Electron, a download in the browser host). */
  'paperwork.picking-list-pdf': channel<PaperworkPdf>()(pickingListInput),
  /** A sample label showing the custom area with these fields, as an SVG `data:` URL (Settings' live preview). */
  'paperwork.custom-area-preview': channel<{ image: string }>()(
    z.object({ fields: z.array(z.enum(CUSTOM_AREA_FIELDS)).max(CUSTOM_AREA_FIELDS.length), size: z.enum(LABEL_SIZES) }).strict(),
  ),
  /** The OS printers slips can print on (Settings → Printing). */
  'paperwork.slip-printers': channel<SlipPrinterChoice>()(noInput),
  /** Name, version, runtimes, OS and the data folder, for the About view. */
  'app.about': channel<AboutInfo>()(noInput),
  /** Opens the data folder in the file manager (false where the shell cannot). */
  'app.open-data-folder': channel<{ opened: boolean }>()(noInput),
  /** Writes one archive for support (redacted logs, settings without the token, journal counts, versions). */
  'diagnostics.export': channel<DiagnosticsExport>()(noInput),
  /** The desk scale: its state and weight (the header and the desk show them; `scale.changed` pushes every change). */
  'scale.state': channel<ScaleView>()(noInput),
  /**
   * Takes the scale's weight for a parcel now: the stable weight in whole grams, or
   * `scale.no-stable-weight` while it is unstable, silent, unplugged, overloaded or sending
   * garbage — never an older weight.
   */
  'scale.take': channel<{ grams: number }>()(noInput),
  /** The serial ports this computer offers, for Settings → At the desk (a port typed by hand works too). */
  'scale.ports': channel<{ ports: string[] }>()(noInput),
  /** The barcodes learned for scan-to-verify: of one shop, or of every shop of the account. */
  'verification.barcodes': channel<BarcodeMapping[]>()(z.object({ shopId: verificationShopId.optional() }).strict()),
  /** Learns (or corrects) what a barcode is in a shop: a goods line by name and spec; shared with every desk in shared mode. */
  'verification.learn': channel<BarcodeMapping>()(z.object({ shopId: verificationShopId, barcode: productBarcode, ...goodsLine }).strict()),
  /** Forgets a learned barcode of a shop. */
  'verification.forget': channel<{ removed: boolean }>()(z.object({ shopId: verificationShopId, barcode: productBarcode }).strict()),
  /** The learned barcodes as a CSV (shop id, barcode, goods name, spec; UTF-8 with BOM). */
  'verification.export-csv': channel<{ fileName: string; text: string; lines: number }>()(noInput),
  /** Imports a CSV in the export's columns: all lines or none (a bad line is named with its number and problem). */
  'verification.import-csv': channel<{ imported: number }>()(z.object({ text: z.string().max(5_000_000) }).strict()),
  /** Records a scan-to-verify outcome as a desk event (the statistics count them by kind). */
  'verification.record': channel<{ recorded: true }>()(deskEventInput),
  /** When (and at which desk, in shared mode) an order was verified complete before — across restarts and desks — or null. */
  'verification.verified': channel<OrderVerified | null>()(z.object({ shopId: verificationShopId, orderNumber }).strict()),
  /** The statistics of a range (the account's in shared mode): totals, per period, per dimension, failures per reason. */
  'statistics.report': channel<StatisticsReport>()(statisticsRange),
  /** The statistics of a range as a CSV or XLSX file (same columns), headed in the UI's language; base64 for the page to save. */
  'statistics.export': channel<{ fileName: string; mimeType: string; base64: string; lines: number }>()(
    z.object({ range: statisticsRange, format: z.enum(['csv', 'xlsx']), language: z.enum(UI_LANGUAGES) }).strict(),
  ),
  /** Waybills each branch used over the last seven days and today (the balance forecast's pace). */
  'statistics.branch-usage': channel<BranchUsage[]>()(noInput),
  // Operators and the audit log. `supervisor` on history.void, history.reprint, settings.update
  // is a supervisor's name and PIN allowing that one call where the signed-in packer may not.
  /** Who is signed in at this desk, and whether operators are on. */
  'operators.session': channel<OperatorSession>()(noInput),
  /** Signs in with a name and PIN, or a badge's scanned code; five wrong PINs lock the operator a while. */
  'operators.sign-in': channel<OperatorSession>()(z.union([z.object({ name: operatorNameSchema, pin: operatorPinSchema }).strict(), z.object({ badge: operatorBadgeSchema }).strict()])),
  /** Signs the operator out (`idle`: the desk was left untouched for the idle time). */
  'operators.sign-out': channel<OperatorSession>()(z.object({ reason: z.enum(['manual', 'idle']) }).strict()),
  /** Someone worked at the desk: the idle clock starts again. */
  'operators.keep-alive': channel<OperatorSession>()(noInput),
  /** The operators of this desk (names, roles, whether a badge is set; never a PIN). */
  'operators.list': channel<OperatorView[]>()(noInput),
  /** Adds an operator (a supervisor's when operators are on). */
  'operators.add': channel<OperatorView[]>()(
    z.object({ name: operatorNameSchema, role: z.enum(OPERATOR_ROLES), pin: operatorPinSchema, badge: operatorBadgeSchema.optional(), supervisor: supervisorApprovalSchema.optional() }).strict(),
  ),
  /** Removes an operator (a supervisor's when operators are on; never the last supervisor while they are). */
  'operators.remove': channel<OperatorView[]>()(z.object({ operatorId: z.string().min(1).max(64), supervisor: supervisorApprovalSchema.optional() }).strict()),
  /** This desk's own operators left out when its list was copied into the account (shared mode; the account had the name), until dismissed. */
  'operators.kept-apart': channel<{ names: string[] }>()(noInput),
  /** Dismisses the notice of the operators left out; answers what is left of it. */
  'operators.dismiss-kept-apart': channel<{ names: string[] }>()(noInput),
  /** Searches the audit log (the account's across desks in shared mode, this desk's otherwise). */
  'audit.search': channel<AuditPage>()(auditQuerySchema),
  /** The matching audit entries as CSV, saved as the history's export is. */
  'audit.export-csv': channel<{ fileName: string; text: string; lines: number }>()(auditQuerySchema.omit({ limit: true, offset: true })),
} as const;

/** Events main pushes to the renderer. */
export const ipcEvents = {
  /** The settings changed (from any window or process part). */
  'settings.changed': event<SettingsView>(),
  /** A page of a running order refresh arrived. */
  'orders.refresh-progress': event<OrderRefreshProgress>(),
  /** The cached orders or their station state changed: fetch `orders.list` again. */
  'orders.changed': event<{ at: number }>(),
  /** The shared mode connected or lost its server, or the desks changed: fetch `desks.list` and `orders.list` again. */
  'shared-mode.changed': event<{ state: SharedModeState }>(),
  /** A job changed state or progressed. */
  'jobs.changed': event<JobView>(),
  /** Orders of a job changed state. */
  'jobs.orders-changed': event<{ jobId: string; orders: OrderStatus[] }>(),
  /** The print queue's counts or component state changed. */
  'print.queue-status': event<PrintQueueStatus>(),
  /** The printer's state changed (or a stall began or ended). */
  'print.printer-state': event<PrinterStateView>(),
  /** The print component connected, disconnected or is reconnecting. */
  'print.component-state': event<ComponentState>(),
  /** The application menu asked the page to show something (the About view). */
  'app.menu-command': event<{ command: 'about' }>(),
  /** Packing slips that were to follow their labels did not print (the labels did): reprint them from the history. */
  'paperwork.slips-failed': event<{ error: StationError; orderNumbers: string[] }>(),
  /** The desk scale's state or weight changed. */
  'scale.changed': event<ScaleView>(),
  /** Someone signed in or out at this desk (or the idle time signed them out). */
  'operators.changed': event<OperatorSession>(),
} as const;

/** The contract's type. */
export type IpcContract = typeof ipcContract;
/** A channel's name. */
export type ChannelName = keyof IpcContract;
/** A pushed event's name. */
export type EventName = keyof typeof ipcEvents;
/** What a channel's caller passes. */
export type ChannelInput<C extends ChannelName> = InputOf<IpcContract[C]>;
/** What a channel answers on success. */
export type ChannelOutput<C extends ChannelName> = OutputOf<IpcContract[C]>;
/** A pushed event's payload. */
export type EventPayload<E extends EventName> = PayloadOf<(typeof ipcEvents)[E]>;

/** Every channel's name, for the preload, the host's listing and the renderer's bridge. */
export const channelNames = Object.keys(ipcContract) as ChannelName[];
/** Every event's name. */
export const eventNames = Object.keys(ipcEvents) as EventName[];

/** The main side: one handler per channel, receiving validated input. */
export type IpcHandlers = {
  [C in ChannelName]: (input: ParsedInputOf<IpcContract[C]>) => Promise<ChannelOutput<C>> | ChannelOutput<C>;
};

/**
 * The renderer side: `window.station` in Electron, the HTTP bridge in a browser — one function
 * per channel answering a Result, and a subscription to pushed events. No generic invoke.
 */
export type StationApi = { [C in ChannelName]: ChannelCall<IpcContract[C]> } & {
  on: <E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void) => () => void;
};
