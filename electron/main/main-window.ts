import { BrowserWindow, dialog, shell } from 'electron';
import type { WindowPlacement, WindowSizes, WindowState } from '../window-state/window-state';
import { rendererOrigin } from './renderer-protocol';

/** The window's size when nothing is remembered, and the smallest it may be. */
export const mainWindowSizes: WindowSizes = { default: { width: 1360, height: 860 }, minimum: { width: 1024, height: 680 } };

/** Options the main window is created with; paths come from the composition root. */
export interface MainWindowOptions {
  preloadPath: string;
  iconPath: string;
  /** The UI's language, for the question asked before a link leaves the app. */
  language: () => 'zh-CN' | 'en';
  /** Where to open (the remembered bounds, checked against today's displays). */
  placement: WindowPlacement;
  /** Told the window's state after it moved, resized or (un)maximized, and when it closes (`final`). */
  onStateChange: (state: WindowState, final: boolean) => void;
  /** Developer tools: development runs only, never the installed app. */
  devTools: boolean;
}

const externalLinkQuestion = {
  'zh-CN': { message: '在系统浏览器中打开此链接？', open: '打开', cancel: '取消' },
  en: { message: 'Open this link in your web browser?', open: 'Open', cancel: 'Cancel' },
} as const;

function isHttpUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Creates the station's window, hardened: context isolation, OS sandbox, no Node in the page,
 * no new windows (and, through web-contents-guard.ts, no navigation away from the app); http(s)
 * links open in the system browser after the user confirms, anything else is refused.
 */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    ...options.placement.bounds,
    minWidth: mainWindowSizes.minimum.width,
    minHeight: mainWindowSizes.minimum.height,
    show: false,
    icon: options.iconPath,
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      devTools: options.devTools,
    },
  });
  if (options.placement.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  const reportState = (final: boolean) => options.onStateChange({ bounds: window.getNormalBounds(), maximized: window.isMaximized() }, final);
  window.on('resize', () => reportState(false));
  window.on('move', () => reportState(false));
  window.on('maximize', () => reportState(false));
  window.on('unmaximize', () => reportState(false));
  window.on('close', () => reportState(true));
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (isHttpUrl(url)) {
      const texts = externalLinkQuestion[options.language()];
      void dialog
        .showMessageBox(window, { type: 'question', message: texts.message, detail: url, buttons: [texts.open, texts.cancel], defaultId: 1, cancelId: 1 })
        .then(({ response }) => (response === 0 ? shell.openExternal(url) : undefined));
    }
    return { action: 'deny' };
  });
  // Navigation, redirects and <webview> are refused for every web contents (web-contents-guard.ts).
  void window.loadURL(`${rendererOrigin}/index.html`);
  return window;
}
