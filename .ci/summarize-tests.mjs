// Prints one closing line for the whole run ("N passed, N failed, N skipped") from the JSON
// reports that vitest and Playwright write, so CI reads one total for unit, integration and e2e.
import { existsSync, readFileSync } from 'node:fs';

const totals = { passed: 0, failed: 0, skipped: 0 };
const read = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);

const vitest = read('reports/vitest.json');
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
}
const playwright = read('reports/playwright.json');
if (playwright) {
  totals.passed += playwright.stats.expected + playwright.stats.flaky;
  totals.failed += playwright.stats.unexpected;
  totals.skipped += playwright.stats.skipped;
}
if (!vitest || !playwright) console.log(`missing report: ${!vitest ? 'vitest ' : ''}${!playwright ? 'playwright' : ''}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || !vitest || !playwright ? 1 : 0);
