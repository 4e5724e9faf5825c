import type { Locator, Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';

/**
 * Where the suite writes its screenshots: test-results/screenshots in a test run (npm test leaves
 * the tree as it found it), docs/screenshots — the README's — when `npm run screenshots` asks
 * for them (STATION_SCREENSHOTS=docs).
 */
export const screenshotDir =
  process.env.STATION_SCREENSHOTS === 'docs' ? resolve(import.meta.dirname, '..', 'docs', 'screenshots') : resolve(import.meta.dirname, '..', 'test-results', 'screenshots');

/** The most common packing-desk screen: every page screenshot is also taken at this size, as `<name>-1366`. */
const deskScreen = { width: 1366, height: 768 } as const;

/**
 * Saves a screenshot of the page (or of one dialog) as `<name>.<locale>.png` for the docs. A
 * whole page is also shot at 1366×768 (`<name>-1366.<locale>.png`), then given its size back, so
 * every screen is documented at the desk size and at the test's own (1920×1080 unless it set one);
 * `alsoAtDeskSize: false` for a shot taken at a chosen size on purpose.
 */
export async function saveScreenshot(target: Page | Locator, name: string, locale: 'zh-CN' | 'en', options: { alsoAtDeskSize?: boolean } = {}): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  const path = resolve(screenshotDir, `${name}.${locale}.png`);
  try {
    await target.screenshot({ path, animations: 'disabled' });
  } catch (error) {
    // A dialog whose data is read again may be mounted anew while it is shot: the locator then
    // finds the new one. Screenshots document screens; the assertions are the tests' own.
    if (!(error instanceof Error) || !error.message.includes('not attached to the DOM')) throw error;
    await target.screenshot({ path, animations: 'disabled' });
  }
  if (!('setViewportSize' in target) || options.alsoAtDeskSize === false) return;
  const size = target.viewportSize();
  if (!size || (size.width === deskScreen.width && size.height === deskScreen.height)) return;
  await target.setViewportSize(deskScreen);
  await target.screenshot({ path: resolve(screenshotDir, `${name}-1366.${locale}.png`), animations: 'disabled' });
  await target.setViewportSize(size);
}
