import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IssueEntry, IssueRequest, Party } from '../../../shared/domain/issue-entry';
import { issueEntryFromSoldOrders } from '../../../shared/issuing/issue-entry-from-sold-orders';
import { validateIssueEntry } from '../../../shared/validation/issue-entry-validation';
import { DEMO_SENDER, DEMO_WAREHOUSE, STANDARD_TEMPLATES, standardTemplateUrl, startSandbox } from '../../demo/sandbox/index';
import type { RunningSandbox, SandboxOptions } from '../../demo/sandbox/index';
import type { LogLevel, StationLogger } from '../../logging/station-logger';
import { createStationLogger } from '../../logging/station-logger';
import { openStationDatabase } from '../../store/local/open-station-database';
import type { StationDatabase } from '../../store/local/open-station-database';
import { stationBackends } from '../../composition/station-backends';
import type { StationBackend } from '../../store/station-backend';
import type { GatewayClient, GatewayClientOptions } from '../gateway-client';
import { createGatewayClient } from '../gateway-client';
import type { RateLimiter, RateLimiterOptions } from '../rate-limiter';
import { createRateLimiter } from '../rate-limiter';

/** Settings of a bench. */
export interface GatewayTestBenchOptions {
  sandbox?: SandboxOptions;
  limiter?: RateLimiterOptions;
  logLevel?: LogLevel;
}

/**
 * A real sandbox gateway on 127.0.0.1 and the station's real parts around the client: the
 * account limiter, a logger writing to a fresh temp folder, the station's local backend on a
 * database file (the client's cost ledger). For the client's integration tests and the benchmarks.
 */
export interface GatewayTestBench {
  sandbox: RunningSandbox;
  limiter: RateLimiter;
  logger: StationLogger;
  logDirectory: string;
  /** The station's storage, as the composition root opens it. */
  backend: StationBackend;
  /** A second connection to the same file, for a test to look at (or set up) rows the backend does not answer. */
  db: StationDatabase;
  /** A client for the sandbox's demo account; anything may be overridden. */
  client(overrides?: Partial<GatewayClientOptions>): GatewayClient;
  /** Every line of every log file written so far. */
  logText(): Promise<string>;
  close(): Promise<void>;
}

/** The demo shop's sender at its warehouse (an address of the YTO Yuhang branch). */
export const demoSender: Party = {
  name: DEMO_SENDER.name,
  mobile: DEMO_SENDER.mobile,
  phone: DEMO_SENDER.phone,
  address: { province: DEMO_WAREHOUSE.province, city: DEMO_WAREHOUSE.city, district: DEMO_WAREHOUSE.district, town: '', detail: DEMO_WAREHOUSE.detail },
};

/** The item at an index of a list; throws when there is none (tests read results by position they know). */
export function itemAt<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no item at ${index} of ${list.length}`);
  return item;
}

/** The URL of the sandbox's YTO standard template (the demo sender's carrier). */
export const ytoTemplateUrl: string = standardTemplateUrl(itemAt(STANDARD_TEMPLATES.filter((template) => template.cpCode === 'YTO'), 0));

/** Issue entries for the shop's first sold orders that pass local validation (the demo data holds some that do not). */
export async function issuableEntries(client: GatewayClient, count: number): Promise<IssueEntry[]> {
  const all = await client.fetchAllSoldOrders();
  if (!all.ok) throw new Error(`fetch failed: ${all.error.code}`);
  const entries = all.data.orders
    .map((order) => issueEntryFromSoldOrders([order], { orderChannel: 'TB', templateUrl: ytoTemplateUrl, logisticsServices: '', packageId: '' }))
    .filter((entry) => validateIssueEntry(entry).length === 0)
    .slice(0, count);
  if (entries.length < count) throw new Error(`only ${entries.length} issuable orders`);
  return entries;
}

/** An issue call for the demo sender at YTO. */
export function demoIssueRequest(entries: IssueEntry[], needEncrypt = true): IssueRequest {
  return { carrierCode: 'YTO', branchCode: '', sender: demoSender, needEncrypt, entries };
}

/** Opens a bench; close it in afterEach/afterAll. */
export async function openGatewayTestBench(options: GatewayTestBenchOptions = {}): Promise<GatewayTestBench> {
  const directory = await mkdtemp(join(tmpdir(), 'gateway-bench-'));
  const logDirectory = join(directory, 'logs');
  const sandbox = await startSandbox({ orders: 300, ...options.sandbox });
  const limiter = createRateLimiter(options.limiter);
  const logger = createStationLogger({ directory: logDirectory, level: options.logLevel ?? 'debug', secrets: () => [sandbox.token] });
  const file = join(directory, 'station.sqlite');
  const backend = await stationBackends.local({ file });
  const db = openStationDatabase({ file });

  return {
    sandbox,
    limiter,
    logger,
    logDirectory,
    backend,
    db,
    client: (overrides = {}) =>
      createGatewayClient({
        baseUrl: sandbox.url,
        token: () => sandbox.token,
        shopId: sandbox.shopId,
        sellerNick: sandbox.sellerNick,
        userId: sandbox.userId,
        edition: 'enhanced',
        limiter,
        logger,
        costLedger: backend.write.costs,
        timeoutMs: 5000,
        retry: { baseDelayMs: 20, maxDelayMs: 200 },
        ...overrides,
      }),
    async logText() {
      const files = await readdir(logDirectory).catch(() => [] as string[]);
      const texts = await Promise.all(files.map((file) => readFile(join(logDirectory, file), 'utf8')));
      return texts.join('\n');
    },
    async close() {
      await sandbox.close();
      db.close();
      await backend.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
