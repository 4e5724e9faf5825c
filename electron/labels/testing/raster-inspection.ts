import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createCanvas, Image } from '@napi-rs/canvas';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/**
 * Pixels for tests: an SVG drawn by Skia (@napi-rs/canvas), barcodes read back by ZXing
 * (zxing-wasm, its WebAssembly loaded from node_modules, no network), and a comparison of two
 * renderings of the same label.
 */

/** An RGBA image, four bytes per pixel, rows top to bottom (the DOM's ImageData shape). */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** The SVG drawn at the given pixel size, on white. */
export async function rasterizeSvg(svg: string, width: number, height: number): Promise<RgbaImage> {
  const image = new Image();
  // Sizing the image before it loads makes Skia draw the vectors at that size (no upscaling).
  image.width = width;
  image.height = height;
  const loaded = new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = (error) => reject(error);
  });
  image.src = Buffer.from(svg);
  await loaded;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  const pixels = context.getImageData(0, 0, width, height);
  return { width, height, data: new Uint8ClampedArray(pixels.data) };
}

let zxingPrepared = false;

/** The texts of the Code128 barcodes ZXing finds in the image. */
export async function readCode128(image: RgbaImage): Promise<string[]> {
  if (!zxingPrepared) {
    const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    prepareZXingModule({ overrides: { wasmBinary: readFileSync(wasmPath).buffer } });
    zxingPrepared = true;
  }
  const results = await readBarcodes(
    { width: image.width, height: image.height, data: image.data, colorSpace: 'srgb' },
    { formats: ['Code128'], tryHarder: true, maxNumberOfSymbols: 8 },
  );
  return results.filter((result) => result.isValid).map((result) => result.text);
}

/** Whether a pixel is ink (darker than mid grey), as a thermal head would burn it. */
function isInk(data: Uint8ClampedArray, pixel: number): boolean {
  const offset = pixel * 4;
  return (data[offset] ?? 255) + (data[offset + 1] ?? 255) + (data[offset + 2] ?? 255) < 3 * 128;
}

/**
 * How far two same-size renderings disagree: pixels inked in one and not the other, as a share
 * of the pixels inked in either. 0 is identical; edge anti-aliasing alone stays small.
 */
export function inkDisagreement(a: RgbaImage, b: RgbaImage): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('images differ in size');
  let differing = 0;
  let inked = 0;
  for (let pixel = 0; pixel < a.width * a.height; pixel += 1) {
    const inkA = isInk(a.data, pixel);
    const inkB = isInk(b.data, pixel);
    if (inkA || inkB) inked += 1;
    if (inkA !== inkB) differing += 1;
  }
  return inked === 0 ? 0 : differing / inked;
}

/** The image moved by whole pixels (positive: right and down), with white where nothing moved in. */
export function shiftImage(image: RgbaImage, dx: number, dy: number): RgbaImage {
  const data = new Uint8ClampedArray(image.data.length).fill(255);
  for (let y = Math.max(0, dy); y < Math.min(image.height, image.height + dy); y += 1) {
    const from = ((y - dy) * image.width + Math.max(0, -dx)) * 4;
    const to = (y * image.width + Math.max(0, dx)) * 4;
    data.set(image.data.subarray(from, from + (image.width - Math.abs(dx)) * 4), to);
  }
  return { width: image.width, height: image.height, data };
}
