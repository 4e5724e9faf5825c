import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createStation } from '../composition/create-station';
import { keyFileCipher } from '../token-vault/key-file-cipher';
import { startStationHost } from './station-host';

/**
 * `npm run web`: the browser host. The same composition root as the Electron shell, run under
 * plain Node, with the renderer and the IPC contract served on 127.0.0.1. Every flag can also be
 * set by environment. Without --base-url it runs in demo mode (embedded sandbox and emulator).
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.STATION_HOST_PORT ?? '0' },
    'data-dir': { type: 'string', default: process.env.STATION_DATA_DIR },
    'base-url': { type: 'string', default: process.env.STATION_BASE_URL },
    token: { type: 'string', default: process.env.STATION_TOKEN },
    shop: { type: 'string', default: process.env.STATION_SHOP_ID },
    'component-url': { type: 'string', default: process.env.STATION_COMPONENT_URL },
    'demo-orders': { type: 'string', default: process.env.STATION_DEMO_ORDERS },
  },
});

function fail(message: string, exitCode: number): never {
  console.error(message);
  process.exit(exitCode);
}

const rendererDir = resolve(import.meta.dirname, '../../out/renderer');
if (!existsSync(resolve(rendererDir, 'index.html'))) {
  fail(`The renderer is not built (${rendererDir} has no index.html): run "npm run build" first, or start the host with "npm run web".`, 1);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a whole number from 0 to 65535 (got "${values.port}").`, 2);

const demoOrders = values['demo-orders'] === undefined ? undefined : Number(values['demo-orders']);
if (demoOrders !== undefined && (!Number.isInteger(demoOrders) || demoOrders < 0)) fail(`--demo-orders must be a whole number (got "${values['demo-orders']}").`, 2);

const started = await createStation({
  shell: 'browser-host',
  dataDir: values['data-dir'],
  tokenCipher: (dataDir) => keyFileCipher({ keyPath: resolve(dataDir, 'host-token.key') }),
  overrides: { baseUrl: values['base-url'], token: values.token, shopId: values.shop, componentUrl: values['component-url'] },
  demoOrders,
  consoleLog: false,
});
if (!started.ok) fail(started.message, 3);
const station = started.station;

const host = await startStationHost({ port, rendererDir, dispatch: station.dispatch, events: station.events });
console.log(`Station host listening on ${host.url}`);
console.log(`Data folder: ${station.info.dataDir}${station.info.demoMode ? ' (demo mode: embedded sandbox gateway)' : ''}`);

const shutdown = async () => {
  await host.close();
  await station.close();
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutdown());
