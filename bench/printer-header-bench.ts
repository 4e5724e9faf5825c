import { pathToFileURL } from 'node:url';
import type { EmulatorFault } from '../electron/demo/print-emulator/print-emulator';
import { startBenchDesk } from './bench-desk';
import { missingChromium } from './bench-machine';
import type { Benchmark, BenchmarkFigure } from './benchmark';
import { median, percentile } from './station-host-process';

/** Changes of the printer's state: paper out, then ready again, in turn. */
const CHANGES = 20;
/** The header's promise (README, "When a label does not come out"): it follows the printer within 2 s. */
const followsWithinMs = 2_000;

/** Records, in the page, every condition the header's printer badge shows, with when (epoch ms, the wall clock the bench reads too). */
const watchBadge = `(() => {
  const shown = [];
  window.__printerBadgeShown = shown;
  const note = () => {
    const badge = document.querySelector('[data-condition]');
    const condition = badge ? badge.getAttribute('data-condition') : null;
    if (shown.length === 0 || shown[shown.length - 1].condition !== condition) shown.push({ condition, at: Date.now() });
  };
  note();
  new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-condition'] });
})()`;

/**
 * The printer's state in the header: the browser host (its own process) with the print-component
 * emulator, the desk in Debian's Chromium at 1366×768. The emulator's printer goes out of paper
 * and back, `CHANGES` times, each change at another moment of the station's printer-list reading
 * (every 1.5 s); from the change at the component to the header's badge showing it in the page
 * (its element changed; the frame that paints it follows).
 */
export async function measurePrinterHeader(): Promise<number[]> {
  const desk = await startBenchDesk({ orders: 50 });
  try {
    const page = await desk.openPage();
    await page.locator('[data-condition="ready"]').waitFor({ timeout: 30_000 });
    await page.evaluate(watchBadge);
    const latencies: number[] = [];
    for (let change = 0; change < CHANGES; change += 1) {
      const fault: EmulatorFault | null = change % 2 === 0 ? { kind: 'paper-out' } : null;
      const expected = fault === null ? 'ready' : 'paper-out';
      // Each change lands at another point of the 1.5 s reading cycle.
      await page.waitForTimeout(400 + ((change * 317) % 1_500));
      const changedAt = Date.now();
      await desk.emulator.setFault(fault);
      // Read from outside (the page's CSP allows no evaluated predicate); the page stamped the moment.
      const shownAt = async (): Promise<number | null> =>
        (await page.evaluate(`(window.__printerBadgeShown.find((entry) => entry.at >= ${changedAt} && entry.condition === '${expected}') ?? { at: null }).at`)) as number | null;
      let at = await shownAt();
      for (const deadline = Date.now() + 10_000; at === null; at = await shownAt()) {
        if (Date.now() > deadline) throw new Error(`the header did not show ${expected} within 10 s of the change`);
        await page.waitForTimeout(20);
      }
      latencies.push(at - changedAt);
    }
    return latencies;
  } finally {
    await desk.close();
  }
}

const round = (value: number): number => Number(value.toFixed(1));

/** The printer header benchmark, for the benchmark runner's list. */
export const printerHeaderBenchmark: Benchmark = {
  name: `printer state: the header follows the printer, ${CHANGES} changes`,
  description: 'Browser host (own process) with the print-component emulator; Debian Chromium at 1366×768. The printer goes out of paper and back in turn, each change at another point of the station’s 1.5 s reading; from the change at the component to the header’s badge showing it in the page.',
  missing: () => missingChromium(),
  async run(): Promise<BenchmarkFigure[]> {
    const latencies = await measurePrinterHeader();
    return [
      { name: 'change at the printer → header shows it (median)', value: round(median(latencies)), unit: 'ms', goal: null },
      { name: 'change at the printer → header shows it (slowest)', value: round(Math.max(...latencies)), unit: 'ms', goal: { comparison: 'at-most', value: followsWithinMs, basis: 'README: the header follows the printer within 2 s' } },
      { name: 'change at the printer → header shows it (p95)', value: round(percentile(latencies, 0.95)), unit: 'ms', goal: null },
    ];
  },
};

// Run alone: `npx tsx bench/printer-header-bench.ts`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(printerHeaderBenchmark.name);
  for (const figure of await printerHeaderBenchmark.run()) console.log(`  ${figure.name}: ${figure.value} ${figure.unit}`);
}
