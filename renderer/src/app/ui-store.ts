import { create } from 'zustand';
import type { UiLanguage } from '../i18n/setup-i18n';

/** UI-only state of the renderer (server data lives in react-query, never here). */
export interface UiState {
  language: UiLanguage;
  setLanguage: (language: UiLanguage) => void;
}

/** Creates the renderer's UI store with the language it starts in. */
export function createUiStore(initialLanguage: UiLanguage) {
  return create<UiState>((set) => ({
    language: initialLanguage,
    setLanguage: (language) => set({ language }),
  }));
}
