import { chromium } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromiumArgs, chromiumPath } from '../playwright.config';
import { startSandbox } from '../electron/demo/sandbox';
import { sandboxDeskPatch } from '../electron/composition/testing/sandbox-desk';
import { ORDERS_TABLE_TIMINGS } from '../renderer/src/orders/orders-table-timings';
import type { OrderRefreshOutcome } from '../shared/domain/order-row';
import { missingChromium } from './bench-machine';
import type { Benchmark, BenchmarkFigure } from './benchmark';
import { callHost, median, startBenchHost } from './station-host-process';

/** Orders of the big shop: a seller after 双11. */
const ORDER_COUNT = 100_000;
/** 1,000 pages of 100 at the gateway's 10 calls/s. */
const boundSeconds = ORDER_COUNT / 100 / 10;
/** The gateway's latency. */
const latencyMs = 300;
/** The filter texts typed in turn; '' clears the filter. */
const FILTER_TEXTS = ['杭州', '', 'T恤', '', '138', ''];

/** A process's resident memory (Linux), in MB. */
async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** What the benchmark measured. */
export interface BigShopMeasurement {
  refreshSeconds: number;
  cached: number;
  changedSeconds: number;
  changedMode: 'changed' | 'full';
  changedReceived: number;
  firstPaintMs: number;
  filterMs: number[];
  /** The host's resident memory once both refreshes ended, before the desk opened. */
  hostAfterRefreshMb: number;
  hostMb: number;
  rendererHeapMb: number;
}

/**
 * A big shop: the sandbox (this process, `latencyMs` latency) serves one shop of 100,000 orders;
 * the built browser host (its own process, on an edition with the time filter) fetches them all
 * through its limiter (`orders.refresh` full, timed from the call to its answer), then fetches
 * what changed; then the desk in Chromium at 1366×768: the table's first paint and local filters
 * (the renderer's User Timing measures), the host's resident memory (after the refreshes, and
 * with the whole shop loaded) and the renderer's JS heap (DevTools metrics).
 */
export async function measureBigShop(): Promise<BigShopMeasurement> {
  const folder = await mkdtemp(join(tmpdir(), 'big-shop-bench-'));
  const sandbox = await startSandbox({ port: 0, shops: 1, orders: ORDER_COUNT });
  sandbox.setFaults({ latencyMs });
  const host = await startBenchHost(join(folder, 'station'), ['--base-url', sandbox.url, '--shop', sandbox.shopId, '--token', sandbox.token]);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    // An edition whose sold-orders call honours the time filter: a refresh of what changed then asks only for orders confirmed since the last one (the basic edition has none: every refresh is a full one).
    const desk = sandboxDeskPatch(sandbox);
    await callHost(host.url, 'settings.update', { patch: { ...desk, gateway: { ...desk.gateway, edition: 'enhanced' }, ui: { setupCompleted: true } } });
    const started = performance.now();
    const full = (await callHost(host.url, 'orders.refresh', { mode: 'full' })) as OrderRefreshOutcome;
    const refreshSeconds = (performance.now() - started) / 1000;
    const changedStarted = performance.now();
    const changed = (await callHost(host.url, 'orders.refresh', { mode: 'changed' })) as OrderRefreshOutcome;
    const changedSeconds = (performance.now() - changedStarted) / 1000;
    const hostAfterRefreshMb = await residentMb(host.child.pid ?? 0);
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' })).newPage();
    await page.goto(host.url.href);
    await page.waitForFunction((measure) => performance.getEntriesByName(measure).length > 0, ORDERS_TABLE_TIMINGS.firstPaint, { timeout: 120_000 });
    const firstPaintMs = await page.evaluate((measure) => performance.getEntriesByName(measure)[0]?.duration ?? Number.NaN, ORDERS_TABLE_TIMINGS.firstPaint);
    const search = page.getByRole('textbox', { name: '搜索订单' });
    for (const [index, text] of FILTER_TEXTS.entries()) {
      await search.fill(text);
      await page.waitForFunction(([measure, count]) => performance.getEntriesByName(measure as string).length >= (count as number), [ORDERS_TABLE_TIMINGS.filter, index + 1] as const, { timeout: 60_000 });
    }
    const filterMs = await page.evaluate((measure) => performance.getEntriesByName(measure).map((entry) => entry.duration), ORDERS_TABLE_TIMINGS.filter);
    const session = await page.context().newCDPSession(page);
    await session.send('Performance.enable');
    const { metrics } = await session.send('Performance.getMetrics');
    const heap = metrics.find((metric) => metric.name === 'JSHeapTotalSize')?.value ?? Number.NaN;
    return {
      refreshSeconds,
      cached: full.shops[0]?.total ?? 0,
      changedSeconds,
      changedMode: changed.shops[0]?.mode ?? 'full',
      changedReceived: changed.shops[0]?.received ?? 0,
      firstPaintMs,
      filterMs,
      hostAfterRefreshMb,
      hostMb: await residentMb(host.child.pid ?? 0),
      rendererHeapMb: heap / 1024 / 1024,
    };
  } finally {
    await browser.close();
    await host.stop();
    await sandbox.close();
    await rm(folder, { recursive: true, force: true });
  }
}

const round = (value: number, digits = 1): number => Number(value.toFixed(digits));

/** The big-shop benchmark (opt-in: its full fetch alone takes the 100 s bound): `npm run bench -- --big-shop`. */
export const bigShopBenchmark: Benchmark = {
  name: `big shop: ${ORDER_COUNT.toLocaleString('en')} orders fetched and shown`,
  description: `Sandbox at ${latencyMs} ms latency serving one shop of ${ORDER_COUNT.toLocaleString('en')} orders; built browser host (own process): a full refresh, then a changed one; Debian Chromium at 1366×768: the table's first paint and local filters, host resident memory and renderer JS heap with the shop loaded.`,
  missing: () => missingChromium(),
  optInFlag: '--big-shop',
  async run(): Promise<BenchmarkFigure[]> {
    const measured = await measureBigShop();
    return [
      { name: 'orders cached', value: measured.cached, unit: 'orders', goal: { comparison: 'at-least', value: ORDER_COUNT, basis: 'every order of the shop' } },
      { name: 'full refresh', value: round(measured.refreshSeconds), unit: 's', goal: { comparison: 'at-most', value: boundSeconds * 1.05, basis: `issue 30: within 5 % of the bound (${ORDER_COUNT / 100} pages at 10 calls/s: ${boundSeconds} s)` } },
      { name: `refresh of what changed (${measured.changedMode}, ${measured.changedReceived} orders received)`, value: round(measured.changedSeconds), unit: 's', goal: null },
      { name: 'first paint with rows', value: round(measured.firstPaintMs), unit: 'ms', goal: { comparison: 'at-most', value: 300, basis: 'issue 30: ≤ 300 ms at 1366×768' } },
      { name: 'local filter applied (median)', value: round(median(measured.filterMs)), unit: 'ms', goal: { comparison: 'at-most', value: 50, basis: 'issue 30: ≤ 50 ms' } },
      { name: 'host resident memory after the refreshes (desk not open yet)', value: round(measured.hostAfterRefreshMb, 0), unit: 'MB', goal: null },
      { name: 'host resident memory', value: round(measured.hostMb, 0), unit: 'MB', goal: { comparison: 'at-most', value: 400, basis: 'issue 30: ≤ 400 MB' } },
      { name: 'renderer JS heap', value: round(measured.rendererHeapMb, 0), unit: 'MB', goal: { comparison: 'at-most', value: 400, basis: 'issue 30: ≤ 400 MB' } },
    ];
  },
};

// Run alone: `npx tsx bench/big-shop-bench.ts`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(bigShopBenchmark.name);
  for (const figure of await bigShopBenchmark.run()) console.log(`  ${figure.name}: ${figure.value} ${figure.unit}`);
}
