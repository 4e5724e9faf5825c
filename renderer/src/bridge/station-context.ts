import { createContext, useContext } from 'react';
import type { StationError } from '../../../shared/errors/station-error';
import type { StationApi } from '../../../shared/ipc/ipc-contract';
import type { Result } from '../../../shared/result';

/** A failed contract call as react-query sees it: an Error carrying the typed StationError. */
export class StationCallError extends Error {
  constructor(readonly stationError: StationError) {
    super(stationError.code);
    this.name = 'StationCallError';
  }
}

/** Turns a contract Result into data or a thrown StationCallError (react-query's error state). */
export async function unwrapResult<T>(pending: Promise<Result<T>>): Promise<T> {
  const result = await pending;
  if (!result.ok) throw new StationCallError(result.error);
  return result.data;
}

/** The StationApi for the component tree (the preload's or the browser host's bridge). */
export const StationContext = createContext<StationApi | null>(null);

/** The StationApi from context; every component reaches main through it. */
export function useStation(): StationApi {
  const station = useContext(StationContext);
  if (station === null) throw new Error('useStation() outside <StationContext.Provider>');
  return station;
}
