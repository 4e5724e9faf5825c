import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { createCspNonce, rendererContentSecurityPolicy, withCspNonce } from './renderer-csp';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** One answer of the renderer's file server. */
export interface RendererAsset {
  status: 200 | 404;
  headers: Record<string, string>;
  body: Buffer | string;
}

/**
 * Serves the built renderer for the Electron shell's `app://` protocol: files only from inside
 * the renderer folder (no `..` escapes), the index page with a fresh CSP nonce and the CSP
 * header, an unknown path as 404.
 */
export async function readRendererAsset(rendererDir: string, pathname: string): Promise<RendererAsset> {
  const relative = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '') || 'index.html';
  const filePath = join(rendererDir, relative);
  if (!filePath.startsWith(rendererDir + sep)) return { status: 404, headers: {}, body: 'not found' };
  try {
    const body = await readFile(filePath);
    const contentType = contentTypes[extname(filePath)] ?? 'application/octet-stream';
    if (relative !== 'index.html') return { status: 200, headers: { 'content-type': contentType }, body };
    const nonce = createCspNonce();
    return {
      status: 200,
      headers: { 'content-type': contentType, 'content-security-policy': rendererContentSecurityPolicy(nonce), 'cache-control': 'no-store' },
      body: withCspNonce(body.toString('utf8'), nonce),
    };
  } catch {
    return { status: 404, headers: {}, body: 'not found' };
  }
}
