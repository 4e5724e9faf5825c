import type { GatewayIdentity } from '../../shared/domain/gateway-identity';
import { stationError } from '../../shared/errors/station-error';
import type { ChannelName, IpcHandlers } from '../../shared/ipc/ipc-contract';
import { StationFailure } from '../ipc/to-station-error';
import type { StationLogger } from '../logging/station-logger';
import type { SettingsLoadNotice } from './settings-store';

/** The channels that issue or print: refused while the settings need attention. */
const issuingOrPrintingChannels = [
  'issue.plan',
  'issue.start',
  'jobs.retry',
  'jobs.confirm-preview',
  'history.reprint',
  'history.resend-unknown',
  'history.refetch-print-data',
  'printers.test-print',
] as const satisfies readonly ChannelName[];

/** What the settings-attention state starts from. */
export interface SettingsAttentionOptions {
  /** True when no settings could be read and the journal holds work issued outside demo mode. */
  neededAtStart: boolean;
  /** Why no settings could be read, for the log. */
  loadNotice: SettingsLoadNotice | null;
  gatewayIdentity: () => GatewayIdentity;
  logger: StationLogger;
}

/**
 * Whether the settings need attention: none could be read (the defaults, which are demo mode,
 * are in use) while the journal holds work issued outside demo mode. Nothing is issued, printed
 * or reconciled until the user has set the connection again.
 */
export interface SettingsAttention {
  needed: () => boolean;
  /** The user chose the connection (demo or a gateway): the desk may issue and print again. */
  clear: () => void;
  /** The handlers, with the issuing and printing channels refused while the settings need attention. */
  gate: (handlers: IpcHandlers) => IpcHandlers;
}

/** The settings-attention state of this run. */
export function createSettingsAttention(options: SettingsAttentionOptions): SettingsAttention {
  let needed = options.neededAtStart;
  if (needed) options.logger.warn('settings need attention: the journal holds work of a real gateway and no settings could be read', { notice: options.loadNotice });
  return {
    needed: () => needed,
    clear: () => {
      needed = false;
      options.logger.info('settings attention cleared: the connection was set', { gateway: options.gatewayIdentity() });
    },
    gate: (handlers) => {
      const gated: Record<string, unknown> = { ...handlers };
      for (const channel of issuingOrPrintingChannels) {
        const handler = handlers[channel] as (input: never) => unknown;
        gated[channel] = (input: never) => {
          if (needed) throw new StationFailure(stationError('settings.need-attention', { channel }));
          return handler(input);
        };
      }
      return gated as IpcHandlers;
    },
  };
}
