import type { SandboxCall } from './sandbox-types';

/** Calls kept in the log; older ones are dropped so long benchmarks stay in bounded memory. */
const CALL_LOG_LIMIT = 10_000;

/** The calls a sandbox received, in arrival order, and the count of rate-limit violations. */
export class CallLog {
  private entries: SandboxCall[] = [];
  private violationCount = 0;

  /** Records an arrival; the returned record is completed as the call is answered. */
  arrive(call: Pick<SandboxCall, 'at' | 'path' | 'endpoint' | 'token'>): SandboxCall {
    const record: SandboxCall = { ...call, code: -1, httpStatus: null, body: null, rateLimited: false, fault: null };
    this.entries.push(record);
    if (this.entries.length > CALL_LOG_LIMIT) this.entries = this.entries.slice(-CALL_LOG_LIMIT);
    return record;
  }

  /** Marks a call as refused by the rate limit, counting the violation. */
  violation(record: SandboxCall): void {
    record.rateLimited = true;
    this.violationCount += 1;
  }

  /** Copies of the recorded calls. */
  calls(): SandboxCall[] {
    return structuredClone(this.entries);
  }

  /** Forgets the calls (the violation count stays: it is a property of the whole run). */
  clear(): void {
    this.entries = [];
  }

  /** Rate-limit violations since start. */
  violations(): number {
    return this.violationCount;
  }
}
