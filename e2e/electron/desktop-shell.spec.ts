import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { PageGlobals } from '../page-dom';

/**
 * The desktop shell in the real Electron runtime: the built app (`out/`) launched by the npm
 * Electron binary, each test with a data folder of its own. Runs in the release workflow.
 */
const repoRoot = resolve(import.meta.dirname, '../..');
/** The Electron binary of the electron package (its main export is the path; it throws where none is installed). */
const electronBinary = (): string => createRequire(import.meta.url)('electron') as string;
/** Hosted Linux runners do not allow Chromium's sandbox helper; Windows and macOS keep it. */
const platformArgs = process.platform === 'linux' ? ['--no-sandbox'] : [];

let dataDir: string;
test.beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'station-electron-e2e-'));
});
test.afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function launch(): Promise<ElectronApplication> {
  return electron.launch({ args: [repoRoot, ...platformArgs], env: { ...process.env, STATION_DATA_DIR: dataDir } as Record<string, string> });
}

/** The station window, once its page shows the app's name. */
async function stationWindow(app: ElectronApplication): Promise<Page> {
  const page = await app.firstWindow();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page;
}

test('opens one hardened window showing the station, under its CSP', async () => {
  const app = await launch();
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
  await app.close();
});

test('a second launch exits at once and leaves the first with its one window', async () => {
  const app = await launch();
  await stationWindow(app);
  const second = spawn(electronBinary(), [repoRoot, ...platformArgs], { env: { ...process.env, STATION_DATA_DIR: dataDir }, stdio: 'ignore' });
  const exitCode = await new Promise<number | null>((resolveExit) => second.once('exit', resolveExit));
  expect(exitCode).toBe(0);
  expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  await app.close();
});

test('reopens the window where and as large as it was left', async () => {
  const first = await launch();
  await stationWindow(first);
  await first.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.setBounds({ x: 60, y: 50, width: 1100, height: 720 }));
  await first.close();
  const saved = JSON.parse(readFileSync(join(dataDir, 'window-state.json'), 'utf8')) as { bounds: { width: number; height: number } };
  expect(saved.bounds).toMatchObject({ width: 1100, height: 720 });

  const second = await launch();
  await stationWindow(second);
  const bounds = await second.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.getNormalBounds());
  expect(bounds).toMatchObject({ width: 1100, height: 720 });
  await second.close();
});

test('speaks the UI language in its menu and follows a change of it', async () => {
  const app = await launch();
  const page = await stationWindow(app);
  const topLabels = () => app.evaluate(({ Menu }) => Menu.getApplicationMenu()?.items.map((item) => item.label) ?? []);

  await page.evaluate(() => (globalThis as unknown as PageGlobals).station?.['settings.update']({ patch: { ui: { language: 'zh-CN' } } }));
  await expect.poll(topLabels).toEqual(expect.arrayContaining([expect.stringMatching(/^帮助/), expect.stringMatching(/^编辑/)]));
  await page.evaluate(() => (globalThis as unknown as PageGlobals).station?.['settings.update']({ patch: { ui: { language: 'en' } } }));
  await expect.poll(topLabels).toEqual(expect.arrayContaining([expect.stringMatching(/Help$/), expect.stringMatching(/Edit$/)]));
  await app.close();
});

test('a crashed page reloads by itself, and the state kept in main is still there', async () => {
  const app = await launch();
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

  const log = join(dataDir, 'logs', 'station.log');
  expect(existsSync(log)).toBe(true);
  expect(readFileSync(log, 'utf8')).toMatch(/"event":"renderer gone".*"reason":"crashed"/);
  await app.close();
});
