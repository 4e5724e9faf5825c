import { stationCall } from './desk-actions';
import { confirmLabelPreview, selectByScanning } from './issue-print-actions';
import { openOwnGatewayDesk } from './own-gateway-desk';
import { saveScreenshot } from './screenshots';
import { expect, test } from './station-fixtures';
import { browserLocale, uiText } from './ui-text';

test.use({ useOwnGateway: true, demoOrders: 40 });

for (const locale of ['zh-CN', 'en'] as const) {
test.describe(`recovery after a crash (${locale})`, () => {
  test('the station is killed mid-job; at the next start the recovery view shows the interrupted job, which resumes', async ({ openStation, crashStation, restartStation, request, stationHost, ownGateway }) => {
    test.setTimeout(180_000);
    if (!ownGateway) throw new Error('the own gateway did not start');
    const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
    const page = await openStation(browserLocale(locale));
    await openOwnGatewayDesk(page, request, stationHost, ownGateway, 40, locale);
    const { rows } = await stationCall(request, stationHost, 'orders.list', {});
    const plan = await stationCall(request, stationHost, 'issue.plan', { orderNumbers: rows.map((row) => row.order.orderNumber), merge: false, keepApart: [] });
    const orders = plan.packages.map((entry) => entry.key).filter((number) => /^[0-9]+$/.test(number)).slice(0, 25);
    await selectByScanning(page, locale, orders);
    await page.getByRole('button', { name: text('issuePrint.action', { count: 25 }) }).click();
    const drawer = page.getByRole('dialog', { name: text('issuePrint.title') });
    // Slow answers, so the crash lands while issue calls are out: their orders are pending.
    ownGateway.sandbox.setFaults({ latencyMs: 4000 });
    await drawer.getByRole('button', { name: text('issuePrint.plan.start', { count: 25 }) }).click();
    await expect(drawer.getByRole('table', { name: text('issuePrint.job.ordersLabel') })).toContainText(text('issuePrint.orderState.pending'), { timeout: 30_000 });

    await crashStation(page);
    ownGateway.sandbox.setFaults({ latencyMs: 0 });
    const restarted = await restartStation(browserLocale(locale));
    const recovery = restarted.getByRole('dialog', { name: text('recovery.title') });
    await expect(recovery).toBeVisible({ timeout: 30_000 });
    const report = await stationCall(request, stationHost, 'jobs.startup-report', {});
    // The pending orders were looked up, not issued again blindly.
    expect(report.reconciled.recovered.length + report.reconciled.notIssued.length).toBeGreaterThan(0);
    if (report.reconciled.recovered.length > 0) await expect(recovery).toContainText(report.reconciled.recovered[0] ?? '');
    await saveScreenshot(restarted, 'recovery', locale);
    if (report.interruptedJobs.length > 0) {
      await expect(recovery).toContainText(text('recovery.interrupted', { count: report.interruptedJobs.length }));
      await recovery.getByRole('button', { name: text('recovery.resume') }).first().click();
      await confirmLabelPreview(restarted, locale, 25);
      const resumed = restarted.getByRole('dialog', { name: text('issuePrint.title') });
      await expect(resumed.getByText(text('issuePrint.job.ending.done'))).toBeVisible({ timeout: 60_000 });
    } else {
      // Everything was issued before the crash: the job still holds its labels for the look at the first one.
      await expect(recovery).toContainText(text('recovery.held', { count: 1 }));
      await recovery.getByRole('button', { name: text('recovery.show') }).click();
      await confirmLabelPreview(restarted, locale, 25);
    }
    // Every order ends with exactly one waybill, printed once: nothing was issued or printed twice.
    await expect
      .poll(async () => {
        const history = await stationCall(request, stationHost, 'history.search', { limit: 1000 });
        return history.rows.filter((row) => row.waybillCode !== null && row.printState === 'printed').length;
      }, { timeout: 60_000 })
      .toBe(25);
    const history = await stationCall(request, stationHost, 'history.search', { limit: 1000 });
    const issued = history.rows.filter((row) => row.waybillCode !== null);
    expect(new Set(issued.map((row) => row.orderNumber)).size).toBe(25);
    expect(new Set(issued.map((row) => row.waybillCode)).size).toBe(25);
    const printed = ownGateway.emulator.printed();
    expect(printed).toHaveLength(25);
    expect(new Set(printed.map((document) => document.documentId)).size).toBe(25);
  });
});
}
