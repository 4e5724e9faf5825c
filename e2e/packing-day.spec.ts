import type { Locator, Page } from '@playwright/test';
import { stationCall } from './desk-actions';
import { loadOrders } from './own-gateway-desk';
import { expect, test } from './station-fixtures';
import { browserLocale, uiText, type DeskLocale } from './ui-text';

/** The packing desk's most common screen. */
const deskScreen = { width: 1366, height: 768 } as const;

/** A shot of what a test checked, for a person to look at (kept with the test results, never in the docs). */
async function lookAt(target: Page | Locator, name: string, locale: DeskLocale): Promise<void> {
  await target.screenshot({ path: test.info().outputPath(`${name}.${locale}.png`), animations: 'disabled' });
}

/** Expects an element drawn on one line: no taller than `lineHeight` pixels. */
async function expectOneLine(target: Locator, lineHeight: number): Promise<void> {
  const box = await target.boundingBox();
  expect(box?.height ?? Infinity, 'on one line').toBeLessThanOrEqual(lineHeight);
}

/**
 * What a day at the packing desk trips over, at 1366×768 in both languages: numbers typed by hand
 * into the scan box, the table back at its first row after a search, the columns that fit the
 * screen, numbers never cut, and a plan that follows its changes by itself.
 */
for (const locale of ['zh-CN', 'en'] as const) {
  test.describe(`a day at the packing desk (${locale})`, () => {
    test.use({ demoOrders: 120 });
    const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);

    test('the scan box takes a number typed by hand and Enter, a scanner burst too, with the same lookups and alarms', async ({ openStation, request, stationHost }) => {
      const page = await openStation(browserLocale(locale));
      await page.setViewportSize(deskScreen);
      await page.getByRole('button', { name: text('setup.useDemo') }).click();
      await loadOrders(page, locale, 120);
      const { rows } = await stationCall(request, stationHost, 'orders.list', {});
      const [typed = '', burst = ''] = rows.map((row) => row.order.orderNumber).filter((number) => /^\d+$/.test(number));
      const box = page.getByRole('textbox', { name: text('scan.inputLabel') });
      const result = page.getByLabel(text('scan.resultLabel'));
      const grid = page.getByRole('grid', { name: text('orders.gridLabel') });
      const counts = (selected: number) => page.getByRole('status').filter({ hasText: text('selection.counts', { loaded: 120, shown: 120, selected }) });

      // Typed at a person's speed: read on Enter, selected, the box emptied for the next number.
      await box.click();
      await box.pressSequentially(typed, { delay: 120 });
      await box.press('Enter');
      await expect(result).toContainText(text('scan.outcome.selected', { orderNumber: typed }));
      await expect(result).toHaveClass(/is-ok/);
      await expect(grid.getByRole('row').filter({ hasText: typed })).toHaveAttribute('aria-selected', 'true');
      await expect(counts(1)).toBeVisible();
      await expect(box).toHaveValue('');
      await expect(box).toBeFocused();
      // The number in the message is whole, on one line.
      await expectOneLine(result.locator('.scan-panel__number'), 30);

      // A number the desk does not know: the same red alarm as a scan.
      await box.pressSequentially('99990000111', { delay: 60 });
      await box.press('Enter');
      await expect(page.getByRole('alert', { name: text('scan.resultLabel') })).toContainText(text('scan.outcome.unknown', { code: '99990000111' }));
      await lookAt(page, 'scan-box-unknown', locale);

      // A scanner firing into the box is read the same way; the same code again within a second is a double scan.
      await box.pressSequentially(burst, { delay: 5 });
      await box.press('Enter');
      // The same label read again at once (filled in one go, so that a busy machine cannot stretch it past the second).
      await box.fill(burst);
      await box.press('Enter');
      await expect(result).toContainText(text('scan.outcome.selected', { orderNumber: burst }));
      await expect(page.getByText(text('scan.ignoredDouble', { code: burst }))).toBeVisible();
      await expect(counts(2)).toBeVisible();
      await lookAt(page.getByRole('region', { name: text('scan.label') }), 'scan-box-selected', locale);
    });
  });
}
