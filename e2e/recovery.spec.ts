import type { PrintEmulator } from '../electron/demo/print-emulator/print-emulator';
import { stationCall } from './desk-actions';
import { confirmLabelPreview, historyWaybills, ofFirstShop, planFirstOrders, selectByScanning, startIssueAndPrint } from './issue-print-actions';
import { openOwnGatewayDesk, replacePrintEmulator } from './own-gateway-desk';
import { saveScreenshot } from './screenshots';
import { expect, test } from './station-fixtures';
import { browserLocale, uiText } from './ui-text';

test.use({ useOwnGateway: true, demoOrders: 40 });

// Behaviour, not words, is what these tests check: each runs in one language, the two taking turns
// over the spec (README, Tests: languages in the e2e suite).
for (const locale of ['zh-CN', 'en'] as const) {
test.describe(`recovery after a crash (${locale})`, () => {
  if (locale === 'zh-CN') test('the station is killed mid-job; at the next start the recovery view shows the interrupted job, which resumes', async ({ openStation, crashStation, restartStation, request, stationHost, ownGateway }) => {
    test.setTimeout(180_000);
    if (!ownGateway) throw new Error('the own gateway did not start');
    const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
    const page = await openOwnGatewayDesk(openStation, request, stationHost, ownGateway, 40, locale);
    const { rows } = await stationCall(request, stationHost, 'orders.list', {});
    const plan = await stationCall(request, stationHost, 'issue.plan', { orders: await ofFirstShop(request, stationHost, rows.map((row) => row.order.orderNumber)), merge: false, keepApart: [] });
    const orders = plan.packages.flatMap((entry) => entry.orderNumbers).filter((number) => /^[0-9]+$/.test(number)).slice(0, 25);
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

  if (locale === 'en') test('labels whose print outcome is unknown after a crash are printed again, once, when the packer says so', async ({ openStation, crashStation, restartStation, request, stationHost, ownGateway }) => {
    test.setTimeout(120_000);
    if (!ownGateway) throw new Error('the own gateway did not start');
    const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
    // A printer slow to draw: the component accepts the labels, and the station dies before they come out.
    const slow = await replacePrintEmulator(ownGateway.emulator, { renderDelayMs: 5000 });
    let fresh: PrintEmulator | null = null;
    try {
      const { page, orders } = await planFirstOrders(openStation, locale, request, stationHost, ownGateway, 2);
      await startIssueAndPrint(page, locale, 2);
      await expect
        .poll(async () => (await historyWaybills(request, stationHost)).filter((row) => row.printState === 'accepted').length, { timeout: 30_000, intervals: [100] })
        .toBe(2);
      await crashStation(page);
      // The component's machine restarted too: it no longer knows the task, so nobody can tell whether the labels came out.
      fresh = await replacePrintEmulator(slow);
      expect(slow.printed()).toHaveLength(0);
      const restarted = await restartStation(browserLocale(locale));
      // The station asked the component about the task before anything can be printed again.
      await expect
        .poll(async () => (await stationCall(request, stationHost, 'history.search', { states: ['print-unknown'], limit: 10 })).total, { timeout: 30_000 })
        .toBe(2);
      await expect.poll(() => fresh?.commandCounts().getTaskStatus ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);

      const recovery = restarted.getByRole('dialog', { name: text('recovery.title') });
      await expect(recovery).toContainText(text('recovery.printUnknown', { count: 2 }), { timeout: 30_000 });
      const waybills = (await historyWaybills(request, stationHost)).map((row) => row.waybillCode ?? '');
      for (const waybillCode of waybills) await expect(recovery).toContainText(waybillCode);
      await saveScreenshot(recovery, 'recovery-print-unknown', locale);
      expect(fresh.printed()).toHaveLength(0);

      await recovery.getByRole('button', { name: text('recovery.printAgain') }).click();
      await expect(restarted.getByText(text('history.reprint.queued', { count: 2 }))).toBeVisible();
      await expect.poll(() => fresh?.printed().length, { timeout: 30_000 }).toBe(2);
      // Nothing is left to decide: the view closes by itself.
      await expect(recovery).toBeHidden();
      // Printed exactly once more: one label per waybill, and the history counts one print each.
      expect(fresh.printed().map((label) => label.documentId).sort()).toEqual([...waybills].sort());
      await expect
        .poll(async () => (await historyWaybills(request, stationHost)).map((row) => `${row.orderNumber}:${row.printState}:${row.printCount}`).sort(), { timeout: 30_000 })
        .toEqual(orders.map((orderNumber) => `${orderNumber}:printed:1`).sort());
      expect(slow.printed()).toHaveLength(0);
    } finally {
      await (fresh ?? slow).close();
    }
  });

  if (locale === 'zh-CN') test('a label sent to the print component waits for it when the station comes back on the OS printer: the recovery view says so and prints nothing', async ({ openStation, crashStation, restartStation, request, stationHost, ownGateway }) => {
    test.setTimeout(120_000);
    if (!ownGateway) throw new Error('the own gateway did not start');
    const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
    // A printer slow to draw: the component accepts the label, and the station dies before it comes out.
    const slow = await replacePrintEmulator(ownGateway.emulator, { renderDelayMs: 5000 });
    try {
      const { page } = await planFirstOrders(openStation, locale, request, stationHost, ownGateway, 1);
      await startIssueAndPrint(page, locale, 1);
      await expect
        .poll(async () => (await historyWaybills(request, stationHost)).filter((row) => row.printState === 'accepted').length, { timeout: 30_000, intervals: [100] })
        .toBe(1);
      // The packer switches to the OS printer, and the station is killed.
      await stationCall(request, stationHost, 'settings.update', { patch: { print: { output: 'os-printer' } } });
      await crashStation(page);
      const restarted = await restartStation(browserLocale(locale));

      const recovery = restarted.getByRole('dialog', { name: text('recovery.title') });
      await expect(recovery).toContainText(text('recovery.printUnknown', { count: 1 }), { timeout: 30_000 });
      await expect(recovery).toContainText(text('history.printWait.otherOutput.print-component'));
      await expect(recovery.getByRole('button', { name: text('recovery.printAgain') })).toBeDisabled();
      await saveScreenshot(recovery, 'recovery-other-output', locale);
      expect(await stationCall(request, stationHost, 'print.queue-status', {})).toMatchObject({ output: 'os-printer', waitingForOtherOutput: 1 });
      // Sent once, to the print component only; never asked about or sent through the OS printer.
      expect(slow.received().filter((task) => !task.preview)).toHaveLength(1);
      expect((await historyWaybills(request, stationHost)).map((row) => [row.printState, row.printOutput])).toEqual([['unknown', 'print-component']]);
    } finally {
      await slow.close();
    }
  });
});
}
