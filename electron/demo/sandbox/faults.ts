import type { IssueFaultKind, QueryEntryFaultKind, SandboxFaultKind, SandboxFaults } from './sandbox-types';
import type { SeededRandom } from './seeded-random';

/** No latency, no faults: the default of every instance. */
export const NO_FAULTS: Readonly<SandboxFaults> = {
  latencyMs: 0,
  jitterMs: 0,
  busyRate: 0,
  timeoutRate: 0,
  serverErrorRate: 0,
  dropBeforeRate: 0,
  dropAfterRate: 0,
  malformedJsonRate: 0,
  oversizedAnswerRate: 0,
  issueUnknownErrorRate: 0,
  issueTemporaryErrorRate: 0,
  issueDuplicateResultRate: 0,
  issueSharedWaybillRate: 0,
  issueEmptyWaybillCodeRate: 0,
  issueNumericWaybillCodeRate: 0,
  issueEntrySystemErrorRate: 0,
  issueBusyAfterEffectRate: 0,
  issueOutOfCoverageRate: 0,
  querySuccessWithoutWaybillRate: 0,
  queryWaybillListRate: 0,
  queryWaybillTextRate: 0,
  queryNoPermissionRate: 0,
  queryShopMissingRate: 0,
  soldOrdersTotal: null,
  overlapCheckOff: false,
};

type RateKey = { [K in keyof SandboxFaults]: SandboxFaults[K] extends number ? K : never }[keyof SandboxFaults];

/** The call-level faults, in roll order: the ones before the call takes effect first. */
const CALL_FAULTS: ReadonlyArray<[RateKey, SandboxFaultKind]> = [
  ['dropBeforeRate', 'drop-before'],
  ['busyRate', 'busy'],
  ['serverErrorRate', 'server-error'],
  ['timeoutRate', 'timeout'],
  ['dropAfterRate', 'drop-after'],
  ['malformedJsonRate', 'malformed-json'],
  ['oversizedAnswerRate', 'oversized'],
];

/** The issue-call faults, one exclusive roll after validation. */
const ISSUE_FAULTS: ReadonlyArray<[RateKey, IssueFaultKind]> = [
  ['issueUnknownErrorRate', 'issue-unknown-error'],
  ['issueTemporaryErrorRate', 'issue-temporary-error'],
  ['issueDuplicateResultRate', 'issue-duplicate-result'],
  ['issueSharedWaybillRate', 'issue-shared-waybill'],
  ['issueEmptyWaybillCodeRate', 'issue-empty-waybill-code'],
  ['issueNumericWaybillCodeRate', 'issue-numeric-waybill-code'],
  ['issueEntrySystemErrorRate', 'issue-entry-system-error'],
  ['issueBusyAfterEffectRate', 'issue-busy-after-effect'],
  ['issueOutOfCoverageRate', 'issue-out-of-coverage'],
];

/** The query result-entry faults, one exclusive roll per entry. */
const QUERY_ENTRY_FAULTS: ReadonlyArray<[RateKey, QueryEntryFaultKind]> = [
  ['querySuccessWithoutWaybillRate', 'query-success-without-waybill'],
  ['queryWaybillListRate', 'query-waybill-list'],
  ['queryWaybillTextRate', 'query-waybill-text'],
  ['queryNoPermissionRate', 'query-no-permission'],
  ['queryShopMissingRate', 'query-shop-missing'],
];

/** A JSON number literal (written as it is, so "1e400" reaches the client as a number that is not finite). */
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

function rollAmong<K extends string>(faults: SandboxFaults, table: ReadonlyArray<[RateKey, K]>, random: SeededRandom): K | null {
  let roll = random.next();
  for (const [key, kind] of table) {
    roll -= faults[key];
    if (roll < 0) return kind;
  }
  return null;
}

/**
 * Merges a change into faults, refusing rates outside [0, 1], negative delays, rates of one roll
 * summing past 1, an overlapCheckOff that is not a boolean, or a soldOrdersTotal that is not JSON
 * number text (or null).
 */
export function mergeFaults(current: SandboxFaults, change: Partial<SandboxFaults>): SandboxFaults {
  const next: SandboxFaults = { ...current };
  for (const [key, value] of Object.entries(change) as Array<[keyof SandboxFaults, unknown]>) {
    if (value === undefined) continue;
    if (!(key in NO_FAULTS)) throw new RangeError(`unknown fault ${key}`);
    if (key === 'overlapCheckOff') {
      if (typeof value !== 'boolean') throw new RangeError('fault overlapCheckOff must be true or false');
      next.overlapCheckOff = value;
      continue;
    }
    if (key === 'soldOrdersTotal') {
      if (value !== null && (typeof value !== 'string' || !JSON_NUMBER.test(value))) throw new RangeError('fault soldOrdersTotal must be JSON number text or null');
      next.soldOrdersTotal = value;
      continue;
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new RangeError(`fault ${key} must be a number ≥ 0`);
    if (key.endsWith('Rate') && value > 1) throw new RangeError(`fault ${key} must be at most 1`);
    next[key] = value;
  }
  for (const [table, name] of [[CALL_FAULTS, 'call-level'], [ISSUE_FAULTS, 'issue'], [QUERY_ENTRY_FAULTS, 'query-entry']] as const) {
    const total = table.reduce((sum, [key]) => sum + next[key], 0);
    if (total > 1 + 1e-9) throw new RangeError(`the ${name} fault rates must sum to at most 1`);
  }
  return next;
}

/** One roll for a call: which call-level fault, if any, it gets. */
export function rollCallFault(faults: SandboxFaults, random: SeededRandom): SandboxFaultKind | null {
  let roll = random.next();
  for (const [key, kind] of CALL_FAULTS) {
    roll -= faults[key];
    if (roll < 0) return kind;
  }
  return null;
}

/** One roll for an issue call that passed validation. */
export function rollIssueFault(faults: SandboxFaults, random: SeededRandom): IssueFaultKind | null {
  return rollAmong(faults, ISSUE_FAULTS, random);
}

/** One roll for a result entry of a query call; none while every query-entry rate is 0 (the fault stream of other calls stays as it was). */
export function rollQueryEntryFault(faults: SandboxFaults, random: SeededRandom): QueryEntryFaultKind | null {
  if (QUERY_ENTRY_FAULTS.every(([key]) => faults[key] === 0)) return null;
  return rollAmong(faults, QUERY_ENTRY_FAULTS, random);
}

/** The delay of one answer: fixed latency plus uniform jitter. */
export function answerDelay(faults: SandboxFaults, random: SeededRandom): number {
  return faults.latencyMs + (faults.jitterMs > 0 ? random.next() * faults.jitterMs : 0);
}
