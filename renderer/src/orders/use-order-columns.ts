import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { SettingsView } from '../../../shared/ipc/ipc-contract';
import { stationQueryKeys, useSettingsQuery } from '../bridge/station-queries';
import { useStation } from '../bridge/station-context';
import { columnSetOf, type ColumnSet } from './column-set';
import { ORDER_COLUMN_IDS } from './order-columns';

/** The newest arrangement asked to be saved: an older one's answer, arriving after it, must not show the older columns again. */
let newestSave = 0;

/**
 * The orders table's columns as the desk arranged them (the default set until it does), and
 * `save`, which shows a new arrangement at once and remembers it in the settings
 * (`ui.orderColumns`) for the next start.
 */
export function useOrderColumnSet(): { set: ColumnSet; save: (set: ColumnSet | null) => void } {
  const station = useStation();
  const client = useQueryClient();
  const saved = useSettingsQuery().data?.settings.ui.orderColumns ?? null;
  const set = useMemo(() => columnSetOf(saved, ORDER_COLUMN_IDS), [saved]);
  const save = useCallback(
    (next: ColumnSet | null) => {
      // Shown before the settings answer: a column dragged wider must not spring back meanwhile.
      client.setQueryData<SettingsView>(stationQueryKeys.settings, (view) => view && { ...view, settings: { ...view.settings, ui: { ...view.settings.ui, orderColumns: next } } });
      newestSave += 1;
      const thisSave = newestSave;
      void station['settings.update']({ patch: { ui: { orderColumns: next } } }).then((result) => {
        // Two boxes ticked quickly: the first answer would untick the second until its own answer came.
        if (result.ok && thisSave === newestSave) client.setQueryData(stationQueryKeys.settings, result.data);
      });
    },
    [station, client],
  );
  return { set, save };
}
