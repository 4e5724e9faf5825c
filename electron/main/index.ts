import { app, BrowserWindow, dialog, safeStorage, session } from 'electron';
import { join } from 'node:path';
import { createStation } from '../composition/create-station';
import { safeStorageCipher } from '../token-vault/safe-storage-cipher';
import { bridgeIpcToWindow } from './ipc-main-bridge';
import { createMainWindow } from './main-window';
import { isRendererUrl, registerRendererScheme, serveRenderer } from './renderer-protocol';

/**
 * The Electron shell: thin glue around the composition root. Everything it wires is a plain
 * service that also runs in the browser host and the tests.
 */
const mainDir = import.meta.dirname;
registerRendererScheme();
app.enableSandbox();
await app.whenReady();

// The page never needs a camera, notifications or any other permission.
session.defaultSession.setPermissionRequestHandler((_contents, _permission, answer) => answer(false));
serveRenderer(join(mainDir, '../renderer'));

const started = await createStation({
  shell: 'electron',
  dataDir: process.env.STATION_DATA_DIR ?? app.getPath('userData'),
  tokenCipher: () => safeStorageCipher(safeStorage),
  overrides: {},
});
if (!started.ok) {
  dialog.showErrorBox('Waybill Print Station', started.message);
  app.exit(1);
} else {
  const station = started.station;
  let window: BrowserWindow | null = null;
  const openWindow = () => {
    window = createMainWindow({
      preloadPath: join(mainDir, '../preload/index.cjs'),
      iconPath: join(app.getAppPath(), 'assets/icon.png'),
      language: () => station.uiLanguage() ?? (app.getPreferredSystemLanguages().some((tag) => tag.startsWith('zh')) ? 'zh-CN' : 'en'),
    });
    window.on('closed', () => (window = null));
  };
  bridgeIpcToWindow({ dispatch: station.dispatch, events: station.events, window: () => window, isTrustedUrl: isRendererUrl });
  openWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => void station.close());
}
