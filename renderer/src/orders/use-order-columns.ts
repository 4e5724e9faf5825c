import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { SettingsView } from '../../../shared/ipc/ipc-contract';
import { stationQueryKeys, useSettingsQuery } from '../bridge/station-queries';
import { useStation } from '../bridge/station-context';
import { useUi, useUiStoreApi } from '../app/ui-store-context';
import { columnSetOf, type ColumnSet } from './column-set';
import { ORDER_COLUMN_IDS } from './order-columns';

/**
 * The orders table's columns as the desk arranged them (the default set until it does), and
 * `save`, which shows a new arrangement at once and remembers it in the settings
 * (`ui.orderColumns`) for the next start.
 */
export function useOrderColumnSet(): { set: ColumnSet; save: (set: ColumnSet | null) => void } {
  const station = useStation();
  const client = useQueryClient();
  const store = useUiStoreApi();
  const saved = useSettingsQuery().data?.settings.ui.orderColumns ?? null;
  const draft = useUi((state) => state.columnDraft);
  const arranged = draft === null ? saved : draft.columns;
  const set = useMemo(() => columnSetOf(arranged, ORDER_COLUMN_IDS), [arranged]);
  const save = useCallback(
    (next: ColumnSet | null) => {
      const thisSave = store.getState().draftColumns(next);
      // The settings the rest of the desk reads show it too before the answer comes.
      client.setQueryData<SettingsView>(stationQueryKeys.settings, (view) => view && { ...view, settings: { ...view.settings, ui: { ...view.settings.ui, orderColumns: next } } });
      void station['settings.update']({ patch: { ui: { orderColumns: next } } }).then((result) => {
        // Two boxes ticked quickly: the first answer would untick the second until its own answer came.
        if (!store.getState().settleColumns(thisSave)) return;
        if (result.ok) client.setQueryData(stationQueryKeys.settings, result.data);
      });
    },
    [station, client, store],
  );
  return { set, save };
}
