import { contextBridge, ipcRenderer } from 'electron';
import { channelNames, eventNames, type EventName, type StationApi } from '../../shared/ipc/ipc-contract';
import { ipcChannelPrefix, ipcEventChannel } from '../../shared/ipc/ipc-transport-names';

/**
 * Builds the narrow `window.station` from the contract: one function per channel (no generic
 * invoke, no way to name another IPC channel) and `on` for the contract's events only.
 */
function buildStationApi(): StationApi {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  ipcRenderer.on(ipcEventChannel, (_event, name: EventName, payload: unknown) => {
    for (const listener of listeners.get(name) ?? []) listener(payload);
  });
  const calls = Object.fromEntries(
    channelNames.map((name) => [name, (input: unknown) => ipcRenderer.invoke(`${ipcChannelPrefix}${name}`, input ?? {})]),
  );
  const on = (name: EventName, listener: (payload: unknown) => void) => {
    if (!eventNames.includes(name)) throw new Error(`unknown station event: ${String(name)}`);
    const set = listeners.get(name) ?? new Set();
    set.add(listener);
    listeners.set(name, set);
    return () => {
      set.delete(listener);
    };
  };
  // Built from the contract's own channel list, so every channel is present by construction.
  return { ...calls, on } as unknown as StationApi;
}

contextBridge.exposeInMainWorld('station', buildStationApi());
