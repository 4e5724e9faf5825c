import { defineConfig } from '@playwright/test';

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

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // The Electron specs need the Electron runtime: playwright.electron.config.ts runs them.
  testIgnore: 'electron/**',
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
  projects: [{ name: 'chromium-host', use: { browserName: 'chromium' } }],
});
