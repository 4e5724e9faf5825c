import { openSettingsWithF2, scan, stationCall } from './desk-actions';
import { confirmLabelPreview, issueUi, openIssuePlan, heldAndPlainOrders, selectByScanning } from './issue-print-actions';
import { openOwnGatewayDesk } from './own-gateway-desk';
import { expect, test } from './station-fixtures';
import { uiText } from './ui-text';

test.use({ useOwnGateway: true, demoOrders: 40 });

for (const locale of ['zh-CN', 'en'] as const) {
  const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);

  test.describe(`the desk's words (${locale})`, () => {
    test.setTimeout(120_000);

    test('order statuses show the names Settings gave them; an order held back is held back, not failed; the job shows the estimate beside the points spent', async ({ openStation, request, stationHost, ownGateway }, testInfo) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const page = await openOwnGatewayDesk(openStation, request, stationHost, ownGateway, 40, locale);
      // The packing desk's common screen: what the plan and the summary must fit.
      await page.setViewportSize({ width: 1366, height: 768 });
      const ui = issueUi(page, locale);
      const { held, plain, heldStatus } = await heldAndPlainOrders(request, stationHost, ownGateway);
      const name = locale === 'zh-CN' ? '已退款' : 'Refunded';
      const settings = (await stationCall(request, stationHost, 'settings.get', {})) as { settings: { gateway: { shops: { shopId: string }[] } } };
      const shopId = settings.settings.gateway.shops[0]?.shopId ?? '';
      await stationCall(request, stationHost, 'settings.update', { patch: { issueOptions: { heldBackOrderStatuses: [heldStatus], orderStatusNamesByShop: { [shopId]: { [String(heldStatus)]: name } } } } });
      await page.reload();
      // The desk is up again before its shortcut is pressed (a key pressed during the reload goes nowhere).
      await expect(page.getByRole('grid', { name: text('orders.gridLabel') })).toBeVisible();

      // Settings shows the name it keeps for the shop.
      await openSettingsWithF2(page, locale);
      const names = page.getByRole('region', { name: text('settings.issueDefaults.statusNames') });
      await expect(names.getByRole('textbox', { name: text('settings.issueDefaults.statusName') })).toHaveValue(name);
      await page.keyboard.press('Escape');
      await expect(names).toBeHidden();

      // The filter offers the name beside the number.
      const moreButton = page.getByRole('region', { name: text('localFilters.label') }).getByRole('button', { name: text('localFilters.more') });
      await moreButton.click();
      await page.getByRole('combobox', { name: text('localFilters.orderStatus') }).click();
      const option = text('localFilters.orderStatusNamedHeld', { name, status: heldStatus, count: 'COUNT' }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('COUNT', '\\d+');
      await expect(page.locator('.ant-select-dropdown').getByText(new RegExp(option))).toBeVisible();
      await page.keyboard.press('Escape');
      if ((await moreButton.getAttribute('aria-expanded')) === 'true') await moreButton.click();
      await expect(moreButton).toHaveAttribute('aria-expanded', 'false');

      // The scan alarm names the status.
      await selectByScanning(page, locale, [plain]);
      await page.getByRole('grid', { name: text('orders.gridLabel') }).focus();
      await scan(page, held);
      const statusText = text('orderStatus.named', { name, status: heldStatus });
      await expect(page.getByLabel(text('scan.resultLabel'))).toContainText(text('scan.outcome.held-back', { orderNumber: held, orderStatus: statusText }));
      await page.getByLabel(text('scan.resultLabel')).getByRole('button', { name: text('scan.heldBackSelect') }).click();
      await openIssuePlan(page, locale, 2);

      // The plan names it; its estimate counts the network info call the plan made as well as the issue call, and says
      // that no issue call has a price yet (the first of the day is priced like the last call: the sandbox charges 2).
      const heldBack = ui.drawer.getByRole('group', { name: text('issuePrint.options.heldBackLabel') });
      await expect(heldBack.getByRole('checkbox', { name: text('issuePrint.options.confirmHeldBack', { orderNumber: held, status: statusText }) })).toBeVisible();
      const estimate = ui.figures.getByTestId('cost-estimate');
      await expect(estimate).toContainText(text('issuePrint.estimate.line', { count: 1, endpoint: text('issuePrint.estimate.endpoint.network-info'), price: 1, points: 1 }));
      await expect(estimate).toContainText(text('issuePrint.estimate.line', { count: 1, endpoint: text('issuePrint.estimate.endpoint.issue'), price: 1, points: 1 }));
      await expect(estimate).toContainText(text('issuePrint.estimate.assumed', { endpoints: text('issuePrint.estimate.endpoint.issue') }));
      await expect(estimate).toContainText(text('issuePrint.estimate.total', { count: 2 }));
      await page.screenshot({ path: testInfo.outputPath(`plan-estimate.${locale}.png`) });

      // Issued without confirming it: the summary counts it held back, none failed, and the estimate stands beside what was spent.
      await ui.start(1).click();
      await confirmLabelPreview(page, locale, 1);
      await expect(ui.printing).toContainText(ui.printedAll(1), { timeout: 30_000 });
      const item = (label: string) => ui.summary.locator('.ant-descriptions-item').filter({ has: page.getByText(label, { exact: true }) });
      await expect(item(text('issuePrint.job.failed'))).toContainText('0');
      await expect(item(text('issuePrint.job.heldBack'))).toContainText('1');
      await expect(item(text('issuePrint.estimate.estimated'))).toContainText(text('issuePrint.estimate.total', { count: 2 }));
      await expect(item(text('issuePrint.estimate.spent'))).toContainText(text('common.points', { count: 3 }));
      await expect(ui.jobOrder(held)).toContainText(text('issuePrint.orderState.heldBack'));
      await expect(ui.jobOrder(held)).not.toContainText(text('issuePrint.orderState.invalid'));
      await page.screenshot({ path: testInfo.outputPath(`job-summary-estimate.${locale}.png`) });
    });
  });
}
