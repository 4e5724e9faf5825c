import { dirname, join } from 'node:path';
import { UNKNOWN_GATEWAY, type GatewayIdentity } from '../../../shared/domain/gateway-identity';
import { SANDBOX_DEFAULTS } from '../../demo/sandbox/index';
import { createGatewayClient } from '../../gateway/gateway-client';
import type { GatewayClient } from '../../gateway/gateway-client';
import { createRateLimiter } from '../../gateway/rate-limiter';
import { createStationLogger } from '../../logging/station-logger';
import type { StationLogger } from '../../logging/station-logger';
import { createOrderCache } from '../../order-cache/order-cache';
import type { OrderCache } from '../../order-cache/order-cache';
import { createCainiaoPrintComponent } from '../../printing/cainiao/cainiao-print-component';
import type { PrintComponent } from '../../printing/print-component';
import { createPrintQueue } from '../../printing/print-queue';
import type { PrintQueue } from '../../printing/print-queue';
import { printTaskStoreOf } from '../../printing/print-task-store';
import { waitFor } from '../../printing/testing/print-test-kit';
import { stationBackends } from '../../composition/station-backends';
import type { StationBackend } from '../../store/station-backend';
import { readOrCreateDeskId } from '../../several-desks/desk-id';
import { createIssuingEngine } from '../issuing-engine';
import type { IssuingEngine } from '../issuing-engine';
import type { IssuingEvent } from '../issuing-types';
import type { RunTuning } from '../job-run';

/** The issuing parts of a station on one backend, as the composition root would wire them (timings shortened for tests). */
export interface IssuingStationParts {
  orderCache: OrderCache;
  component: PrintComponent;
  queue: PrintQueue;
  engine: IssuingEngine;
  /** Closes the engine (waiting for calls in flight), the queue and the component; the backend stays open. */
  close(): Promise<void>;
}

/** What the parts are made from. */
export interface IssuingStationInputs {
  backend: StationBackend;
  /** The client of the account's first shop (the one of `gatewayIdentity`). */
  client: GatewayClient;
  /** The clients of the account's other shops, by shop id (several shops on one account). */
  otherShops?: ReadonlyMap<string, GatewayClient>;
  logger: StationLogger;
  /** The print component's (emulator's) WebSocket address. */
  componentUrl: string;
  emit: (event: IssuingEvent) => void;
  /** The gateway and shop in use (what jobs and print tasks record); null while the settings need attention. */
  gatewayIdentity: () => GatewayIdentity | null;
  /** The desk's id (the owner of its runs' claims), as the data folder keeps it. */
  deskId: string;
  tuning?: Partial<RunTuning>;
}

/** Builds the parts and waits until the print component is connected. */
export async function assembleIssuingStation(inputs: IssuingStationInputs): Promise<IssuingStationParts> {
  const otherShops = inputs.otherShops ?? new Map<string, GatewayClient>();
  const gateway = async (shopId: string): Promise<GatewayClient> => {
    const found = shopId === inputs.gatewayIdentity()?.shopId ? inputs.client : otherShops.get(shopId);
    if (!found) throw new Error(`no client for shop ${shopId}`);
    return found;
  };
  const identities = (): GatewayIdentity[] => {
    const first = inputs.gatewayIdentity() ?? { baseUrl: UNKNOWN_GATEWAY, shopId: UNKNOWN_GATEWAY };
    return [first, ...[...otherShops.keys()].map((shopId) => ({ baseUrl: first.baseUrl, shopId }))];
  };
  const { backend } = inputs;
  const orderCache = createOrderCache({
    store: { read: backend.read.orders, write: backend.write.orders },
    client: gateway,
    shopId: () => SANDBOX_DEFAULTS.shopId,
    timeFilterAvailable: () => true,
    onProgress: () => undefined,
    onChanged: () => undefined,
  });
  const component = createCainiaoPrintComponent({ url: inputs.componentUrl, requestTimeoutMs: 1000, backoff: { initialDelayMs: 20, maxDelayMs: 200 } });
  const store = printTaskStoreOf({ read: backend.read.printTasks, write: backend.write.printTasks }, () => (inputs.gatewayIdentity() === null ? null : identities()));
  const queue = createPrintQueue({ component, store, statusPollMs: 200, acceptedStaleMs: 2000 });
  component.connect();
  const engine = createIssuingEngine({
    journal: { read: backend.read.journal, write: backend.write.journal },
    deskId: inputs.deskId,
    printTasks: backend.read.printTasks,
    costs: backend.read.costs,
    gateway,
    gatewayIdentities: identities,
    soldOrders: (shopId, orderNumbers) => orderCache.get(orderNumbers, shopId),
    queue,
    logger: inputs.logger,
    emit: inputs.emit,
    tuning: { retryDelayMs: 50, ...inputs.tuning },
  });
  await waitFor(() => component.state().kind === 'connected', 'the print component connection');
  return {
    orderCache,
    component,
    queue,
    engine,
    async close() {
      await engine.close();
      queue.close();
      await component.close();
    },
  };
}

/** A station process of its own on a database file, against a sandbox and a print component at these addresses. */
export interface SandboxStation extends IssuingStationParts {
  backend: StationBackend;
  /** The sandbox's gateway and shop, recorded with every row this station writes. */
  gatewayIdentity: () => GatewayIdentity;
  client: GatewayClient;
  /** Closes the parts, then the backend. */
  close(): Promise<void>;
}

/**
 * Opens the station's local backend on `file` (logs beside it) and assembles the issuing parts with a
 * client for each shop of the sandbox's demo account at `sandboxUrl` (one limiter): what the app's
 * main process holds, as the soak's engine process and the benchmark run it.
 */
export async function openSandboxStation(options: { file: string; sandboxUrl: string; componentUrl: string; emit: (event: IssuingEvent) => void }): Promise<SandboxStation> {
  const backend = await stationBackends.local({ file: options.file });
  const logger = createStationLogger({ directory: join(dirname(options.file), 'logs'), level: 'info', secrets: () => [SANDBOX_DEFAULTS.token] });
  const limiter = createRateLimiter();
  const clientOf = (shop: { shopId: string; sellerNick: string; userId: number }) =>
    createGatewayClient({
      baseUrl: options.sandboxUrl,
      token: () => SANDBOX_DEFAULTS.token,
      shopId: shop.shopId,
      sellerNick: shop.sellerNick,
      userId: shop.userId,
      edition: 'enhanced',
      limiter,
      logger,
      costLedger: backend.write.costs,
      timeoutMs: 5000,
      retry: { baseDelayMs: 20, maxDelayMs: 200 },
    });
  const client = clientOf(SANDBOX_DEFAULTS);
  const otherShops = new Map(SANDBOX_DEFAULTS.shops.slice(1).map((shop) => [shop.shopId, clientOf(shop)] as const));
  const gatewayIdentity = { baseUrl: options.sandboxUrl, shopId: SANDBOX_DEFAULTS.shopId };
  const parts = await assembleIssuingStation({ backend, client, otherShops, logger, componentUrl: options.componentUrl, emit: options.emit, gatewayIdentity: () => gatewayIdentity, deskId: readOrCreateDeskId(dirname(options.file)) });
  return {
    ...parts,
    backend,
    gatewayIdentity: () => gatewayIdentity,
    client,
    async close() {
      await parts.close();
      await backend.close();
    },
  };
}
