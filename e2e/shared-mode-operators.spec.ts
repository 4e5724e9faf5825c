import { startPostgresTestServer, type PostgresTestServer } from '../electron/store/postgres/testing/postgres-test-server';
import { chooseScanMode, openSettingsWithF2, scan, stationCall } from './desk-actions';
import { validAndInvalidOrders } from './issue-print-actions';
import { saveScreenshot } from './screenshots';
import { withTwoSharedDesks } from './shared-mode-desk-actions';
import { expect, test, type OwnGateway } from './station-fixtures';
import { uiText } from './ui-text';

/*
 * Two browser hosts in shared mode on one PostgreSQL (a throwaway server of this spec's own): the
 * operators are the account's — created at desk A, one signs in at desk B's sign-in screen — and
 * an order verified at desk A raises "already verified" when desk B scans it.
 */
test.use({ useOwnGateway: true, demoOrders: 40 });

let server: PostgresTestServer;
test.beforeAll(async () => {
  server = await startPostgresTestServer();
});
test.afterAll(() => server.dispose());

const supervisor = { name: 'Wang Fang', pin: '135790' };
const packer = { name: 'Li Na', pin: '2468' };

// Behaviour, not words, is what this spec checks (the sign-in and the alarm's words are checked in
// both languages by the operators and scan-to-verify specs): it runs once, in Chinese (README, Tests:
// languages in the e2e suite).
for (const locale of ['zh-CN', 'en'] as const) {
  if (locale === 'zh-CN') test(`an operator created at desk A signs in at desk B, and an order verified at desk A is verified at desk B (${locale}) @host-only`, async ({ restartStation, request, stationHost, ownGateway, hostBrowser }) => {
    test.setTimeout(120_000);
    const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
    const gateway = ownGateway as OwnGateway;
    await withTwoSharedDesks(
      { request, stationHost, gateway, database: await server.freshDatabase(), restartStation, hostBrowser, locale, prepareB: (hostB) => stationCall(request, hostB, 'settings.update', { patch: { verification: { enabled: true } } }).then(() => undefined) },
      async ({ hostB, openDeskB }) => {
        const [order] = (await validAndInvalidOrders(request, stationHost, 40)).valid;
        const { rows } = await stationCall(request, stationHost, 'orders.list', {});
        const shopId = rows.find((row) => row.order.orderNumber === order)?.shopId;
        if (!order || !shopId) throw new Error('no valid order');

        // The operators are created at desk A only; desk B turns operators on with the account's supervisor.
        // Operators wait for the shared database (a desk away from it answers none).
        await expect.poll(() => stationCall(request, stationHost, 'operators.list', {}).then(() => true, () => false), { timeout: 15_000 }).toBe(true);
        await stationCall(request, stationHost, 'operators.add', { name: supervisor.name, role: 'supervisor', pin: supervisor.pin });
        await stationCall(request, stationHost, 'operators.add', { name: packer.name, role: 'packer', pin: packer.pin });
        await expect.poll(() => stationCall(request, hostB, 'operators.list', {}).then((listed) => listed.length), { timeout: 15_000 }).toBe(2);
        await stationCall(request, hostB, 'settings.update', { patch: { operators: { enabled: true } } });

        const deskB = await openDeskB();
        const pageB = deskB.page;
        await expect(pageB.getByRole('heading', { name: text('operators.signIn.title') })).toBeVisible({ timeout: 15_000 });
        await pageB.getByLabel(text('operators.signIn.name')).fill(packer.name);
        await pageB.getByLabel(text('operators.signIn.pin')).fill(packer.pin);
        await pageB.getByRole('button', { name: text('operators.signIn.submit') }).click();
        await expect(pageB.getByRole('banner').getByText(text('operators.header.signedIn', { name: packer.name, role: text('operators.role.packer') }))).toBeVisible();

        // Verified complete at desk A (its release's record); desk B scans the same order.
        await stationCall(request, stationHost, 'verification.record', { kind: 'verification.completed', shopId, orderNumber: order, details: { lines: 1, items: 1, overridden: 0, weightG: null } });
        await expect(pageB.getByRole('status').filter({ hasText: text('selection.counts', { loaded: 40, shown: 40, selected: 0 }) })).toBeVisible({ timeout: 15_000 });
        await chooseScanMode(pageB, locale, 'verify');
        await scan(pageB, order);
        await expect(pageB.getByRole('alert').filter({ hasText: text('scan.outcome.already-verified', { orderNumber: order }) })).toBeVisible();
        await saveScreenshot(pageB, 'shared-verify-already-verified', locale);
        expect(await stationCall(request, hostB, 'verification.verified', { shopId, orderNumber: order })).toMatchObject({ deskName: 'Desk A' });
        expect(gateway.sandbox.issuedWaybill(order)).toBeUndefined();
        expect(deskB.errors, 'desk B: console errors and page errors').toEqual([]);
      },
    );
  });
}

// The notice's words are what this test checks: both languages.
for (const locale of ['zh-CN', 'en'] as const) {
  test(`desk B's own operator whose name the account had is named in Settings → Operators, with what to do, until dismissed (${locale}) @host-only`, async ({ restartStation, request, stationHost, ownGateway, hostBrowser }) => {
    test.setTimeout(120_000);
    const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
    const gateway = ownGateway as OwnGateway;
    await withTwoSharedDesks(
      {
        request,
        stationHost,
        gateway,
        database: await server.freshDatabase(),
        restartStation,
        hostBrowser,
        locale,
        // Desk B worked alone first, with an operator of its own.
        prepareB: (hostB) => stationCall(request, hostB, 'operators.add', { name: packer.name, role: 'packer', pin: '8642' }).then(() => undefined),
      },
      async ({ hostB, openDeskB }) => {
        // The account has a Li Na of desk A's before desk B's list is copied in (at its first operator call).
        await expect.poll(() => stationCall(request, stationHost, 'operators.add', { name: packer.name, role: 'packer', pin: packer.pin }).then(() => true, () => false), { timeout: 15_000 }).toBe(true);
        await expect.poll(() => stationCall(request, hostB, 'operators.kept-apart', {}).then((keptApart) => keptApart.names, () => null), { timeout: 15_000 }).toEqual([packer.name]);

        const deskB = await openDeskB();
        const pageB = deskB.page;
        await expect(pageB.getByRole('grid', { name: text('orders.gridLabel') })).toBeVisible({ timeout: 15_000 });
        await openSettingsWithF2(pageB, locale);
        const section = pageB.getByRole('region', { name: text('settings.section.operators'), exact: true });
        const notice = section.getByRole('alert').filter({ hasText: text('operators.keptApart.title', { count: 1 }) });
        await expect(notice).toBeVisible();
        await expect(notice).toContainText(text('operators.keptApart.description', { names: packer.name }));
        await notice.scrollIntoViewIfNeeded();
        await saveScreenshot(pageB, 'shared-operators-kept-apart', locale);
        await notice.getByRole('button', { name: text('operators.keptApart.dismiss') }).click();
        await expect(notice).toHaveCount(0);
        expect(await stationCall(request, hostB, 'operators.kept-apart', {})).toEqual({ names: [] });
        // The account's Li Na is the one listed at desk B.
        await expect(section.getByRole('table', { name: text('operators.settings.list') })).toContainText(packer.name);
        expect(deskB.errors, 'desk B: console errors and page errors').toEqual([]);
      },
    );
  });
}
