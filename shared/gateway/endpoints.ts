/**
 * The gateway's five endpoints (spec section 4, paths and bodies per decisions.md "Paths and
 * bodies"). The client calls `path` first and falls back to `alias` once on a 404; the sandbox
 * serves both.
 */

/** Stable ids of the five endpoints. */
export type GatewayEndpointId = 'query-issued' | 'subscription' | 'issue' | 'network-info' | 'sold-orders';

/** How an endpoint's request body is encoded: JSON, or form fields (multipart or url-encoded). */
export type GatewayBodyKind = 'json' | 'form';

/** One endpoint: where it lives and how its body is sent. */
export interface GatewayEndpoint {
  id: GatewayEndpointId;
  /** The path the client calls first. */
  path: string;
  /** The other documented path, or null. */
  alias: string | null;
  body: GatewayBodyKind;
}

/** The five endpoints, in spec order (4.1–4.5). */
export const GATEWAY_ENDPOINTS: readonly GatewayEndpoint[] = [
  { id: 'query-issued', path: '/papi/tool/erps/tbddhcxmd', alias: null, body: 'json' },
  { id: 'subscription', path: '/papi/tool/accounts/vcsi', alias: '/papi/tool/erps/subscribe', body: 'form' },
  { id: 'issue', path: '/papi/tool/erps/waybill', alias: null, body: 'json' },
  { id: 'network-info', path: '/papi/tool/erps/ks-network-info', alias: '/papi/tool/erps/get-network-info', body: 'json' },
  { id: 'sold-orders', path: '/papi/tool/erps/paging-orders', alias: null, body: 'form' },
];

/** The endpoint with this id (every id is in the table). */
export function gatewayEndpoint(id: GatewayEndpointId): GatewayEndpoint {
  const endpoint = GATEWAY_ENDPOINTS.find((candidate) => candidate.id === id);
  if (!endpoint) throw new Error(`unknown gateway endpoint ${id}`);
  return endpoint;
}

/** The endpoint served at this path (primary or alias), or undefined. */
export function endpointAtPath(path: string): GatewayEndpoint | undefined {
  return GATEWAY_ENDPOINTS.find((endpoint) => endpoint.path === path || endpoint.alias === path);
}
