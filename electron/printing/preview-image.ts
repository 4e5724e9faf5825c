import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** How long a preview image may take to arrive, and how large it may be. */
export interface PreviewImageLimits {
  timeoutMs: number;
  maxBytes: number;
}

const defaultLimits: PreviewImageLimits = { timeoutMs: 10_000, maxBytes: 10 * 1024 * 1024 };

function typeByName(path: string): string | null {
  return imageTypes[extname(path).toLowerCase()] ?? null;
}

/**
 * A preview image the print component answered with, as a `data:` URL: the window never loads
 * anything from the network or the disk (its CSP allows `data:` images only), so main fetches
 * http(s) URLs and reads file URLs. Throws an Error saying why when it is not a readable image.
 */
export async function previewImageDataUrl(url: string, limits: PreviewImageLimits = defaultLimits): Promise<string> {
  const protocol = URL.canParse(url) ? new URL(url).protocol : '';
  let body: Buffer;
  let type: string | null;
  if (protocol === 'data:') {
    if (!/^data:image\/[\w.+-]+[;,]/i.test(url)) throw new Error('the preview is not an image');
    return url;
  } else if (protocol === 'http:' || protocol === 'https:') {
    const response = await fetch(url, { signal: AbortSignal.timeout(limits.timeoutMs) });
    if (!response.ok) throw new Error(`the preview image answered HTTP ${response.status}`);
    body = Buffer.from(await response.arrayBuffer());
    const header = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    type = header.startsWith('image/') ? header : typeByName(new URL(url).pathname);
  } else if (protocol === 'file:') {
    const path = fileURLToPath(url);
    body = await readFile(path);
    type = typeByName(path);
  } else {
    throw new Error(`the preview address ${url.slice(0, 80)} is not http(s), file or data`);
  }
  if (type === null) throw new Error('the preview is not an image');
  if (body.byteLength > limits.maxBytes) throw new Error(`the preview image is larger than ${limits.maxBytes} bytes`);
  return `data:${type};base64,${body.toString('base64')}`;
}
