import { pathToFileURL } from 'node:url';
import { entryForOrders } from '../electron/issuing/issue-plan';
import { demoJobSettings } from '../electron/issuing/testing/issuing-test-kit';
import { validateIssueEntry } from '../shared/validation/issue-entry-validation';
import type { OrderListing } from '../shared/domain/order-row';
import { SCAN_TIMINGS } from '../renderer/src/scanning/scan-timings';
import { sendScannerBurst } from '../e2e/scanner-keys';
import { startBenchDesk } from './bench-desk';
import { missingChromium } from './bench-machine';
import type { Benchmark, BenchmarkFigure } from './benchmark';
import { callHost, median, percentile } from './station-host-process';

/** The gateway's latency the benchmark runs at. */
const latencyMs = 300;
/** Orders scanned, one after the other. */
const SCANS = 100;
/** A packer sticks the label on before scanning the next parcel. */
const betweenScansMs = 300;

/** The stamps of one scan, epoch ms (null where the step did not happen). */
interface ScanStamps {
  keys: number;
  detected: number;
  planAsked: number;
  networkInfo: number | null;
  issueArrived: number;
  taskReceived: number;
  printed: number;
}

/** The steps of the breakdown: each from one stamp to the next. */
const STEPS = [
  ['scanner keys typed → scan detected', (s: ScanStamps) => s.detected - s.keys],
  ['scan detected → plan asked of the station', (s: ScanStamps) => s.planAsked - s.detected],
  ['plan asked → issue call at the gateway (plan, start, claim, journal)', (s: ScanStamps) => s.issueArrived - s.planAsked],
  [`issue call at the gateway → answered (the sandbox's ${latencyMs} ms latency)`, () => latencyMs],
  ['answered → print task at the component (decoding, journal, print queue)', (s: ScanStamps) => s.taskReceived - (s.issueArrived + latencyMs)],
  ['print task at the component → printed notice', (s: ScanStamps) => s.printed - s.taskReceived],
] as const;

/** What the benchmark measured. */
export interface ScanToPrintMeasurement {
  scans: ScanStamps[];
  /** Network-info calls the gateway saw between a scan and its label. */
  networkInfoCalls: number;
  labelsPrinted: number;
}

/** Waits until `check` holds, polling every few milliseconds. */
async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 2));
  }
}

/**
 * Scan to label: the browser host (its own process) against a sandbox at `latencyMs` and the
 * print-component emulator (no-render mode), the desk in Debian's Chromium at 1366×768 in
 * scan-to-print mode (F8). Each of `SCANS` orders is scanned as a scanner types it (keys, then
 * Enter) once the previous label is out; from the first key to the emulator's printed notice.
 */
export async function measureScanToPrint(): Promise<ScanToPrintMeasurement> {
  const desk = await startBenchDesk({ orders: SCANS + 200 });
  const { sandbox, emulator, host } = desk;
  sandbox.setFaults({ latencyMs });
  try {
    await callHost(host.url, 'orders.refresh', { mode: 'full', shopIds: [sandbox.shopId] });
    const listing = (await callHost(host.url, 'orders.list', { shopIds: [sandbox.shopId] })) as OrderListing;
    const orders = listing.rows
      .filter((row) => row.shopId === sandbox.shopId && validateIssueEntry(entryForOrders(row.shopId, [row.order], demoJobSettings)).length === 0)
      .slice(0, SCANS)
      .map((row) => row.order.orderNumber);
    if (orders.length < SCANS) throw new Error(`only ${orders.length} issuable orders`);
    const page = await desk.openPage();
    await page.getByRole('grid').getByRole('row').nth(1).waitFor();
    await page.getByRole('grid').focus();
    await page.keyboard.press('F8');
    const session = await page.context().newCDPSession(page);
    const scans: ScanStamps[] = [];
    let networkInfoCalls = 0;
    for (const orderNumber of orders) {
      const printedBefore = emulator.printed().length;
      const callsBefore = sandbox.calls().length;
      const keys = Date.now();
      await sendScannerBurst(session, orderNumber, 'insert-text');
      await until(() => emulator.printed().length > printedBefore, `the label of ${orderNumber}`);
      const printed = emulator.printed()[printedBefore];
      const calls = sandbox.calls().slice(callsBefore);
      const task = emulator.received().find((received) => !received.preview && received.at >= keys);
      const issue = calls.find((call) => call.endpoint === 'issue');
      const marks = await page.evaluate((names) => Object.fromEntries(names.map((name) => [name, performance.timeOrigin + (performance.getEntriesByName(name).at(-1)?.startTime ?? Number.NaN)])), Object.values(SCAN_TIMINGS));
      if (!printed || !task || !issue) throw new Error(`scan of ${orderNumber}: no issue call, print task or printed notice`);
      const networkInfo = calls.find((call) => call.endpoint === 'network-info' && call.at < issue.at);
      if (networkInfo) networkInfoCalls += 1;
      scans.push({
        keys,
        detected: marks[SCAN_TIMINGS.detected] ?? Number.NaN,
        planAsked: marks[SCAN_TIMINGS.planAsked] ?? Number.NaN,
        networkInfo: networkInfo?.at ?? null,
        issueArrived: issue.at,
        taskReceived: task.at,
        printed: printed.at,
      });
      await page.waitForTimeout(betweenScansMs);
    }
    return { scans, networkInfoCalls, labelsPrinted: emulator.printed().length };
  } finally {
    await desk.close();
  }
}

const round = (value: number): number => Number(value.toFixed(1));

/** The scan-to-label benchmark, for the benchmark runner's list. */
export const scanToPrintBenchmark: Benchmark = {
  name: `scanning: scan to label, ${SCANS} scans in scan-to-print mode`,
  description: `Browser host (own process) → sandbox at ${latencyMs} ms latency; emulator in no-render mode; Debian Chromium at 1366×768 in scan-to-print mode (F8, no first-label check). Each order scanned as keys then Enter once the previous label is out; from the first key to the emulator's printed notice. Breakdown: medians of each step.`,
  missing: () => missingChromium(),
  async run(): Promise<BenchmarkFigure[]> {
    const measured = await measureScanToPrint();
    const totals = measured.scans.map((scan) => scan.printed - scan.keys);
    return [
      { name: 'scan to printed (median)', value: round(median(totals)), unit: 'ms', goal: { comparison: 'at-most', value: latencyMs + 150, basis: 'issue 30: one gateway round trip + 150 ms' } },
      { name: 'scan to printed (p95)', value: round(percentile(totals, 0.95)), unit: 'ms', goal: { comparison: 'at-most', value: latencyMs + 300, basis: 'issue 30: one gateway round trip + 300 ms' } },
      ...STEPS.map(([name, step]) => ({ name: `  ${name} (median)`, value: round(median(measured.scans.map(step))), unit: 'ms', goal: null })),
      { name: 'network-info calls before an issue call', value: measured.networkInfoCalls, unit: 'calls', goal: null },
      { name: 'labels printed', value: measured.labelsPrinted, unit: 'labels', goal: { comparison: 'at-most', value: SCANS, basis: 'never a double label' } },
    ];
  },
};

// Run alone: `npx tsx bench/scan-to-print-bench.ts`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(scanToPrintBenchmark.name);
  for (const figure of await scanToPrintBenchmark.run()) console.log(`  ${figure.name}: ${figure.value} ${figure.unit}`);
}
