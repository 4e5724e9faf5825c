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
// Behaviour, not words, is what these tests check: each runs in one language, the two taking turns
// over the spec (README, Tests: languages in the e2e suite).
for (const locale of ['zh-CN', 'en'] as const) {
  test.describe(`a day at the packing desk (${locale})`, () => {
    test.use({ demoOrders: 120 });
    const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);

    if (locale === 'en') test('the scan box takes a number typed by hand and Enter, a scanner burst too, with the same lookups and alarms', async ({ openStation, request, stationHost }) => {
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

    test('the table fits the screen with its default columns, numbers whole; the rest one click away, arranged and sized as the desk left them', async ({ openStation, request, stationHost }) => {
      const page = await openStation(browserLocale(locale));
      await page.setViewportSize(deskScreen);
      await page.getByRole('button', { name: text('setup.useDemo') }).click();
      await loadOrders(page, locale, 120);
      const grid = page.getByRole('grid', { name: text('orders.gridLabel') });
      const headers = grid.getByRole('columnheader');
      const defaults = ['shop', 'orderNumber', 'buyerArea', 'goods', 'count', 'remark', 'state'].map((key) => text(`orders.columns.${key}`));
      await expect(headers).toHaveText(['', ...defaults]);
      // No column off screen: the table needs no sideways scrolling, and every control of the desk is inside the window.
      expect(await grid.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
      for (const button of await page.locator('.desk__tools button, .desk__selection button').all()) {
        const box = await button.boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0), await button.innerText()).toBeLessThanOrEqual(deskScreen.width);
      }
      // Order numbers are whole in their cells.
      const cut = await grid.evaluate((element) =>
        [...element.querySelectorAll('.orders-grid__order-number, .orders-grid__waybill')].filter((number) => {
          const cell = number.closest('[role="gridcell"]')?.getBoundingClientRect();
          return cell === undefined || number.getBoundingClientRect().right > cell.right + 0.5;
        }).length,
      );
      expect(cut).toBe(0);
      await lookAt(page, 'desk-default-columns', locale);

      // "Paid at" is one click away, moved before the goods; the goods column dragged wider.
      const chooser = page.getByRole('button', { name: text('orders.columnChooser.button', { shown: 7, count: 15 }) });
      await chooser.click();
      const columns = page.getByRole('group', { name: text('orders.columnChooser.label') });
      const paidAt = text('orders.columns.time');
      await columns.getByRole('checkbox', { name: paidAt }).check();
      for (const _ of [1, 2, 3, 4]) await columns.getByRole('button', { name: text('orders.columnChooser.moveLeft', { column: paidAt }) }).click();
      await expect(headers).toHaveText(['', ...defaults.slice(0, 3), paidAt, ...defaults.slice(3)]);
      await lookAt(page, 'column-chooser', locale);
      await page.keyboard.press('Escape');
      const goods = headers.filter({ hasText: text('orders.columns.goods') });
      const before = (await goods.boundingBox())?.width ?? 0;
      const handle = await goods.getByRole('separator').boundingBox();
      if (!handle) throw new Error('the goods column has no resize handle');
      await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
      await page.mouse.down();
      await page.mouse.move(handle.x + 60, handle.y + handle.height / 2, { steps: 5 });
      await page.mouse.up();
      await expect.poll(async () => (await goods.boundingBox())?.width ?? 0).toBeGreaterThan(before + 40);
      // The table shows an arrangement at once; the station keeps it once its save lands.
      await expect.poll(async () => (await stationCall(request, stationHost, 'settings.get', {})).settings.ui.orderColumns?.widths['goods'] ?? 0).toBeGreaterThan(before + 40);

      // The next start shows the table as the desk left it.
      await page.reload();
      await expect(headers).toHaveText(['', ...defaults.slice(0, 3), paidAt, ...defaults.slice(3)]);
      await expect.poll(async () => (await goods.boundingBox())?.width ?? 0).toBeGreaterThan(before + 40);
      await expect(page.getByRole('button', { name: text('orders.columnChooser.button', { shown: 8, count: 15 }) })).toBeVisible();
    });

    if (locale === 'zh-CN') test('a search or filter takes the table back to its first row', async ({ openStation }) => {
      const page = await openStation(browserLocale(locale));
      await page.setViewportSize(deskScreen);
      await page.getByRole('button', { name: text('setup.useDemo') }).click();
      await loadOrders(page, locale, 120);
      const grid = page.getByRole('grid', { name: text('orders.gridLabel') });
      const scrollTop = () => grid.evaluate((element) => element.scrollTop);
      await grid.focus();
      await page.keyboard.press('End');
      await expect.poll(scrollTop).toBeGreaterThan(0);
      // A search that many orders match: its first matches are at the top, not above the view.
      await page.getByRole('textbox', { name: text('localFilters.search') }).fill('1');
      await expect.poll(scrollTop).toBe(0);
      await expect(grid.locator('[aria-rowindex="2"]')).toBeInViewport();

      await grid.focus();
      for (const _ of [1, 2, 3, 4]) await page.keyboard.press('PageDown');
      await expect.poll(scrollTop).toBeGreaterThan(0);
      await page.getByRole('radiogroup', { name: text('localFilters.progress') }).getByText(text('localFilters.progressOption.not-issued')).click();
      await expect.poll(scrollTop).toBe(0);
    });
  });
}
