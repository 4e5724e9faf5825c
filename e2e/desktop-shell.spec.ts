import type { ElectronApplication, Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { installedElectronBinary } from '../electron/dev/electron-binary';
import { electronPlatformArgs, electronTestEntry, type ElectronStation } from './electron-station';
import type { PageGlobals } from './page-dom';
import { expect, test, type StationHostProcess } from './station-fixtures';

/**
 * The desktop shell in the real Electron runtime: the built app (`out/`) launched by the npm
 * Electron binary, each test with a data folder of its own. Only the electron project runs these.
 */

/** The test's desktop app (the electron project's stations all have one). */
function desktopApp(station: StationHostProcess): ElectronStation {
  if (!station.electron) throw new Error('the desktop shell specs run in the electron project only');
  return station.electron;
}

/** The station window, once its page shows the app's name. */
async function stationWindow(app: ElectronApplication): Promise<Page> {
  const page = await app.firstWindow();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page;
}

test.describe('the desktop shell', { tag: '@electron-only' }, () => {
  test('opens one hardened window showing the station, under its CSP', async ({ stationHost }) => {
    const app = await desktopApp(stationHost).launch('en-US');
    const page = await stationWindow(app);
    expect(page.url()).toBe('app://station/index.html');

    // No Node in the page: only the preload's narrow bridge.
    const globals = await page.evaluate(() => {
      const page = globalThis as { require?: unknown; process?: unknown };
      return { require: typeof page.require, process: typeof page.process, station: typeof (globalThis as unknown as PageGlobals).station };
    });
    expect(globals).toEqual({ require: 'undefined', process: 'undefined', station: 'object' });

    const injected = await page.evaluate(async () => {
      const { document, setTimeout } = globalThis as unknown as PageGlobals;
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (event) => violations.push(event.effectiveDirective));
      const script = document.createElement('script');
      script.textContent = 'document.title = "injected";';
      document.body.append(script);
      await new Promise<void>((resolve) => setTimeout(() => resolve(), 200));
      return { title: document.title, violations };
    });
    expect(injected.title).not.toBe('injected');
    expect(injected.violations).toContain('script-src-elem');
  });

  test('a second launch exits at once and leaves the first with its one window', async ({ stationHost }) => {
    const desktop = desktopApp(stationHost);
    const app = await desktop.launch('en-US');
    await stationWindow(app);
    const binary = installedElectronBinary();
    if (!('path' in binary)) throw new Error(binary.missing);
    const second = spawn(binary.path, [electronTestEntry, ...electronPlatformArgs], { env: desktop.env, stdio: 'ignore' });
    const exitCode = await new Promise<number | null>((resolveExit) => second.once('exit', resolveExit));
    expect(exitCode).toBe(0);
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  });

  test('reopens the window where and as large as it was left', async ({ stationHost }) => {
    const desktop = desktopApp(stationHost);
    const first = await desktop.launch('en-US');
    await stationWindow(first);
    await first.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.setBounds({ x: 60, y: 50, width: 1100, height: 720 }));
    await desktop.close();
    const saved = JSON.parse(readFileSync(join(stationHost.dataDir, 'window-state.json'), 'utf8')) as { bounds: { width: number; height: number } };
    expect(saved.bounds).toMatchObject({ width: 1100, height: 720 });

    const second = await desktop.launch('en-US');
    await stationWindow(second);
    const bounds = await second.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.getNormalBounds());
    expect(bounds).toMatchObject({ width: 1100, height: 720 });
  });

  test('speaks the UI language in its menu and follows a change of it', async ({ stationHost }) => {
    const app = await desktopApp(stationHost).launch('en-US');
    const page = await stationWindow(app);
    const topLabels = () => app.evaluate(({ Menu }) => Menu.getApplicationMenu()?.items.map((item) => item.label) ?? []);

    await page.evaluate(() => (globalThis as unknown as PageGlobals).station?.['settings.update']({ patch: { ui: { language: 'zh-CN' } } }));
    await expect.poll(topLabels).toEqual(expect.arrayContaining([expect.stringMatching(/^帮助/), expect.stringMatching(/^编辑/)]));
    await page.evaluate(() => (globalThis as unknown as PageGlobals).station?.['settings.update']({ patch: { ui: { language: 'en' } } }));
    await expect.poll(topLabels).toEqual(expect.arrayContaining([expect.stringMatching(/Help$/), expect.stringMatching(/Edit$/)]));
  });

  test('a crashed page reloads by itself, and the state kept in main is still there', async ({ stationHost }) => {
    const app = await desktopApp(stationHost).launch('en-US');
    const page = await stationWindow(app);
    await page.evaluate(() => (globalThis as unknown as PageGlobals).station?.['settings.update']({ patch: { ui: { language: 'en' } } }));

    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.webContents.forcefullyCrashRenderer());
    await expect
      .poll(() => app.evaluate(({ BrowserWindow }) => {
        const contents = BrowserWindow.getAllWindows()[0]?.webContents;
        return contents !== undefined && !contents.isCrashed() && contents.getURL();
      }))
      .toBe('app://station/index.html');
    const reloaded = app.windows()[0];
    if (!reloaded) throw new Error('the window is gone');
    await expect(reloaded.getByRole('heading', { level: 1, name: 'Waybill Print Station' })).toBeVisible();

    const log = join(stationHost.dataDir, 'logs', 'station.log');
    expect(existsSync(log)).toBe(true);
    expect(readFileSync(log, 'utf8')).toMatch(/"event":"renderer gone".*"reason":"crashed"/);
  });
});
