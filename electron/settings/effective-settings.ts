import { DEMO_GATEWAY, type GatewayIdentity } from '../../shared/domain/gateway-identity';
import { DEMO_GATEWAY_ACCOUNT, type Settings } from '../../shared/settings/settings-schema';
import type { RunOverrides } from '../composition/station';

/**
 * The settings in effect: the stored ones with this run's overrides on top; in demo mode (no
 * base URL) the embedded sandbox's demo account stands in for the shop.
 */
export function effectiveSettingsOf(stored: Settings, overrides: RunOverrides): Settings {
  const { baseUrl, shopId, componentUrl } = overrides;
  const gateway = { ...stored.gateway, ...(baseUrl ? { baseUrl } : {}), ...(shopId ? { shopId } : {}) };
  return {
    ...stored,
    gateway: gateway.baseUrl === null ? { ...gateway, ...DEMO_GATEWAY_ACCOUNT } : gateway,
    print: { ...stored.print, ...(componentUrl ? { componentUrl } : {}) },
  };
}

/** The gateway and shop jobs are issued against under these (effective) settings. */
export function gatewayIdentityOf(settings: Settings): GatewayIdentity {
  return { baseUrl: settings.gateway.baseUrl ?? DEMO_GATEWAY, shopId: settings.gateway.shopId };
}
