import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRendererAsset } from './renderer-assets';
import { rendererNoncePlaceholder } from './renderer-csp';

describe("the Electron shell's renderer file server", () => {
  let root: string;
  let rendererDir: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'renderer-assets-'));
    rendererDir = join(root, 'renderer');
    await mkdir(join(rendererDir, 'assets'), { recursive: true });
    await writeFile(join(rendererDir, 'index.html'), `<script nonce="${rendererNoncePlaceholder}" src="./assets/app.js"></script>`);
    await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
    await writeFile(join(root, 'secret.txt'), 'outside the renderer');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('serves the index with the CSP header and a fresh nonce in place of the placeholder', async () => {
    const first = await readRendererAsset(rendererDir, '/index.html');
    const second = await readRendererAsset(rendererDir, '/');
    const nonce = /'nonce-([^']+)'/.exec(first.headers['content-security-policy'] ?? '')?.[1];
    expect(first.status).toBe(200);
    expect(String(first.body)).toBe(`<script nonce="${nonce}" src="./assets/app.js"></script>`);
    expect(String(first.body)).not.toContain(rendererNoncePlaceholder);
    expect(second.headers['content-security-policy']).not.toBe(first.headers['content-security-policy']);
  });

  it('serves assets with their content type', async () => {
    const script = await readRendererAsset(rendererDir, '/assets/app.js');
    expect(script).toMatchObject({ status: 200, headers: { 'content-type': 'text/javascript; charset=utf-8' } });
  });

  it('never serves a file outside the renderer folder', async () => {
    for (const path of ['/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/missing.js']) {
      expect((await readRendererAsset(rendererDir, path)).status, path).toBe(404);
    }
  });
});
