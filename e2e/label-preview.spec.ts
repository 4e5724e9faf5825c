import { chooseOption, scan } from './desk-actions';
import { confirmLabelPreview, issueUi, labelPreviewDialog, planFirstOrders, selectByScanning, spooledPdfs, startIssueAndPrint, validAndInvalidOrders } from './issue-print-actions';
import { loadOrders } from './own-gateway-desk';
import { saveScreenshot } from './screenshots';
import { expect, test } from './station-fixtures';
import { browserLocale, uiText } from './ui-text';

test.use({ demoOrders: 60 });

// Behaviour, not words, is what these tests check: each runs in one language, the two taking turns
// over the spec (README, Tests: languages in the e2e suite).
for (const locale of ['zh-CN', 'en'] as const) {
  test.describe(`the preview of the first label (${locale}, demo mode)`, () => {
    if (locale === 'en') test('shows the first label before anything prints; Enter prints all once; Stop prints nothing and keeps the labels; scan-to-print skips it', async ({ openStation, request, stationHost }) => {
      test.setTimeout(180_000);
      const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
      const page = await openStation(browserLocale(locale));
      await page.getByRole('button', { name: text('setup.useDemo') }).click();
      await loadOrders(page, locale, 60);
      const shipFrom = page.getByRole('region', { name: text('shipFrom.label') });
      await chooseOption(shipFrom.getByRole('combobox', { name: text('shipFrom.carrier') }), 'ZTO');
      await expect(shipFrom).toContainText('57112');
      const { valid } = await validAndInvalidOrders(request, stationHost, 60);
      const [printedRun, stoppedRun, scanned] = [valid.slice(0, 3), valid.slice(3, 5), valid[5] ?? ''];
      const drawer = page.getByRole('dialog', { name: text('issuePrint.title') });
      const preview = labelPreviewDialog(page, locale);

      // Issue three: the preview shows the first label large, and nothing is spooled.
      await selectByScanning(page, locale, printedRun);
      await page.getByRole('button', { name: text('issuePrint.action', { count: 3 }) }).click();
      await drawer.getByRole('button', { name: text('issuePrint.plan.start', { count: 3 }) }).click();
      await expect(preview).toBeVisible({ timeout: 30_000 });
      const printAll = preview.getByRole('button', { name: text('issuePrint.preview.printAll', { count: 3 }) });
      await expect(printAll).toBeVisible({ timeout: 30_000 });
      const image = preview.getByRole('group', { name: text('issuePrint.preview.imagesLabel') }).getByRole('img');
      await expect(image).toBeVisible({ timeout: 30_000 });
      await expect(image).toHaveAttribute('src', /^data:image\//);
      const about = preview.getByLabel(text('issuePrint.preview.aboutLabel'), { exact: true });
      await expect(about).toContainText(printedRun[0] ?? '');
      await expect(about).toContainText('ZTO Express');
      await expect(about).toContainText(text('issuePrint.preview.sizeMm', { size: '76 × 130' }));
      await expect(drawer.getByText(text('issuePrint.job.heldForPreview'))).toBeVisible();
      await saveScreenshot(page, 'label-preview', locale);
      expect(await spooledPdfs(stationHost)).toEqual([]);

      // Enter prints all three, each once.
      await page.keyboard.press('Enter');
      await expect(preview).toBeHidden();
      await expect(drawer.getByLabel(text('issuePrint.job.printingProgress'))).toContainText(text('issuePrint.job.printingCount', { printed: 3, total: 3 }), { timeout: 30_000 });
      await expect(drawer.getByText(text('issuePrint.job.ending.done'))).toBeVisible();
      await expect.poll(async () => (await spooledPdfs(stationHost)).length, { timeout: 30_000 }).toBe(3);
      await drawer.getByRole('button', { name: text('issuePrint.job.dismiss') }).click();

      // Two more, stopped at the preview: nothing prints, the job ends cancelled, the labels stay in the history.
      await page.getByRole('grid', { name: text('orders.gridLabel') }).focus();
      await page.keyboard.press('Escape');
      await selectByScanning(page, locale, stoppedRun);
      await page.getByRole('button', { name: text('issuePrint.action', { count: 2 }) }).click();
      await drawer.getByRole('button', { name: text('issuePrint.plan.start', { count: 2 }) }).click();
      await expect(preview.getByRole('button', { name: text('issuePrint.preview.printAll', { count: 2 }) })).toBeVisible({ timeout: 30_000 });
      await preview.getByRole('button', { name: text('issuePrint.preview.stop') }).click();
      await expect(preview).toBeHidden();
      await expect(drawer.getByText(text('issuePrint.job.ending.cancelled'))).toBeVisible({ timeout: 30_000 });
      await expect(drawer.getByLabel(text('issuePrint.job.summaryLabel'))).toContainText(`${text('issuePrint.job.printed')}0`);
      await drawer.getByRole('button', { name: text('issuePrint.job.dismiss') }).click();
      await page.getByRole('button', { name: text('history.open') }).click();
      const history = page.getByRole('dialog', { name: text('history.title') });
      const search = history.getByRole('searchbox', { name: text('history.searchPlaceholder') });
      for (const orderNumber of stoppedRun) {
        await search.fill(orderNumber);
        await search.press('Enter');
        const line = history.getByRole('table', { name: text('history.tableLabel') }).getByRole('row').filter({ hasText: orderNumber });
        await expect(line).toHaveCount(1);
        await expect(line).toContainText(text('history.printState.not-printed'));
      }
      await page.keyboard.press('Escape');
      await expect(history).toBeHidden();
      expect(await spooledPdfs(stationHost)).toHaveLength(3);

      // Scan-to-print: printed at once, no preview.
      await page.keyboard.press('F8');
      await page.getByRole('grid', { name: text('orders.gridLabel') }).focus();
      await scan(page, scanned);
      await expect(drawer.getByRole('table', { name: text('issuePrint.job.ordersLabel') })).toContainText(scanned);
      await expect(drawer.getByLabel(text('issuePrint.job.printingProgress'))).toContainText(text('issuePrint.job.printingCount', { printed: 1, total: 1 }), { timeout: 30_000 });
      await expect.poll(async () => (await spooledPdfs(stationHost)).length, { timeout: 30_000 }).toBe(4);
      await expect(preview).toHaveCount(0);
      const spooled = await spooledPdfs(stationHost);
      expect(new Set(spooled.map((file) => file.replace(/^\d+-/, ''))).size).toBe(4);
    });
  });
}

test.describe('a held job whose drawer was closed (zh-CN)', () => {
  test.use({ useOwnGateway: true, demoOrders: 40 });

  test('comes back by itself once its first label is issued, so it never waits unseen', async ({ openStation, request, stationHost, ownGateway }) => {
    if (!ownGateway) throw new Error('the own gateway did not start');
    const { page } = await planFirstOrders(openStation, 'zh-CN', request, stationHost, ownGateway, 2);
    const ui = issueUi(page, 'zh-CN');
    // Slow answers: the drawer is closed while the waybills are still being issued.
    ownGateway.sandbox.setFaults({ latencyMs: 3000 });
    await startIssueAndPrint(page, 'zh-CN', 2, { preview: 'leave' });
    await ui.drawer.locator('.ant-drawer-close').click();
    await expect(ui.drawer).toBeHidden();
    ownGateway.sandbox.setFaults({ latencyMs: 0 });
    await confirmLabelPreview(page, 'zh-CN', 2);
    await expect(ui.printing).toContainText(ui.printedAll(2), { timeout: 30_000 });
    expect(ownGateway.emulator.printed()).toHaveLength(2);
  });
});
