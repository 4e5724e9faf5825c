import { app, BrowserWindow, dialog, safeStorage, screen, shell, type MessageBoxOptions } from 'electron';
import { join } from 'node:path';
import { describeError } from '../../shared/errors/station-error';
import type { ChannelOutput } from '../../shared/ipc/ipc-contract';
import { buildAppMenuTemplate, type AppMenuCommand } from '../app-menu/app-menu-template';
import { createStation } from '../composition/create-station';
import type { Station } from '../composition/station';
import type { RunOverrides } from '../settings/effective-settings';
import { createQuitGuard } from '../lifecycle/quit-guard';
import { createRendererRecovery } from '../lifecycle/renderer-recovery';
import { productName, shellLanguageFor, shellTexts, type DialogText } from '../lifecycle/shell-texts';
import { claimSingleInstance } from '../lifecycle/single-instance';
import { createUncaughtErrorHandler, errorDialogText } from '../lifecycle/uncaught-errors';
import { createLogRedactor } from '../logging/redact-log-data';
import { safeStorageCipher } from '../token-vault/safe-storage-cipher';
import { createWindowStateStore, placeWindow } from '../window-state/window-state';
import { setAppMenu } from './app-menu';
import { bridgeIpcToWindow } from './ipc-main-bridge';
import { createMainWindow, mainWindowSizes } from './main-window';
import { registerRendererScheme, rendererOrigin, serveRenderer } from './renderer-protocol';
import { guardEveryWebContents } from './web-contents-guard';

/**
 * The Electron shell: thin glue around the composition root and the plain lifecycle services
 * (single instance, quit guard, window state, menu, error handling). Everything it wires also
 * runs in the browser host or the tests. The app's entry (index.ts) starts it with nothing but
 * the data folder; the test entry (e2e-entry.ts, never packaged) with a test's own gateway.
 */
const mainDir = import.meta.dirname;
let window: BrowserWindow | null = null;
let openWindow: () => void = () => undefined;

/** Secrets known before the station exists (a test entry's token), scrubbed from start-up dialogs. */
const startSecrets: string[] = [];
/** The log's redaction for the dialogs shown before the station (and its log) exists. */
const redactStartError = createLogRedactor({ secrets: () => startSecrets });

/** Before the station (and its log) exists, an escaped error is shown, redacted, and ends the start. */
const failStart = (error: unknown) => {
  dialog.showErrorBox(productName.en, errorDialogText(error, redactStartError, { stack: true }));
  app.exit(1);
};

/** Shows a message box over the window when there is one; answers the index of the button pressed. */
async function ask(text: DialogText, type: MessageBoxOptions['type']): Promise<number> {
  const options: MessageBoxOptions = { type, title: text.title, message: text.message, detail: text.detail, buttons: text.buttons, defaultId: text.safe, cancelId: text.safe, noLink: true };
  const { response } = window && !window.isDestroyed() ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
  return response;
}

/** What an entry passes to the shell: run overrides and the demo shop's size (test entry only). */
export interface DesktopShellOptions {
  overrides: RunOverrides;
  demoOrders?: number | undefined;
}

async function runStation(options: DesktopShellOptions): Promise<void> {
  if (options.overrides.token) startSecrets.push(options.overrides.token);
  process.on('uncaughtException', failStart);
  process.on('unhandledRejection', failStart);
  registerRendererScheme();
  app.enableSandbox();
  app.setAppUserModelId('com.waybillprintstation.app');
  await app.whenReady();

  // No permission, window, navigation away or <webview> for any page, before the first window exists.
  guardEveryWebContents(rendererOrigin);
  serveRenderer(join(mainDir, '../renderer'));

  const started = await createStation({
    shell: 'electron',
    dataDir: process.env.STATION_DATA_DIR ?? app.getPath('userData'),
    tokenCipher: () =>
      safeStorageCipher(safeStorage, { selectedBackend: () => (process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : null) }),
    overrides: options.overrides,
    demoOrders: options.demoOrders,
    desktop: {
      openFolder: async (folder) => (await shell.openPath(folder)) === '',
      revealFile: (file) => shell.showItemInFolder(file),
    },
  });
  if (!started.ok) {
    // Shown in the desk's language: what is wrong, then what to do (never a stack trace), after
    // the log's redaction (a path or a gateway's words may carry what must not be shown).
    const language = shellLanguageFor(null, app.getPreferredSystemLanguages());
    const { text, remedy } = describeError(started.error, language === 'zh-CN' ? 'zh' : 'en');
    dialog.showErrorBox(productName[language], errorDialogText(`${text}\n\n${remedy}`, redactStartError));
    app.exit(1);
    return;
  }
  wireStation(started.station);
}

function wireStation(station: Station): void {
  const language = () => shellLanguageFor(station.uiLanguage(), app.getPreferredSystemLanguages());
  const log = station.logger;

  // Never a silent death: from here on escaped errors are logged and shown, and the app goes on.
  process.off('uncaughtException', failStart);
  process.off('unhandledRejection', failStart);
  const handleUncaught = createUncaughtErrorHandler({
    log,
    show: async ({ message }) => ((await ask(shellTexts(language()).unexpectedError(message, log.filePath), 'error')) === 1 ? 'restart' : 'continue'),
    redact: log.redact,
    restart: () => {
      app.relaunch();
      app.quit();
    },
  });
  process.on('uncaughtException', (error) => handleUncaught('uncaught-exception', error));
  process.on('unhandledRejection', (reason) => handleUncaught('unhandled-rejection', reason));

  // Quitting while a job runs asks first, then stops the jobs at a safe point.
  const quitGuard = createQuitGuard({
    jobs: station.jobs,
    confirm: async (jobs) => ((await ask(shellTexts(language()).quitWhileJobsRun(jobs.length), 'warning')) === 0 ? 'quit' : 'stay'),
    quit: () => app.quit(),
    log,
  });
  app.on('before-quit', (event) => {
    if (!quitGuard.onQuitRequested()) event.preventDefault();
  });
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    void station.close().finally(() => {
      closed = true;
      app.quit();
    });
  });

  const windowState = createWindowStateStore({ filePath: join(station.info.dataDir, 'window-state.json') });
  const recovery = createRendererRecovery();
  openWindow = () => {
    const primary = screen.getPrimaryDisplay();
    const displays = [primary, ...screen.getAllDisplays().filter((display) => display.id !== primary.id)];
    const opened = createMainWindow({
      preloadPath: join(mainDir, '../preload/index.cjs'),
      iconPath: join(app.getAppPath(), 'assets/icon.png'),
      language,
      placement: placeWindow(windowState.load(), displays, mainWindowSizes),
      onStateChange: (state, final) => {
        windowState.remember(state);
        if (final) windowState.flush();
      },
      devTools: !app.isPackaged,
    });
    // On Windows and Linux closing the window quits the app: the same question as any quit.
    opened.on('close', (event) => {
      if (process.platform !== 'darwin' && !quitGuard.onQuitRequested()) event.preventDefault();
    });
    opened.on('closed', () => (window = null));
    // A crashed page reloads: the journal, jobs and caches live here in main, so nothing is lost.
    opened.webContents.on('render-process-gone', (_event, details) => {
      log.error('renderer gone', { reason: details.reason, exitCode: details.exitCode });
      const action = recovery.onGone(details);
      if (action === 'reload') opened.webContents.reload();
      if (action === 'give-up') void ask(shellTexts(language()).rendererCrashLoop(), 'error').then((choice) => (choice === 0 ? opened.webContents.reload() : app.quit()));
    });
    opened.on('unresponsive', () => log.warn('renderer unresponsive', {}));
    window = opened;
  };

  const exportDiagnostics = async () => {
    const result = await station.dispatch('diagnostics.export', {});
    const texts = shellTexts(language());
    if (result.ok) await ask(texts.diagnosticsExported((result.data as ChannelOutput<'diagnostics.export'>).file), 'info');
    else await ask(texts.diagnosticsFailed(describeError(result.error, language() === 'zh-CN' ? 'zh' : 'en').text), 'error');
  };
  const commands: Record<AppMenuCommand, () => void> = {
    about: () => station.events.emit('app.menu-command', { command: 'about' }),
    'export-diagnostics': () => void exportDiagnostics(),
    'open-data-folder': () => void station.dispatch('app.open-data-folder', {}),
  };
  const refreshMenu = () =>
    setAppMenu(buildAppMenuTemplate({ language: language(), platform: process.platform, appName: productName[language()], developerTools: !app.isPackaged }), commands);
  refreshMenu();
  station.events.subscribe((name) => {
    if (name === 'settings.changed') refreshMenu();
  });

  bridgeIpcToWindow({
    dispatch: station.dispatch,
    events: station.events,
    window: () => window,
    appOrigin: rendererOrigin,
    onRefused: (channel, verdict, url) => log.warn('ipc call refused', { channel, verdict, url }),
  });
  openWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}

/** Starts the desktop app: one station per desk and user (a second launch brings the running window forward and exits). */
export async function runDesktopShell(options: DesktopShellOptions): Promise<void> {
  const runsHere = claimSingleInstance({
    requestLock: () => app.requestSingleInstanceLock(),
    onSecondLaunch: (handler) => app.on('second-instance', handler),
    window: () => window,
    openWindow: () => openWindow(),
    exit: () => app.exit(0),
  });
  if (runsHere) await runStation(options);
}
