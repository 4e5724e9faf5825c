import type { EventName, EventPayload } from '../../shared/ipc/ipc-contract';
import { createListenerSet } from '../events/listener-set';

/** A listener for every pushed event (the shells forward them to their renderer). */
export type StationEventListener = <E extends EventName>(name: E, payload: EventPayload<E>) => void;

/** The main side's event bus: services emit typed events; each shell subscribes once. */
export interface StationEvents {
  emit: <E extends EventName>(name: E, payload: EventPayload<E>) => void;
  subscribe: (listener: StationEventListener) => () => void;
}

/** One pushed event: its name and the payload that name carries. */
type StationEvent = { [E in EventName]: { name: E; payload: EventPayload<E> } }[EventName];

/** Creates the event bus; a failing listener never stops the others or the service that emitted. */
export function createStationEvents(): StationEvents {
  const listeners = createListenerSet<StationEvent>();
  return {
    emit: (name, payload) => listeners.emit({ name, payload } as StationEvent),
    subscribe: (listener) => listeners.add((event) => listener(event.name, event.payload)),
  };
}
