import { readdir, readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { GALLERY, GALLERY_MAX_BYTES, galleryImage } from './screenshot-gallery';

const root = resolve(import.meta.dirname, '..');
const galleryDir = resolve(root, 'docs', 'screenshots');

describe('the README’s screenshots', () => {
  it('are the curated set: every image the README shows is published, and nothing else is kept', async () => {
    const readme = await readFile(resolve(root, 'README.md'), 'utf8');
    const shown = [...readme.matchAll(/\(docs\/screenshots\/([^)\s]+)\)/g)].map((match) => match[1]);
    const files = (await readdir(galleryDir)).sort();
    expect(files).toEqual(GALLERY.map((name) => `${name}.webp`).sort());
    expect(shown.length).toBeGreaterThan(0);
    for (const file of shown) expect(files, `README shows ${file}`).toContain(file);
  });

  it(`weigh at most ${GALLERY_MAX_BYTES / 1024} KB each`, async () => {
    for (const file of await readdir(galleryDir)) expect((await stat(resolve(galleryDir, file))).size, file).toBeLessThanOrEqual(GALLERY_MAX_BYTES);
  });

  it('are published from a full-HD screenshot full of text as a WebP of at most 1440 px within the budget', async () => {
    const canvas = createCanvas(1920, 1080);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, 1920, 1080);
    context.fillStyle = '#1f1f1f';
    context.font = '15px sans-serif';
    // Rows of order numbers and addresses, as the desk's table shows them: the hardest kind of picture to compress.
    for (let row = 0; row < 50; row += 1) {
      context.fillText(`${String(4_100_000_000_000 + row * 7_919)}  浙江省 杭州市 西湖区 文三路 ${row} 号  Buyer ${row * 31}  ×${row % 5}  waiting`.repeat(2), 8, 20 + row * 21);
    }
    const webp = await galleryImage(await canvas.encode('png'));
    expect(webp.length).toBeLessThanOrEqual(GALLERY_MAX_BYTES);
    expect(webp.subarray(8, 12).toString('ascii')).toBe('WEBP');
    expect((await loadImage(webp)).width).toBe(1440);
  });
});
