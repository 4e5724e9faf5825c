import type { GatewayEndpointId } from '../../shared/gateway/endpoints';
import { gatewayEndpoint } from '../../shared/gateway/endpoints';

/** Which path of each endpoint answered last, per gateway base URL. */
export interface PathMemory {
  /** Paths to try for an endpoint at a base URL: the one that worked last first, then the others. */
  candidates(baseUrl: string, endpoint: GatewayEndpointId): string[];
  /** Notes the path that answered (anything but "not found"). */
  remember(baseUrl: string, endpoint: GatewayEndpointId, path: string): void;
}

/**
 * Remembers, per base URL, whether an endpoint answers at its listed path or at its alias
 * (decisions.md: on a 404 the client tries the alias once and remembers which one worked). Kept
 * outside the client so a client rebuilt after a settings change keeps what was learned.
 */
export function createPathMemory(): PathMemory {
  const learned = new Map<string, string>();
  const key = (baseUrl: string, endpoint: GatewayEndpointId): string => `${baseUrl.replace(/\/+$/, '')} ${endpoint}`;
  return {
    candidates(baseUrl, endpoint) {
      const { path, alias } = gatewayEndpoint(endpoint);
      const paths = alias ? [path, alias] : [path];
      const known = learned.get(key(baseUrl, endpoint));
      return known ? [known, ...paths.filter((candidate) => candidate !== known)] : paths;
    },
    remember(baseUrl, endpoint, path) {
      learned.set(key(baseUrl, endpoint), path);
    },
  };
}
