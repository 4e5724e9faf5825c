import { app, BrowserWindow } from 'electron';
import { join } from 'node:path';
import { builtPaths, createMainWindow } from './main-window';

const mainDir = import.meta.dirname;
const iconPath = join(app.getAppPath(), 'assets/icon.png');

function openWindow(): void {
  createMainWindow({ ...builtPaths(mainDir), iconPath });
}

app.enableSandbox();
await app.whenReady();
openWindow();
app.on('activate', () => {
  if (BrowserWindow.getAllWindows().length === 0) openWindow();
});
app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
