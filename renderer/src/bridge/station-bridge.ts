import { stationError } from '../../../shared/errors/station-error';
import { channelNames, eventNames, type EventName, type StationApi } from '../../../shared/ipc/ipc-contract';
import type { Result } from '../../../shared/result';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in a plain browser (the browser host). */
    station?: StationApi;
  }
}

/**
 * The browser host's side of the contract: `POST /ipc/<channel>` with this run's key, and the
 * host's event stream. The same StationApi the preload gives the Electron window.
 */
export function createHttpStationApi(key: string, origin: string = location.origin): StationApi {
  const call = async (name: string, input: unknown): Promise<Result<unknown>> => {
    try {
      const response = await fetch(`${origin}/ipc/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-station-key': key },
        body: JSON.stringify(input ?? {}),
      });
      return (await response.json()) as Result<unknown>;
    } catch {
      return { ok: false, error: stationError('host.unreachable', {}) };
    }
  };
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  let stream: EventSource | null = null;
  const on = (name: EventName, listener: (payload: unknown) => void) => {
    if (!eventNames.includes(name)) throw new Error(`unknown station event: ${String(name)}`);
    if (stream === null) {
      stream = new EventSource(`${origin}/ipc/events?key=${encodeURIComponent(key)}`);
      for (const eventName of eventNames) {
        stream.addEventListener(eventName, (message) => {
          const payload: unknown = JSON.parse((message as MessageEvent<string>).data);
          for (const each of listeners.get(eventName) ?? []) each(payload);
        });
      }
    }
    const set = listeners.get(name) ?? new Set();
    set.add(listener);
    listeners.set(name, set);
    return () => {
      set.delete(listener);
    };
  };
  const calls = Object.fromEntries(channelNames.map((name) => [name, (input: unknown) => call(name, input)]));
  // Built from the contract's own channel list, so every channel is present by construction.
  return { ...calls, on } as unknown as StationApi;
}

/**
 * The renderer's one door to main: the preload's `window.station` in Electron, else the
 * browser host's HTTP bridge with the key from the page's address.
 */
export function connectStation(): StationApi {
  if (window.station) return window.station;
  const key = new URLSearchParams(location.search).get('key');
  if (!key) throw new Error('This page was opened without the station key: open the full address the browser host printed.');
  return createHttpStationApi(key);
}
