import { extname } from 'node:path';
import { readBodyWithin } from '../http/read-body-within';

/** Image types a preview may come in, by file name extension. */
const imageTypes: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.svg': 'image/svg+xml',
};

/** Where preview images may come from, how long they may take and how large they may be. */
export interface PreviewImageSource {
  /** The print component's address (ws://host:port): images are fetched from its host only. */
  componentUrl: string;
  timeoutMs?: number;
  maxBytes?: number;
}

/** Defaults: 10 s, 10 MB. */
export const previewImageDefaults = { timeoutMs: 10_000, maxBytes: 10 * 1024 * 1024 } as const;

function typeByName(path: string): string | null {
  return imageTypes[extname(path).toLowerCase()] ?? null;
}

const loopbackNames = new Set(['localhost', '[::1]', '::1']);

/** The host a URL names, loopback names taken as one (a component on 127.0.0.1 may answer "localhost"). */
function hostOf(url: URL): string {
  const name = url.hostname.toLowerCase();
  return loopbackNames.has(name) || /^127(\.\d{1,3}){3}$/.test(name) ? 'loopback' : name;
}

/**
 * A preview image the print component answered with, as a `data:` URL: the window never loads
 * anything from the network or the disk (its CSP allows `data:` images only), so main fetches
 * the image — only over http(s) from the component's own host, without following redirects,
 * streamed under the size limit — or passes an image `data:` URL (already inline, within the
 * component's message limit) through. `file:` URLs, other hosts and other schemes are refused: a
 * component's answer never makes the station read a local file or call another machine. Throws
 * an Error saying why when it is not a readable image.
 */
export async function previewImageDataUrl(url: string, source: PreviewImageSource): Promise<string> {
  const maxBytes = source.maxBytes ?? previewImageDefaults.maxBytes;
  const address = URL.canParse(url) ? new URL(url) : null;
  const protocol = address?.protocol ?? '';
  if (protocol === 'data:') {
    if (!/^data:image\/[\w.+-]+[;,]/i.test(url)) throw new Error('the preview is not an image');
    if (url.length > (maxBytes * 4) / 3 + 100) throw new Error(`the preview image is larger than ${maxBytes} bytes`);
    return url;
  }
  if (!address || (protocol !== 'http:' && protocol !== 'https:')) throw new Error(`the preview address ${url.slice(0, 80)} is not http(s) or data`);
  const component = URL.canParse(source.componentUrl) ? new URL(source.componentUrl) : null;
  if (!component || hostOf(address) !== hostOf(component)) {
    throw new Error(`the preview address ${url.slice(0, 80)} is not on the print component's host`);
  }
  const response = await fetch(address, { signal: AbortSignal.timeout(source.timeoutMs ?? previewImageDefaults.timeoutMs), redirect: 'error' });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`the preview image answered HTTP ${response.status}`);
  }
  const header = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const type = header.startsWith('image/') ? header : typeByName(address.pathname);
  if (type === null) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error('the preview is not an image');
  }
  const body = await readBodyWithin(response, maxBytes);
  if (body === null) throw new Error(`the preview image is larger than ${maxBytes} bytes`);
  return `data:${type};base64,${body.toString('base64')}`;
}
