import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandboxDeskPatch } from '../electron/composition/testing/sandbox-desk';
import { startPrintEmulator, type PrintEmulator } from '../electron/demo/print-emulator/print-emulator';
import type { SharedConnectionSettings } from '../electron/store/postgres/open-shared-database';
import { stationCall } from './desk-actions';
import { loadOrders } from './own-gateway-desk';
import { collectPageErrors, startHost, stopProcess, type OpenStation, type OwnGateway, type StationHostProcess } from './station-fixtures';
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

/** Desk A (the test's own station, started again in shared mode) and desk B beside it, as `withTwoSharedDesks` hands them to a test. */
export interface TwoSharedDesks {
  /** Desk A's page, its orders loaded (which fills the account's shared cache). */
  pageA: Page;
  hostB: StationHostProcess;
  /** Desk B's print component. */
  emulatorB: PrintEmulator;
  /** Opens desk B's page (closed after the test; its console errors are the test's to check). */
  openDeskB: () => Promise<Awaited<ReturnType<typeof openDeskPage>>>;
}

/**
 * Two desks on one fresh shared database: the test's station as desk A, and a desk B of the
 * test's own (its data folder, print emulator and browser host, on the same sandbox). Both save
 * their shared-mode settings (`prepareB` may add to desk B's) and start again, as the mode is read
 * at start; desk A's page opens with its orders loaded. Desk B is stopped and removed after `body`.
 */
export async function withTwoSharedDesks(
  setup: {
    request: APIRequestContext;
    stationHost: StationHostProcess;
    gateway: OwnGateway;
    database: SharedConnectionSettings;
    restartStation: OpenStation;
    hostBrowser: () => Promise<Browser>;
    locale: DeskLocale;
    prepareB?: (hostB: StationHostProcess) => Promise<void>;
  },
  body: (desks: TwoSharedDesks) => Promise<void>,
): Promise<void> {
  const { request, stationHost, gateway, database, locale } = setup;
  const folderB = await mkdtemp(join(tmpdir(), 'station-e2e-desk-b-'));
  const emulatorB = await startPrintEmulator({ port: 0, spoolDir: join(folderB, 'spool'), noRender: true });
  const connectionsB = { ...gateway.connections, componentUrl: emulatorB.url };
  let hostB = await startHost(join(folderB, 'data'), 40, connectionsB);
  const pagesB: Array<Awaited<ReturnType<typeof openDeskPage>>> = [];
  try {
    await turnOnSharedMode(request, stationHost, gateway, database, 'Desk A');
    await turnOnSharedMode(request, hostB, gateway, database, 'Desk B');
    await setup.prepareB?.(hostB);
    await stopProcess(stationHost.process);
    await stopProcess(hostB.process);
    hostB = await startHost(hostB.dataDir, 40, connectionsB);
    const pageA = await setup.restartStation(browserLocale(locale));
    await loadOrders(pageA, locale, 40);
    const started = hostB;
    await body({
      pageA,
      hostB: started,
      emulatorB,
      openDeskB: async () => {
        const opened = await openDeskPage(await setup.hostBrowser(), started, locale);
        pagesB.push(opened);
        return opened;
      },
    });
  } finally {
    for (const opened of pagesB) await opened.close();
    await stopProcess(hostB.process);
    await emulatorB.close();
    await rm(folderB, { recursive: true, force: true });
  }
}
