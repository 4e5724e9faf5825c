import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createStation } from '../composition/create-station';
import { parseRunOptions } from '../composition/run-options';
import { keyFileCipher } from '../token-vault/key-file-cipher';
import { startStationHost } from './station-host';

/**
 * `npm run web`: the browser host. The same composition root as the Electron shell, run under
 * plain Node, with the renderer and the IPC contract served on 127.0.0.1. Every flag can also be
 * set by environment. Without --base-url it runs in demo mode (embedded sandbox and emulator).
 */
function fail(message: string, exitCode: number): never {
  console.error(message);
  process.exit(exitCode);
}

const rendererDir = resolve(import.meta.dirname, '../../out/renderer');
if (!existsSync(resolve(rendererDir, 'index.html'))) {
  fail(`The renderer is not built (${rendererDir} has no index.html): run "npm run build" first, or start the host with "npm run web".`, 1);
}
const parsed = parseRunOptions(process.argv.slice(2), process.env);
if (!parsed.ok) fail(parsed.message, 2);
const { port, dataDir, overrides, demoOrders } = parsed.options;

const started = await createStation({
  shell: 'browser-host',
  dataDir,
  tokenCipher: (folder) => keyFileCipher({ keyPath: resolve(folder, 'host-token.key') }),
  overrides,
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
