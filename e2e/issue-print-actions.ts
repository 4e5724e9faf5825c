import type { APIRequestContext, Page } from '@playwright/test';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { scan, stationCall } from './desk-actions';
import { expect, type StationHostProcess } from './station-fixtures';
import { uiText, type DeskLocale } from './ui-text';

/** The PDFs the demo print emulator wrote: one per printed label. */
export async function spooledPdfs(host: StationHostProcess): Promise<string[]> {
  const files = await readdir(join(host.dataDir, 'demo', 'spool')).catch(() => []);
  return files.filter((file) => file.endsWith('.pdf'));
}

/**
 * Order numbers of the loaded orders, split by whether the issue rules accept them (asked of the
 * station's own plan, which only records a planned job and issues nothing).
 */
export async function validAndInvalidOrders(request: APIRequestContext, host: StationHostProcess, count: number): Promise<{ valid: string[]; invalid: string[] }> {
  const { rows } = await stationCall(request, host, 'orders.list', {});
  const numbers = rows.map((row) => row.order.orderNumber).slice(0, count);
  const plan = await stationCall(request, host, 'issue.plan', { orderNumbers: numbers, merge: false, keepApart: [] });
  const invalid = plan.invalid.map((order) => order.orderNumber);
  return { valid: numbers.filter((number) => !invalid.includes(number) && /^[0-9]+$/.test(number)), invalid };
}

/** Selects orders by scanning their numbers with the focus on the table, each scan checked before the next. */
export async function selectByScanning(page: Page, locale: DeskLocale, orderNumbers: readonly string[]): Promise<void> {
  const grid = page.getByRole('grid', { name: uiText(locale, 'orders.gridLabel') });
  await grid.focus();
  await expect(grid).toBeFocused();
  const result = page.getByLabel(uiText(locale, 'scan.resultLabel'));
  for (const orderNumber of orderNumbers) {
    await scan(page, orderNumber);
    await expect(result).toContainText(uiText(locale, 'scan.outcome.selected', { orderNumber }));
  }
}

/** The preview dialog of a held job's first label. */
export const labelPreviewDialog = (page: Page, locale: DeskLocale) => page.getByRole('dialog', { name: uiText(locale, 'issuePrint.preview.title') });

/**
 * The desk flow holds printing for a look at the first label: waits for the preview (its image,
 * or the reason there is none) and "Print all N" once every one of the N labels is issued, then
 * prints them.
 */
export async function confirmLabelPreview(page: Page, locale: DeskLocale, labels: number): Promise<void> {
  const preview = labelPreviewDialog(page, locale);
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByRole('group', { name: uiText(locale, 'issuePrint.preview.imagesLabel') }).getByRole('img').or(preview.getByRole('alert').first())).toBeVisible({ timeout: 30_000 });
  await preview.getByRole('button', { name: uiText(locale, 'issuePrint.preview.printAll', { count: labels }) }).click({ timeout: 30_000 });
  await expect(preview).toBeHidden();
}
