import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';

/**
 * The README's screenshots: a curated set, not every shot of the e2e suite. The suite writes all
 * its screenshots (PNG) to test-results/screenshots; `npm run screenshots` publishes these into
 * docs/screenshots as WebP of at most 150 KB each, so the repository does not grow by megabytes
 * each time a screen changes. Each name is `<screen>.<zh-CN|en>`.
 */
export const GALLERY: readonly string[] = [
  // The desk: the most common packing-desk screen, in both languages, and a big screen.
  'desk-2000-orders-1366.zh-CN',
  'desk-2000-orders-1366.en',
  'desk-2000-orders.en',
  // Issuing and printing.
  'issue-plan.zh-CN',
  'issue-plan-1366.zh-CN',
  'plan-printer-fault-1366.zh-CN',
  'plan-printer-fault-1366.en',
  'issue-summary.zh-CN',
  'label-preview.en',
  'label-preview-1280.en',
  'labels-not-printed-1366.zh-CN',
  'labels-not-printed-1366.en',
  'printer-not-responding-1366.zh-CN',
  'printer-not-responding-1366.en',
  'scan-reprint-1280.zh-CN',
  'plan-services.en',
  'plan-held-back.zh-CN',
  'issue-plan-paperwork.zh-CN',
  'picking-list-dialog.en',
  // Errors with their way out, history, settings.
  'authorization-302.en',
  'history.zh-CN',
  'settings-printing.zh-CN',
  'settings-practice.zh-CN',
  'settings-practice.en',
  'settings-paperwork.zh-CN',
  'settings-paperwork.en',
  // The warehouse's numbers and people: statistics at both sizes in both languages, the forecast, operators, the audit log.
  'statistics.zh-CN',
  'statistics.en',
  'statistics-1366.zh-CN',
  'statistics-1366.en',
  'balance-forecast-1366.zh-CN',
  'operators-sign-in-1366.en',
  'operators-supervisor-approval-1366.zh-CN',
  'audit-log-1366.en',
  // Pack right, weigh right: scan-to-verify and the scale at the desk's size.
  'verify-goods-1366.zh-CN',
  'verify-goods-1366.en',
  'verify-wrong-item-1366.zh-CN',
  'scale-stable-1366.zh-CN',
];

/** The most a published screenshot may weigh. */
export const GALLERY_MAX_BYTES = 150 * 1024;

/** Wider shots are published at this width: the README shows them narrower still. */
const publishedMaxWidth = 1440;
const qualities = [85, 80, 75, 70, 65, 60] as const;

/** A PNG screenshot as a WebP within the size budget: scaled to at most 1440 px wide, then the best quality that fits. */
export async function galleryImage(png: Buffer): Promise<Buffer> {
  const image = await loadImage(png);
  const scale = Math.min(1, publishedMaxWidth / image.width);
  const canvas = createCanvas(Math.round(image.width * scale), Math.round(image.height * scale));
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  for (const quality of qualities) {
    const webp = await canvas.encode('webp', quality);
    if (webp.length <= GALLERY_MAX_BYTES) return webp;
  }
  throw new Error(`a screenshot of ${image.width}×${image.height} stays over ${GALLERY_MAX_BYTES} bytes at quality ${qualities.at(-1)}`);
}

/**
 * Publishes the gallery's shots found in `shotsDir` into `galleryDir` (a shot not taken this run
 * keeps its published copy) and removes from `galleryDir` whatever is not in the gallery.
 * Returns the names published and the names the run did not shoot.
 */
export async function publishGallery(shotsDir: string, galleryDir: string): Promise<{ published: string[]; notShot: string[] }> {
  const shots = new Set(await readdir(shotsDir).catch(() => []));
  const published: string[] = [];
  const notShot: string[] = [];
  for (const name of GALLERY) {
    if (!shots.has(`${name}.png`)) {
      notShot.push(name);
      continue;
    }
    await writeFile(join(galleryDir, `${name}.webp`), await galleryImage(await readFile(join(shotsDir, `${name}.png`))));
    published.push(name);
  }
  const wanted = new Set(GALLERY.map((name) => `${name}.webp`));
  for (const file of await readdir(galleryDir)) if (!wanted.has(basename(file))) await rm(join(galleryDir, file));
  return { published, notShot };
}
