import { ipcContract, type ChannelName, type IpcHandlers } from '../../shared/ipc/ipc-contract';
import { stationError, type StationError } from '../../shared/errors/station-error';
import type { Result } from '../../shared/result';
import { toStationError } from './to-station-error';

/** Where the dispatcher reports what went wrong inside a handler (English, redacted by the logger). */
export interface DispatchLog {
  error: (message: string, details: Record<string, unknown>) => void;
}

/** Answers one contract call: the raw input from either shell in, a Result out, never a throw. */
export type IpcDispatch = (channel: string, rawInput: unknown) => Promise<Result<unknown>>;

function isChannelName(name: string): name is ChannelName {
  return Object.hasOwn(ipcContract, name);
}

/** The first few problems zod found, as one readable line: path, then what is wrong. */
function summarizeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.map(String).join('.') : '(input)'}: ${issue.message}`)
    .join('; ');
}

/**
 * The one place every contract call goes through, for the Electron shell and the browser host
 * alike: the channel must exist, the input must match its zod schema, and whatever the handler
 * throws comes back as a typed error.
 */
export function createIpcDispatcher(handlers: IpcHandlers, log: DispatchLog): IpcDispatch {
  return async (channel, rawInput) => {
    if (!isChannelName(channel)) {
      return { ok: false, error: stationError('ipc.unknown-channel', { channel }) };
    }
    const parsed = ipcContract[channel].input.safeParse(rawInput ?? {});
    if (!parsed.success) {
      return { ok: false, error: stationError('ipc.invalid-input', { channel, problems: summarizeIssues(parsed.error.issues) }) };
    }
    try {
      const handler = handlers[channel] as (input: unknown) => unknown;
      return { ok: true, data: await handler(parsed.data) };
    } catch (thrown) {
      const error: StationError = toStationError(thrown);
      if (error.code === 'internal.unexpected') log.error('IPC handler failed', { channel, error: String(thrown) });
      return { ok: false, error };
    }
  };
}
