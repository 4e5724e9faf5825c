import { spawnSync } from 'node:child_process';

/**
 * `npm run screenshots`: runs the browser-host e2e suite with its screenshots going to
 * docs/screenshots (the README's), instead of test-results/screenshots where `npm test` keeps
 * them so that a test run leaves the tree as it found it. Extra arguments go to Playwright
 * (a spec file, `-g <title>`), to refresh only some screens.
 */
const run = spawnSync('npx', ['playwright', 'test', '--project=chromium-host', ...process.argv.slice(2)], {
  stdio: 'inherit',
  shell: process.platform === 'win32',
  env: { ...process.env, STATION_SCREENSHOTS: 'docs' },
});
process.exit(run.status ?? 1);
