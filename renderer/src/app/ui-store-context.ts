import { createContext, useContext } from 'react';
import type { UiState, UiStore } from './ui-store';

/** The UI store for the component tree. */
export const UiStoreContext = createContext<UiStore | null>(null);

/** The UI store's hook from context. */
function useUiStoreHook(): UiStore {
  const store = useContext(UiStoreContext);
  if (store === null) throw new Error('useUi() outside <UiStoreContext.Provider>');
  return store;
}

/** Reads a part of the UI state (re-rendering when it changes). */
export function useUi<T>(selector: (state: UiState) => T): T {
  return useUiStoreHook()(selector);
}

/** The store itself, for reading the current state inside event handlers without subscribing. */
export function useUiStoreApi(): UiStore {
  return useUiStoreHook();
}
