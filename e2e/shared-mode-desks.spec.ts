import { startPostgresTestServer, type PostgresTestServer } from '../electron/store/postgres/testing/postgres-test-server';
import { openStatistics, stationCall } from './desk-actions';
import { ofFirstShop, validAndInvalidOrders, openHistory } from './issue-print-actions';
import { withTwoSharedDesks } from './shared-mode-desk-actions';
import { expect, test, type OwnGateway } from './station-fixtures';
import { uiText } from './ui-text';

/*
 * Two browser hosts, desk A and desk B, each with its own data folder and print emulator, on one
 * sandbox gateway and one PostgreSQL (a throwaway server of this spec's own) in shared mode.
 */
test.use({ useOwnGateway: true, demoOrders: 40 });

let server: PostgresTestServer;
test.beforeAll(async () => {
  server = await startPostgresTestServer();
});
test.afterAll(() => server.dispose());

// Behaviour, not words, is what these tests check: each runs in one language, the two taking turns
// over the spec (README, Tests: languages in the e2e suite).
for (const locale of ['zh-CN', 'en'] as const) {
  if (locale === 'en') test(`an order issued at desk A shows as issued at desk A on desk B without a refresh, printed at desk A in desk B's history, and desk B's reprint asks first, then prints once (${locale}) @host-only`, async ({
    restartStation,
    request,
    stationHost,
    ownGateway,
    hostBrowser,
  }) => {
    // Two hosts started twice, a job, a reprint and the account's statistics: longer than most.
    test.setTimeout(120_000);
    const gateway = ownGateway as OwnGateway;
    await withTwoSharedDesks(
      { request, stationHost, gateway, database: await server.freshDatabase(), restartStation, hostBrowser, locale },
      async ({ hostB, emulatorB, openDeskB }) => {
        // Desk A's refresh filled the shared cache: desk B lists the same orders without fetching.
        const deskB = await openDeskB();
        const pageB = deskB.page;
        await expect(pageB.getByRole('status').filter({ hasText: uiText(locale, 'selection.counts', { loaded: 40, shown: 40, selected: 0 }) })).toBeVisible({ timeout: 15_000 });

        const [order] = (await validAndInvalidOrders(request, stationHost, 40)).valid;
        if (!order) throw new Error('no valid order');
        const plan = await stationCall(request, stationHost, 'issue.plan', { orders: await ofFirstShop(request, stationHost, [order]), merge: false, keepApart: [] });
        await stationCall(request, stationHost, 'issue.start', { jobId: plan.jobId });
        await expect.poll(() => gateway.emulator.printed().length, { timeout: 20_000 }).toBe(1);
        const waybill = gateway.sandbox.issuedWaybill(order);
        if (!waybill) throw new Error('the order has no waybill');

        // Desk B's table says where the order went, with no refresh: LISTEN/NOTIFY told it.
        const rowB = pageB.getByRole('grid', { name: uiText(locale, 'orders.gridLabel') }).getByRole('row').filter({ hasText: order });
        await expect(rowB).toContainText(uiText(locale, 'orders.progress.issued-at-other-desk', { desk: 'Desk A' }), { timeout: 5_000 });

        // Desk A's print reaches the shared history (the sync follows A's print queue) before desk B looks.
        await expect
          .poll(async () => (await stationCall(request, hostB, 'history.search', { text: order })).rows[0]?.printedAtDesks?.map((desk) => desk.deskName), { timeout: 15_000 })
          .toEqual(['Desk A']);
        // Desk B's history finds desk A's waybill, names desk A, shows it printed there, at the packing desk's screen size.
        await pageB.setViewportSize({ width: 1366, height: 768 });
        const history = await openHistory(pageB, locale);
        await history.search.fill(order);
        await expect(history.rows).toHaveCount(1);
        await expect(history.row(order)).toContainText(waybill.waybillCode);
        await expect(history.row(order)).toContainText('Desk A');
        const printedAtA = uiText(locale, 'history.printedAtDesk', { desk: 'Desk A', count: 1, at: '\u0000' }).split('\u0000')[0] as string;
        await expect(history.row(order)).toContainText(printedAtA);
        await pageB.screenshot({ path: `test-results/shared-history-printed-at-desk-a-${locale}.png` });
        // Reprinting it at desk B asks first, as for a label printed here, naming desk A; nothing prints before the yes.
        await history.row(order).getByRole('button', { name: uiText(locale, 'history.reprint.one', { waybillCode: waybill.waybillCode }) }).click();
        const question = pageB.getByRole('dialog').filter({ hasText: uiText(locale, 'history.reprint.confirmTitle', { count: 1 }) });
        await expect(question).toBeVisible();
        await expect(question).toContainText(uiText(locale, 'history.reprint.printedTimesAt', { waybillCode: waybill.waybillCode, count: 1, desks: uiText(locale, 'history.reprint.deskCount', { desk: 'Desk A', count: 1 }) }));
        await pageB.screenshot({ path: `test-results/shared-history-reprint-asks-${locale}.png` });
        expect(emulatorB.printed()).toEqual([]);
        await question.getByRole('button', { name: uiText(locale, 'history.reprint.confirmOk') }).click();
        await expect.poll(() => emulatorB.printed().map((document) => document.documentId), { timeout: 20_000 }).toEqual([waybill.waybillCode]);
        // Printed again, never issued again.
        expect(gateway.sandbox.issuedWaybills().filter((issued) => issued.orderNumbers.includes(order))).toHaveLength(1);
        expect(gateway.emulator.printed()).toHaveLength(1);

        // Desk B's statistics are the account's: desk A's waybill, printed at A and again at B (once B's print is shared), under desk A.
        await expect
          .poll(async () => (await stationCall(request, hostB, 'statistics.report', { from: Date.now() - 3_600_000, to: Date.now() + 3_600_000 })).totals.labelsPrinted, { timeout: 15_000 })
          .toBe(2);
        await pageB.keyboard.press('Escape');
        const statistics = await openStatistics(pageB, locale);
        await expect(statistics.getByText(uiText(locale, 'statistics.scopeAccount'), { exact: true })).toBeVisible();
        for (const [name, count] of [['waybills', 1], ['labelsPrinted', 2], ['reprints', 1]] as const) {
          await expect(statistics.getByTestId(`statistics-total-${name}`).locator('.ant-statistic-content-value')).toHaveText(String(count));
        }
        await statistics.getByRole('radiogroup', { name: uiText(locale, 'statistics.view.label') }).getByText(uiText(locale, 'statistics.view.table'), { exact: true }).click();
        const desks = statistics.getByRole('table', { name: uiText(locale, 'statistics.dimension.desk') });
        await expect(desks.getByRole('row').filter({ hasText: 'Desk A' }).getByRole('cell').nth(1)).toHaveText('1');
        // Desk A's own records — its gateway calls and the points they cost — are the account's too, under desk A, once its upload sent them.
        const headings = await desks.getByRole('columnheader').allTextContents();
        await expect(desks.getByRole('row').filter({ hasText: 'Desk A' }).getByRole('cell').nth(headings.indexOf(uiText(locale, 'statistics.figure.points')))).not.toHaveText('0');
        expect(deskB.errors, 'desk B: console errors and page errors').toEqual([]);
      },
    );
  });
}
