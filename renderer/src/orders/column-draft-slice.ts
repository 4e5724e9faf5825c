import type { StateCreator } from 'zustand';
import type { ColumnSet } from './column-set';

/**
 * The orders table's newest column arrangement asked to be saved whose answer has not come yet.
 * In the UI store, so a ticked box shows ticked within the click itself (a query cache update
 * reaches the components a task later: the box read unticked meanwhile), and so any other settings
 * answer arriving meanwhile (another save's, a refetch) cannot untick it.
 */
export interface ColumnDraftSlice {
  /** The draft and the number of its save (saves are counted over the window's life). */
  columnDraft: { save: number; columns: ColumnSet | null } | null;
  columnSaves: number;
  /** Shows a new arrangement at once; answers the number of its save. */
  draftColumns: (columns: ColumnSet | null) => number;
  /** The answer of a save came: the draft goes if it is still that save's (true), else a newer save is awaited (false). */
  settleColumns: (save: number) => boolean;
}

/** Creates the column draft's slice of the UI store. */
export const createColumnDraftSlice: StateCreator<ColumnDraftSlice, [], [], ColumnDraftSlice> = (set, get) => ({
  columnDraft: null,
  columnSaves: 0,
  draftColumns: (columns) => {
    const save = get().columnSaves + 1;
    set({ columnSaves: save, columnDraft: { save, columns } });
    return save;
  },
  settleColumns: (save) => {
    if (get().columnDraft?.save !== save) return false;
    set({ columnDraft: null });
    return true;
  },
});
