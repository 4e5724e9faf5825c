import { stationError, type StationError } from '../../shared/errors/station-error';
import type { ComponentState, PrintComponentError, PrintFailure } from './print-component';

/** Why a component request failed, as a typed error the UI can localize. */
export function printComponentStationError(error: PrintComponentError, context: { url: string; command: string; timeoutMs?: number }): StationError {
  switch (error.kind) {
    case 'offline':
      return stationError('print.component-not-running', { url: context.url });
    case 'timeout':
      return stationError('print.request-timeout', { command: context.command, timeoutMs: context.timeoutMs ?? 0 });
    case 'disconnected':
      return stationError('print.connection-lost', { detail: error.detail });
    default:
      return stationError('print.command-refused', { command: context.command, message: error.detail });
  }
}

/** What an offline component state means for the user, or null while connecting or connected. */
export function componentStateError(state: ComponentState): StationError | null {
  if (state.kind !== 'offline') return null;
  // The OS print path names its "component" os-printing:<system>: CUPS or the spooler is down.
  if (state.url.startsWith('os-printing:')) return stationError('print.os-printers-unreadable', { reason: state.detail });
  if (state.reason === 'handshake-failed') return stationError('print.handshake-failed', { url: state.url, detail: state.detail });
  if (state.reason === 'connection-lost') return stationError('print.connection-lost', { detail: state.detail });
  return stationError('print.component-not-running', { url: state.url });
}

/** A document's failure as the component reported it, as a typed error. */
export function documentFailureError(documentId: string, failure: PrintFailure): StationError {
  if (failure.error) return failure.error;
  if (failure.code === 40) return stationError('print.unknown-encryption', { documentId });
  if (failure.code === 11) return stationError('print.document-not-found', { documentId });
  return stationError('print.document-failed', { documentId, code: failure.code ?? '—', detail: failure.detail });
}
