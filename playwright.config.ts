import { defineConfig } from '@playwright/test';
import type { StationRuntime } from './e2e/station-fixtures';

/**
 * Debian's Chromium, never a downloaded browser (`npx playwright install` cannot work offline):
 * the benchmarks open the station in it, as a person opening `npm run web` does. CHROMIUM_PATH
 * overrides the path, e.g. on a developer's Mac.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';

/**
 * The e2e specs' browser: Debian's headless shell of the same Chromium (package
 * chromium-headless-shell), as Playwright itself runs headless tests. The full browser in headless
 * mode also starts its own window's web UI (a renderer process per test) and draws more: on the
 * 2-core machine the suite took ~16 % longer with it. CHROMIUM_PATH overrides it too.
 */
export const e2eChromiumPath = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/** Flags that keep Chromium quiet on a machine with a closed network. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The same e2e specs in two projects: `chromium-host` opens the browser host in Debian's Chromium;
 * `electron` drives the built desktop app (its test entry, out/main/e2e-entry.js) through
 * Playwright's `_electron` with the npm Electron binary, and where that binary is not installed
 * skips every test with the reason (printed once at the start). Specs about one runtime only are
 * tagged `@host-only` or `@electron-only`. A packaged app cannot be driven: its fuses turn off the
 * --inspect switch Playwright attaches through (`npm run verify:fuses` checks those binaries).
 *
 * Three workers, every test on its own: each test has its own station and data folder (a spec
 * whose tests only look may share one host per file and worker, `stationPerFile`), so any two
 * tests may run side by side. Most of a test's time is waiting (for the host, the rate limiter,
 * the print component): two workers kept about one core of a 2-core machine busy, three fill it.
 * Scanner timing does not depend on the load: a scan's keys carry their own timestamps a
 * scanner's few milliseconds apart (`scan` in e2e/desk-actions.ts), and slow typing only gets
 * slower under load. The electron project
 * keeps one worker: one desktop app, with its own Chromium, at a time.
 *
 * A failed test keeps its trace (actions, console, network) without DOM snapshots: recording a
 * snapshot at every action for every test, kept only for the few that fail, took ~12 % of the
 * suite's time. The failure's screenshot and the page's accessibility tree are kept beside it.
 */
export default defineConfig<object, { runtime: StationRuntime }>({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  workers: 3,
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  outputDir: 'test-results',
  use: {
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: e2eChromiumPath, args: chromiumArgs },
  },
  projects: [
    { name: 'chromium-host', grepInvert: /@electron-only/, use: { browserName: 'chromium', runtime: 'browser-host' } },
    // Launching Electron and its window takes longer than opening a page.
    { name: 'electron', grepInvert: /@host-only/, workers: 1, timeout: 90_000, expect: { timeout: 15_000 }, use: { runtime: 'electron' } },
  ],
});
