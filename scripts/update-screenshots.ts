import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { publishGallery } from './screenshot-gallery';

/**
 * `npm run screenshots`: runs the browser-host e2e suite, whose screenshots go to
 * test-results/screenshots as in every test run, then publishes the README's curated set from
 * them into docs/screenshots (WebP, at most 150 KB each). Extra arguments go to Playwright (a spec
 * file, `-g <title>`), to refresh only some screens; the others keep their published copies.
 */
const root = resolve(import.meta.dirname, '..');
const run = spawnSync('npx', ['playwright', 'test', '--project=chromium-host', ...process.argv.slice(2)], { stdio: 'inherit', shell: process.platform === 'win32' });
if (run.status !== 0) {
  console.error('The e2e run failed: nothing was published.');
  process.exit(run.status ?? 1);
}
const { published, notShot } = await publishGallery(resolve(root, 'test-results', 'screenshots'), resolve(root, 'docs', 'screenshots'));
console.log(`Published ${published.length} screenshots into docs/screenshots.`);
if (notShot.length > 0) console.log(`Not shot in this run (their published copies stay): ${notShot.join(', ')}`);
