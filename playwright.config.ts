import { defineConfig } from '@playwright/test';
import type { StationRuntime } from './e2e/station-fixtures';

/**
 * Debian's Chromium, never a downloaded browser (`npx playwright install` cannot work offline).
 * CHROMIUM_PATH overrides the path, e.g. on a developer's Mac.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';

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
 */
export default defineConfig<object, { runtime: StationRuntime }>({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  outputDir: 'test-results',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    { name: 'chromium-host', grepInvert: /@electron-only/, use: { browserName: 'chromium', runtime: 'browser-host' } },
    // Launching Electron and its window takes longer than opening a page.
    { name: 'electron', grepInvert: /@host-only/, timeout: 90_000, expect: { timeout: 15_000 }, use: { runtime: 'electron' } },
  ],
});
