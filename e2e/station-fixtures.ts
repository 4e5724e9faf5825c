import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { startPrintEmulator, type PrintEmulator } from '../electron/demo/print-emulator/print-emulator';
import { startSandbox, type RunningSandbox } from '../electron/demo/sandbox';
import { createElectronStation, electronMissing, type ElectronStation } from './electron-station';

const repoRoot = resolve(import.meta.dirname, '..');

/** How a project starts and opens the station: the browser host in Chromium, or the desktop app through `_electron`. */
export type StationRuntime = 'browser-host' | 'electron';

/** The station of one test, with a data folder of its own: a browser host, or the desktop app. */
export interface StationHostProcess {
  runtime: StationRuntime;
  /** The browser host's address with its run key; in the desktop app, the renderer's address. */
  url: string;
  dataDir: string;
  /** The host's process, or the desktop app's main process (the one a crash test kills). */
  process: ChildProcess;
  /** The desktop app (the electron runtime only). */
  electron: ElectronStation | null;
}

/** A standalone sandbox gateway, standing in for a merchant's real gateway. */
export interface SandboxGatewayProcess {
  url: string;
  token: string;
}

/** Starts Node with these arguments (a built entry, or a TypeScript one through tsx) and hands back its first stdout lines. */
async function startProcess(args: string[], lineCount: number): Promise<{ child: ChildProcess; lines: string[] }> {
  const child = spawn(process.execPath, args, { cwd: repoRoot, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const entry = args.find((arg) => arg.endsWith('.ts') || arg.endsWith('.js'));
  if (!child.stdout) throw new Error(`${entry} was started without a stdout pipe`);
  const reader = createInterface({ input: child.stdout });
  const lines = await new Promise<string[]>((accept, reject) => {
    const seen: string[] = [];
    // Three workers on a busy 2-core machine: a process may take many seconds to load its modules.
    const timer = setTimeout(() => reject(new Error(`${entry} did not start within 45 s: ${stderr}`)), 45_000);
    reader.on('line', (line) => {
      seen.push(line);
      if (seen.length === lineCount) {
        clearTimeout(timer);
        accept(seen);
      }
    });
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}: ${stderr}`)));
  });
  return { child, lines };
}

/** Stops a process started here and waits until it is gone. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  child.kill('SIGTERM');
  await exited;
}

/** Where a host's gateway and print component are, when not the embedded demo ones. */
export interface HostConnections {
  baseUrl: string;
  /** Given on the command line (it then overrides the stored token), or null to use the stored one. */
  token: string | null;
  shopId: string;
  componentUrl: string;
}

/** Starts the browser host on a data folder: demo mode, or the given gateway and print component. */
export async function startHost(dataDir: string, demoOrders: number | undefined, connections: HostConnections | null = null): Promise<StationHostProcess> {
  // The built host, as `npm run web` starts it (the specs run after `npm run build`): compiling the sources took seconds each start.
  const args = [
    'out/host/index.js',
    '--port',
    '0',
    '--data-dir',
    dataDir,
    ...(demoOrders === undefined ? [] : ['--demo-orders', String(demoOrders)]),
    ...(connections === null
      ? []
      : [
          ...['--base-url', connections.baseUrl, '--shop', connections.shopId, '--component-url', connections.componentUrl],
          ...(connections.token === null ? [] : ['--token', connections.token]),
        ]),
  ];
  const { child, lines } = await startProcess(args, 1);
  const match = /^Station host listening on (http:\/\/127\.0\.0\.1:\d+\/\?key=[0-9a-f]+)$/.exec(lines[0] ?? '');
  if (!match?.[1]) throw new Error(`unexpected first line from the host: ${lines[0]}`);
  return { runtime: 'browser-host', url: match[1], dataDir, process: child, electron: null };
}

/** The errors a page reported: console errors and uncaught exceptions. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  return errors;
}

/**
 * Opens the station for a system of this locale — the browser host in a fresh browser context, the
 * desktop app's window freshly loaded (relaunched when the language changes) — at the desk's
 * size; the fixture checks its errors.
 */
export type OpenStation = (locale: 'zh-CN' | 'en-US') => Promise<Page>;

/** The desk's design size: a packing-desk monitor. */
const deskViewport = { width: 1920, height: 1080 };

/** A sandbox gateway and a print emulator the test runs itself, with their setters for fault scenarios. */
export interface OwnGateway {
  sandbox: RunningSandbox;
  emulator: PrintEmulator;
  connections: HostConnections;
}

/** The environment that gives the desktop app's test entry what the host gets as flags. */
function electronStationEnv(dataDir: string, demoOrders: number | undefined, connections: HostConnections | null): Record<string, string> {
  return {
    STATION_DATA_DIR: dataDir,
    ...(demoOrders === undefined ? {} : { STATION_DEMO_ORDERS: String(demoOrders) }),
    ...(connections === null
      ? {}
      : {
          STATION_BASE_URL: connections.baseUrl,
          STATION_SHOP_ID: connections.shopId,
          STATION_COMPONENT_URL: connections.componentUrl,
          ...(connections.token === null ? {} : { STATION_TOKEN: connections.token }),
        }),
  };
}

/**
 * Playwright fixtures: each test gets a fresh data folder and its own station (`demoOrders` sets
 * the demo shop's size) — a browser host opened in Chromium, or the desktop app through
 * `_electron`, as the project's `runtime` says. `openStation` opens it in a system language and
 * fails the test on any console error or page error, `crashStation`/`restartStation` kill it and
 * start it again on the same data folder, and `sandboxGateway` starts a separate sandbox as a
 * "real" gateway. In the electron runtime without an Electron binary every test is skipped, with
 * the reason, which is also printed once.
 */
export const test = base.extend<
  {
    demoOrders: number | undefined;
    /** Start the station against a sandbox and an emulator of the test's own (`ownGateway`) instead of demo mode. */
    useOwnGateway: boolean;
    /**
     * One browser host for the spec file's tests in this worker instead of one per test, for
     * specs whose tests only look: they change nothing a later test would see (each opens its
     * own browser context) and never crash or restart the station. A host takes seconds to
     * start. Demo mode only; the electron runtime keeps one app per test.
     */
    stationPerFile: boolean;
    ownGateway: OwnGateway | null;
    stationHost: StationHostProcess;
    openStation: OpenStation;
    /** Kills the station as a crash does (SIGKILL), after leaving this page so it reports no lost connection. */
    crashStation: (page: Page) => Promise<void>;
    /** Starts the crashed station again on its data folder and opens it; `stationHost` then names the new one. */
    restartStation: OpenStation;
    sandboxGateway: SandboxGatewayProcess;
    skipWithoutElectron: undefined;
  },
  {
    runtime: StationRuntime;
    /** Debian's Chromium for the browser host, launched at first use: the electron runtime never starts it. */
    hostBrowser: () => Promise<Browser>;
    /** The hosts `stationPerFile` shares, by spec file and demo shop size; stopped when the worker moves to another file or ends. */
    fileHosts: Map<string, Promise<StationHostProcess>>;
    electronNotice: undefined;
  }
>({
  runtime: ['browser-host', { option: true, scope: 'worker' }],
  electronNotice: [
    async ({ runtime }, use) => {
      if (runtime === 'electron' && electronMissing !== null) console.log(`Skipping the electron project: ${electronMissing}`);
      await use(undefined);
    },
    { scope: 'worker', auto: true },
  ],
  skipWithoutElectron: [
    async ({ runtime }, use, testInfo) => {
      testInfo.skip(runtime === 'electron' && electronMissing !== null, electronMissing ?? 'Electron is installed');
      await use(undefined);
    },
    { auto: true },
  ],
  hostBrowser: [
    async ({ playwright, browserName }, use) => {
      const launched: { browser?: Promise<Browser> } = {};
      await use(() => (launched.browser ??= playwright[browserName].launch()));
      if (launched.browser) await (await launched.browser).close();
    },
    { scope: 'worker' },
  ],
  demoOrders: [undefined, { option: true }],
  useOwnGateway: [false, { option: true }],
  stationPerFile: [false, { option: true }],
  fileHosts: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const hosts = new Map<string, Promise<StationHostProcess>>();
      await use(hosts);
      await stopFileHosts(hosts, null);
    },
    { scope: 'worker' },
  ],
  ownGateway: async ({ useOwnGateway, demoOrders }, use) => {
    if (!useOwnGateway) return use(null);
    const spoolDir = await mkdtemp(join(tmpdir(), 'station-e2e-spool-'));
    const sandbox = await startSandbox({ port: 0, ...(demoOrders === undefined ? {} : { orders: demoOrders }) });
    const emulator = await startPrintEmulator({ port: 0, spoolDir });
    await use({ sandbox, emulator, connections: { baseUrl: sandbox.url, token: null, shopId: sandbox.shopId, componentUrl: emulator.url } });
    await emulator.close();
    await sandbox.close();
    await rm(spoolDir, { recursive: true, force: true });
  },
  stationHost: async ({ runtime, demoOrders, ownGateway, stationPerFile, fileHosts }, use, testInfo) => {
    const shared = stationPerFile && runtime === 'browser-host';
    const key = `${testInfo.file}|${demoOrders ?? ''}`;
    // Once the worker has moved on to another file, the last file's host is stopped.
    await stopFileHosts(fileHosts, shared ? key : null);
    if (shared) {
      if (ownGateway !== null) throw new Error('stationPerFile shares a demo-mode host only: a test with its own gateway needs its own station');
      let started = fileHosts.get(key);
      if (started === undefined) {
        started = mkdtemp(join(tmpdir(), 'station-e2e-')).then((dataDir) => startHost(dataDir, demoOrders));
        fileHosts.set(key, started);
      }
      return use(await started);
    }
    const dataDir = await mkdtemp(join(tmpdir(), 'station-e2e-'));
    const connections = ownGateway?.connections ?? null;
    if (runtime === 'electron') {
      // Launched at first use: openStation starts it in the language it is asked for.
      const electron = createElectronStation(electronStationEnv(dataDir, demoOrders, connections));
      await use({
        runtime,
        url: 'app://station/index.html',
        dataDir,
        get process() {
          return electron.process();
        },
        electron,
      });
      await electron.close();
    } else {
      const host = await startHost(dataDir, demoOrders, connections);
      await use(host);
      await stopProcess(host.process);
    }
    await rm(dataDir, { recursive: true, force: true });
  },
  openStation: async ({ hostBrowser, stationHost }, use) => {
    const opened: Array<{ close: () => Promise<void>; errors: string[] }> = [];
    const electronPages = new Map<Page, string[]>();
    await use(async (locale) => {
      const electron = stationHost.electron;
      if (electron === null) {
        const { page, errors, close } = await openPage(await hostBrowser(), locale);
        opened.push({ close, errors });
        await page.goto(stationHost.url);
        return page;
      }
      // The desktop app: the system language is set at launch; in that language it shows a freshly loaded page.
      const sameLanguage = electron.runningLocale() === locale;
      if (!sameLanguage) await electron.launch(locale);
      const page = await electron.window();
      if (!electronPages.has(page)) electronPages.set(page, collectPageErrors(page));
      if (sameLanguage) await page.reload();
      await page.setViewportSize(deskViewport);
      return page;
    });
    for (const { close, errors } of opened) {
      await close();
      expect(errors, 'console errors and page errors').toEqual([]);
    }
    for (const errors of electronPages.values()) expect(errors, 'console errors and page errors').toEqual([]);
  },
  crashStation: async ({ stationHost, stationPerFile }, use) => {
    await use(async (page) => {
      if (stationPerFile) throw new Error('a station shared by the spec file (stationPerFile) is never crashed: the test needs its own');
      if (stationHost.electron === null) await page.goto('about:blank');
      const crashed = stationHost.process;
      const exited = new Promise((resolveExit) => crashed.once('exit', resolveExit));
      crashed.kill('SIGKILL');
      await exited;
    });
  },
  restartStation: async ({ stationHost, openStation, demoOrders, ownGateway }, use) => {
    await use(async (locale) => {
      // The desktop app is launched again by openStation, on the same data folder.
      if (stationHost.electron === null) Object.assign(stationHost, await startHost(stationHost.dataDir, demoOrders, ownGateway?.connections ?? null));
      return openStation(locale);
    });
  },
  // Playwright requires the object pattern even when a fixture depends on no other fixture.
  // eslint-disable-next-line no-empty-pattern
  sandboxGateway: async ({}, use) => {
    const { child, lines } = await startProcess(['--import', 'tsx', 'electron/demo/sandbox-cli.ts', '--port', '0'], 2);
    const url = /^Sandbox gateway listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(lines[0] ?? '')?.[1];
    const token = /^Token: (\S+)$/.exec(lines[1] ?? '')?.[1];
    if (!url || !token) throw new Error(`unexpected first lines from the sandbox: ${lines.join(' | ')}`);
    await use({ url, token });
    await stopProcess(child);
  },
});

/** Stops the hosts `stationPerFile` shares, except the one of `keep` (a spec file and demo shop size). */
async function stopFileHosts(hosts: Map<string, Promise<StationHostProcess>>, keep: string | null): Promise<void> {
  for (const [key, started] of hosts) {
    if (key === keep) continue;
    hosts.delete(key);
    const host = await started.catch(() => null);
    if (host === null) continue;
    await stopProcess(host.process);
    await rm(host.dataDir, { recursive: true, force: true });
  }
}

/** A page in a fresh context, collecting its errors. */
async function openPage(browser: Browser, locale: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ locale, viewport: deskViewport });
  const page = await context.newPage();
  return { page, errors: collectPageErrors(page), close: () => context.close() };
}

export { expect };
