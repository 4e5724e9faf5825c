import { chromium, type Browser, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '../playwright.config';
import { startPrintEmulator, type PrintEmulator } from '../electron/demo/print-emulator/print-emulator';
import { startSandbox, type RunningSandbox } from '../electron/demo/sandbox';
import { sandboxDeskPatch } from '../electron/composition/testing/sandbox-desk';
import { callHost, startBenchHost, type BenchHost } from './station-host-process';

/** A desk a benchmark drives: the built browser host in its own process with a sandbox and the emulator of its own, and Chromium. */
export interface BenchDesk {
  browser: Browser;
  sandbox: RunningSandbox;
  emulator: PrintEmulator;
  host: BenchHost;
  /** Opens the desk at 1366×768 in zh-CN. */
  openPage(): Promise<Page>;
  /** Stops everything it started and removes its folder. */
  close(): Promise<void>;
}

/**
 * Starts Debian's Chromium, a sandbox with `orders` sold orders, the print-component emulator
 * (no-render) and the browser host on a fresh data folder, set up as a desk of the sandbox's shop
 * (first run done). A start that fails stops what it had started.
 */
export async function startBenchDesk(options: { orders: number }): Promise<BenchDesk> {
  // The browser first: a launch that fails leaves nothing running.
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const folder = await mkdtemp(join(tmpdir(), 'bench-desk-'));
  const sandbox = await startSandbox({ port: 0, orders: options.orders });
  const emulator = await startPrintEmulator({ port: 0, spoolDir: join(folder, 'spool'), noRender: true });
  let host: BenchHost | null = null;
  const close = async () => {
    await browser.close();
    await host?.stop();
    await emulator.close();
    await sandbox.close();
    await rm(folder, { recursive: true, force: true });
  };
  try {
    host = await startBenchHost(join(folder, 'station'), ['--base-url', sandbox.url, '--shop', sandbox.shopId, '--component-url', emulator.url, '--token', sandbox.token]);
    await callHost(host.url, 'settings.update', { patch: { ...sandboxDeskPatch(sandbox), ui: { setupCompleted: true, orderShops: [sandbox.shopId] } } });
  } catch (error) {
    await close();
    throw error;
  }
  const started = host;
  return {
    browser,
    sandbox,
    emulator,
    host: started,
    async openPage() {
      const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' })).newPage();
      await page.goto(started.url.href);
      return page;
    },
    close,
  };
}
