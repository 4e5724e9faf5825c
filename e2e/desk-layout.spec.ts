import type { Locator, Page } from '@playwright/test';
import { chooseOption, scan, stationCall } from './desk-actions';
import { issueUi, labelPreviewDialog, selectByScanning, validAndInvalidOrders } from './issue-print-actions';
import { loadOrders } from './own-gateway-desk';
import type { PageGlobals } from './page-dom';
import { saveScreenshot } from './screenshots';
import { expect, test } from './station-fixtures';
import { browserLocale, uiText, type DeskLocale } from './ui-text';

/** The packing-desk screens and how many whole order rows each must show without scrolling. */
const screens = [
  { width: 1366, height: 768, rows: 12 },
  { width: 1280, height: 720, rows: 10 },
  { width: 1920, height: 1080, rows: 20 },
] as const;

/**
 * Order rows wholly in view: below the grid's header, above the grid's and the window's bottom edge.
 * Measured in the page in one go (a round trip per row made one reading take seconds on a busy machine).
 */
async function wholeRowsInView(page: Page): Promise<number> {
  return page.getByRole('grid').evaluate((grid) => {
    const header = grid.querySelector('[role="row"][aria-rowindex="1"]');
    if (!header) return 0;
    const top = header.getBoundingClientRect().bottom;
    const bottom = Math.min(grid.getBoundingClientRect().bottom, grid.ownerDocument.documentElement.clientHeight);
    return [...grid.querySelectorAll('[role="row"]:not([aria-rowindex="1"])')].filter((row) => {
      const box = row.getBoundingClientRect();
      return box.height > 0 && box.top >= top - 0.5 && box.bottom <= bottom + 0.5;
    }).length;
  });
}

/** Expects an element wholly inside the window, with no scrolling. */
async function expectInViewport(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  const size = page.viewportSize();
  expect(box && size, 'the element and the window have a size').toBeTruthy();
  if (!box || !size) return;
  expect(box.y, 'top edge in the window').toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, 'bottom edge in the window').toBeLessThanOrEqual(size.height);
  expect(box.x + box.width, 'right edge in the window').toBeLessThanOrEqual(size.width);
}

/**
 * The desk on a packing station's screen (1366×768 and 1280×720 first, 1920×1080 too), in both
 * languages: the orders table keeps the screen while the scan box, ship-from and "Issue and print"
 * stay in view; every dialog's and drawer's primary action is in view; the button says what is
 * missing; the balance and the selection are current after a job; Esc closes only the top layer;
 * the scan panel's reprint is visible and clickable.
 */
for (const locale of ['zh-CN', 'en'] as const) {
  test.describe(`the desk on a packing station's screen (${locale})`, () => {
    test('the table keeps the screen, and every action is in view at 1280×720 through a whole job', async ({ openStation, request, stationHost }) => {
      test.setTimeout(150_000);
      const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale as DeskLocale, key, params);
      const page = await openStation(browserLocale(locale));
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.getByRole('button', { name: text('setup.useDemo') }).click();
      // The desk opens once the choice is saved: a reload before then would come back to the setup.
      await expect(page.getByRole('grid', { name: text('orders.gridLabel') })).toBeVisible();
      // The UI's Chinese has a face even on a desk with no CJK font: the one the app ships, allowed by the CSP.
      const cjkFaces = await page.evaluate(async () => {
        const { fonts } = (globalThis as unknown as { document: { fonts: { load: (font: string, text: string) => Promise<Array<{ family: string; status: string }>> } } }).document;
        return (await fonts.load('16px "Station CJK Fallback"', '扫描')).map((face) => `${face.family} ${face.status}`);
      });
      expect(cjkFaces).toEqual([expect.stringMatching(/Station CJK Fallback"? loaded$/)]);
      // …and it is there before the first placeholder is drawn (Chromium never redraws a placeholder drawn in boxes).
      await page.addInitScript(() => {
        type Observer = { observe(target: unknown, options: object): void; disconnect(): void };
        const scope = globalThis as unknown as {
          placeholderHadCjkFace?: boolean;
          MutationObserver: new (callback: (records: unknown, observer: Observer) => void) => Observer;
          document: { querySelector(selector: string): unknown; fonts: { check(font: string, text: string): boolean } };
        };
        new scope.MutationObserver((_records, observer) => {
          if (!scope.document.querySelector('input[placeholder]')) return;
          scope.placeholderHadCjkFace = scope.document.fonts.check('16px "Station CJK Fallback"', '扫描');
          observer.disconnect();
        }).observe(scope.document, { subtree: true, childList: true });
      });
      await page.reload();
      await expect.poll(() => page.evaluate(() => (globalThis as unknown as { placeholderHadCjkFace?: boolean }).placeholderHadCjkFace)).toBe(true);
      await loadOrders(page, locale, 2000);

      const shipFrom = page.getByRole('region', { name: text('shipFrom.label') });
      const scanResult = page.getByLabel(text('scan.resultLabel'));
      const issueButton = page.getByRole('button', { name: text('issuePrint.blocked.orders') });
      for (const screen of screens) {
        await page.setViewportSize({ width: screen.width, height: screen.height });
        await expect.poll(() => wholeRowsInView(page), { message: `${screen.width}×${screen.height}` }).toBeGreaterThanOrEqual(screen.rows);
        await expectInViewport(page, scanResult);
        await expectInViewport(page, shipFrom.getByRole('combobox', { name: text('shipFrom.carrier') }));
        await expectInViewport(page, issueButton);
        // The search field keeps room for an order number typed in, whatever the language.
        const search = page.getByRole('region', { name: text('localFilters.label') }).locator('.desk-local-filters__search');
        expect((await search.boundingBox())?.width ?? 0, `search field at ${screen.width}×${screen.height}`).toBeGreaterThanOrEqual(170);
        // Only the table scrolls: the page itself never does.
        const pageHeight = await page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.scrollHeight);
        expect(pageHeight).toBeLessThanOrEqual(screen.height);
        // The header names the printer labels go to, whole, from 1366 px up.
        if (screen.width >= 1366) {
          const printer = page.getByRole('group', { name: text('account.label') }).locator('.account-bar__printer');
          await expect(printer).toBeVisible();
          expect(await printer.evaluate((element) => element.scrollWidth - element.clientWidth), `printer name at ${screen.width}`).toBeLessThanOrEqual(0);
        }
        if (screen.width === 1920) await saveScreenshot(page, 'desk-2000-orders', locale);
      }

      await page.setViewportSize({ width: 1280, height: 720 });
      const { rows } = await stationCall(request, stationHost, 'orders.list', {});
      // (An order the job below does not take, so each later scan changes what the panel says.)
      const oldest = rows.map((row) => row.order.orderNumber).filter((orderNumber) => /^[0-9]+$/.test(orderNumber));
      await selectByScanning(page, locale, [oldest.at(-1) ?? '']);
      // No carrier chosen yet: the button says so, and takes the packer to the carrier picker.
      const chooseCarrier = page.getByRole('button', { name: text('issuePrint.blocked.carrier') });
      await expectInViewport(page, chooseCarrier);
      await chooseCarrier.click();
      await expect(shipFrom.getByRole('combobox', { name: text('shipFrom.carrier') })).toBeFocused();
      await chooseOption(shipFrom.getByRole('combobox', { name: text('shipFrom.carrier') }), 'ZTO');
      await expect(shipFrom).toContainText(`${text('shipFrom.balance')} 2000`);
      // Esc on the desk, with no layer open, clears the selection.
      await page.getByRole('grid').focus();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('status').filter({ hasText: text('selection.counts', { loaded: 2000, shown: 2000, selected: 0 }) })).toBeVisible();
      const { valid, invalid } = await validAndInvalidOrders(request, stationHost, 300);
      const orders = valid.slice(0, 3);
      const failing = invalid.find((orderNumber) => /^[0-9]+$/.test(orderNumber)) ?? '';
      await selectByScanning(page, locale, [...orders, failing]);

      // The plan's primary action is in view; Esc closes the drawer and leaves the selection alone.
      const ui = issueUi(page, locale);
      const issue = page.getByRole('button', { name: text('issuePrint.action', { count: 4 }) });
      await issue.click();
      await expectInViewport(page, ui.start(3));
      await saveScreenshot(page, 'issue-plan-1280', locale, { alsoAtDeskSize: false });
      await page.keyboard.press('Escape');
      await expect(ui.drawer).toBeHidden();
      await expect(issue).toBeVisible();

      await issue.click();
      await ui.start(3).click();
      const preview = labelPreviewDialog(page, locale);
      const printAll = preview.getByRole('button', { name: text('issuePrint.preview.printAll', { count: 3 }) });
      await expect(preview.getByRole('group', { name: text('issuePrint.preview.imagesLabel') }).getByRole('img')).toBeVisible({ timeout: 30_000 });
      await expectInViewport(page, printAll);
      await expectInViewport(page, preview.getByRole('button', { name: text('issuePrint.preview.stop') }));
      await saveScreenshot(page, 'label-preview-1280', locale, { alsoAtDeskSize: false });
      await printAll.click();
      await expect(ui.printing).toContainText(ui.printedAll(3), { timeout: 30_000 });
      await expectInViewport(page, ui.dismiss);
      await ui.dismiss.click();

      // After the job: the balance is what is left, and the printed orders left the selection; the
      // order that failed validation stays selected, marked with its reason and counted under Attention.
      await expect(shipFrom).toContainText(`${text('shipFrom.balance')} 1997`);
      await expect(page.getByRole('status').filter({ hasText: text('selection.counts', { loaded: 2000, shown: 2000, selected: 1 }) })).toBeVisible();
      await expect(page.getByRole('button', { name: text('issuePrint.action', { count: 1 }) })).toBeVisible();
      await page.getByRole('region', { name: text('localFilters.label') }).getByRole('radiogroup').getByText(text('localFilters.progressOption.attention')).click();
      const failedRow = page.getByRole('grid').getByRole('row').filter({ hasText: failing });
      await expect(failedRow).toContainText(text('orders.progress.issue-failed'));
      await expect(page.getByRole('grid').getByRole('row')).toHaveCount(2);
      await expectInViewport(page, failedRow.locator('.orders-grid__reason'));
      await page.keyboard.press('F4');
      await page.getByRole('grid').focus();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: text('issuePrint.blocked.orders') })).toBeDisabled();

      // A printed order scanned: the reprint it offers is in view and answers a click.
      await page.getByRole('grid').focus();
      await scan(page, orders[0] ?? '');
      const reprint = scanResult.getByRole('button', { name: text('scan.reprint') });
      await expectInViewport(page, reprint);
      await reprint.click();
      const confirm = page.getByRole('dialog').filter({ hasText: text('history.reprint.confirmTitle', { count: 1 }) });
      await expectInViewport(page, confirm.getByRole('button', { name: text('history.reprint.confirmOk') }));
      await saveScreenshot(page, 'scan-reprint-1280', locale, { alsoAtDeskSize: false });
      await confirm.getByRole('button', { name: text('common.cancel') }).click();
      await expect(confirm).toBeHidden();
      // The scan feedback never takes the table's rows away.
      expect(await wholeRowsInView(page)).toBeGreaterThanOrEqual(10);

      // Scan-to-print: the job's drawer opens beside the scan panel, never over its feedback, and
      // the scan's line says how the job ended once it has.
      await page.getByRole('grid').focus();
      await page.keyboard.press('F8');
      const next = valid[3] ?? '';
      await scan(page, next);
      await expect(ui.drawer).toBeVisible({ timeout: 30_000 });
      const drawerBox = await ui.drawer.boundingBox();
      const resultBox = await scanResult.boundingBox();
      expect(drawerBox && resultBox && resultBox.x + resultBox.width <= drawerBox.x, 'the drawer leaves the scan result in view').toBe(true);
      const issued = text('scan.outcome.print-issued', { orderNumber: next, waybillCode: 'WAYBILL' }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('WAYBILL', '\\w+');
      await expect(scanResult).toContainText(new RegExp(issued), { timeout: 30_000 });
      await expect(scanResult).not.toContainText(text('scan.outcome.print-requested', { orderNumber: next }));
      await saveScreenshot(page, 'scan-to-print-1280', locale, { alsoAtDeskSize: false });
    });
  });
}
