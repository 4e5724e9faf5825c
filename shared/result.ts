import type { StationError } from './errors/station-error';

/** The outcome of an operation that can fail: data, or a typed error (never a string to parse). */
export type Result<T> = { ok: true; data: T } | { ok: false; error: StationError };

/** Wraps data as a successful Result. */
export function ok<T>(data: T): Result<T> {
  return { ok: true, data };
}

/** Wraps a StationError as a failed Result. */
export function fail<T = never>(error: StationError): Result<T> {
  return { ok: false, error };
}
