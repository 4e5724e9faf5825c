import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { stationError } from '../../shared/errors/station-error';
import { channelNames } from '../../shared/ipc/ipc-contract';
import { ipcChannelPrefix, ipcEventChannel } from '../../shared/ipc/ipc-transport-names';
import type { IpcDispatch } from '../ipc/ipc-dispatcher';
import type { StationEvents } from '../ipc/station-events';
import { ipcSenderVerdict, type IpcSenderVerdict } from '../security/web-contents-policy';

/**
 * Registers every contract channel on ipcMain through the shared dispatcher (validation and
 * typed errors live there), answering only the trusted sender (`ipcSenderVerdict`): the main
 * frame of our window while it shows a page of the app's origin — never a subframe, another
 * window, or a page that navigated away. Pushes the event bus to that window.
 */
export function bridgeIpcToWindow(options: {
  dispatch: IpcDispatch;
  events: StationEvents;
  window: () => BrowserWindow | null;
  /** The app's origin (`app://station`). */
  appOrigin: string;
  /** Told each refused call (for the log). */
  onRefused: (channel: string, verdict: Exclude<IpcSenderVerdict, 'trusted'>, url: string | null) => void;
}): () => void {
  const verdictOf = (event: IpcMainInvokeEvent): IpcSenderVerdict => {
    const window = options.window();
    const frame = event.senderFrame;
    const isAppWindowMainFrame = window !== null && !window.isDestroyed() && event.sender === window.webContents && frame === window.webContents.mainFrame;
    return ipcSenderVerdict(frame === null ? null : { url: frame.url, isAppWindowMainFrame }, options.appOrigin);
  };
  for (const name of channelNames) {
    ipcMain.handle(`${ipcChannelPrefix}${name}`, (event, input: unknown) => {
      const verdict = verdictOf(event);
      if (verdict !== 'trusted') {
        options.onRefused(name, verdict, event.senderFrame?.url ?? null);
        return { ok: false, error: stationError('ipc.untrusted-sender', { channel: name }) };
      }
      return options.dispatch(name, input);
    });
  }
  const unsubscribe = options.events.subscribe((name, payload) => {
    const window = options.window();
    if (window && !window.isDestroyed()) window.webContents.send(ipcEventChannel, name, payload);
  });
  return () => {
    unsubscribe();
    for (const name of channelNames) ipcMain.removeHandler(`${ipcChannelPrefix}${name}`);
  };
}
