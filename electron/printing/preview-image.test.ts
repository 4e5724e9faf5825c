import { createServer, type Server } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewImageDataUrl } from './preview-image';

/** The 8-byte PNG signature: enough to stand for an image's bytes. */
const pngBytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('preview images as data: URLs', () => {
  let folder: string;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'station-preview-'));
    server = createServer((request, response) => {
      if (request.url === '/label.png') response.writeHead(200, { 'content-type': 'image/png' }).end(pngBytes);
      else if (request.url === '/named.jpg') response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(pngBytes);
      else if (request.url === '/page.html') response.writeHead(200, { 'content-type': 'text/html' }).end('<p>no</p>');
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(folder, { recursive: true, force: true });
  });

  it('reads an image the component wrote to disk', async () => {
    const file = join(folder, 'preview.PNG');
    await writeFile(file, pngBytes);
    expect(await previewImageDataUrl(pathToFileURL(file).href)).toBe(`data:image/png;base64,${pngBytes.toString('base64')}`);
  });

  it('fetches an image the component serves, typed by its header or else by its name', async () => {
    expect(await previewImageDataUrl(`${origin}/label.png`)).toBe(`data:image/png;base64,${pngBytes.toString('base64')}`);
    expect(await previewImageDataUrl(`${origin}/named.jpg`)).toBe(`data:image/jpeg;base64,${pngBytes.toString('base64')}`);
  });

  it('passes an image data: URL through and refuses any other', async () => {
    const image = `data:image/png;base64,${pngBytes.toString('base64')}`;
    expect(await previewImageDataUrl(image)).toBe(image);
    await expect(previewImageDataUrl('data:text/html,<script>1</script>')).rejects.toThrow('the preview is not an image');
  });

  it('says why when the address does not give an image', async () => {
    await expect(previewImageDataUrl(`${origin}/missing.png`)).rejects.toThrow('HTTP 404');
    await expect(previewImageDataUrl(`${origin}/page.html`)).rejects.toThrow('the preview is not an image');
    const text = join(folder, 'preview.txt');
    await writeFile(text, 'not an image');
    await expect(previewImageDataUrl(pathToFileURL(text).href)).rejects.toThrow('the preview is not an image');
    await expect(previewImageDataUrl('ftp://127.0.0.1/label.png')).rejects.toThrow('is not http(s), file or data');
  });

  it('refuses an image larger than the limit', async () => {
    await expect(previewImageDataUrl(`${origin}/label.png`, { timeoutMs: 5000, maxBytes: 4 })).rejects.toThrow('larger than 4 bytes');
  });
});
