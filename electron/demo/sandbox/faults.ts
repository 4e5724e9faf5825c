import type { SandboxFaultKind, SandboxFaults } from './sandbox-types';
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
  issueUnknownErrorRate: 0,
  issueTemporaryErrorRate: 0,
};

/** The call-level faults, in roll order: the ones before the call takes effect first. */
const CALL_FAULTS: ReadonlyArray<[keyof SandboxFaults, SandboxFaultKind]> = [
  ['dropBeforeRate', 'drop-before'],
  ['busyRate', 'busy'],
  ['serverErrorRate', 'server-error'],
  ['timeoutRate', 'timeout'],
  ['dropAfterRate', 'drop-after'],
  ['malformedJsonRate', 'malformed-json'],
];

/** Merges a change into faults, refusing rates outside [0, 1], negative delays, or call rates summing past 1. */
export function mergeFaults(current: SandboxFaults, change: Partial<SandboxFaults>): SandboxFaults {
  const next: SandboxFaults = { ...current };
  for (const [key, value] of Object.entries(change) as Array<[keyof SandboxFaults, number | undefined]>) {
    if (value === undefined) continue;
    if (!(key in NO_FAULTS)) throw new RangeError(`unknown fault ${key}`);
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new RangeError(`fault ${key} must be a number ≥ 0`);
    if (key.endsWith('Rate') && value > 1) throw new RangeError(`fault ${key} must be at most 1`);
    next[key] = value;
  }
  const callTotal = CALL_FAULTS.reduce((sum, [key]) => sum + next[key], 0);
  if (callTotal > 1 + 1e-9) throw new RangeError('the call-level fault rates must sum to at most 1');
  if (next.issueUnknownErrorRate + next.issueTemporaryErrorRate > 1 + 1e-9) throw new RangeError('the issue fault rates must sum to at most 1');
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
export function rollIssueFault(faults: SandboxFaults, random: SeededRandom): 'issue-unknown-error' | 'issue-temporary-error' | null {
  const roll = random.next();
  if (roll < faults.issueUnknownErrorRate) return 'issue-unknown-error';
  if (roll < faults.issueUnknownErrorRate + faults.issueTemporaryErrorRate) return 'issue-temporary-error';
  return null;
}

/** The delay of one answer: fixed latency plus uniform jitter. */
export function answerDelay(faults: SandboxFaults, random: SeededRandom): number {
  return faults.latencyMs + (faults.jitterMs > 0 ? random.next() * faults.jitterMs : 0);
}
