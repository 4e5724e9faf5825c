import { create, type StateCreator } from 'zustand';
import type { UiLanguage } from '../i18n/setup-i18n';
import { createIssuePrintSlice, type IssuePrintSlice } from '../issue-print/issue-print-slice';
import { createOrdersSlice, type OrdersSlice } from '../orders/orders-slice';
import { createScanSlice, type ScanSlice } from '../scanning/scan-slice';
import { createVerificationSlice, type VerificationSlice } from '../verification/verification-slice';
import { createOperatorsSlice, type OperatorsSlice } from '../operators/operators-slice';
import { createColumnDraftSlice, type ColumnDraftSlice } from '../orders/column-draft-slice';

/** The shell's own UI state: language, and which overlay is open. */
export interface ShellSlice {
  language: UiLanguage;
  setLanguage: (language: UiLanguage) => void;
  /** The keyboard-shortcut help overlay. */
  helpOpen: boolean;
  setHelpOpen: (open: boolean) => void;
  /** The Settings screen, opened from the desk (F2 or the header's button) once the first-run setup is done. */
  settingsOpen: boolean;
  setSettingsOpen: (open: boolean) => void;
  /** The Desks view (shared mode only). */
  desksOpen: boolean;
  setDesksOpen: (open: boolean) => void;
  /** The Statistics screen, in place of the desk. */
  statisticsOpen: boolean;
  setStatisticsOpen: (open: boolean) => void;
}

/** UI-only state of the renderer (server data lives in react-query, never here). */
export type UiState = ShellSlice & OrdersSlice & ScanSlice & IssuePrintSlice & VerificationSlice & OperatorsSlice & ColumnDraftSlice;

function createShellSlice(initialLanguage: UiLanguage): StateCreator<UiState, [], [], ShellSlice> {
  return (set) => ({
    language: initialLanguage,
    setLanguage: (language) => set({ language }),
    helpOpen: false,
    setHelpOpen: (helpOpen) => set({ helpOpen }),
    settingsOpen: false,
    setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
    desksOpen: false,
    setDesksOpen: (desksOpen) => set({ desksOpen }),
    statisticsOpen: false,
    setStatisticsOpen: (statisticsOpen) => set({ statisticsOpen }),
  });
}

/** Creates the renderer's UI store with the language it starts in. */
export function createUiStore(initialLanguage: UiLanguage) {
  return create<UiState>()((...parts) => ({
    ...createShellSlice(initialLanguage)(...parts),
    ...createOrdersSlice(...parts),
    ...createScanSlice(...parts),
    ...createIssuePrintSlice(...parts),
    ...createVerificationSlice(...parts),
    ...createOperatorsSlice(...parts),
    ...createColumnDraftSlice(...parts),
  }));
}

/** The store's hook type, as the context hands it out. */
export type UiStore = ReturnType<typeof createUiStore>;
