/** Listeners of one kind of event; a failing listener never stops the others or the emitter. */
export interface ListenerSet<T> {
  add(listener: (value: T) => void): () => void;
  emit(value: T): void;
}

/** Creates an empty listener set. */
export function createListenerSet<T>(): ListenerSet<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    add: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit: (value) => {
      for (const listener of listeners) {
        try {
          listener(value);
        } catch {
          // A broken listener (closed window, dropped event stream, buggy subscriber) must not break the emitter.
        }
      }
    },
  };
}
