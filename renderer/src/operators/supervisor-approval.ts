import type { StationError } from '../../../shared/errors/station-error';
import type { StationApi } from '../../../shared/ipc/ipc-contract';
import type { SupervisorApproval } from '../../../shared/operators/operators';
import type { Result } from '../../../shared/result';

/** The channels main lets a supervisor's name and PIN allow for one call. */
const channelsTakingApproval = ['history.void', 'history.reprint', 'settings.update', 'operators.add', 'operators.remove'] as const;

/** Refusals the supervisor's dialog answers: asked again after a wrong PIN, never after a plain failure. */
const askAgainAfter: ReadonlySet<string> = new Set(['operators.supervisor-needed', 'operators.wrong-pin', 'operators.not-a-supervisor', 'operators.unknown-operator', 'operators.locked']);

/**
 * The station's API where a call main refuses with `operators.supervisor-needed` asks for a
 * supervisor's name and PIN on the spot and is sent again once with them (again after a wrong
 * PIN, until the user cancels: then the refusal stands). Every caller of those channels gets it
 * without knowing; main decides, the window only asks.
 */
export function withSupervisorApproval(station: StationApi, ask: (error: StationError) => Promise<SupervisorApproval | null>): StationApi {
  const approving: Record<string, unknown> = { ...station };
  for (const channel of channelsTakingApproval) {
    const call = station[channel] as (input: object) => Promise<Result<unknown>>;
    approving[channel] = async (input: object) => {
      let answer = await call(input);
      if (answer.ok || answer.error.code !== 'operators.supervisor-needed') return answer;
      for (;;) {
        const approval: SupervisorApproval | null = await ask(answer.error);
        if (approval === null) return answer;
        const again = await call({ ...input, supervisor: approval });
        if (again.ok || !askAgainAfter.has(again.error.code)) return again;
        answer = again;
      }
    };
  }
  return approving as unknown as StationApi;
}
