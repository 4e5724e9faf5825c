import type { APIRequestContext, Page } from '@playwright/test';
import { startPrintEmulator, type PrintEmulator, type PrintEmulatorOptions } from '../electron/demo/print-emulator/print-emulator';
import { DEMO_NETWORK, DEMO_SENDER, STANDARD_TEMPLATES, standardTemplateUrl } from '../electron/demo/sandbox';
import { sandboxShopSettings } from '../electron/composition/testing/sandbox-desk';
import { stationCall } from './desk-actions';
import { expect, type OpenStation, type OwnGateway, type StationHostProcess } from './station-fixtures';
import { browserLocale, uiText, type DeskLocale } from './ui-text';

/** The YTO branch with a large balance, and its first sender address. */
const yto = DEMO_NETWORK.find((carrier) => carrier.cpCode === 'YTO');
const branch = yto?.branches[0];

/** The branch the own-gateway specs issue from. */
export const ytoBranchCode = branch?.code ?? '';

/**
 * A desk set up against the test's own sandbox (what the setup screen would store): token, the
 * account's shops with the table loading the first one (these specs issue and print that shop's
 * orders), YTO template, ship-from and sender; then the station is opened in the language's
 * system (once, on the settings already stored) and the orders are loaded in the page.
 */
export async function openOwnGatewayDesk(
  openStation: OpenStation,
  request: APIRequestContext,
  host: StationHostProcess,
  gateway: OwnGateway,
  orders: number,
  locale: DeskLocale = 'zh-CN',
): Promise<Page> {
  const template = STANDARD_TEMPLATES.find((candidate) => candidate.cpCode === 'YTO' && candidate.widthMm === 76) ?? STANDARD_TEMPLATES[0];
  const address = branch?.addresses[0];
  if (!template || !address) throw new Error('the demo network has no YTO branch with an address');
  await stationCall(request, host, 'token.set', { token: gateway.sandbox.token });
  await stationCall(request, host, 'settings.update', {
    patch: {
      ui: { setupCompleted: true, orderShops: [gateway.sandbox.shopId] },
      gateway: { shops: sandboxShopSettings(gateway.sandbox) },
      print: { templateUrlByCarrier: { YTO: standardTemplateUrl(template) } },
      shipFrom: {
        carrierCode: 'YTO',
        branchCode: ytoBranchCode,
        senderAddress: { province: address.province, city: address.city, district: address.district, town: null, detail: address.detail },
        senderName: DEMO_SENDER.name,
        senderPhone: DEMO_SENDER.mobile,
      },
    },
  });
  const page = await openStation(browserLocale(locale));
  await loadOrders(page, locale, orders);
  await expect(page.getByRole('region', { name: uiText(locale, 'shipFrom.label') })).toContainText('571001');
  return page;
}

/** Refresh (F5) on a fresh desk in either language: confirms the full fetch and waits for every order. */
export async function loadOrders(page: Page, locale: DeskLocale, total: number): Promise<void> {
  const grid = page.getByRole('grid', { name: uiText(locale, 'orders.gridLabel') });
  await grid.focus();
  await page.keyboard.press('F5');
  await page.getByRole('dialog', { name: uiText(locale, 'refresh.confirmTitle') }).getByRole('button', { name: uiText(locale, 'refresh.confirmOk') }).click();
  await expect(page.getByRole('status').filter({ hasText: uiText(locale, 'selection.counts', { loaded: total, shown: total, selected: 0 }) })).toBeVisible();
}

/**
 * The print component of the test's own gateway is replaced on its port by a fresh one (as after
 * the component's machine restarted: it remembers no task), started with these options; the
 * station reconnects by itself. The caller closes the one it gets back.
 */
export async function replacePrintEmulator(current: PrintEmulator, options: Omit<PrintEmulatorOptions, 'port' | 'spoolDir'> = {}): Promise<PrintEmulator> {
  await current.close();
  return startPrintEmulator({ ...options, port: current.port, spoolDir: current.spoolDir });
}
