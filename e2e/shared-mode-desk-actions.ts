import type { APIRequestContext, Browser } from '@playwright/test';
import { sandboxDeskPatch } from '../electron/composition/testing/sandbox-desk';
import type { SharedConnectionSettings } from '../electron/store/postgres/open-shared-database';
import { stationCall } from './desk-actions';
import { collectPageErrors, type OwnGateway, type StationHostProcess } from './station-fixtures';
import { browserLocale, type DeskLocale } from './ui-text';

/** What Settings → Shared mode stores for a desk (its table loading the account's first shop, whose orders the desks share here), then the password in its vault. */
export async function turnOnSharedMode(request: APIRequestContext, host: StationHostProcess, gateway: OwnGateway, database: SharedConnectionSettings, deskName: string): Promise<void> {
  const { host: dbHost, port, database: name, user, tls } = database;
  await stationCall(request, host, 'token.set', { token: gateway.sandbox.token });
  await stationCall(request, host, 'settings.update', {
    patch: { ui: { setupCompleted: true, orderShops: [gateway.sandbox.shopId] }, ...sandboxDeskPatch(gateway.sandbox), sharedMode: { enabled: true, host: dbHost, port, database: name, user, tls, deskName } },
  });
  await stationCall(request, host, 'shared-mode.set-password', { password: database.password ?? '' });
}

/** A page on a host of the test's own, in a fresh context at the desk's size; its errors collected. */
export async function openDeskPage(browser: Browser, host: StationHostProcess, locale: DeskLocale) {
  const context = await browser.newContext({ locale: browserLocale(locale), viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(host.url);
  return { page, errors, close: () => context.close() };
}
