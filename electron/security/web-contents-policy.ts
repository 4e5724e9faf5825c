/**
 * The desktop shell's security decisions as plain functions (Electron's security checklist):
 * which pages may call the IPC contract, where a page may navigate, and which permissions it
 * gets. The glue in electron/main applies them to every web contents and every IPC call.
 */

/** Whether a URL belongs to the app's own origin (`app://station`): scheme, host and port alike. */
export function isAppUrl(url: string, appOrigin: string): boolean {
  if (!URL.canParse(url) || !URL.canParse(appOrigin)) return false;
  const page = new URL(url);
  const app = new URL(appOrigin);
  // Compared part by part: a non-special scheme such as app: has the opaque origin "null".
  return page.protocol === app.protocol && page.host === app.host && page.username === '' && page.password === '';
}

/** The frame an IPC call came from, as the glue sees it. */
export interface IpcSenderFrame {
  /** The frame's current URL. */
  url: string;
  /** Whether it is the top frame of the app's own window (not a subframe, not another window). */
  isAppWindowMainFrame: boolean;
}

/** Why an IPC call is refused, or `trusted`. */
export type IpcSenderVerdict = 'trusted' | 'no-frame' | 'subframe-or-other-window' | 'foreign-page';

/**
 * Whether an IPC call is answered: only from the main frame of the app's window while it shows
 * a page of the app's origin. A subframe, another window, a page that navigated away, or a
 * frame already gone (`senderFrame` null) is refused.
 */
export function ipcSenderVerdict(frame: IpcSenderFrame | null, appOrigin: string): IpcSenderVerdict {
  if (frame === null) return 'no-frame';
  if (!frame.isAppWindowMainFrame) return 'subframe-or-other-window';
  return isAppUrl(frame.url, appOrigin) ? 'trusted' : 'foreign-page';
}

/** Whether a page may navigate (or be redirected) to a URL: only within the app's origin. */
export function mayNavigate(url: string, appOrigin: string): boolean {
  return isAppUrl(url, appOrigin);
}

/**
 * Whether a permission is granted (request or check): never. The station needs no camera,
 * microphone, notifications, geolocation, clipboard reading or any other permission.
 */
export function mayUsePermission(_permission: string): boolean {
  return false;
}
