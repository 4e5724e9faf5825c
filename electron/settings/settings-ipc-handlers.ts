import { stationError } from '../../shared/errors/station-error';
import type { SettingsView } from '../../shared/ipc/ipc-contract';
import { gatewayAddressProblem, gatewayOriginOf } from '../../shared/settings/gateway-address';
import type { Settings } from '../../shared/settings/settings-schema';
import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';
import type { StationEvents } from '../ipc/station-events';
import { StationFailure } from '../ipc/to-station-error';
import type { StartUpPass } from '../issuing/start-up-pass';
import type { StationLogger } from '../logging/station-logger';
import type { TokenVault } from '../token-vault/token-vault';
import { forgetTokenOfAnotherGateway } from './forget-token-of-another-gateway';
import { refuseGatewayMoveWhileBusy, type GatewayWork } from './gateway-move';
import type { SettingsAttention } from './settings-attention';
import type { SettingsStore } from './settings-store';

/** What the settings and token channels work with. */
export interface SettingsIpcDependencies {
  settings: Pick<SettingsStore, 'update'>;
  /** The settings in effect (run overrides and demo mode applied). */
  effectiveSettings: () => Settings;
  settingsView: () => SettingsView;
  vault: TokenVault;
  attention: Pick<SettingsAttention, 'needed' | 'clear'>;
  startUp: Pick<StartUpPass, 'run'>;
  gatewayWork: GatewayWork;
  events: Pick<StationEvents, 'emit'>;
  logger: StationLogger;
  /** Refuses a printer the print component does not offer (a printer chosen in the same save). */
  assertPrinterOffered: (printer: string | null) => Promise<void>;
}

/** Reading and changing the settings, and the gateway token (which never crosses IPC itself). */
export function settingsIpcHandlers({ settings, effectiveSettings, settingsView, vault, attention, startUp, gatewayWork, events, logger, assertPrinterOffered }: SettingsIpcDependencies): FeatureIpcHandlers<'settings' | 'token'> {
  return {
    'settings.get': settingsView,
    'settings.update': async ({ patch: asked, printer }) => {
      // The printer is checked before anything changes: a save is all or nothing.
      if (printer !== undefined) await assertPrinterOffered(printer);
      const patch = printer === undefined ? asked : { ...asked, print: { ...asked.print, printer } };
      const baseUrl = patch.gateway?.baseUrl;
      if (typeof baseUrl === 'string' && gatewayAddressProblem(baseUrl) !== null) throw new StationFailure(stationError('settings.gateway-insecure', { baseUrl }));
      const current = effectiveSettings().gateway;
      if (!attention.needed()) refuseGatewayMoveWhileBusy(patch, current, gatewayWork);
      const originBefore = gatewayOriginOf(current.baseUrl);
      settings.update(patch);
      if (forgetTokenOfAnotherGateway({ vault, originBefore, originNow: gatewayOriginOf(effectiveSettings().gateway.baseUrl), logger })) events.emit('settings.changed', settingsView());
      if (attention.needed() && patch.gateway?.baseUrl !== undefined) {
        attention.clear();
        void startUp.run();
      }
      return settingsView();
    },
    'token.set': ({ token, acceptWeakProtection }) => {
      vault.write(token, { gatewayOrigin: gatewayOriginOf(effectiveSettings().gateway.baseUrl), acceptWeakProtection });
      return vault.status();
    },
    'token.clear': () => {
      vault.clear();
      return vault.status();
    },
  };
}
