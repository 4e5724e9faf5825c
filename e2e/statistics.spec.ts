import { readFile } from 'node:fs/promises';
import { reasonText } from '../shared/errors/error-reasons';
import { formatChinaDateTime } from '../shared/time/china-time';
import { openStatistics, stationCall } from './desk-actions';
import { heldAndPlainOrders, historyWaybills, issueUi, ofFirstShop, planFirstOrders, startIssueAndPrint, validAndInvalidOrders } from './issue-print-actions';
import { openOwnGatewayDesk } from './own-gateway-desk';
import { saveScreenshot } from './screenshots';
import { expect, test } from './station-fixtures';
import { uiText } from './ui-text';
import type { PageGlobals } from './page-dom';

test.use({ useOwnGateway: true, demoOrders: 40 });

for (const locale of ['zh-CN', 'en'] as const) {
  const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);

  test.describe(`statistics (${locale})`, () => {
    test.setTimeout(150_000);

    test('the screen loads on demand and draws the day: totals, charts with the numbers a hover away, and tables equal to the history', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const { page } = await planFirstOrders(openStation, locale, request, stationHost, ownGateway, 4);
      const ui = issueUi(page, locale);
      await startIssueAndPrint(page, locale, 4);
      await expect(ui.summary).toContainText(`${text('issuePrint.job.printed')}4`, { timeout: 30_000 });
      await ui.dismiss.click();

      // One waybill voided and one label printed again, as a desk does during the day.
      const [voided, reprinted] = await historyWaybills(request, stationHost);
      if (!voided?.waybillCode || !reprinted?.waybillCode) throw new Error('the job left no waybills');
      await stationCall(request, stationHost, 'history.void', { waybillCodes: [voided.waybillCode], voided: true });
      await stationCall(request, stationHost, 'history.reprint', { waybillCodes: [reprinted.waybillCode], confirmAlreadyPrinted: true });
      await expect.poll(async () => (await historyWaybills(request, stationHost)).reduce((sum, row) => sum + row.printCount, 0), { timeout: 20_000 }).toBe(5);
      const rows = await historyWaybills(request, stationHost);

      // The desk painted without the statistics' chunk (and its chart library); opening the screen loads it.
      const statisticsChunkLoaded = () => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /statistics-screen-[^/]*\.js$/.test(entry.name)));
      expect(await statisticsChunkLoaded()).toBe(false);
      const screen = await openStatistics(page, locale);
      expect(await statisticsChunkLoaded()).toBe(true);

      const total = (name: string) => screen.getByTestId(`statistics-total-${name}`).locator('.ant-statistic-content-value');
      await expect(total('waybills')).toHaveText(String(rows.length));
      await expect(total('labelsPrinted')).toHaveText('5');
      await expect(total('reprints')).toHaveText('1');
      await expect(total('voids')).toHaveText('1');

      // Today per hour (a line), by carrier and by shop (pies), drawn as SVG.
      for (const chart of ['periods', 'carrier', 'shop']) await expect(screen.getByTestId(`statistics-chart-${chart}`).locator('svg path').first()).toBeAttached();
      await expect(screen.getByText(text('statistics.chart.perHour'), { exact: true })).toBeVisible();
      // The charts' own words (legend, axis names) are drawn in the desk's font stack, with the CJK face the app ships: never boxes.
      const chartFonts = await screen.getByTestId('statistics-chart-periods').locator('svg text').evaluateAll((texts) => texts.map((each) => (globalThis as unknown as PageGlobals).getComputedStyle(each).fontFamily));
      expect(chartFonts.length).toBeGreaterThan(0);
      for (const font of chartFonts) expect(font).toContain('Station CJK Fallback');
      // Hovering the carrier pie's ring shows its count.
      const pie = screen.getByTestId('statistics-chart-carrier');
      const box = await pie.boundingBox();
      if (!box) throw new Error('the carrier chart has no box');
      // The ring is hovered again until its tooltip shows (the chart may still be settling its first draw).
      await expect(async () => {
        await page.mouse.move(box.x + 4, box.y + 4);
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - Math.min(box.width, box.height) * 0.25);
        await expect(pie).toContainText(`: ${rows.length} (100%)`, { timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      await saveScreenshot(page, 'statistics', locale);

      // The table of the same data: this hour's line counts every waybill.
      await screen.getByRole('radiogroup', { name: text('statistics.view.label') }).getByText(text('statistics.view.table'), { exact: true }).click();
      const periods = screen.getByRole('table', { name: text('statistics.table.perPeriod') });
      const hour = `${formatChinaDateTime(Date.now()).slice(11, 13)}:00`;
      await expect(periods.getByRole('row').filter({ hasText: hour }).getByRole('cell').nth(1)).toHaveText(String(rows.length));
      await expect(screen.getByRole('table', { name: text('statistics.dimension.carrier') })).toBeVisible();
      await saveScreenshot(page, 'statistics-table', locale);

      // Back to the desk.
      await screen.getByRole('button', { name: text('statistics.back') }).click();
      await expect(screen).toBeHidden();
    });

    // Behaviour, not words: one language, the two taking turns (README, Tests: languages in the e2e suite).
    if (locale === 'en') test('orders held back and scan-to-verify’s figures show in the totals, a chart of their own and the table', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const page = await openOwnGatewayDesk(openStation, request, stationHost, ownGateway, 40, locale);
      // An order of a held-back status, planned twice today with another: held back once.
      const { held, plain, heldStatus } = await heldAndPlainOrders(request, stationHost, ownGateway);
      await stationCall(request, stationHost, 'settings.update', { patch: { issueOptions: { heldBackOrderStatuses: [heldStatus] } } });
      const orders = await ofFirstShop(request, stationHost, [held, plain]);
      for (const attempt of [1, 2]) {
        const plan = await stationCall(request, stationHost, 'issue.plan', { orders, merge: false, keepApart: [] });
        expect(plan.heldBack.map((order) => order.orderNumber), `plan ${attempt}`).toEqual([held]);
      }
      // Scan-to-verify at the desk: two orders verified, one wrong item caught, goods counted by hand once.
      const shopId = orders[0]?.shopId ?? '';
      const completed = { kind: 'verification.completed', shopId, details: { lines: 1, items: 1, overridden: 0, weightG: null } } as const;
      await stationCall(request, stationHost, 'verification.record', { ...completed, orderNumber: held });
      await stationCall(request, stationHost, 'verification.record', { ...completed, orderNumber: plain });
      await stationCall(request, stationHost, 'verification.record', {
        kind: 'verification.mismatch', shopId, orderNumber: plain, details: { mismatch: 'wrong-item', barcode: '6901234567892', goodsName: null, goodsSpec: null },
      });
      await stationCall(request, stationHost, 'verification.record', { kind: 'verification.override', shopId, orderNumber: held, details: { goodsName: '保温杯', goodsSpec: '', count: 1, reason: 'no barcode' } });

      const screen = await openStatistics(page, locale);
      const total = (name: string) => screen.getByTestId(`statistics-total-${name}`);
      for (const [name, count] of [['heldBack', 1], ['verified', 2], ['mismatches', 1], ['overrides', 1], ['waybills', 0]] as const) {
        await expect(total(name)).toContainText(text(`statistics.figure.${name}`));
        await expect(total(name).locator('.ant-statistic-content-value')).toHaveText(String(count));
      }
      await expect(screen.getByText(text('statistics.chart.verification'), { exact: true })).toBeVisible();
      await expect(screen.getByTestId('statistics-chart-verification').locator('svg path').first()).toBeAttached();
      await saveScreenshot(page, 'statistics-verification', locale);

      // The table: this hour's line, with the figures under their own headings.
      await screen.getByRole('radiogroup', { name: text('statistics.view.label') }).getByText(text('statistics.view.table'), { exact: true }).click();
      const periods = screen.getByRole('table', { name: text('statistics.table.perPeriod') });
      const headings = await periods.getByRole('columnheader').allTextContents();
      const hour = periods.getByRole('row').filter({ hasText: `${formatChinaDateTime(Date.now()).slice(11, 13)}:00` });
      for (const [name, count] of [['heldBack', 1], ['verified', 2], ['mismatches', 1], ['overrides', 1]] as const) {
        await expect(hour.getByRole('cell').nth(headings.indexOf(text(`statistics.figure.${name}`)))).toHaveText(String(count));
      }
    });

    test('an order the gateway refused from the browser counts as a failure, its reason in words on the screen and in the export', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const { page } = await planFirstOrders(openStation, locale, request, stationHost, ownGateway, 1);
      const ui = issueUi(page, locale);
      // The sandbox refuses the order as out of the carrier's coverage (a fault of this test's own sandbox only).
      ownGateway.sandbox.setFaults({ issueOutOfCoverageRate: 1 });
      try {
        await startIssueAndPrint(page, locale, 1, { preview: 'leave' });
        await expect(ui.dismiss).toBeVisible({ timeout: 30_000 });
      } finally {
        ownGateway.sandbox.setFaults({ issueOutOfCoverageRate: 0 });
      }
      await ui.dismiss.click();

      const code = 'gateway.issue-rejected.this-order-only';
      const words = reasonText(code, locale === 'zh-CN' ? 'zh' : 'en');
      const screen = await openStatistics(page, locale);
      await expect(screen.getByTestId('statistics-total-failures').locator('.ant-statistic-content-value')).toHaveText('1');
      await screen.getByRole('radiogroup', { name: text('statistics.view.label') }).getByText(text('statistics.view.table'), { exact: true }).click();
      const reasons = screen.getByRole('table', { name: text('statistics.failuresByReason') });
      const reason = reasons.getByRole('row').filter({ hasText: code });
      await expect(reason).toContainText(words);
      await expect(reason).toContainText('1');
      await saveScreenshot(reasons, 'statistics-failure-reasons', locale);

      // The export: the same reason, in the same words.
      const download = page.waitForEvent('download');
      await screen.getByRole('button', { name: text('statistics.exportCsv') }).click();
      const csv = await readFile(await (await download).path(), 'utf8');
      expect(csv).toContain(code);
      expect(csv).toContain(words);
    });

    // Behaviour, not words: one language, the two taking turns (README, Tests: languages in the e2e suite).
    if (locale === 'zh-CN') test('per operator: the waybills of the job a packer started and what they verified, in the operators’ table', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const page = await openOwnGatewayDesk(openStation, request, stationHost, ownGateway, 40, locale);
      const packer = { name: 'Li Na', pin: '2468' };
      // Operators turn on only with a supervisor among them.
      await stationCall(request, stationHost, 'operators.add', { name: 'Wang Fang', role: 'supervisor', pin: '135790' });
      await stationCall(request, stationHost, 'operators.add', { name: packer.name, role: 'packer', pin: packer.pin });
      await stationCall(request, stationHost, 'settings.update', { patch: { operators: { enabled: true } } });
      await page.getByLabel(text('operators.signIn.name')).fill(packer.name);
      await page.getByLabel(text('operators.signIn.pin')).fill(packer.pin);
      await page.getByRole('button', { name: text('operators.signIn.submit') }).click();
      await expect(page.getByRole('button', { name: text('operators.header.signOut') })).toBeVisible();

      // Signed in, the packer verifies an order and issues two (the desk's API, as the desk calls it).
      const orders = await ofFirstShop(request, stationHost, (await validAndInvalidOrders(request, stationHost, 40)).valid.slice(0, 2));
      const shopId = orders[0]?.shopId ?? '';
      await stationCall(request, stationHost, 'verification.record', { kind: 'verification.completed', shopId, orderNumber: orders[0]?.orderNumber ?? '', details: { lines: 1, items: 1, overridden: 0, weightG: null } });
      const plan = await stationCall(request, stationHost, 'issue.plan', { orders, merge: false, keepApart: [] });
      await stationCall(request, stationHost, 'issue.start', { jobId: plan.jobId });
      await expect.poll(async () => (await historyWaybills(request, stationHost)).filter((row) => row.printCount > 0).length, { timeout: 30_000 }).toBe(2);

      const screen = await openStatistics(page, locale);
      await screen.getByRole('radiogroup', { name: text('statistics.view.label') }).getByText(text('statistics.view.table'), { exact: true }).click();
      const operators = screen.getByRole('table', { name: text('statistics.dimension.operator') });
      const headings = await operators.getByRole('columnheader').allTextContents();
      const row = operators.getByRole('row').filter({ hasText: packer.name });
      for (const [name, count] of [['waybills', 2], ['labelsPrinted', 2], ['reprints', 0], ['verified', 1]] as const) {
        await expect(row.getByRole('cell').nth(headings.indexOf(text(`statistics.figure.${name}`)))).toHaveText(String(count));
      }
      await saveScreenshot(page, 'statistics-operators', locale);
    });

    // Behaviour, not words: one language, the two taking turns (README, Tests: languages in the e2e suite).
    if (locale === 'zh-CN') test('the balance forecast warns in the header and before Start when the plan would leave the branch under the threshold set in Settings', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const { page } = await planFirstOrders(openStation, locale, request, stationHost, ownGateway, 2);
      const ui = issueUi(page, locale);
      const warning = ui.drawer.getByTestId('plan-balance-warning');
      const header = page.getByTestId('balance-forecast-warning');
      // No branch of the sandbox is near 0 waybills: off.
      await stationCall(request, stationHost, 'settings.update', { patch: { balanceForecast: { warnBelowWaybills: 0 } } });
      await expect(warning).toHaveCount(0);
      await expect(header).toHaveCount(0);
      // Every branch is under the largest threshold: the plan and the header say so.
      await stationCall(request, stationHost, 'settings.update', { patch: { balanceForecast: { warnBelowWaybills: 1_000_000 } } });
      await expect(warning).toBeVisible();
      await expect(warning).toContainText('1000000');
      await expect(header).toBeVisible();
      await saveScreenshot(page, 'balance-forecast', locale);
    });
  });
}
