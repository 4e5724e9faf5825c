import type { Locator, Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';

/** Where the suite writes its screenshots (the README names this folder). */
export const screenshotDir = resolve(import.meta.dirname, '..', 'docs', 'screenshots');

/** Saves a screenshot of the page (or of one dialog) as `<name>.<locale>.png` for the docs. */
export async function saveScreenshot(target: Page | Locator, name: string, locale: 'zh-CN' | 'en'): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await target.screenshot({ path: resolve(screenshotDir, `${name}.${locale}.png`), animations: 'disabled' });
}
