import { stationCall } from './desk-actions';
import { historyWaybills, issueUi, openIssuePlan, planFirstOrders, selectByScanning, startIssueAndPrint, validAndInvalidOrders } from './issue-print-actions';
import { openOwnGatewayDesk, ytoBranchCode } from './own-gateway-desk';
import { saveScreenshot } from './screenshots';
import { expect, test } from './station-fixtures';
import { uiText } from './ui-text';

test.use({ useOwnGateway: true, demoOrders: 40 });

// Behaviour, not words, is what these tests check: each runs in one language, the two taking turns
// over the spec (README, Tests: languages in the e2e suite).
for (const locale of ['zh-CN', 'en'] as const) {
  const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);

  test.describe(`choices in the plan (${locale})`, () => {
    test.setTimeout(120_000);

    if (locale === 'zh-CN') test('a short balance offers the first K: exactly K are issued and printed, the others are skipped', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      await ownGateway.sandbox.setBranchBalance(ytoBranchCode, 2);
      const { page, orders } = await planFirstOrders(openStation, locale, request, stationHost, ownGateway, 4);
      const ui = issueUi(page, locale);
      await expect(ui.drawer).toContainText(text('issuePrint.plan.balanceShort', { balance: 2, needed: 4 }));
      await expect(ui.start(4)).toHaveCount(0);
      await saveScreenshot(page, 'plan-balance-short', locale);

      await startIssueAndPrint(page, locale, 2, { firstK: true });
      await expect(ui.printing).toContainText(ui.printedAll(2), { timeout: 30_000 });
      await expect(ui.ending('done')).toBeVisible();
      for (const skipped of orders.slice(2)) await expect(ui.jobOrder(skipped)).toContainText(text('issuePrint.orderState.skipped'));
      expect(ownGateway.sandbox.issuedWaybills().flatMap((waybill) => waybill.orderNumbers).sort()).toEqual(orders.slice(0, 2).sort());
      expect(ownGateway.emulator.printed()).toHaveLength(2);
      expect(ownGateway.sandbox.branchBalance(ytoBranchCode).quantity).toBe(0);
    });

    if (locale === 'en') test('merged orders of one buyer can be kept apart: each gets its own waybill', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const page = await openOwnGatewayDesk(openStation, request, stationHost, ownGateway, 40, locale);
      const ui = issueUi(page, locale);
      // The demo shop has buyers who ordered twice to one address: the merge candidates.
      const demoOrders = ownGateway.sandbox.orders();
      const again = demoOrders.find((order) => order.notes.includes('same-buyer-same-address'));
      const first = demoOrders.find((order) => order.buyerId === again?.buyerId && order !== again);
      if (!again || !first) throw new Error('the demo shop has no buyer who ordered twice to one address');
      const other = (await validAndInvalidOrders(request, stationHost, 40)).valid.find((number) => number !== again.orderSn && number !== first.orderSn) ?? '';
      const chosen = [first.orderSn, other, again.orderSn];
      await selectByScanning(page, locale, chosen);
      await openIssuePlan(page, locale, 3);

      await ui.drawer.getByRole('switch', { name: text('issuePrint.plan.merge') }).click();
      const merges = ui.drawer.getByLabel(text('issuePrint.plan.mergesLabel'));
      await expect(merges).toContainText(text('issuePrint.plan.merges', { count: 1 }));
      await expect(merges).toContainText(first.orderSn);
      await expect(merges).toContainText(again.orderSn);
      await expect(ui.start(2)).toBeVisible();
      await saveScreenshot(page, 'plan-merged', locale);

      await merges.getByRole('button', { name: text('issuePrint.plan.keepApart') }).click();
      await expect(merges).toHaveCount(0);
      await startIssueAndPrint(page, locale, 3);
      await expect(ui.printing).toContainText(ui.printedAll(3), { timeout: 30_000 });
      const waybillOf = (orderNumber: string) => ownGateway.sandbox.issuedWaybill(orderNumber)?.waybillCode;
      expect(waybillOf(first.orderSn)).toBeDefined();
      expect(waybillOf(again.orderSn)).toBeDefined();
      expect(waybillOf(first.orderSn)).not.toBe(waybillOf(again.orderSn));
      expect(ownGateway.sandbox.issuedWaybills()).toHaveLength(3);
      expect(new Set(ownGateway.emulator.printed().map((label) => label.documentId)).size).toBe(3);
    });

    if (locale === 'zh-CN') test('an order invalid for a missing phone is issued once the shop fixed it and the orders were fetched again', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const page = await openOwnGatewayDesk(openStation, request, stationHost, ownGateway, 40, locale);
      const ui = issueUi(page, locale);
      const broken = ownGateway.sandbox.orders().find((order) => order.notes.includes('receiver-phone-missing'))?.orderSn ?? '';
      const { valid, invalid } = await validAndInvalidOrders(request, stationHost, 40);
      expect(invalid).toContain(broken);
      await selectByScanning(page, locale, [broken, valid[0] ?? '']);
      await openIssuePlan(page, locale, 2);
      const invalidList = ui.drawer.getByLabel(text('issuePrint.plan.invalidLabel'));
      await expect(invalidList).toContainText(broken);
      await startIssueAndPrint(page, locale, 1);
      await expect(ui.printing).toContainText(ui.printedAll(1), { timeout: 30_000 });
      await expect(ui.jobOrder(broken)).toContainText(text('issuePrint.orderState.invalid'));
      await ui.dismiss.click();

      // The shop adds the phone on the platform; a full fetch brings the corrected order.
      ownGateway.sandbox.editOrderReceiver(broken, { mobile: '13812345678' });
      const grid = page.getByRole('grid', { name: text('orders.gridLabel') });
      await grid.focus();
      await page.keyboard.press('Escape');
      await page.keyboard.press('Shift+F5');
      await page.getByRole('dialog', { name: text('refresh.confirmTitle') }).getByRole('button', { name: text('refresh.confirmOk') }).click();
      await expect
        .poll(async () => (await stationCall(request, stationHost, 'orders.list', {})).rows.find((row) => row.order.orderNumber === broken)?.order.receiverPhone, { timeout: 30_000 })
        .toBe('138****5678');
      await expect(page.getByRole('status').filter({ hasText: text('selection.counts', { loaded: 40, shown: 40, selected: 0 }) })).toBeVisible();

      await selectByScanning(page, locale, [broken]);
      await openIssuePlan(page, locale, 1);
      await expect(ui.drawer.getByLabel(text('issuePrint.plan.invalidLabel'))).toHaveCount(0);
      await startIssueAndPrint(page, locale, 1);
      await expect(ui.printing).toContainText(ui.printedAll(1), { timeout: 30_000 });
      expect(ownGateway.sandbox.issuedWaybill(broken)).toBeDefined();
      expect(ownGateway.emulator.printed().map((label) => label.documentId)).toContain(ownGateway.sandbox.issuedWaybill(broken)?.waybillCode);
      expect(ownGateway.emulator.printed()).toHaveLength(2);
    });
  });

  test.describe(`cancelling a running job (${locale})`, () => {
    test.use({ demoOrders: 120 });
    test.setTimeout(180_000);

    if (locale === 'en') test('stops between gateway calls; the summary tells what was issued and printed, and the history holds every waybill', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const page = await openOwnGatewayDesk(openStation, request, stationHost, ownGateway, 120, locale);
      const ui = issueUi(page, locale);
      const { valid, invalid } = await validAndInvalidOrders(request, stationHost, 120);
      const packages = 120 - invalid.length;
      expect(valid.length).toBeGreaterThan(80);
      await page.getByRole('grid', { name: text('orders.gridLabel') }).focus();
      await page.keyboard.press('Control+a');
      await openIssuePlan(page, locale, 120);
      // Slow answers: more calls than may be in flight at once, so the job is cancelled with some never sent.
      ownGateway.sandbox.setFaults({ latencyMs: 5000 });
      // Cancelled before the first label could be looked at: nothing is printed.
      await startIssueAndPrint(page, locale, packages, { preview: 'leave' });
      await ui.cancel.click();
      await expect(ui.ending('cancelled')).toBeVisible({ timeout: 90_000 });
      ownGateway.sandbox.setFaults({ latencyMs: 0 });
      await saveScreenshot(page, 'job-cancelled', locale);

      const [job] = await stationCall(request, stationHost, 'jobs.list', { limit: 1 });
      const summary = await stationCall(request, stationHost, 'jobs.summary', { jobId: job?.id ?? '' });
      if (!summary) throw new Error('the cancelled job has no summary');
      const issued = [...summary.issued, ...summary.recovered];
      expect(issued.length).toBeGreaterThan(0);
      expect(issued.length).toBeLessThan(packages);
      await expect(ui.summary).toContainText(`${text('issuePrint.job.issued')}${summary.issued.length}`);
      expect(summary.printed).toBe(0);
      await expect(ui.summary).toContainText(`${text('issuePrint.job.printed')}0`);
      // Nothing lost: every waybill the gateway issued is in the history, not printed, for a reprint; nothing else is.
      const history = await historyWaybills(request, stationHost);
      const gatewayOrders = ownGateway.sandbox.issuedWaybills().flatMap((waybill) => waybill.orderNumbers);
      expect(history.map((row) => row.orderNumber).sort()).toEqual(gatewayOrders.sort());
      expect(history.length).toBe(issued.length);
      expect(history.every((row) => row.printState === 'not-printed' && row.printCount === 0)).toBe(true);
      expect(ownGateway.emulator.printed()).toHaveLength(0);
      // The orders never sent wait for a retry.
      await expect(ui.retry).toBeVisible();
    });
  });
}
