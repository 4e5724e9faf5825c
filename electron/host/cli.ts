import { existsSync, readFileSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { resolve } from 'node:path';
import { parseRunOptions } from '../composition/run-options';
import { acquireDataFolderLock, dataFolderLockOwner, type DataFolderLock } from '../data-folder/data-folder-lock';
import { DATA_FOLDER_ENV, resolveDataFolder } from '../data-folder/resolve-data-folder';
import { systemErrorCode } from '../data-folder/system-error-code';
import { userDataFolder } from '../data-folder/user-data-folder';
import { StationFailure } from '../ipc/to-station-error';
import { describeError } from '../../shared/errors/station-error';
import type { Station } from '../composition/station';

/**
 * `npm run web`: the browser host. The same composition root as the Electron shell, run under
 * plain Node, with the renderer and the IPC contract served on 127.0.0.1. Every flag can also be
 * set by environment. Without --base-url it runs in demo mode (embedded sandbox and emulator);
 * without --data-dir, on the desktop app's own per-user data folder. A flag it cannot use ends it
 * with one line that says which and what to give, never a stack trace. The station's modules
 * load only once the flags are good, so a wrong flag is answered at once.
 */
/** The shell this is, as the station and the data folder's lock name it. */
const SHELL = 'browser-host';

function fail(message: string, exitCode: number): never {
  console.error(message);
  process.exit(exitCode);
}

// The station's modules (and the packages they load) compiled once and kept in Node's compile cache
// (the system's temp folder; a changed file is compiled again): a start spends a quarter less.
enableCompileCache();

const rendererDir = resolve(import.meta.dirname, '../../out/renderer');
if (!existsSync(resolve(rendererDir, 'index.html'))) {
  fail(`The renderer is not built (${rendererDir} has no index.html): run "npm run build" first, or start the host with "npm run web".`, 1);
}
const parsed = parseRunOptions(process.argv.slice(2), process.env);
if (!parsed.ok) fail(parsed.message, 2);
const { port, overrides, demoOrders } = parsed.options;

const product = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { productName: string; version: string };
let dataDir: string;
try {
  dataDir = resolveDataFolder({ explicit: parsed.options.dataDir, env: {}, appDataDir: userDataFolder(product.productName) });
} catch (error) {
  if (!(error instanceof StationFailure)) throw error;
  const { text, remedy } = describeError(error.error);
  const given = parsed.options.dataDir === undefined ? '' : `--data-dir (or ${DATA_FOLDER_ENV}): `;
  fail(`${given}${text} ${remedy} Pass --data-dir <folder> to use another.`, 2);
}

// From the folder's lock on, a Ctrl-C ends through process.exit, whose 'exit' frees the folder (the
// signal's default action would end the process without it, leaving the next start a stale lock).
// Once the host listens, a stop waits for the station to open and closes it first; asked again
// meanwhile, it ends at once (as the signal's default would, by its exit code), the folder freed.
let stopAsked = (): void => process.exit(0);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(signal === 'SIGINT' ? 130 : 143);
    stopping = true;
    stopAsked();
  });
}

// A folder another process holds is refused before the host listens: nothing says "listening" that then ends.
let lock: DataFolderLock;
try {
  lock = acquireDataFolderLock(dataDir, { owner: dataFolderLockOwner(product, SHELL) });
} catch (error) {
  if (!(error instanceof StationFailure)) throw error;
  const { text, remedy } = describeError(error.error);
  fail(`${text} ${remedy}`, 3);
}

// The host listens before the station opens (its modules, database and services): the page's
// scripts load meanwhile, and a contract call or the event stream waits for the station.
const { startStationHost } = await import('./station-host');
let opened: (station: Station) => void = () => undefined;
const opening = new Promise<Station>((resolveOpened) => (opened = resolveOpened));
const host = await startStationHost({
  port,
  rendererDir,
  dispatch: async (channel, input) => (await opening).dispatch(channel, input),
  events: {
    subscribe(listener) {
      let unsubscribe: (() => void) | null = null;
      let ended = false;
      void opening.then((station) => {
        if (!ended) unsubscribe = station.events.subscribe(listener);
      });
      return () => {
        ended = true;
        unsubscribe?.();
      };
    },
  },
}).catch((error: unknown) => {
  const code = systemErrorCode(error);
  if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error;
  fail(`--port (or STATION_HOST_PORT): port ${port} on 127.0.0.1 cannot be used (${code}): pass another, or --port 0 for any free one.`, 2);
});
console.log(`Station host listening on ${host.url}`);
// Stopped while the station opens: it is closed once open.
const stop = async (station: Station) => {
  await host.close();
  await station.close();
  process.exit(0);
};
stopAsked = () => void opening.then(stop);

const [{ createStation }, { keyFileCipher }] = await Promise.all([import('../composition/create-station'), import('../token-vault/key-file-cipher')]);
const started = await createStation({
  shell: SHELL,
  dataDir,
  tokenCipher: (folder) => keyFileCipher({ keyPath: resolve(folder, 'host-token.key') }),
  overrides,
  demoOrders,
  consoleLog: false,
  lock,
});
if (!started.ok) {
  await host.close();
  fail(started.message, 3);
}
opened(started.station);
console.log(`Data folder: ${started.station.info.dataDir}${started.station.info.demoMode ? ' (demo mode: embedded sandbox gateway)' : ''}`);
