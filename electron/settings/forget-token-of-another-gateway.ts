import type { StationLogger } from '../logging/station-logger';
import type { TokenVault } from '../token-vault/token-vault';

/**
 * A token belongs to the gateway it was entered for: once the address points at another
 * origin, the stored token is forgotten (never sent to the new gateway) and the user enters
 * the new gateway's token. A token stored before tokens were bound to a gateway counts as the
 * previous address's. Answers whether the token was forgotten.
 */
export function forgetTokenOfAnotherGateway(options: { vault: TokenVault; originBefore: string | null; originNow: string | null; logger: StationLogger }): boolean {
  const { vault, originBefore, originNow, logger } = options;
  if (originNow === null || !vault.status().isSet) return false;
  const recorded = vault.gatewayOrigin();
  const tokenOrigin = recorded === undefined ? originBefore : recorded;
  if (tokenOrigin === originNow) return false;
  vault.clear();
  logger.info('token forgotten: the gateway address changed to another origin', { from: tokenOrigin, to: originNow });
  return true;
}
