import { stationCall } from './desk-actions';
import { confirmLabelPreview, issueUi, planFirstOrders } from './issue-print-actions';
import { ytoBranchCode } from './own-gateway-desk';
import { saveScreenshot } from './screenshots';
import { expect, test } from './station-fixtures';
import { errorUiText, uiText } from './ui-text';

test.use({ useOwnGateway: true, demoOrders: 40 });

// Behaviour, not words, is what these tests check: each runs in one language, the two taking turns
// over the spec (README, Tests: languages in the e2e suite).
for (const locale of ['zh-CN', 'en'] as const) {
  test.describe(`issue errors against a gateway of the test (${locale})`, () => {
    test.setTimeout(120_000);

    if (locale === 'zh-CN') test('a stop-the-job 614 (empty branch) shows its remedy; retry after topping up finishes the job', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const { page } = await planFirstOrders(openStation, locale, request, stationHost, ownGateway, 3);
      const ui = issueUi(page, locale);
      await ownGateway.sandbox.setBranchBalance(ytoBranchCode, 0);
      await ui.start(3).click();
      await expect(ui.stopped).toContainText(errorUiText(locale, 'gateway.issue-rejected.stop-job', 'remedy'), { timeout: 30_000 });
      await saveScreenshot(page, 'job-stopped-614', locale);

      await ownGateway.sandbox.setBranchBalance(ytoBranchCode, 100);
      await ui.retry.click();
      await confirmLabelPreview(page, locale, 3);
      await expect(ui.printing).toContainText(ui.printedAll(3), { timeout: 30_000 });
      await expect(ui.drawer.getByText(uiText(locale, 'issuePrint.job.ending.done'))).toBeVisible();
    });

    if (locale === 'en') test('an order issued elsewhere is shown as such and not printed', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const { page, orders } = await planFirstOrders(openStation, locale, request, stationHost, ownGateway, 3);
      const ui = issueUi(page, locale);
      const elsewhere = orders[1] ?? '';
      await ownGateway.sandbox.markIssuedElsewhere([elsewhere]);
      await ui.start(3).click();
      await confirmLabelPreview(page, locale, 2);
      await expect(ui.printing).toContainText(ui.printedAll(2), { timeout: 30_000 });
      await expect(ui.drawer.getByLabel(uiText(locale, 'issuePrint.job.summaryLabel'))).toContainText(uiText(locale, 'issuePrint.job.elsewhere'));
      const row = ui.drawer.getByRole('table', { name: uiText(locale, 'issuePrint.job.ordersLabel') }).getByRole('row').filter({ hasText: elsewhere });
      await expect(row).toContainText(uiText(locale, 'issuePrint.orderState.elsewhere'));
      // Why no label came out for it, and where to find it.
      await expect(row).toContainText(uiText(locale, 'issuePrint.job.elsewhereReason', { waybillCode: ownGateway.sandbox.issuedWaybill(elsewhere)?.waybillCode ?? '' }));
      await saveScreenshot(page, 'issued-elsewhere', locale);
      expect(ownGateway.emulator.printed()).toHaveLength(2);
    });

    if (locale === 'zh-CN') test('401: the token form takes a new token and the job resumes', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const { page } = await planFirstOrders(openStation, locale, request, stationHost, ownGateway, 2);
      const ui = issueUi(page, locale);
      await stationCall(request, stationHost, 'token.set', { token: 'a-token-the-gateway-does-not-know' });
      await ui.start(2).click();
      await expect(ui.stopped).toContainText(errorUiText(locale, 'gateway.unauthorized-token', 'remedy'), { timeout: 30_000 });
      await saveScreenshot(page, 'token-401', locale);
      await ui.stopped.getByLabel(uiText(locale, 'errorFlows.token.label')).fill(ownGateway.sandbox.token);
      await ui.stopped.getByRole('button', { name: uiText(locale, 'errorFlows.token.saveAndResume') }).click();
      await confirmLabelPreview(page, locale, 2);
      await expect(ui.printing).toContainText(ui.printedAll(2), { timeout: 30_000 });
    });

    if (locale === 'en') test('302: the authorization link as a QR code and a browser link; retry once authorized', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const { page } = await planFirstOrders(openStation, locale, request, stationHost, ownGateway, 2);
      const ui = issueUi(page, locale);
      ownGateway.sandbox.setUnauthorizedShops([ownGateway.sandbox.shopId]);
      await ui.start(2).click();
      await expect(ui.stopped.getByLabel(uiText(locale, 'errorFlows.authorization.qrLabel'))).toBeVisible({ timeout: 30_000 });
      const link = ui.stopped.getByRole('link', { name: uiText(locale, 'errorFlows.authorization.open') });
      await expect(link).toHaveAttribute('href', /^https?:\/\//);
      await expect(link).toHaveAttribute('target', '_blank');
      await saveScreenshot(page, 'authorization-302', locale);
      ownGateway.sandbox.setUnauthorizedShops([]);
      await ui.retry.click();
      await confirmLabelPreview(page, locale, 2);
      await expect(ui.printing).toContainText(ui.printedAll(2), { timeout: 30_000 });
    });

    if (locale === 'zh-CN') test('204: the quota message stops the job', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const { page } = await planFirstOrders(openStation, locale, request, stationHost, ownGateway, 2);
      const ui = issueUi(page, locale);
      ownGateway.sandbox.setAccountAccess('no-quota');
      await ui.start(2).click();
      await expect(ui.stopped).toContainText(errorUiText(locale, 'gateway.no-quota', 'remedy'), { timeout: 30_000 });
      await saveScreenshot(page, 'no-quota-204', locale);
      ownGateway.sandbox.setAccountAccess('ok');
      await ui.retry.click();
      await confirmLabelPreview(page, locale, 2);
      await expect(ui.printing).toContainText(ui.printedAll(2), { timeout: 30_000 });
    });

    if (locale === 'en') test('the print component goes offline: labels wait and say so; once it is back the queue drains exactly once', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const { page } = await planFirstOrders(openStation, locale, request, stationHost, ownGateway, 3);
      const ui = issueUi(page, locale);
      await ownGateway.emulator.setFault({ kind: 'refuse-connections' });
      await expect(page.getByRole('group', { name: uiText(locale, 'account.label') })).toContainText(uiText(locale, 'account.component.offline'), { timeout: 30_000 });
      await ui.start(3).click();
      // The preview cannot be made while the component is away: the dialog says why, and the labels can still go to the queue.
      await confirmLabelPreview(page, locale, 3);
      const notice = ui.drawer.getByRole('alert').filter({ hasText: uiText(locale, 'errorFlows.componentOffline.title', { count: 3 }) });
      await expect(notice).toContainText(errorUiText(locale, 'print.component-not-running', 'remedy'), { timeout: 30_000 });
      await saveScreenshot(page, 'component-offline', locale);
      expect(ownGateway.emulator.printed()).toHaveLength(0);

      await ownGateway.emulator.setFault(null);
      await expect(ui.printing).toContainText(ui.printedAll(3), { timeout: 60_000 });
      await expect(notice).toBeHidden();
      expect(ownGateway.emulator.printed()).toHaveLength(3);
      expect(ownGateway.emulator.received().flatMap((task) => task.documentIds)).toHaveLength(3);
    });
  });
}
