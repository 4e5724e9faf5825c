import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { SettingsView } from '../../../shared/ipc/ipc-contract';
import { stationQueryKeys, useSettingsQuery } from '../bridge/station-queries';
import { useStation } from '../bridge/station-context';
import { columnSetOf, type ColumnSet } from './column-set';
import { ORDER_COLUMN_IDS } from './order-columns';

/** Counts the arrangements asked to be saved, so only the newest one's answer is shown. */
let saves = 0;

/**
 * The newest arrangement asked to be saved and not answered yet. It is what the table shows until
 * its answer comes: any other settings answer meanwhile (another save's, a refetch) still holds
 * the older columns, and must not untick a box just ticked.
 */
let unanswered: { save: number; columns: ColumnSet | null } | null = null;

/**
 * The orders table's columns as the desk arranged them (the default set until it does), and
 * `save`, which shows a new arrangement at once and remembers it in the settings
 * (`ui.orderColumns`) for the next start.
 */
export function useOrderColumnSet(): { set: ColumnSet; save: (set: ColumnSet | null) => void } {
  const station = useStation();
  const client = useQueryClient();
  const saved = useSettingsQuery().data?.settings.ui.orderColumns ?? null;
  const arranged = unanswered === null ? saved : unanswered.columns;
  const set = useMemo(() => columnSetOf(arranged, ORDER_COLUMN_IDS), [arranged]);
  const save = useCallback(
    (next: ColumnSet | null) => {
      saves += 1;
      const thisSave = saves;
      unanswered = { save: thisSave, columns: next };
      // Shown before the settings answer: a column dragged wider must not spring back meanwhile.
      client.setQueryData<SettingsView>(stationQueryKeys.settings, (view) => view && { ...view, settings: { ...view.settings, ui: { ...view.settings.ui, orderColumns: next } } });
      void station['settings.update']({ patch: { ui: { orderColumns: next } } }).then((result) => {
        // Two boxes ticked quickly: the first answer would untick the second until its own answer came.
        if (thisSave !== saves) return;
        unanswered = null;
        if (result.ok) client.setQueryData(stationQueryKeys.settings, result.data);
      });
    },
    [station, client],
  );
  return { set, save };
}
