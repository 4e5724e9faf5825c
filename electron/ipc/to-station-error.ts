import { describeError, stationError, type StationError } from '../../shared/errors/station-error';
import { errorCatalog } from '../../shared/errors/error-catalog';

/**
 * An exception that carries a typed error; services throw it where a Result would be awkward.
 * Its message is the catalog's English text, for the logs and the start-up dialog.
 */
export class StationFailure extends Error {
  constructor(readonly error: StationError) {
    super(describeError(error).text);
    this.name = 'StationFailure';
  }
}

function isStationError(value: unknown): value is StationError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<StationError>;
  return typeof candidate.code === 'string' && Object.hasOwn(errorCatalog, candidate.code) && typeof candidate.params === 'object';
}

/**
 * Turns anything a service threw into a typed error: a StationFailure or a StationError-shaped
 * value keeps its code; anything else is an unexpected internal error (details go to the log,
 * never to the renderer).
 */
export function toStationError(thrown: unknown): StationError {
  if (thrown instanceof StationFailure) return thrown.error;
  if (isStationError(thrown)) return thrown;
  if (typeof thrown === 'object' && thrown !== null && isStationError((thrown as { error?: unknown }).error)) {
    return (thrown as { error: StationError }).error;
  }
  return stationError('internal.unexpected', {});
}
