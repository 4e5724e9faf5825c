import type { ErrorCode, StationError } from '../../shared/errors/station-error';
import type { IssueAttemptOutcome } from '../store/station-records';

/** What to do after an issue call failed without results. */
export type FollowUp = 'stop' | 'split' | 'look-up' | 'look-up-and-stop' | 'retry-later' | 'drop-lost' | 'none';

/** Errors after which no other order of the job can succeed: stop, keep what was issued. */
const stopCodes: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'gateway.issue-rejected.stop-job',
  'gateway.parameter-error',
  'gateway.no-permission',
  'gateway.no-quota',
  'gateway.shop-not-authorized',
  'gateway.unauthorized-token',
  'gateway.not-supported',
  'gateway.nickname-not-found',
  'gateway.shop-not-found',
  'gateway.path-not-found',
  'config.token-missing',
  'config.base-url-invalid',
  'settings.gateway-insecure',
  'transport.refused',
  'shared-mode.unreachable',
  'shared-mode.desk-id-in-use',
]);

/** Of those, the ones where the request never left the station. */
const neverSentCodes: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'config.token-missing',
  'config.base-url-invalid',
  'settings.gateway-insecure',
  'transport.refused',
  'gateway.path-not-found',
  'shared-mode.unreachable',
  'shared-mode.desk-id-in-use',
]);

/** The orders a fenced call was refused for (`shared-mode.claim-lost`): order numbers hold no comma. */
export const lostOrdersOf = (error: StationError): Set<string> => new Set(String(error.params['orderNumbers'] ?? '').split(', ').filter((orderNumber) => orderNumber !== ''));

/**
 * What an issue failure means for its orders and the job (decisions.md "Issuing safely" and the
 * 614 kinds). Anything not known to have issued nothing counts as outcome unknown.
 */
export function followUpOf(error: StationError): { outcome: Exclude<IssueAttemptOutcome['kind'], 'answered'>; then: FollowUp } {
  switch (error.code) {
    case 'gateway.issue-rejected.this-order-only':
      return { outcome: 'rejected', then: 'split' };
    case 'gateway.issue-rejected.already-issued':
      return { outcome: 'rejected', then: 'look-up' };
    case 'gateway.issue-rejected.outcome-unknown':
    case 'gateway.issue-answer-lost':
      return { outcome: 'unknown', then: 'look-up' };
    case 'cancelled':
      return { outcome: 'not-sent', then: 'none' };
    case 'gateway.rate-limited':
      return { outcome: 'rejected', then: 'retry-later' };
    case 'shared-mode.unreachable':
      // The window could not grant (the server restarted, or this desk woke from a pause and its
      // connections are being renewed): nothing left; sent again after a backoff, a bounded number of times.
      return { outcome: 'not-sent', then: 'retry-later' };
    case 'shared-mode.claim-lost':
      // Refused before it left: those orders are another desk's now; the rest go out again.
      return { outcome: 'not-sent', then: 'drop-lost' };
  }
  if (stopCodes.has(error.code)) return { outcome: neverSentCodes.has(error.code) ? 'not-sent' : 'rejected', then: 'stop' };
  // The client's own validation refused the request: nothing left, and nothing will until fixed.
  if (error.code.startsWith('validation.')) return { outcome: 'not-sent', then: 'stop' };
  return { outcome: 'unknown', then: 'look-up-and-stop' };
}
