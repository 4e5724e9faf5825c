import { defineConfig } from '@playwright/test';

/**
 * The desktop app itself, driven through Playwright's `_electron` (`npm run test:electron`, after
 * `npm run build`). Needs the Electron runtime, so it runs in the release workflow on Windows,
 * macOS and Linux (under Xvfb), not where Electron cannot be downloaded. It launches the built
 * app from `out/` with the npm Electron binary: a packaged app cannot be driven, because its
 * fuses turn off the --inspect switch Playwright attaches through (`npm run verify:fuses` checks
 * those binaries instead).
 */
export default defineConfig({
  testDir: 'e2e/electron',
  testMatch: '**/*.spec.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright-electron.json' }]],
  outputDir: 'test-results/electron',
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
});
