import { scan } from './desk-actions';
import { exportHistoryCsv, labelPreviewDialog, openDemoDesk, selectByScanning, spooledPdfs, startIssueAndPrint, validAndInvalidOrders } from './issue-print-actions';
import { saveScreenshot } from './screenshots';
import { expect, test } from './station-fixtures';
import { browserLocale, uiText } from './ui-text';

test.use({ demoOrders: 120 });

// Behaviour, not words, is what this test checks: it runs in one language (README, Tests: languages
// in the e2e suite); its English words are seen in the other specs of issuing.
const locale = 'zh-CN';

test.describe(`issue and print (${locale}, demo mode)`, () => {
  test('issues 25 orders of which one is invalid, prints 24, reprints with confirmation and exports the CSV', async ({ openStation, request, stationHost }) => {
    test.setTimeout(180_000);
    const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
    const page = await openStation(browserLocale(locale));
    await openDemoDesk(page, locale, 120);
    const { valid, invalid } = await validAndInvalidOrders(request, stationHost, 120);
    const badOrder = invalid.find((number) => /^[0-9]+$/.test(number)) ?? '';
    expect(badOrder).not.toBe('');
    expect(valid.length).toBeGreaterThan(24);
    const chosen = [...valid.slice(0, 12), badOrder, ...valid.slice(12, 24)];
    await selectByScanning(page, locale, chosen);
    await saveScreenshot(page, 'desk-selected', locale);

    await page.getByRole('button', { name: text('issuePrint.action', { count: 25 }) }).click();
    const drawer = page.getByRole('dialog', { name: text('issuePrint.title') });
    const invalidList = drawer.getByLabel(text('issuePrint.plan.invalidLabel'));
    await expect(invalidList).toContainText(badOrder);
    await expect(invalidList).toContainText(text('issuePrint.plan.invalid', { count: 1 }));
    await saveScreenshot(page, 'issue-plan', locale);

    await startIssueAndPrint(page, locale, 24);
    await expect(drawer.getByLabel(text('issuePrint.job.printingProgress'))).toContainText(text('issuePrint.job.printingCount', { printed: 24, total: 24 }), { timeout: 60_000 });
    await expect(drawer.getByText(text('issuePrint.job.ending.done'))).toBeVisible();
    const summary = drawer.getByLabel(text('issuePrint.job.summaryLabel'));
    await expect(summary).toContainText(`${text('issuePrint.job.issued')}24`);
    await expect(summary).toContainText(`${text('issuePrint.job.printed')}24`);
    const jobOrders = drawer.getByRole('table', { name: text('issuePrint.job.ordersLabel') });
    await expect(jobOrders.getByRole('row').filter({ hasText: badOrder })).toContainText(text('issuePrint.orderState.invalid'));
    await saveScreenshot(page, 'issue-summary', locale);
    await expect.poll(async () => (await spooledPdfs(stationHost)).length, { timeout: 30_000 }).toBe(24);

    await drawer.getByRole('button', { name: text('issuePrint.job.dismiss') }).click();
    await page.getByRole('button', { name: text('history.open') }).click();
    const history = page.getByRole('dialog', { name: text('history.title') });
    const search = history.getByRole('searchbox', { name: text('history.searchPlaceholder') });
    const firstOrder = chosen[0] ?? '';
    await search.fill(firstOrder);
    await search.press('Enter');
    const line = history.getByRole('table', { name: text('history.tableLabel') }).getByRole('row').filter({ hasText: firstOrder });
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(text('history.printState.printed', { count: 1 }));
    await saveScreenshot(page, 'history', locale);

    await line.getByRole('button', { name: /^(补打|Reprint) / }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: text('history.reprint.confirmTitle', { count: 1 }) });
    await expect(confirm).toContainText(text('history.reprint.printedTimes', { count: 1, waybillCode: '' }).trim().replace(/^[：:]\s*/, ''));
    await saveScreenshot(confirm, 'reprint-confirm', locale);
    await confirm.getByRole('button', { name: text('history.reprint.confirmOk') }).click();
    await expect.poll(async () => (await spooledPdfs(stationHost)).length, { timeout: 30_000 }).toBe(25);
    await expect(line).toContainText(text('history.printState.printed', { count: 2 }));
    await expect(confirm).toBeHidden();

    await search.fill('');
    await search.press('Enter');
    const csv = await exportHistoryCsv(page, locale);
    expect(csv.trim().split(/\r?\n/)).toHaveLength(25);
    for (const orderNumber of chosen.filter((number) => number !== badOrder)) expect(csv).toContain(orderNumber);
    expect(csv).not.toContain(badOrder);
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();

    // Scan-to-print: a scanned order is issued and printed at once, no plan, no preview.
    const next = valid[30] ?? '';
    await page.keyboard.press('F8');
    await page.getByRole('grid', { name: text('orders.gridLabel') }).focus();
    await scan(page, next);
    await expect(drawer.getByRole('table', { name: text('issuePrint.job.ordersLabel') })).toContainText(next);
    await expect(drawer.getByLabel(text('issuePrint.job.printingProgress'))).toContainText(text('issuePrint.job.printingCount', { printed: 1, total: 1 }), { timeout: 30_000 });
    await expect.poll(async () => (await spooledPdfs(stationHost)).length, { timeout: 30_000 }).toBe(26);
    await expect(labelPreviewDialog(page, locale)).toHaveCount(0);
  });
});
