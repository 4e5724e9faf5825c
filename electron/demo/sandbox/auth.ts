import type { IncomingHttpHeaders } from 'node:http';

/**
 * Bearer-token authentication (spec 5): `Authorization: Bearer <token>`; the scheme name is
 * case-insensitive as in HTTP. A missing or different token is answered 401.
 */
export function bearerToken(headers: IncomingHttpHeaders): string | null {
  const match = /^bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  return match?.[1] ?? null;
}
