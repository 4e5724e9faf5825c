import { protocol } from 'electron';
import { readRendererAsset } from '../renderer-serving/renderer-assets';

/** The origin the renderer is served from inside Electron. */
export const rendererOrigin = 'app://station';

/** Must run before `app.whenReady()`: lets `app://` behave like a secure, standard origin. */
export function registerRendererScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

/** Serves the built renderer on `app://station/` with the CSP header and a nonce per load. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle('app', async (request) => {
    const url = new URL(request.url);
    if (url.host !== 'station') return new Response('not found', { status: 404 });
    const asset = await readRendererAsset(rendererDir, url.pathname);
    return new Response(asset.body, { status: asset.status, headers: asset.headers });
  });
}
