import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { postgresBinFolder } from '../electron/store/postgres/testing/postgres-test-server';
import { chromiumPath } from '../playwright.config';

/** How to get what a benchmark lacks: the set-up step `npm test` and `npm run bench` run first. */
const prepareHint = 'bash scripts/prepare-test-machine.sh sets the machine up as npm test does';

const repoRoot = resolve(import.meta.dirname, '..');

/**
 * What a benchmark in Chromium lacks: the browser (Debian's, or CHROMIUM_PATH) or the built
 * renderer the browser host serves. Null when both are there.
 */
export function missingChromium(browserPath = chromiumPath): string | null {
  if (!existsSync(browserPath)) return `Chromium (${browserPath}; or set CHROMIUM_PATH): ${prepareHint}`;
  if (!existsSync(join(repoRoot, 'out', 'renderer', 'index.html'))) return 'the built renderer (out/renderer): run npm run build';
  return null;
}

/** What a shared-mode benchmark lacks: PostgreSQL's server binaries, which it starts a throwaway server from. */
export function missingPostgres(): string | null {
  return postgresBinFolder() === null ? `PostgreSQL's server binaries (/usr/lib/postgresql/<version>/bin): ${prepareHint}` : null;
}
