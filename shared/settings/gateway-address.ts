/**
 * Rules about the gateway address that protect the access token: it is sent as a bearer header
 * on every call, so it travels only over https (plain http only to this computer, where the
 * sandbox listens), and it belongs to the gateway it was entered for.
 */

/** Whether a URL's host name is this computer: 127.0.0.0/8, ::1 or localhost. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/**
 * What is wrong with a gateway address for carrying the token, or null: `insecure-http` for an
 * http:// address of another computer. (Whether it is an http(s) URL at all is the settings
 * schema's check.)
 */
export function gatewayAddressProblem(baseUrl: string): 'insecure-http' | null {
  if (!URL.canParse(baseUrl)) return null;
  const url = new URL(baseUrl);
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname) ? 'insecure-http' : null;
}

/** The origin (`https://host:port`) of a gateway address; null for demo mode or an unusable address. */
export function gatewayOriginOf(baseUrl: string | null): string | null {
  if (baseUrl === null || !URL.canParse(baseUrl)) return null;
  return new URL(baseUrl).origin;
}
