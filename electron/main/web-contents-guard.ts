import { app, session } from 'electron';
import { mayNavigate, mayUsePermission } from '../security/web-contents-policy';

/**
 * Electron's security checklist for every web contents the app ever creates (the window, and
 * any a bug or an injected script might create): no new windows, no navigation or redirect
 * away from the app's origin in any frame, no <webview>, and no permission granted, whether
 * a page asks for it or only checks it. Must run before the first window is created.
 */
export function guardEveryWebContents(appOrigin: string): void {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, answer) => answer(mayUsePermission(permission)));
  session.defaultSession.setPermissionCheckHandler((_contents, permission) => mayUsePermission(permission));
  app.on('web-contents-created', (_event, contents) => {
    // The main window sets its own handler afterwards, which offers http(s) links to the system browser.
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-navigate', (event) => {
      if (!mayNavigate(event.url, appOrigin)) event.preventDefault();
    });
    contents.on('will-frame-navigate', (event) => {
      if (!mayNavigate(event.url, appOrigin)) event.preventDefault();
    });
    contents.on('will-redirect', (event) => {
      if (!mayNavigate(event.url, appOrigin)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}
