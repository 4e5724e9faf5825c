import { dirname } from 'node:path';
import { UNKNOWN_GATEWAY, type GatewayIdentity } from '../../../shared/domain/gateway-identity';
import type { SoldOrder } from '../../../shared/domain/sold-order';
import { validateIssueEntry } from '../../../shared/validation/issue-entry-validation';
import type { PrintEmulatorOptions } from '../../demo/print-emulator/print-emulator';
import { SANDBOX_DEFAULTS, type SandboxOptions } from '../../demo/sandbox/index';
import type { GatewayClient } from '../../gateway/gateway-client';
import { startGatewayVariant } from '../../gateway/testing/gateway-variant-proxy';
import type { GatewayVariant, VariantRequest } from '../../gateway/testing/gateway-variant-proxy';
import { demoSender, openGatewayTestBench, ytoTemplateUrl } from '../../gateway/testing/gateway-test-bench';
import type { GatewayTestBench } from '../../gateway/testing/gateway-test-bench';
import type { OrderCache } from '../../order-cache/order-cache';
import type { PrintComponent } from '../../printing/print-component';
import type { PrintQueue } from '../../printing/print-queue';
import { startTestEmulator } from '../../printing/testing/print-test-kit';
import type { IssueJobSettings, PlanRequest } from '../../../shared/domain/issuing';
import type { JournalReader, StationBackend } from '../../store/station-backend';
import { entryForOrders } from '../issue-plan';
import type { IssuingEngine } from '../issuing-engine';
import type { IssuingEvent } from '../issuing-types';
import type { RunTuning } from '../job-run';
import { readOrCreateDeskId } from '../../several-desks/desk-id';
import { createWaybillHistory } from '../waybill-history';
import type { WaybillHistory } from '../waybill-history';
import { assembleIssuingStation } from './issuing-station-parts';
import type { IssuingStationParts } from './issuing-station-parts';

/**
 * A whole issuing station for tests: the sandbox gateway over HTTP, the print component emulator
 * over WebSocket (no-render mode), the station database in a temp folder, and the real client,
 * order cache, print queue, journal, engine and history on top.
 */

/** Settings of the demo shop's YTO account (branch 571001, the demo warehouse as sender). */
export const demoJobSettings: IssueJobSettings = {
  carrierCode: 'YTO',
  branchCode: '571001',
  sender: demoSender,
  templateUrl: ytoTemplateUrl,
  orderChannel: 'TB',
  needEncrypt: true,
  logisticsServices: '',
  customAreaTemplateUrl: null,
  printer: '',
  print: true,
};

/** A plan request for these orders of the demo shop (or the `orders` of several shops among the overrides) under the demo settings. */
export function demoPlanRequest(orderNumbers: string[], overrides: Partial<PlanRequest> = {}): PlanRequest {
  const orders = orderNumbers.map((orderNumber) => ({ shopId: SANDBOX_DEFAULTS.shopId, orderNumber }));
  return { ...demoJobSettings, orders, merge: false, keepApart: [], ...overrides };
}

/** The first `count` orders of a shop (after `skip`; the demo shop by default) that pass local validation under the demo settings and have no waybill. */
export async function issuableOrders(orderCache: OrderCache, journal: JournalReader, count: number, skip = 0, shopId: string = SANDBOX_DEFAULTS.shopId): Promise<SoldOrder[]> {
  const cached = (await orderCache.list(shopId)).rows.map((row) => row.order);
  const issued = await journal.waybillsOf(shopId, cached.map((order) => order.orderNumber));
  const orders = cached
    .filter((order) => !issued.has(order.orderNumber) && validateIssueEntry(entryForOrders(shopId, [order], demoJobSettings)).length === 0)
    .slice(skip, skip + count);
  if (orders.length < count) throw new Error(`only ${orders.length} issuable orders`);
  return orders;
}

/** The issue calls the sandbox received since `from` (a call-log length): each call's `param_waybill_cloud_print_apply_new_request`. */
export function issueRequestsSince<T>(station: IssuingTestStation, from: number): T[] {
  return station.bench.sandbox
    .calls()
    .slice(from)
    .filter((call) => call.endpoint === 'issue')
    .map((call) => (call.body as { param_waybill_cloud_print_apply_new_request: T }).param_waybill_cloud_print_apply_new_request);
}

/** How to open a test station. */
export interface IssuingTestStationOptions {
  sandbox?: SandboxOptions;
  emulator?: Partial<PrintEmulatorOptions>;
  tuning?: Partial<RunTuning>;
  /** Milliseconds added to the clock of the history (retention tests). */
  historyClockOffsetMs?: () => number;
  /**
   * Called as each request of the station reaches the gateway (read whole, before the sandbox
   * handles it): the client then talks to the sandbox through a forwarding gateway that calls this.
   */
  onGatewayRequest?: (request: VariantRequest) => void;
}

/** A running test station. */
export interface IssuingTestStation {
  bench: GatewayTestBench;
  client: GatewayClient;
  emulator: Awaited<ReturnType<typeof startTestEmulator>>;
  /** The desk's id (kept in the bench's folder, as the app keeps it in its data folder): the owner of its runs' claims. */
  deskId: string;
  /** The station's storage (the bench's local backend), shared across restarts. */
  backend: StationBackend;
  orderCache: OrderCache;
  component: PrintComponent;
  queue: PrintQueue;
  engine: IssuingEngine;
  history: WaybillHistory;
  /** Every event the engine emitted. */
  events: IssuingEvent[];
  /** When each of `events` was emitted (performance.now()), at the same index. */
  eventTimes: number[];
  /** Issuable orders of a shop already loaded (the sandbox's first by default). */
  issuable(count: number, skip?: number, shopId?: string): Promise<SoldOrder[]>;
  planRequest(orderNumbers: string[], overrides?: Partial<PlanRequest>): PlanRequest;
  /** Plans and starts a job; resolves with its id when it has ended with its labels settled. */
  issueAndPrint(orderNumbers: string[], overrides?: Partial<PlanRequest>): Promise<string>;
  /** An app restart in one process: engine, queue and component closed and made anew on the same database. */
  restart(): Promise<void>;
  /** The gateway and shop in use from now on (null: the settings need attention); the sandbox's own at first. */
  useGateway(identity: GatewayIdentity | null): void;
  close(): Promise<void>;
}

/** Opens a test station and loads the sandbox's sold orders into the order cache. */
export async function openIssuingTestStation(options: IssuingTestStationOptions = {}): Promise<IssuingTestStation> {
  const bench = await openGatewayTestBench({ sandbox: options.sandbox, logLevel: 'info' });
  const emulator = await startTestEmulator({ noRender: true, ...options.emulator });
  const onGatewayRequest = options.onGatewayRequest;
  const front: GatewayVariant | null = onGatewayRequest
    ? await startGatewayVariant(bench.sandbox.url, (request) => {
        onGatewayRequest(request);
        return { kind: 'forward' };
      })
    : null;
  const client = bench.client({ timeoutMs: 3000, ...(front ? { baseUrl: front.url } : {}) });
  // The sandbox account's other shops, each with its own client (its ids on every call).
  const otherShops = new Map(
    bench.sandbox
      .shops()
      .slice(1)
      .map((shop) => [shop.shopId, bench.client({ timeoutMs: 3000, shopId: shop.shopId, sellerNick: shop.sellerNick, userId: shop.userId, ...(front ? { baseUrl: front.url } : {}) })] as const),
  );
  const events: IssuingEvent[] = [];
  const eventTimes: number[] = [];
  let gateway: GatewayIdentity | null = { baseUrl: bench.sandbox.url, shopId: bench.sandbox.shopId };
  const deskId = readOrCreateDeskId(dirname(bench.logDirectory));
  const assemble = () =>
    assembleIssuingStation({
      backend: bench.backend,
      client,
      otherShops,
      logger: bench.logger,
      componentUrl: emulator.url,
      emit: (event) => {
        events.push(event);
        eventTimes.push(performance.now());
      },
      gatewayIdentity: () => gateway,
      deskId,
      tuning: options.tuning,
    });
  let current: IssuingStationParts = await assemble();
  await current.orderCache.refresh({ mode: 'full' });

  /** The history always talks to the current queue, across restarts. */
  const queue: PrintQueue = {
    enqueue: (job) => current.queue.enqueue(job),
    retry: (ids, printer) => current.queue.retry(ids, printer),
    withdraw: (ids) => current.queue.withdraw(ids),
    resendUnknown: (ids) => current.queue.resendUnknown(ids),
    preview: (request) => current.queue.preview(request),
    reconcile: () => current.queue.reconcile(),
    loadWaiting: () => current.queue.loadWaiting(),
    idle: () => current.queue.idle(),
    document: (id) => current.queue.document(id),
    documents: () => current.queue.documents(),
    status: () => current.queue.status(),
    onEvent: (listener) => current.queue.onEvent(listener),
    close: () => current.queue.close(),
  };
  const clockOffset = options.historyClockOffsetMs ?? (() => 0);
  const history = createWaybillHistory({
    history: { read: bench.backend.read.history, write: bench.backend.write.history },
    printTasks: { read: bench.backend.read.printTasks, write: bench.backend.write.printTasks },
    queue,
    gateway: async (shopId) => {
      const found = shopId === bench.sandbox.shopId ? client : otherShops.get(shopId);
      if (!found) throw new Error(`no client for shop ${shopId}`);
      return found;
    },
    shopName: (shopId) => bench.sandbox.shops().find((shop) => shop.shopId === shopId)?.sellerNick ?? shopId,
    gatewayIdentities: () => {
      const first = gateway ?? { baseUrl: UNKNOWN_GATEWAY, shopId: UNKNOWN_GATEWAY };
      return [first, ...[...otherShops.keys()].map((shopId) => ({ baseUrl: first.baseUrl, shopId }))];
    },
    currentPrintSettings: () => demoJobSettings,
    now: () => Date.now() + clockOffset(),
  });

  const station: IssuingTestStation = {
    bench,
    client,
    emulator,
    deskId,
    backend: bench.backend,
    get orderCache() {
      return current.orderCache;
    },
    get component() {
      return current.component;
    },
    get queue() {
      return current.queue;
    },
    get engine() {
      return current.engine;
    },
    history,
    events,
    eventTimes,
    issuable: (count, skip, shopId) => issuableOrders(current.orderCache, bench.backend.read.journal, count, skip, shopId),
    planRequest: demoPlanRequest,
    async issueAndPrint(orderNumbers, overrides) {
      const plan = await current.engine.plan(demoPlanRequest(orderNumbers, overrides));
      await current.engine.start({ jobId: plan.jobId });
      await current.engine.settled(plan.jobId);
      return plan.jobId;
    },
    useGateway(identity) {
      gateway = identity;
    },
    async restart() {
      await current.close();
      current = await assemble();
    },
    async close() {
      await current.close();
      await emulator.dispose();
      await front?.close();
      await bench.close();
    },
  };
  return station;
}
