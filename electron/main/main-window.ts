import { BrowserWindow, shell } from 'electron';
import { join } from 'node:path';

/** Options the main window is created with; paths come from the composition root. */
export interface MainWindowOptions {
  preloadPath: string;
  rendererIndexPath: string;
  iconPath: string;
}

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
 * no navigation away from the app, no new windows; http(s) links go to the system browser.
 */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1360,
    height: 860,
    minWidth: 1024,
    minHeight: 680,
    show: false,
    icon: options.iconPath,
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      spellcheck: false,
    },
  });
  window.once('ready-to-show', () => window.show());
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (isHttpUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  void window.loadFile(options.rendererIndexPath);
  return window;
}

/** Where electron-vite puts the built preload and renderer, relative to the built main. */
export function builtPaths(mainDir: string): Omit<MainWindowOptions, 'iconPath'> {
  return {
    preloadPath: join(mainDir, '../preload/index.cjs'),
    rendererIndexPath: join(mainDir, '../renderer/index.html'),
  };
}
