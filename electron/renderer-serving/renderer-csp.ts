import { randomBytes } from 'node:crypto';

/**
 * The placeholder Vite writes as the nonce of every script and style tag of the built
 * renderer (`html.cspNonce`); each shell replaces it with a fresh nonce per page load.
 */
export const rendererNoncePlaceholder = 'STATION_CSP_NONCE';

/** A fresh nonce for one page load. */
export function createCspNonce(): string {
  return randomBytes(18).toString('base64');
}

/**
 * The renderer's Content-Security-Policy: only our own scripts, styles only with the page's
 * nonce (antd's CSS-in-JS sets it on the tags it inserts), no plugins, no frames, no forms,
 * no base-URI tricks; data only from our own origin (the browser host's IPC routes).
 */
export function rendererContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "worker-src 'none'",
    "manifest-src 'none'",
  ].join('; ');
}

/** The built index.html with this load's nonce in place of the placeholder. */
export function withCspNonce(indexHtml: string, nonce: string): string {
  return indexHtml.replaceAll(rendererNoncePlaceholder, nonce);
}
