import { z } from 'zod';
import { ORDER_CHANNELS, isOrderChannel } from '../domain/order-channels';
import { EDITION_NAMES } from '../gateway/editions';
import { GATEWAY_ENDPOINTS } from '../gateway/endpoints';
import type { GatewayEndpointId } from '../gateway/endpoints';
import { ISSUE_LIMITS, SENDER_LIMITS, textLength } from '../gateway/issue-limits';
import { CUSTOM_AREA_FIELDS, DEFAULT_CUSTOM_AREA_FIELDS, SLIP_SIZES } from '../domain/paperwork';
import { recognisePhoneNumbers, SENDER_PHONE_TEXT_MAX } from '../validation/phone-numbers';
import { isLoopbackHost } from './gateway-address';
import { SCALE_BAUD_RATES, SCALE_FRAMINGS, SCALE_UNITS } from '../domain/scale';
import { AUDIT_MINIMUM_RETENTION_DAYS } from '../operators/operators';

/**
 * The station's settings: one versioned document, validated by the same schemas in the main
 * process (on load and on every update) and in the renderer's settings screens. The schemas
 * carry no defaults and no transforms, so that a patch never fills in values it did not name;
 * `defaultSettings()` is the one place the defaults live, and a loaded file is laid over them.
 */

/** The settings document version this build writes; older files are migrated up to it. */
export const CURRENT_SETTINGS_VERSION = 3;

/** Where the print component listens on a packing desk (print-component.md "Connection"). */
export const DEFAULT_PRINT_COMPONENT_URL = 'ws://127.0.0.1:13528';

/** Label sizes (width × height in mm) a carrier's standard template comes in. */
export const LABEL_SIZES = ['76x130', '100x180'] as const;

/** A label size a carrier's standard template comes in. */
export type LabelSize = (typeof LABEL_SIZES)[number];

/** The size assumed for a carrier with no size set: the common one-part label. */
export const DEFAULT_LABEL_SIZE: LabelSize = '76x130';

/**
 * The demo shop: the account a new station uses against the embedded sandbox (demo mode), so that
 * it works with zero typing. The sandbox serves exactly this account; a real gateway does not know it.
 */
export const DEMO_GATEWAY_ACCOUNT = { shopId: '57301862', sellerNick: '小满百货旗舰店', merchantUserId: 2201385297 } as const;

/**
 * The shops the demo account serves (多店铺: one token, one points balance, one subscription): the
 * demo shop first, so a station with one shop works as before, then two more with their own ids.
 */
export const DEMO_GATEWAY_SHOPS = [
  { ...DEMO_GATEWAY_ACCOUNT, name: '小满百货', colour: 'blue' },
  { shopId: '57301875', sellerNick: '小满家居专营店', merchantUserId: 2201385311, name: '小满家居', colour: 'green' },
  { shopId: '60418827', sellerNick: '小满母婴优选店', merchantUserId: 2207764102, name: '小满母婴', colour: 'orange' },
] as const;

/** The colour tags a shop can wear in the orders table and history. */
export const SHOP_COLOURS = ['blue', 'green', 'orange', 'purple', 'red', 'teal', 'grey'] as const;
/** A shop's colour tag. */
export type ShopColour = (typeof SHOP_COLOURS)[number];

/** The demo shop's sender: demo mode fills Settings' sender with it, and its labels print it while Settings' sender is empty. */
export const DEMO_SENDER_CONTACT = { name: '小满百货', mobile: '13857100123' } as const;

/** Builds a check that a text is an absolute URL with one of these protocols (`'https:'` …). */
function urlWithProtocol(protocols: readonly string[], problem: string) {
  return z.string().refine((text) => URL.canParse(text) && protocols.includes(new URL(text).protocol), { error: problem });
}

/**
 * Builds a check for a cloud-print template address: https, any host (the platform's, or the
 * sandbox's), a path ending in `/template/<kind>/<id>` with an optional `/<version>`, and no
 * query or fragment (domain-facts.md "Issuing").
 */
function templateUrl(kind: 'standard' | 'customArea') {
  const pathPattern = new RegExp(`/template/${kind}/\\d+(?:/\\d+)?$`);
  return z.string().refine(
    (text) => {
      if (!URL.canParse(text)) return false;
      const url = new URL(text);
      return url.protocol === 'https:' && url.search === '' && url.hash === '' && pathPattern.test(url.pathname);
    },
    { error: `must be a ${kind} template address like https://…/template/${kind}/<id> or …/<id>/<version>` },
  );
}

/** A text of at most `max` characters (counted as the gateway counts them: code points). */
function textUpTo(max: number) {
  return z.string().refine((text) => textLength(text) <= max, { error: `must be at most ${max} characters` });
}

/** A required text: not empty, no leading or trailing spaces, at most `max` characters. */
function requiredText(max: number) {
  return textUpTo(max)
    .refine((text) => text !== '', { error: 'is required' })
    .refine((text) => text.trim() === text, { error: 'must not start or end with spaces' });
}

/** A carrier code (`cp_code`) as the gateway sends it. */
export const carrierCodeSchema = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9][A-Za-z0-9_-]{0,${ISSUE_LIMITS.cpCodeLength - 1}}$`), {
    error: `must be a carrier code of 1 to ${ISSUE_LIMITS.cpCodeLength} letters, digits, _ or - (starting with a letter or digit)`,
  });

/** A label size. */
export const labelSizeSchema = z.enum(LABEL_SIZES);

/** A standard cloud-print template address: `https://…/template/standard/<id>(/<version>)`. */
export const standardTemplateUrlSchema = templateUrl('standard');

/** A custom-area template address: `https://…/template/customArea/<id>(/<version>)`. */
export const customAreaTemplateUrlSchema = templateUrl('customArea');

const endpointIds = GATEWAY_ENDPOINTS.map((endpoint) => endpoint.id) as [GatewayEndpointId, ...GatewayEndpointId[]];

/** A vvtype number that overrides the edition's number at one endpoint. */
export const vvtypeOverrideSchema = z.int({ error: 'must be a whole number' }).min(0).max(99);

/** One shop the account serves (多店铺): its ids at the gateway and how the desk shows it. */
export const shopSettingsSchema = z.object({
  /** The shop id (`owner_id` / `shop_id`). */
  shopId: requiredText(64),
  /** The seller's account nickname (`nick`): the account nickname, not the shop name. */
  sellerNick: requiredText(64),
  /** The shop's merchant `user_id`, sent with each of its issued waybills. */
  merchantUserId: z.int({ error: 'must be a whole number' }).positive(),
  /** The name the desk shows for the shop; empty shows the seller nick. */
  name: textUpTo(32).refine((text) => text.trim() === text, { error: 'must not start or end with spaces' }),
  /** The shop's colour tag. */
  colour: z.enum(SHOP_COLOURS),
});

/** A shop the account serves. */
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/** How the station talks to the gateway. */
export const gatewaySettingsSchema = z.object({
  /** The gateway base URL; null means the embedded sandbox (demo mode). */
  baseUrl: urlWithProtocol(['http:', 'https:'], 'must be an http:// or https:// address').nullable(),
  /** The shops the account (one token) serves: the first is the station's own, where one shop is meant. */
  shops: z
    .array(shopSettingsSchema)
    .min(1, { error: 'must hold at least one shop' })
    .max(20, { error: 'must hold at most 20 shops' })
    .refine((shops) => new Set(shops.map((shop) => shop.shopId)).size === shops.length, { error: 'must not hold a shop id twice' }),
  /** The edition the account subscribes to; it selects the vvtype per endpoint. */
  edition: z.enum(EDITION_NAMES),
  /** Per-endpoint vvtype numbers for accounts whose gateway expects other numbers. */
  vvtypeOverrides: z.partialRecord(z.enum(endpointIds), vvtypeOverrideSchema),
  /** The order channel (`order_channels_type`) sent with issued waybills. */
  orderChannel: z.string().refine(isOrderChannel, {
    error: `must be one of the order channels: ${ORDER_CHANNELS.map((channel) => channel.code).join(', ')}`,
  }),
  /** How much longer than one second the rate limiter's window is, against network jitter. */
  rateLimitMarginMs: z.int({ error: 'must be a whole number of milliseconds' }).min(0).max(1000),
});

/** How labels reach the printer. */
export const printSettingsSchema = z.object({
  /**
   * The print component's WebSocket. Demo mode points the running station at the emulator's
   * free port instead; that address is never stored here.
   */
  componentUrl: urlWithProtocol(['ws:', 'wss:'], 'must be a ws:// or wss:// address'),
  /** The printer's name; null means the component's default printer. */
  printer: z.string().min(1, { error: 'must not be empty (use null for the default printer)' }).max(256).nullable(),
  /** Carrier code → label size of its standard template. */
  labelSizeByCarrier: z.record(carrierCodeSchema, labelSizeSchema),
  /** Carrier code → its standard template address (a standard template belongs to one carrier). */
  templateUrlByCarrier: z.record(carrierCodeSchema, standardTemplateUrlSchema),
  /** The merchant's custom-area template drawn onto each label, or null for none. */
  customAreaTemplateUrl: customAreaTemplateUrlSchema.nullable(),
  /** Whether the gateway returns encrypted print data (`need_encrypt`). */
  needEncrypt: z.boolean(),
  /**
   * Where labels go: the carrier platform's print component, or straight to an OS printer
   * (CUPS / the Windows spooler), which can print only plain print data (needEncrypt false).
   */
  output: z.enum(['component', 'os-printer']),
  /** Seconds without progress, once the component took labels, before the job says "printer not responding". */
  stallSeconds: z.number().int().min(5, { error: 'must be at least 5 seconds' }).max(300, { error: 'must be at most 300 seconds' }),
  /** Sound the error tone when a label does not print (the packer looks at the parcel, not the screen). */
  errorSound: z.boolean(),
});

/** The sender's address, as the branch-information endpoint lists it. */
export const senderAddressSchema = z.object({
  province: requiredText(SENDER_LIMITS.province),
  city: textUpTo(SENDER_LIMITS.city).nullable(),
  district: textUpTo(SENDER_LIMITS.district).nullable(),
  town: textUpTo(SENDER_LIMITS.town).nullable(),
  detail: requiredText(SENDER_LIMITS.detail),
});

/** Where parcels ship from, preselected for each new job. */
export const shipFromSettingsSchema = z.object({
  /** The carrier preselected for issuing, or null to choose each time. */
  carrierCode: carrierCodeSchema.nullable(),
  /** The branch (`branch_code`) of that carrier, or null. */
  branchCode: z.string().min(1).max(64).nullable(),
  /** The sender address, or null until one is chosen from the branch information. */
  senderAddress: senderAddressSchema.nullable(),
  /** The sender's name; empty until entered. */
  senderName: textUpTo(SENDER_LIMITS.name),
  /**
   * The sender's mobile, landline, or one of each (`13857100123 / 0571-88012345`); empty until
   * entered. A mobile goes to the issue call's `mobile`, a landline to its `phone`. Stored
   * settings keep this loose rule, so a number saved before `senderPhoneEntrySchema` existed
   * still loads (and Settings asks for a valid one when it is next saved).
   */
  senderPhone: z
    .string()
    .max(SENDER_PHONE_TEXT_MAX)
    .regex(/^[0-9+\-() /,;，；、#转extEXT.]*$/, { error: 'may contain only digits, spaces, + - ( ), an extension (# 转 ext) and / , ; between two numbers' }),
});

/** A package measure (weight in g, volume in ml): the spec types it as a number; only a positive one describes a package. */
const packageMeasureSchema = z.number({ error: 'must be a number' }).positive({ error: 'must be greater than 0' }).max(10_000_000, { error: 'must be at most 10000000' });

/** A chosen logistics service: its code and a value per attribute code. */
export const serviceChoiceSchema = z.strictObject({
  code: z.string().min(1).max(64),
  values: z.record(z.string().min(1).max(64), z.string().max(200)),
});

/** What a carrier's new jobs start from: its services, the package's weight and volume, the monthly card, the brand. */
export const carrierIssueDefaultsSchema = z.strictObject({
  /** Services chosen by default (the branch's required ones are always added). */
  services: z.array(serviceChoiceSchema).max(20),
  /** Default weight of each order's package, in grams; null to send none. */
  weightG: packageMeasureSchema.nullable(),
  /** Default volume, in millilitres; null to send none. */
  volumeMl: packageMeasureSchema.nullable(),
  /** Branch code → monthly-settlement card number (`customer_code`, 月结卡号) used there. */
  customerCodeByBranch: z.record(z.string().min(1).max(64), requiredText(64)),
  /** `brand_code`; '' for none. */
  brandCode: textUpTo(64).refine((text) => text.trim() === text, { error: 'must not start or end with spaces' }),
});

/** An `order_status` value as the settings keep it. */
const orderStatusSchema = z.int({ error: 'must be a whole number' }).min(-1_000_000).max(1_000_000);

/** The longest name of an order status: a word or two that fits a filter option and a scan alarm. */
export const ORDER_STATUS_NAME_MAX = 16;

/** What issue calls carry beyond the ship-from choice, and which orders are held back. */
export const issueOptionsSettingsSchema = z.object({
  /** Carrier code → its defaults. */
  byCarrier: z.record(carrierCodeSchema, carrierIssueDefaultsSchema),
  /**
   * Sold-order `order_status` values whose orders stay out of plans and scans unless confirmed
   * one by one. The spec does not say what the values mean, so none is held back by default.
   */
  heldBackOrderStatuses: z.array(orderStatusSchema).max(50),
  /**
   * Shop id → the names the desk gave its `order_status` values (the value as text → its name):
   * the gateway gives the numbers no meaning, so each shop's are named once here and shown
   * wherever a status is (filter, plan, scans, job). A shop's entry replaces the stored one whole.
   */
  orderStatusNamesByShop: z.record(
    requiredText(64),
    z
      .record(z.string().regex(/^-?\d{1,7}$/, { error: 'must be an order status number' }), requiredText(ORDER_STATUS_NAME_MAX))
      .refine((names) => Object.keys(names).length <= 50, { error: 'must name at most 50 statuses' }),
  ),
});

/**
 * A sender phone as it is entered (Settings, setup): empty, or a Chinese mobile, a landline with
 * its area code, or one of each. Stored settings keep the looser rule above.
 */
export const senderPhoneEntrySchema = shipFromSettingsSchema.shape.senderPhone
  .refine((text) => recognisePhoneNumbers(text) !== null, {
    error: 'must be a mobile (11 digits from 13 to 19, optionally +86), a landline with its area code (0571-88012345, optionally -extension), or one of each separated by /',
  })
  .refine((text) => {
    const numbers = recognisePhoneNumbers(text);
    return numbers === null || (textLength(numbers.mobile) <= SENDER_LIMITS.mobile && textLength(numbers.phone) <= SENDER_LIMITS.phone);
  }, { error: `each number must be at most ${SENDER_LIMITS.phone} characters` });

/** The languages the UI is written in. */
export const UI_LANGUAGES = ['zh-CN', 'en'] as const;

/** How the UI looks. */
export const uiSettingsSchema = z.object({
  /** The UI language; null follows the system. */
  language: z.enum(UI_LANGUAGES).nullable(),
  /** Whether the first-run setup was finished (or demo mode chosen); until then the UI opens on it. */
  setupCompleted: z.boolean(),
  /** The shops whose orders the table loads (shop ids); null: none chosen yet (every shop of the account; in demo mode the demo shop). */
  orderShops: z.array(requiredText(64)).min(1).max(20).nullable(),
  /**
   * The orders table's columns as the desk arranged them: the ids shown, in order, and the widths
   * set by hand (px); null: the default set, which fits a 1366-pixel screen. Ids the renderer
   * does not know (a column since removed) are skipped there.
   */
  orderColumns: z
    .object({
      shown: z.array(requiredText(32)).min(1).max(40),
      widths: z.record(requiredText(32), z.int().min(40).max(1000)),
    })
    .strict()
    .nullable(),
});

/** How long the station keeps data it no longer needs. */
export const retentionSettingsSchema = z.object({
  /** Days the decoded print data of printed labels is kept for reprints. */
  printDataRetentionDays: z.int({ error: 'must be a whole number of days' }).min(1).max(3650),
});

/** The balance forecast: under how many waybills left a branch is warned of (header, before Start). */
export const balanceForecastSettingsSchema = z.object({
  /** 0 never warns. */
  warnBelowWaybills: z.int({ error: 'must be a whole number of waybills' }).min(0).max(1_000_000),
});

/** The desk's paperwork: what the label's custom area shows, and where packing slips print. */
export const paperworkSettingsSchema = z.object({
  /** What the custom area shows, in this order (goods, remarks, order number, total count). */
  customAreaFields: z
    .array(z.enum(CUSTOM_AREA_FIELDS))
    .max(CUSTOM_AREA_FIELDS.length)
    .refine((fields) => new Set(fields).size === fields.length, { error: 'must not name a field twice' }),
  /** The OS printer packing slips and picking lists go to; null means the system's default printer. */
  slipPrinter: z.string().min(1, { error: 'must not be empty (use null for the default printer)' }).max(256).nullable(),
  /** The packing slip's paper. */
  slipSize: z.enum(SLIP_SIZES),
  /** Whether a new plan prints a packing slip after each label (the plan can change it per job). */
  slipsWithLabels: z.boolean(),
});

/**
 * How the connection to the shared database is protected (libpq's sslmode of the same name):
 * `verify-full` (the default) encrypts to a server whose certificate chains to a trusted root and
 * names the host; `verify-ca` checks the chain only (a server reached under a name its
 * certificate does not carry); `off` sends everything in the clear and is allowed only to this
 * computer (see sharedTlsOffAllowed). Encryption without verification is not offered: anyone on
 * the path could pose as the server and read or change every claim.
 */
export const SHARED_TLS_MODES = ['verify-full', 'verify-ca', 'off'] as const;

/** A TLS choice of the shared mode. */
export type SharedTls = (typeof SHARED_TLS_MODES)[number];

/** Whether the shared database may be reached without TLS at `host`: only on this computer (a loopback address, `localhost`, or a Unix socket folder), or while no host is set. */
export function sharedTlsOffAllowed(host: string): boolean {
  return host === '' || host.startsWith('/') || isLoopbackHost(host);
}

/** An absolute file path on Windows (`C:\…`, `\\server\…`) or elsewhere (`/…`). */
const ABSOLUTE_PATH_PATTERN = /^(?:\/|[A-Za-z]:[\\/]|\\\\)/;

/** The schema the shared tables live in unless Settings names another. */
export const DEFAULT_SHARED_SCHEMA = 'waybill_station';

/** A PostgreSQL schema name the station creates and uses: lower-case letters, digits and _, starting with a letter or _. */
export const SHARED_SCHEMA_NAME_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

/** A name PostgreSQL takes (host, database, user): no spaces around it. */
function trimmedTextUpTo(max: number) {
  return textUpTo(max).refine((text) => text.trim() === text, { error: 'must not start or end with spaces' });
}

/**
 * Shared mode: several desks of one account coordinated through one PostgreSQL database (one
 * schema per account). Off by default: a single desk needs no server. The password is kept in
 * its own vault, never here.
 */
export const sharedModeSettingsSchema = z.object({
  enabled: z.boolean(),
  /** The server's host name or address; empty until set. */
  host: trimmedTextUpTo(255),
  port: z.int({ error: 'must be a whole number' }).min(1, { error: 'must be from 1 to 65535' }).max(65535, { error: 'must be from 1 to 65535' }),
  /** The database; empty until set. */
  database: trimmedTextUpTo(63),
  /** The user this desk logs in as; empty until set. */
  user: trimmedTextUpTo(63),
  tls: z.enum(SHARED_TLS_MODES),
  /**
   * A PEM file of the root certificate(s) the server's certificate must chain to, read by the
   * main process when the desk connects; empty: the system's trusted roots. A root (a CA file,
   * or a self-signed server certificate itself), not a pinned fingerprint of the server's
   * certificate: a pin breaks every desk at once when the server's certificate is renewed,
   * while a root stays valid across renewals, and it is what psql's sslrootcert takes, so one
   * file serves the administrator's tools and the desks.
   */
  tlsRootCertificateFile: textUpTo(4096).refine((path) => path === '' || ABSOLUTE_PATH_PATTERN.test(path), { error: 'must be empty or the full path of a file' }),
  /** The account's schema (one per account: the limiter is per account). */
  schema: z.string().regex(SHARED_SCHEMA_NAME_PATTERN, { error: 'must be 1 to 63 lower-case letters, digits or _, starting with a letter or _' }),
  /** This desk's name as the other desks show it; empty means the computer's name. */
  deskName: trimmedTextUpTo(64),
});

/**
 * The desk scale (Settings → At the desk): read by the main process over a serial port, off until
 * enabled with a port. The poll command is written as typed, `\r` and `\n` standing for CR and LF.
 */
export const scaleSettingsSchema = z.object({
  enabled: z.boolean(),
  /** The serial port (`/dev/ttyUSB0`, `COM3`); empty until chosen. */
  port: trimmedTextUpTo(200),
  baudRate: z.union(SCALE_BAUD_RATES.map((rate) => z.literal(rate)), { error: `must be one of ${SCALE_BAUD_RATES.join(', ')}` }),
  framing: z.enum(SCALE_FRAMINGS),
  /** What the station writes to ask a poll-command scale for its weight. */
  pollCommand: textUpTo(16),
  /** The unit of frames that name none. */
  unit: z.enum(SCALE_UNITS),
  /** How long a reading must hold to be taken (ms). */
  stableMs: z.int({ error: 'must be a whole number' }).min(200, { error: 'must be from 200 to 10000' }).max(10_000, { error: 'must be from 200 to 10000' }),
  /** The parcel weights the desk takes without asking (g): outside them, the packer confirms before issuing. */
  minWeightG: z.int({ error: 'must be a whole number' }).min(1, { error: 'must be from 1 to 1000000' }).max(1_000_000, { error: 'must be from 1 to 1000000' }),
  maxWeightG: z.int({ error: 'must be a whole number' }).min(1, { error: 'must be from 1 to 1000000' }).max(1_000_000, { error: 'must be from 1 to 1000000' }),
});

/** Scan-to-verify (扫描验货): off by default; on, scanning an order lists its goods to scan before it is issued. */
export const verificationSettingsSchema = z.object({ enabled: z.boolean() });

/**
 * Operators and the audit log: off by default (a single seller is never asked to sign in). When
 * on, a packer signs in at the desk, and the desk signs out after `idleMinutes` without a touch.
 * Audit entries older than `auditRetentionDays` are pruned (never younger ones).
 */
export const operatorsSettingsSchema = z.object({
  enabled: z.boolean(),
  idleMinutes: z.int({ error: 'must be a whole number of minutes' }).min(1).max(480),
  auditRetentionDays: z.int({ error: 'must be a whole number of days' }).min(AUDIT_MINIMUM_RETENTION_DAYS, { error: `must be at least ${AUDIT_MINIMUM_RETENTION_DAYS} days` }).max(3650),
});

/** The complete settings document, as stored and as `settings.get` answers. */
export const settingsSchema = z.object({
  schemaVersion: z.literal(CURRENT_SETTINGS_VERSION),
  gateway: gatewaySettingsSchema,
  print: printSettingsSchema,
  shipFrom: shipFromSettingsSchema,
  ui: uiSettingsSchema,
  retention: retentionSettingsSchema,
  paperwork: paperworkSettingsSchema,
  issueOptions: issueOptionsSettingsSchema,
  balanceForecast: balanceForecastSettingsSchema,
  sharedMode: sharedModeSettingsSchema.refine((shared) => shared.tls !== 'off' || sharedTlsOffAllowed(shared.host), {
    path: ['tls'],
    error: 'may be off only for a server on this computer (127.0.0.1, ::1, localhost)',
  }),
  scale: scaleSettingsSchema.refine((scale) => scale.minWeightG <= scale.maxWeightG, { path: ['maxWeightG'], error: 'must not be below the lowest weight' }),
  verification: verificationSettingsSchema,
  operators: operatorsSettingsSchema,
});

/** The station's settings. */
export type Settings = z.infer<typeof settingsSchema>;
/** The gateway section of the settings. */
export type GatewaySettings = Settings['gateway'];
/** The print section of the settings. */
export type PrintSettings = Settings['print'];
/** The ship-from section of the settings. */
export type ShipFromSettings = Settings['shipFrom'];
/** The sender address of the ship-from section. */
export type SenderAddress = z.infer<typeof senderAddressSchema>;
/** The UI section of the settings. */
export type UiSettings = Settings['ui'];
/** The retention section of the settings. */
export type RetentionSettings = Settings['retention'];
/** The issue options section of the settings. */
export type IssueOptionsSettings = Settings['issueOptions'];
/** One carrier's issue defaults. */
export type CarrierIssueDefaults = z.infer<typeof carrierIssueDefaultsSchema>;

/** A carrier's defaults before anything is set: no service, no measures, no card, no brand. */
export const EMPTY_CARRIER_ISSUE_DEFAULTS: CarrierIssueDefaults = { services: [], weightG: null, volumeMl: null, customerCodeByBranch: {}, brandCode: '' };

/** The paperwork section of the settings. */
export type PaperworkSettings = Settings['paperwork'];
/** The shared mode section of the settings. */
export type SharedModeSettings = Settings['sharedMode'];
/** The desk scale section of the settings. */
export type ScaleSettings = Settings['scale'];
/** The operators section of the settings. */
export type OperatorsSettings = Settings['operators'];

/** Settings fields that are maps keyed by carrier, endpoint or shop: a patch merges them key by key. */
export const SETTINGS_MAP_FIELDS: ReadonlyMap<string, readonly string[]> = new Map([
  ['gateway', ['vvtypeOverrides']],
  ['print', ['labelSizeByCarrier', 'templateUrlByCarrier']],
  ['issueOptions', ['byCarrier', 'orderStatusNamesByShop']],
]);

/**
 * A change to the settings (`settings.update`): any sections, any fields of them. A given field
 * replaces the stored value (the sender address as a whole), except the maps (vvtype overrides,
 * label sizes, template addresses), which are merged key by key, a null value removing the key.
 * Unknown sections or fields are refused, so that a misspelt name never passes silently.
 */
export const settingsPatchSchema = z.strictObject({
  gateway: gatewaySettingsSchema
    .extend({ vvtypeOverrides: z.partialRecord(z.enum(endpointIds), vvtypeOverrideSchema.nullable()) })
    .partial()
    .strict()
    .optional(),
  print: printSettingsSchema
    .extend({
      labelSizeByCarrier: z.record(carrierCodeSchema, labelSizeSchema.nullable()),
      templateUrlByCarrier: z.record(carrierCodeSchema, standardTemplateUrlSchema.nullable()),
    })
    .partial()
    .strict()
    .optional(),
  shipFrom: shipFromSettingsSchema.extend({ senderPhone: senderPhoneEntrySchema }).partial().strict().optional(),
  ui: uiSettingsSchema.partial().strict().optional(),
  retention: retentionSettingsSchema.partial().strict().optional(),
  paperwork: paperworkSettingsSchema.partial().strict().optional(),
  issueOptions: issueOptionsSettingsSchema
    .extend({
      byCarrier: z.record(carrierCodeSchema, carrierIssueDefaultsSchema.nullable()),
      orderStatusNamesByShop: z.record(requiredText(64), issueOptionsSettingsSchema.shape.orderStatusNamesByShop.valueType.nullable()),
    })
    .partial()
    .strict()
    .optional(),
  sharedMode: sharedModeSettingsSchema.partial().strict().optional(),
  scale: scaleSettingsSchema.partial().strict().optional(),
  verification: verificationSettingsSchema.partial().strict().optional(),
  balanceForecast: balanceForecastSettingsSchema.partial().strict().optional(),
  operators: operatorsSettingsSchema.partial().strict().optional(),
});

/** A change to the settings; see `settingsPatchSchema`. */
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** The shops of the demo account, as settings hold them. */
export function demoShops(): ShopSettings[] {
  return DEMO_GATEWAY_SHOPS.map((shop) => ({ ...shop }));
}

/** The station's own shop: the first of the account's (the one meant where one shop is meant). */
export function firstShopOf(gateway: GatewaySettings): ShopSettings {
  return gateway.shops[0] as ShopSettings;
}

/** The name the desk shows for a shop. */
export function shopDisplayName(shop: ShopSettings): string {
  return shop.name === '' ? shop.sellerNick : shop.name;
}

/** The settings of a new station: demo mode (embedded sandbox), ready with zero typing. */
export function defaultSettings(): Settings {
  return {
    schemaVersion: CURRENT_SETTINGS_VERSION,
    gateway: {
      baseUrl: null,
      shops: [demoShops()[0] as ShopSettings],
      edition: 'basic',
      vvtypeOverrides: {},
      orderChannel: 'TB',
      rateLimitMarginMs: 50,
    },
    print: {
      componentUrl: DEFAULT_PRINT_COMPONENT_URL,
      printer: null,
      labelSizeByCarrier: {},
      templateUrlByCarrier: {},
      customAreaTemplateUrl: null,
      needEncrypt: true,
      output: 'component',
      stallSeconds: 15,
      errorSound: true,
    },
    shipFrom: { carrierCode: null, branchCode: null, senderAddress: null, senderName: '', senderPhone: '' },
    ui: { language: null, setupCompleted: false, orderShops: null, orderColumns: null },
    retention: { printDataRetentionDays: 30 },
    paperwork: { customAreaFields: [...DEFAULT_CUSTOM_AREA_FIELDS], slipPrinter: null, slipSize: 'a4-half', slipsWithLabels: false },
    issueOptions: { byCarrier: {}, heldBackOrderStatuses: [], orderStatusNamesByShop: {} },
    balanceForecast: { warnBelowWaybills: 100 },
    sharedMode: { enabled: false, host: '', port: 5432, database: '', user: '', tls: 'verify-full', tlsRootCertificateFile: '', schema: DEFAULT_SHARED_SCHEMA, deskName: '' },
    scale: { enabled: false, port: '', baudRate: 9600, framing: 'status-line', pollCommand: 'W', unit: 'kg', stableMs: 800, minWeightG: 10, maxWeightG: 30_000 },
    verification: { enabled: false },
    operators: { enabled: false, idleMinutes: 15, auditRetentionDays: 365 },
  };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Own entries of an object, without `__proto__`, which an assignment would turn into a prototype. */
const safeEntries = (value: Record<string, unknown>): [string, unknown][] =>
  Object.entries(value).filter(([key]) => key !== '__proto__');

/**
 * Lays a patch over settings as `settingsPatchSchema` describes (sections field by field, maps
 * key by key with null removing a key) and returns the result, which the caller validates with
 * `settingsSchema`. Tolerant of any input: it also lays a loaded file over the defaults, where
 * the file may hold anything. Never modifies its arguments.
 */
export function mergeSettingsPatch(base: Settings, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const merged: Record<string, unknown> = { ...base };
  for (const [sectionName, sectionPatch] of safeEntries(patch)) {
    const baseSection: unknown = merged[sectionName];
    if (!isPlainObject(baseSection) || !isPlainObject(sectionPatch)) {
      merged[sectionName] = sectionPatch;
      continue;
    }
    const section: Record<string, unknown> = { ...baseSection };
    for (const [fieldName, value] of safeEntries(sectionPatch)) {
      const baseField = section[fieldName];
      if (SETTINGS_MAP_FIELDS.get(sectionName)?.includes(fieldName) && isPlainObject(baseField) && isPlainObject(value)) {
        const entries = [...safeEntries(baseField), ...safeEntries(value)];
        section[fieldName] = Object.fromEntries(entries.filter(([key]) => value[key] !== null));
      } else {
        section[fieldName] = value;
      }
    }
    merged[sectionName] = section;
  }
  return merged;
}

/**
 * A validation issue of the settings or a patch as the UI and errors name it: the setting's
 * dotted path (`print.templateUrlByCarrier.YTO`; for an unknown name, the name itself) and what
 * is wrong with it.
 */
export function describeSettingsIssue(issue: z.core.$ZodIssue): { field: string; problem: string } {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    return { field: [...path, issue.keys[0] ?? ''].join('.'), problem: 'is not a known setting' };
  }
  // A bad map key (a carrier code) carries the key's own problem one level down.
  const problem = issue.code === 'invalid_key' ? (issue.issues[0]?.message ?? issue.message) : issue.message;
  return { field: path.length > 0 ? path.join('.') : '(settings)', problem };
}

/** The label size of a carrier: its own if set, else the default. */
export function labelSizeFor(print: PrintSettings, carrierCode: string): LabelSize {
  return print.labelSizeByCarrier[carrierCode] ?? DEFAULT_LABEL_SIZE;
}
