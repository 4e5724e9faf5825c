import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { unwrapResult, useStation } from '../bridge/station-context';

/** The query key of the printer's state. */
export const printerStateKey = ['printer-state'] as const;

/** The printer's state (ready, printing, paper out, …, not responding with its stall), kept current by main's `print.printer-state` event. */
export function usePrinterState() {
  const station = useStation();
  const client = useQueryClient();
  const state = useQuery({ queryKey: printerStateKey, queryFn: () => unwrapResult(station['print.printer-state']({})), staleTime: Infinity });
  useEffect(() => station.on('print.printer-state', (next) => client.setQueryData(printerStateKey, next)), [station, client]);
  return state;
}
