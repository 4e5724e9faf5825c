import { _electron, type ElectronApplication, type Page } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { installedElectronBinary } from '../electron/dev/electron-binary';

/** Why the Electron runtime's tests are skipped here, or null where the Electron binary is installed. */
export const electronMissing = ((binary) => ('missing' in binary ? `Electron is not available on this machine: ${binary.missing}. The electron project's tests run where it is installed (the release workflow).` : null))(installedElectronBinary());

/** The test entry of the built main (electron/main/e2e-entry.ts): the app's shell with a test's overrides. */
export const electronTestEntry = resolve(import.meta.dirname, '..', 'out', 'main', 'e2e-entry.js');

/** Hosted Linux runners do not allow Chromium's sandbox helper; Windows and macOS keep it. */
export const electronPlatformArgs = process.platform === 'linux' ? ['--no-sandbox'] : [];

/** The desktop app of one test, on the test's data folder; relaunched on that folder when asked. */
export interface ElectronStation {
  /** The running app, launching it (in its last language, zh-CN at first) when it is not running. */
  app: () => Promise<ElectronApplication>;
  /** The app's window once the renderer has started, launching the app when it is not running. */
  window: () => Promise<Page>;
  /** Launches the app with this system language, quitting a running one first. */
  launch: (locale: string) => Promise<ElectronApplication>;
  /** The running app's locale, or null when it is not running (never started, closed or killed). */
  runningLocale: () => string | null;
  /** The app's main process (the one a crash test kills). */
  process: () => ChildProcess;
  /** Quits the app as a user would (when it is running). */
  close: () => Promise<void>;
  /** The environment the app is started with (a second launch outside Playwright uses it too). */
  env: Record<string, string>;
}

/**
 * The test's desktop app: the built test entry launched by the npm Electron binary through
 * `_electron`, with STATION_DATA_DIR and the host's STATION_* overrides in its environment (any
 * STATION_* variable of the test runner itself is left out), and the system language as Chromium's
 * `--lang` switch plus Playwright's locale (what the renderer reads as navigator.languages).
 */
export function createElectronStation(stationEnv: Record<string, string>): ElectronStation {
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && !entry[0].startsWith('STATION_'))),
    ...stationEnv,
  };
  let running: { app: ElectronApplication; locale: string; exited: Promise<void> } | null = null;
  let lastLocale = 'zh-CN';

  const close = async () => {
    const current = running;
    running = null;
    if (!current) return;
    if (current.app.process().exitCode === null && current.app.process().signalCode === null) await current.app.close();
    await current.exited;
  };
  const launch = async (locale: string) => {
    await close();
    const app = await _electron.launch({ args: [electronTestEntry, `--lang=${locale}`, ...electronPlatformArgs], env, locale });
    const exited = new Promise<void>((resolveExit) => {
      if (app.process().exitCode !== null || app.process().signalCode !== null) resolveExit();
      else app.process().once('exit', () => resolveExit());
    });
    running = { app, locale, exited };
    lastLocale = locale;
    return app;
  };
  const isRunning = () => running !== null && running.app.process().exitCode === null && running.app.process().signalCode === null;
  const app = async () => (isRunning() && running ? running.app : launch(lastLocale));
  return {
    app,
    launch,
    env,
    close,
    runningLocale: () => (isRunning() ? (running?.locale ?? null) : null),
    process: () => {
      if (!running) throw new Error('the desktop app is not running');
      return running.app.process();
    },
    window: async () => {
      const page = await (await app()).firstWindow();
      // The renderer asks the contract for the settings first: once the bridge answers, the page runs.
      await page.waitForFunction(() => typeof (globalThis as { station?: unknown }).station === 'object');
      return page;
    },
  };
}
