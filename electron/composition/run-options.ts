import { parseArgs } from 'node:util';
import type { RunOverrides } from './create-station';

/** What a development or test run of the station was told on its command line or by environment. */
export interface RunOptions {
  /** The browser host's port (0: any free one). */
  port: number;
  dataDir: string | undefined;
  overrides: RunOverrides;
  /** Size of the embedded sandbox's demo shop on first start. */
  demoOrders: number | undefined;
}

/**
 * Reads the run options of the browser host and of the Electron test entry: each flag, else its
 * STATION_* environment variable. Never used by the packaged app, whose main reads nothing but
 * the data folder. A value that is not a number where one is needed answers a message instead.
 */
export function parseRunOptions(args: string[], env: NodeJS.ProcessEnv): { ok: true; options: RunOptions } | { ok: false; message: string } {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string', default: env.STATION_HOST_PORT ?? '0' },
      'data-dir': { type: 'string', default: env.STATION_DATA_DIR },
      'base-url': { type: 'string', default: env.STATION_BASE_URL },
      token: { type: 'string', default: env.STATION_TOKEN },
      shop: { type: 'string', default: env.STATION_SHOP_ID },
      'component-url': { type: 'string', default: env.STATION_COMPONENT_URL },
      'demo-orders': { type: 'string', default: env.STATION_DEMO_ORDERS },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return { ok: false, message: `--port must be a whole number from 0 to 65535 (got "${values.port}").` };
  const demoOrders = values['demo-orders'] === undefined ? undefined : Number(values['demo-orders']);
  if (demoOrders !== undefined && (!Number.isInteger(demoOrders) || demoOrders < 0)) return { ok: false, message: `--demo-orders must be a whole number (got "${values['demo-orders']}").` };
  return {
    ok: true,
    options: {
      port,
      dataDir: values['data-dir'],
      overrides: { baseUrl: values['base-url'], token: values.token, shopId: values.shop, componentUrl: values['component-url'] },
      demoOrders,
    },
  };
}
