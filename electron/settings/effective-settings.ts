import { DEMO_GATEWAY, type GatewayIdentity } from '../../shared/domain/gateway-identity';
import { demoShops, firstShopOf, type Settings } from '../../shared/settings/settings-schema';
import type { SharedAccount } from '../store/postgres/shared-account';

/** Values given on the command line or by environment: they win over settings for this run only. */
export interface RunOverrides {
  baseUrl?: string | undefined;
  token?: string | undefined;
  shopId?: string | undefined;
  componentUrl?: string | undefined;
}

/**
 * The settings in effect: the stored ones with this run's overrides on top (a shop id given
 * for the run is the first shop's); in demo mode (no base URL) the embedded sandbox's demo
 * account and its shops stand in for the account's.
 */
export function effectiveSettingsOf(stored: Settings, overrides: RunOverrides): Settings {
  const { baseUrl, shopId, componentUrl } = overrides;
  const [first, ...rest] = stored.gateway.shops;
  const shops = shopId && first ? [{ ...first, shopId }, ...rest.filter((shop) => shop.shopId !== shopId)] : stored.gateway.shops;
  const gateway = { ...stored.gateway, ...(baseUrl ? { baseUrl } : {}), shops };
  return {
    ...stored,
    gateway: gateway.baseUrl === null ? { ...gateway, shops: demoShops() } : gateway,
    print: { ...stored.print, ...(componentUrl ? { componentUrl } : {}) },
  };
}

/** The gateway with each shop of the account under these (effective) settings, the first shop first: jobs of any of them are acted on. */
export function gatewayIdentitiesOf(settings: Settings): GatewayIdentity[] {
  const baseUrl = settings.gateway.baseUrl ?? DEMO_GATEWAY;
  return settings.gateway.shops.map((shop) => ({ baseUrl, shopId: shop.shopId }));
}

/** The gateway and the station's own (first) shop under these (effective) settings. */
export function gatewayIdentityOf(settings: Settings): GatewayIdentity {
  return { baseUrl: settings.gateway.baseUrl ?? DEMO_GATEWAY, shopId: firstShopOf(settings.gateway).shopId };
}

/** The account this desk works for under these (effective) settings, as a shared schema records it: the gateway as claims record it, and every shop by its merchant user id. */
export function sharedAccountOf(settings: Settings): SharedAccount {
  return { gatewayBaseUrl: settings.gateway.baseUrl ?? DEMO_GATEWAY, shops: settings.gateway.shops.map((shop) => ({ merchantUserId: shop.merchantUserId, sellerNick: shop.sellerNick })) };
}
