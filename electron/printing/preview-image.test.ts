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
  let port: number;
  let origin: string;
  let componentUrl: string;
  /** Bytes the endless image had written when the reader stopped it. */
  let endlessWritten = 0;
  let endlessClosed: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'station-preview-'));
    server = createServer((request, response) => {
      if (request.url === '/label.png') response.writeHead(200, { 'content-type': 'image/png' }).end(pngBytes);
      else if (request.url === '/named.jpg') response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(pngBytes);
      else if (request.url === '/page.html') response.writeHead(200, { 'content-type': 'text/html' }).end('<p>no</p>');
      else if (request.url === '/elsewhere.png') response.writeHead(302, { location: 'http://192.0.2.1/label.png' }).end();
      else if (request.url === '/endless.png') {
        // No Content-Length: only a limit applied while reading stops it.
        endlessWritten = 0;
        response.writeHead(200, { 'content-type': 'image/png' });
        endlessClosed = new Promise((resolve) => response.on('close', () => resolve()));
        const chunk = Buffer.alloc(64 * 1024, 1);
        const pump = () => {
          while (!response.destroyed && endlessWritten < 1024 * 1024 * 1024) {
            endlessWritten += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', pump);
          }
        };
        pump();
      } else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
    componentUrl = `ws://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(folder, { recursive: true, force: true });
  });

  it('fetches an image the component serves on its own host, typed by its header or else by its name', async () => {
    expect(await previewImageDataUrl(`${origin}/label.png`, { componentUrl })).toBe(`data:image/png;base64,${pngBytes.toString('base64')}`);
    expect(await previewImageDataUrl(`${origin}/named.jpg`, { componentUrl })).toBe(`data:image/jpeg;base64,${pngBytes.toString('base64')}`);
    // A loopback name for the same machine is the same host.
    expect(await previewImageDataUrl(`http://localhost:${port}/label.png`, { componentUrl })).toBe(`data:image/png;base64,${pngBytes.toString('base64')}`);
  });

  it('never reads a file: URL, another host, or where a redirect points', async () => {
    const file = join(folder, 'preview.png');
    await writeFile(file, pngBytes);
    await expect(previewImageDataUrl(pathToFileURL(file).href, { componentUrl })).rejects.toThrow('is not http(s) or data');
    await expect(previewImageDataUrl(`${origin}/label.png`, { componentUrl: 'ws://192.0.2.7:13528' })).rejects.toThrow("is not on the print component's host");
    await expect(previewImageDataUrl('http://192.0.2.1/label.png', { componentUrl })).rejects.toThrow("is not on the print component's host");
    await expect(previewImageDataUrl(`${origin}/elsewhere.png`, { componentUrl, timeoutMs: 2000 })).rejects.toThrow();
    await expect(previewImageDataUrl('ftp://127.0.0.1/label.png', { componentUrl })).rejects.toThrow('is not http(s) or data');
  });

  it('passes an image data: URL through and refuses any other', async () => {
    const image = `data:image/png;base64,${pngBytes.toString('base64')}`;
    expect(await previewImageDataUrl(image, { componentUrl })).toBe(image);
    await expect(previewImageDataUrl('data:text/html,<script>1</script>', { componentUrl })).rejects.toThrow('the preview is not an image');
  });

  it('says why when the address does not give an image', async () => {
    await expect(previewImageDataUrl(`${origin}/missing.png`, { componentUrl })).rejects.toThrow('HTTP 404');
    await expect(previewImageDataUrl(`${origin}/page.html`, { componentUrl })).rejects.toThrow('the preview is not an image');
  });

  it('refuses an image larger than the limit by its Content-Length, and stops an endless one while reading it', async () => {
    await expect(previewImageDataUrl(`${origin}/label.png`, { componentUrl, maxBytes: 4 })).rejects.toThrow('larger than 4 bytes');
    const limit = 1024 * 1024;
    await expect(previewImageDataUrl(`${origin}/endless.png`, { componentUrl, maxBytes: limit })).rejects.toThrow(`larger than ${limit} bytes`);
    await endlessClosed;
    // The server stopped after the limit (plus what the socket buffers held), far short of its gigabyte.
    expect(endlessWritten).toBeLessThan(64 * limit);
  });
});
