import { ipcMain, type BrowserWindow, type WebFrameMain } from 'electron';
import { stationError } from '../../shared/errors/station-error';
import { channelNames } from '../../shared/ipc/ipc-contract';
import { ipcChannelPrefix, ipcEventChannel } from '../../shared/ipc/ipc-transport-names';
import type { IpcDispatch } from '../ipc/ipc-dispatcher';
import type { StationEvents } from '../ipc/station-events';

/**
 * Registers every contract channel on ipcMain through the shared dispatcher (validation and
 * typed errors live there), answering only the trusted sender: the main frame of our window,
 * showing our own renderer. Pushes the event bus to that window.
 */
export function bridgeIpcToWindow(options: {
  dispatch: IpcDispatch;
  events: StationEvents;
  window: () => BrowserWindow | null;
  isTrustedUrl: (url: string) => boolean;
}): () => void {
  const isTrusted = (frame: WebFrameMain | null) => {
    const window = options.window();
    return frame !== null && window !== null && frame === window.webContents.mainFrame && options.isTrustedUrl(frame.url);
  };
  for (const name of channelNames) {
    ipcMain.handle(`${ipcChannelPrefix}${name}`, (event, input: unknown) => {
      if (!isTrusted(event.senderFrame)) return { ok: false, error: stationError('ipc.untrusted-sender', { channel: name }) };
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
