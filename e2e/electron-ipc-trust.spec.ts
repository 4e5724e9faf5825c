import type { ElectronApplication, Frame, Page } from '@playwright/test';
import { resolve } from 'node:path';
import type { ElectronStation } from './electron-station';
import type { PageGlobals } from './page-dom';
import { expect, test, type StationHostProcess } from './station-fixtures';

/**
 * Who may call the IPC contract in the desktop app: the main frame of the station's window while
 * it shows the app (app://station). A page the window was sent to, another window or a subframe
 * that carries the preload's bridge is refused in main. Only the electron project runs these.
 */

/** The built preload the app's window runs. */
const preloadPath = resolve(import.meta.dirname, '..', 'out', 'preload', 'index.cjs');

function desktopApp(station: StationHostProcess): ElectronStation {
  if (!station.electron) throw new Error('the IPC trust specs run in the electron project only');
  return station.electron;
}

async function stationWindow(app: ElectronApplication): Promise<Page> {
  const page = await app.firstWindow();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page;
}

/** Calls station.info through the preload's bridge in this page or frame. */
const callStationInfo = (target: Page | Frame): Promise<unknown> =>
  target.evaluate(async (): Promise<unknown> => (await (globalThis as unknown as PageGlobals).station?.['station.info']({})) ?? 'no bridge');

test.describe('IPC calls in the desktop app', { tag: '@electron-only' }, () => {
  test('the station’s own page is answered', async ({ stationHost }) => {
    const page = await stationWindow(await desktopApp(stationHost).launch('en-US'));
    expect(await callStationInfo(page)).toMatchObject({ ok: true, data: { shell: 'electron' } });
  });

  test('a page the window navigated to keeps the preload but is refused', async ({ stationHost }) => {
    const app = await desktopApp(stationHost).launch('en-US');
    const page = await stationWindow(app);
    // A page cannot navigate away itself (will-navigate is refused) …
    await page.evaluate(() => {
      (globalThis as unknown as { location: { href: string } }).location.href = 'https://example.com/';
    });
    await page.waitForTimeout(300);
    expect(page.url()).toBe('app://station/index.html');
    // … so main sends it away, as a bug or an exploit might.
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.webContents.loadURL('data:text/html,<h1>elsewhere</h1>'));
    await expect(page.locator('h1')).toHaveText('elsewhere');
    expect(await callStationInfo(page)).toMatchObject({ ok: false, error: { code: 'ipc.untrusted-sender', params: { channel: 'station.info' } } });
  });

  test('a subframe, or another window, that carries the bridge is refused', async ({ stationHost }) => {
    const app = await desktopApp(stationHost).launch('en-US');
    await stationWindow(app);
    const opened = app.waitForEvent('window');
    await app.evaluate(({ BrowserWindow }, preload) => {
      // A window that runs the preload in its subframes too: the app's window never does.
      const other = new BrowserWindow({ show: false, webPreferences: { preload, sandbox: true, contextIsolation: true, nodeIntegrationInSubFrames: true } });
      void other.loadURL(`data:text/html,${encodeURIComponent('<h1>host</h1><iframe src="data:text/html,<p>frame</p>"></iframe>')}`);
    }, preloadPath);
    const other = await opened;
    await expect(other.locator('h1')).toHaveText('host');
    await expect.poll(() => other.frames().length).toBe(2);
    const subframe = other.frames().find((frame) => frame !== other.mainFrame());
    if (!subframe) throw new Error('the subframe did not load');
    expect(await callStationInfo(subframe)).toMatchObject({ ok: false, error: { code: 'ipc.untrusted-sender' } });
    expect(await callStationInfo(other)).toMatchObject({ ok: false, error: { code: 'ipc.untrusted-sender' } });
  });

  test('no page gets a new window or a permission', async ({ stationHost }) => {
    const app = await desktopApp(stationHost).launch('en-US');
    const page = await stationWindow(app);
    const answers = await page.evaluate(async () => {
      const page = globalThis as unknown as {
        open(url: string): unknown;
        navigator: { permissions: { query(descriptor: { name: string }): Promise<{ state: string }> } };
      };
      return {
        opened: page.open('app://station/index.html') === null,
        notifications: (await page.navigator.permissions.query({ name: 'notifications' })).state,
        geolocation: (await page.navigator.permissions.query({ name: 'geolocation' })).state,
      };
    });
    expect(answers).toEqual({ opened: true, notifications: 'denied', geolocation: 'denied' });
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  });
});
