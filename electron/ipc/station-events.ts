import type { EventName, EventPayload } from '../../shared/ipc/ipc-contract';

/** A listener for every pushed event (the shells forward them to their renderer). */
export type StationEventListener = <E extends EventName>(name: E, payload: EventPayload<E>) => void;

/** The main side's event bus: services emit typed events; each shell subscribes once. */
export interface StationEvents {
  emit: <E extends EventName>(name: E, payload: EventPayload<E>) => void;
  subscribe: (listener: StationEventListener) => () => void;
}

/** Creates the event bus; a failing listener never stops the others. */
export function createStationEvents(): StationEvents {
  const listeners = new Set<StationEventListener>();
  return {
    emit: (name, payload) => {
      for (const listener of listeners) {
        try {
          listener(name, payload);
        } catch {
          // A closed window or a dropped event stream must not break the service that emitted.
        }
      }
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
