import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { stationError } from '../../shared/errors/station-error';
import { firstShopOf, type Settings } from '../../shared/settings/settings-schema';
import { StationFailure } from '../ipc/to-station-error';
import { startSandbox, type RunningSandbox } from '../demo/sandbox';
import type { CostWriter } from '../store/station-backend';
import { createGatewayClient, type GatewayClient } from '../gateway/gateway-client';
import { createPathMemory } from '../gateway/path-memory';
import type { RateLimiter } from '../gateway/rate-limiter';
import type { StationLogger } from '../logging/station-logger';

/** What the gateway access needs from the composition root. */
export interface GatewayAccessOptions {
  dataDir: string;
  settings: () => Settings;
  token: () => string | null;
  limiter: RateLimiter;
  logger: StationLogger;
  costLedger: CostWriter;
  /** Told the embedded sandbox's token, so the logger scrubs it like a real one. */
  onSandboxToken: (token: string) => void;
  /** Sold orders of the demo shop when the sandbox starts without a state file. */
  demoOrders?: number | undefined;
}

/** The current gateway client of each shop (rebuilt when the settings it depends on change), and shutdown. */
export interface GatewayAccess {
  /** The client that calls the gateway as this shop of the account (its ids on every call); the first shop's without one. */
  client: (shopId?: string) => Promise<GatewayClient>;
  close: () => Promise<void>;
}

/**
 * Gives the services a gateway client for the current settings. With no base URL set (demo
 * mode) the embedded sandbox gateway is started on a free port, once, keeping its state in the
 * data folder, and its demo account stands in for the shop settings. The settings' shops are
 * the account's (one token, one limiter): each shop's client sends that shop's ids.
 */
export function createGatewayAccess(options: GatewayAccessOptions): GatewayAccess {
  const pathMemory = createPathMemory();
  let sandbox: Promise<RunningSandbox> | null = null;
  const current = new Map<string, { key: string; client: GatewayClient }>();

  const embeddedSandbox = () => {
    sandbox ??= (async () => {
      const folder = join(options.dataDir, 'demo');
      await mkdir(folder, { recursive: true });
      const running = await startSandbox({ port: 0, dataFile: join(folder, 'sandbox-state.json'), ...(options.demoOrders === undefined ? {} : { orders: options.demoOrders }) });
      options.onSandboxToken(running.token);
      options.logger.info('demo sandbox gateway started', { url: running.url });
      return running;
    })().catch((error: unknown) => {
      // A failed start is tried again at the next call rather than remembered forever.
      sandbox = null;
      throw error;
    });
    return sandbox;
  };

  return {
    client: async (shopId) => {
      const { gateway } = options.settings();
      const shop = shopId === undefined ? firstShopOf(gateway) : gateway.shops.find((candidate) => candidate.shopId === shopId);
      if (!shop) throw new StationFailure(stationError('settings.shop-not-set', { shopId: shopId ?? '' }));
      const demo = gateway.baseUrl === null ? await embeddedSandbox() : null;
      const account = { baseUrl: demo ? demo.url : (gateway.baseUrl ?? ''), shopId: shop.shopId, sellerNick: shop.sellerNick, userId: shop.merchantUserId };
      const key = JSON.stringify([account, gateway.edition, gateway.vvtypeOverrides]);
      if (current.get(shop.shopId)?.key !== key) {
        current.set(shop.shopId, {
          key,
          client: createGatewayClient({
            ...account,
            token: demo ? () => demo.token : options.token,
            edition: gateway.edition,
            vvtypeOverrides: gateway.vvtypeOverrides,
            limiter: options.limiter,
            logger: options.logger,
            costLedger: options.costLedger,
            pathMemory,
          }),
        });
      }
      return (current.get(shop.shopId) as { client: GatewayClient }).client;
    },
    close: async () => {
      if (sandbox) await (await sandbox).close();
    },
  };
}
