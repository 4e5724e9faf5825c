import type { APIRequestContext } from '@playwright/test';
import { DEMO_NETWORK, DEMO_OFFICE, STANDARD_TEMPLATES, standardTemplateUrl } from '../electron/demo/sandbox';
import { openSettingsWithF2, scan, stationCall } from './desk-actions';
import { confirmLabelPreview, issueUi, openIssuePlan, heldAndPlainOrders, selectByScanning, validAndInvalidOrders } from './issue-print-actions';
import { openOwnGatewayDesk } from './own-gateway-desk';
import { saveScreenshot } from './screenshots';
import { expect, test, type OwnGateway, type StationHostProcess } from './station-fixtures';
import { uiText } from './ui-text';

test.use({ useOwnGateway: true, demoOrders: 40 });

/** ZTO's branch at the demo office: it requires 保价 (SVC-INSURE) on every waybill. */
const requiredServiceBranch = DEMO_NETWORK.find((carrier) => carrier.cpCode === 'ZTO')?.branches.find((branch) => branch.services.some((service) => service.required));

/** Ships from the required-service branch (what the ship-from panel and Settings would store). */
async function shipFromRequiredServiceBranch(request: APIRequestContext, host: StationHostProcess): Promise<void> {
  const template = STANDARD_TEMPLATES.find((candidate) => candidate.cpCode === 'ZTO' && candidate.widthMm === 76);
  if (!template || !requiredServiceBranch) throw new Error('the demo network has no ZTO branch that requires a service');
  await stationCall(request, host, 'settings.update', {
    patch: {
      print: { templateUrlByCarrier: { ZTO: standardTemplateUrl(template) }, labelSizeByCarrier: { ZTO: '76x130' } },
      shipFrom: {
        carrierCode: 'ZTO',
        branchCode: requiredServiceBranch.code,
        senderAddress: { province: DEMO_OFFICE.province, city: DEMO_OFFICE.city, district: DEMO_OFFICE.district, town: null, detail: DEMO_OFFICE.detail },
      },
    },
  });
}

/** The logistics_services and item weights the sandbox received in its issue calls, by object_id. */
function sentEntries(gateway: OwnGateway): Map<string, { services: unknown; items: Array<Record<string, unknown>> }> {
  type Body = { param_waybill_cloud_print_apply_new_request: { trade_order_info_dtos: Array<{ object_id: string; logistics_services?: string; package_info: { items: Array<Record<string, unknown>> } }> } };
  const entries = gateway.sandbox
    .calls()
    .filter((call) => call.endpoint === 'issue' && call.code === 0)
    .flatMap((call) => (call.body as Body).param_waybill_cloud_print_apply_new_request.trade_order_info_dtos);
  return new Map(entries.map((entry) => [entry.object_id, { services: entry.logistics_services, items: entry.package_info.items }]));
}

// Behaviour, not words, is what these tests check: each runs in one language, the two taking turns
// over the spec (README, Tests: languages in the e2e suite).
for (const locale of ['zh-CN', 'en'] as const) {
  const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);

  test.describe(`the whole issue request (${locale})`, () => {
    test.setTimeout(120_000);

    if (locale === 'en') test('the plan offers the branch’s services: the required one is always sent, with the value the desk gives, and the weight', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const page = await openOwnGatewayDesk(openStation, request, stationHost, ownGateway, 40, locale);
      const ui = issueUi(page, locale);
      // Valid under the YTO settings (at the required-service branch every order waits for the declared value).
      const orders = (await validAndInvalidOrders(request, stationHost, 40)).valid.slice(0, 2);
      await shipFromRequiredServiceBranch(request, stationHost);
      await page.reload();
      await expect(page.getByRole('region', { name: text('shipFrom.label') })).toContainText(requiredServiceBranch?.code ?? '');
      await selectByScanning(page, locale, orders);
      await openIssuePlan(page, locale, 2);

      // Without the declared value nothing can be issued: each order names the service and the value it needs.
      await expect(ui.start(2)).toHaveCount(0);
      const invalid = ui.drawer.getByLabel(text('issuePrint.plan.invalidLabel'));
      await expect(invalid).toContainText(orders[0] ?? '');
      await ui.drawer.getByRole('button', { name: new RegExp(text('issuePrint.options.title')) }).click();
      const services = ui.drawer.getByRole('group', { name: text('issuePrint.options.services') });
      const insure = services.getByRole('checkbox', { name: '保价' });
      await expect(insure).toBeChecked();
      await expect(insure).toBeDisabled();
      await expect(services).toContainText(text('issuePrint.options.required'));
      await services.getByRole('textbox', { name: '保价 保价金额' }).fill('300');
      await ui.drawer.getByRole('textbox', { name: text('issuePrint.options.weight'), exact: true }).fill('500');
      // The plan is made again by itself; the options stay open, with what was typed (the declared value, the weight).
      await expect(ui.start(2)).toBeEnabled();
      await expect(services.getByRole('textbox', { name: '保价 保价金额' })).toHaveValue('300');
      await saveScreenshot(page, 'plan-services', locale);

      await ui.start(2).click();
      await confirmLabelPreview(page, locale, 2);
      await expect(ui.printing).toContainText(ui.printedAll(2), { timeout: 30_000 });
      const sent = sentEntries(ownGateway);
      for (const orderNumber of orders) {
        expect(sent.get(orderNumber)?.services).toBe('{"SVC-INSURE":{"value":"300"}}');
        expect(sent.get(orderNumber)?.items[0]).toMatchObject({ weight: 500 });
        expect(ownGateway.sandbox.issuedWaybill(orderNumber)).toMatchObject({ branchCode: requiredServiceBranch?.code });
      }
    });

    if (locale === 'zh-CN') test('an order of a held-back status alarms when scanned and is issued only once confirmed in the plan', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const page = await openOwnGatewayDesk(openStation, request, stationHost, ownGateway, 40, locale);
      const ui = issueUi(page, locale);
      const { held, plain, heldStatus } = await heldAndPlainOrders(request, stationHost, ownGateway);
      await stationCall(request, stationHost, 'settings.update', { patch: { issueOptions: { heldBackOrderStatuses: [heldStatus] } } });
      await page.reload();

      // The raw status, with its count, in the desk's filter (folded into "More filters").
      const moreButton = page.getByRole('region', { name: text('localFilters.label') }).getByRole('button', { name: text('localFilters.more') });
      await moreButton.click();
      const statusFilter = page.getByRole('combobox', { name: text('localFilters.orderStatus') });
      await statusFilter.click();
      const heldOption = text('localFilters.orderStatusHeld', { status: heldStatus, count: 'COUNT' }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('COUNT', '\\d+');
      await expect(page.locator('.ant-select-dropdown').getByText(new RegExp(heldOption))).toBeVisible();
      await page.keyboard.press('Escape');
      if ((await moreButton.getAttribute('aria-expanded')) === 'true') await moreButton.click();
      await expect(moreButton).toHaveAttribute('aria-expanded', 'false');

      // Scanned: the alarm, nothing selected until the packer says so.
      await selectByScanning(page, locale, [plain]);
      const grid = page.getByRole('grid', { name: text('orders.gridLabel') });
      await grid.focus();
      await scan(page, held);
      const result = page.getByLabel(text('scan.resultLabel'));
      await expect(result).toContainText(text('scan.outcome.held-back', { orderNumber: held, orderStatus: heldStatus }));
      await expect(page.getByRole('status').filter({ hasText: text('selection.counts', { loaded: 40, shown: 40, selected: 1 }) })).toBeVisible();
      await result.getByRole('button', { name: text('scan.heldBackSelect') }).click();
      await openIssuePlan(page, locale, 2);

      // The plan keeps it out until it is confirmed, order by order.
      const heldBack = ui.drawer.getByRole('group', { name: text('issuePrint.options.heldBackLabel') });
      await expect(heldBack).toContainText(text('issuePrint.options.heldBack', { count: 1 }));
      await expect(ui.start(1)).toBeVisible();
      await heldBack.getByRole('checkbox', { name: text('issuePrint.options.confirmHeldBack', { orderNumber: held, status: heldStatus }) }).check();
      await expect(ui.start(1)).toBeDisabled();
      await expect(ui.start(2)).toBeVisible();
      await saveScreenshot(page, 'plan-held-back', locale);

      await ui.start(2).click();
      await confirmLabelPreview(page, locale, 2);
      await expect(ui.printing).toContainText(ui.printedAll(2), { timeout: 30_000 });
      expect(ownGateway.sandbox.issuedWaybill(held)).toBeDefined();
      expect(ownGateway.sandbox.issuedWaybill(plain)).toBeDefined();
    });

    if (locale === 'en') test('Settings → Sender holds each carrier’s defaults and the held-back statuses, with the note that none is held back by default', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const page = await openOwnGatewayDesk(openStation, request, stationHost, ownGateway, 40, locale);
      await openSettingsWithF2(page, locale);
      const defaults = page.getByRole('region', { name: text('settings.issueDefaults.title') });
      await expect(defaults).toContainText(text('settings.issueDefaults.heldBackHint'));
      await defaults.getByRole('tab', { name: 'ZTO Express' }).click();
      await expect(defaults).toContainText(text('settings.issueDefaults.requiredAt', { branches: requiredServiceBranch?.code ?? '' }));
      await defaults.getByRole('tab', { name: 'YTO Express' }).click();
      const yto = defaults.getByRole('tabpanel');
      await yto.getByRole('checkbox', { name: '代收货款' }).check();
      await yto.getByRole('textbox', { name: '代收货款 代收金额' }).fill('200');
      await yto.getByLabel(text('settings.issueDefaults.weight')).fill('800');
      await defaults.scrollIntoViewIfNeeded();
      await saveScreenshot(defaults, 'settings-issue-defaults', locale);
      await page.getByRole('button', { name: text('settings.save'), exact: true }).click();
      await expect(page.getByText(text('settings.saved'))).toBeVisible();
      const stored = await stationCall(request, stationHost, 'settings.get', {});
      expect(stored.settings.issueOptions.byCarrier.YTO).toMatchObject({ services: [{ code: 'SVC-COD', values: { value: '200' } }], weightG: 800 });
      expect(stored.settings.issueOptions.heldBackOrderStatuses).toEqual([]);
    });
  });
}
