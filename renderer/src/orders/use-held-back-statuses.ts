import { useMemo } from 'react';
import { useSettingsQuery } from '../bridge/station-queries';

const none: ReadonlySet<number> = new Set();

/** The order_status values Settings holds back (none until the settings are read). */
export function useHeldBackStatuses(): ReadonlySet<number> {
  const statuses = useSettingsQuery().data?.settings.issueOptions.heldBackOrderStatuses;
  return useMemo(() => (statuses ? new Set(statuses) : none), [statuses]);
}
