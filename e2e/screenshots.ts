import type { Locator, Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';

/**
 * Where the suite writes its screenshots: test-results/screenshots (ignored), so that a test run
 * leaves the tree as it found it; `npm run screenshots` publishes the README's set from there.
 */
export const screenshotDir = resolve(import.meta.dirname, '..', 'test-results', 'screenshots');

/** The most common packing-desk screen: every page screenshot is also taken at this size, as `<name>-1366`. */
const deskScreen = { width: 1366, height: 768 } as const;

/**
 * Saves a screenshot of the page (or of one dialog) as `<name>.<locale>.png`. A
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
