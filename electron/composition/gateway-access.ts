import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Settings } from '../../shared/settings/settings-schema';
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

/** The current gateway client (rebuilt when the settings it depends on change), and shutdown. */
export interface GatewayAccess {
  client: () => Promise<GatewayClient>;
  close: () => Promise<void>;
}

/**
 * Gives the services a gateway client for the current settings. With no base URL set (demo
 * mode) the embedded sandbox gateway is started on a free port, once, keeping its state in the
 * data folder, and its demo account stands in for the shop settings.
 */
export function createGatewayAccess(options: GatewayAccessOptions): GatewayAccess {
  const pathMemory = createPathMemory();
  let sandbox: Promise<RunningSandbox> | null = null;
  let current: { key: string; client: GatewayClient } | null = null;

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
    client: async () => {
      const { gateway } = options.settings();
      const demo = gateway.baseUrl === null ? await embeddedSandbox() : null;
      const account = demo
        ? { baseUrl: demo.url, shopId: demo.shopId, sellerNick: demo.sellerNick, userId: demo.userId }
        : { baseUrl: gateway.baseUrl ?? '', shopId: gateway.shopId, sellerNick: gateway.sellerNick, userId: gateway.merchantUserId };
      const key = JSON.stringify([account, gateway.edition, gateway.vvtypeOverrides]);
      if (current?.key !== key) {
        current = {
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
        };
      }
      return current.client;
    },
    close: async () => {
      if (sandbox) await (await sandbox).close();
    },
  };
}
