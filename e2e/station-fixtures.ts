import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { startPrintEmulator, type PrintEmulator } from '../electron/demo/print-emulator/print-emulator';
import { startSandbox, type RunningSandbox } from '../electron/demo/sandbox';

const repoRoot = resolve(import.meta.dirname, '..');

/** A browser host started for one test, with a data folder of its own. */
export interface StationHostProcess {
  url: string;
  dataDir: string;
  process: ChildProcess;
}

/** A standalone sandbox gateway, standing in for a merchant's real gateway. */
export interface SandboxGatewayProcess {
  url: string;
  token: string;
}

/** Starts a TypeScript entry point under Node and hands back its first stdout lines. */
async function startProcess(args: string[], lineCount: number): Promise<{ child: ChildProcess; lines: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: repoRoot, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  if (!child.stdout) throw new Error(`${args[0]} was started without a stdout pipe`);
  const reader = createInterface({ input: child.stdout });
  const lines = await new Promise<string[]>((accept, reject) => {
    const seen: string[] = [];
    const timer = setTimeout(() => reject(new Error(`${args[0]} did not start within 20 s: ${stderr}`)), 20_000);
    reader.on('line', (line) => {
      seen.push(line);
      if (seen.length === lineCount) {
        clearTimeout(timer);
        accept(seen);
      }
    });
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}: ${stderr}`)));
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
  const args = [
    'electron/host/cli.ts',
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
  return { url: match[1], dataDir, process: child };
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

/** Opens the station in a fresh browser context with this locale; the fixture checks its errors. */
export type OpenStation = (locale: 'zh-CN' | 'en-US') => Promise<Page>;

/** The desk's design size: a packing-desk monitor. */
const deskViewport = { width: 1920, height: 1080 };

/**
 * Playwright fixtures: each test gets a fresh data folder and its own host (`demoOrders` sets
 * the demo shop's size), `openStation` opens it in a browser and fails the test on any console
 * error or page error, and `sandboxGateway` starts a separate sandbox as a "real" gateway.
 */
/** A sandbox gateway and a print emulator the test runs itself, with their setters for fault scenarios. */
export interface OwnGateway {
  sandbox: RunningSandbox;
  emulator: PrintEmulator;
  connections: HostConnections;
}

export const test = base.extend<{
  demoOrders: number | undefined;
  /** Start the host against a sandbox and an emulator of the test's own (`ownGateway`) instead of demo mode. */
  useOwnGateway: boolean;
  ownGateway: OwnGateway | null;
  stationHost: StationHostProcess;
  openStation: OpenStation;
  sandboxGateway: SandboxGatewayProcess;
}>({
  demoOrders: [undefined, { option: true }],
  useOwnGateway: [false, { option: true }],
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
  stationHost: async ({ demoOrders, ownGateway }, use) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'station-e2e-'));
    const host = await startHost(dataDir, demoOrders, ownGateway?.connections ?? null);
    await use(host);
    await stopProcess(host.process);
    await rm(dataDir, { recursive: true, force: true });
  },
  openStation: async ({ browser, stationHost }, use) => {
    const opened: Array<{ close: () => Promise<void>; errors: string[] }> = [];
    await use(async (locale) => {
      const { page, errors, close } = await openPage(browser, locale);
      opened.push({ close, errors });
      await page.goto(stationHost.url);
      return page;
    });
    for (const { close, errors } of opened) {
      await close();
      expect(errors, 'console errors and page errors').toEqual([]);
    }
  },
  // Playwright requires the object pattern even when a fixture depends on no other fixture.
  // eslint-disable-next-line no-empty-pattern
  sandboxGateway: async ({}, use) => {
    const { child, lines } = await startProcess(['electron/demo/sandbox-cli.ts', '--port', '0'], 2);
    const url = /^Sandbox gateway listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(lines[0] ?? '')?.[1];
    const token = /^Token: (\S+)$/.exec(lines[1] ?? '')?.[1];
    if (!url || !token) throw new Error(`unexpected first lines from the sandbox: ${lines.join(' | ')}`);
    await use({ url, token });
    await stopProcess(child);
  },
});

/** A page in a fresh context, collecting its errors. */
async function openPage(browser: Browser, locale: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ locale, viewport: deskViewport });
  const page = await context.newPage();
  return { page, errors: collectPageErrors(page), close: () => context.close() };
}

export { expect };
