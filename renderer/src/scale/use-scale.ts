import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { unwrapResult, useStation } from '../bridge/station-context';

/** The query key of the desk scale's state. */
export const scaleStateKey = ['scale-state'] as const;

/** The desk scale's state and weight, kept current by main's `scale.changed` event. */
export function useScale() {
  const station = useStation();
  const client = useQueryClient();
  const state = useQuery({ queryKey: scaleStateKey, queryFn: () => unwrapResult(station['scale.state']({})), staleTime: Infinity });
  useEffect(() => station.on('scale.changed', (next) => client.setQueryData(scaleStateKey, next)), [station, client]);
  return state;
}

/** A weight in grams as the desk shows it: kilograms with three decimals from 1 kg, else grams. */
export function formatWeight(grams: number): string {
  return Math.abs(grams) >= 1000 ? `${(grams / 1000).toFixed(3)} kg` : `${grams} g`;
}
