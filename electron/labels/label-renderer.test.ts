import { describe, expect, it } from 'vitest';
import { LABEL_SIZES_MM, POINTS_PER_MM } from './label-input';
import type { LabelInput, LabelSize } from './label-input';
import { createLabelRenderer } from './label-renderer';
import { SAMPLE_LABEL_INPUTS } from './sample-labels';
import { pdfPageSizes, pdfText, pdfType0Fonts, rasterizePdf } from './testing/pdf-inspection';
import { inkDisagreement, rasterizeSvg, readCode128, shiftImage } from './testing/raster-inspection';

const renderer = createLabelRenderer();
const sizes: readonly LabelSize[] = ['76x130', '100x180'];
/** The print head resolution of the common thermal label printers. */
const thermalDpi = 203;
/** 10 pixels per millimetre: both label sizes are whole pixels, so two renderings align exactly. */
const comparisonDpi = 254;

function sample(carrierCode: string): LabelInput {
  const input = SAMPLE_LABEL_INPUTS.find((candidate) => candidate.carrierCode === carrierCode);
  if (!input) throw new Error(`no sample label for ${carrierCode}`);
  return input;
}

describe.each(sizes)('a %s label', (size) => {
  it('is one page of exactly the label size', async () => {
    const pdf = await renderer.renderPdf(sample('ZTO'), size);
    const pages = await pdfPageSizes(pdf);
    expect(pages).toHaveLength(1);
    expect(pages[0]?.width).toBeCloseTo(LABEL_SIZES_MM[size].width * POINTS_PER_MM, 3);
    expect(pages[0]?.height).toBeCloseTo(LABEL_SIZES_MM[size].height * POINTS_PER_MM, 3);
  });

  it('holds the waybill number and the Chinese names and addresses as text', async () => {
    const text = await pdfText(await renderer.renderPdf(sample('ZTO'), size));
    expect(text).toContain('73100456789012');
    expect(text).toContain('张**');
    expect(text).toContain('138****1234');
    expect(text).toContain('杭州市');
    expect(text).toContain('李明');
    expect(text).toContain('300-A12 04');
    expect(text).toContain('杭州转运中心');
    expect(text).toContain('中通快递');
    expect(text).toContain('纯棉短袖T恤');
    expect(text).toContain('3512345678901234567');
    expect(text).toContain('2025-06-01 14:03');
  });

  it('embeds its fonts as TrueType subsets, the CJK font among them', async () => {
    const pdf = await renderer.renderPdf(sample('ZTO'), size);
    const fonts = await pdfType0Fonts(pdf);
    expect(fonts.map((font) => font.baseFont)).toContainEqual(expect.stringMatching(/^[A-Z]{6}\+DroidSansFallback$/));
    for (const font of fonts) {
      expect(font.baseFont).toMatch(/^[A-Z]{6}\+/);
      expect(font.descendantSubtype).toBe('CIDFontType2');
      expect(font.embedsTrueType).toBe(true);
      expect(font.hasToUnicode).toBe(true);
    }
    // The CJK font file alone is 4 MB: only a subset can make the label this small.
    expect(pdf.byteLength).toBeLessThan(80_000);
  });

  it.each(SAMPLE_LABEL_INPUTS.map((input) => [input.carrierCode, input] as const))(
    'carries a %s waybill number in a barcode that scans back to it',
    async (_carrier, input) => {
      const image = await rasterizePdf(await renderer.renderPdf(input, size), thermalDpi);
      const texts = await readCode128(image);
      // 100×180 labels repeat the barcode on the tear-off customer part; the custom area carries
      // the first order number as a small barcode of its own, for scan-to-verify.
      const waybills = Array<string>(size === '100x180' ? 2 : 1).fill(input.data.waybillCode);
      const orders = input.order.orderNumbers.slice(0, 1);
      expect(texts.toSorted()).toEqual([...waybills, ...orders].toSorted());
    },
  );

  it('has an SVG preview that draws the same label as the PDF', async () => {
    const input = sample('YTO');
    const pdfImage = await rasterizePdf(await renderer.renderPdf(input, size), comparisonDpi);
    const svgImage = await rasterizeSvg(renderer.renderSvg(input, size), pdfImage.width, pdfImage.height);
    // Measured: about 0.1% (edge pixels); a shifted or missing line of text costs several percent.
    expect(inkDisagreement(pdfImage, svgImage)).toBeLessThan(0.01);
    expect(await readCode128(svgImage)).toContain(input.data.waybillCode);
  });
});

describe('label content', () => {
  it('shows encrypted fields as a placeholder, never their ciphertext', async () => {
    const input = sample('SF');
    const text = await pdfText(await renderer.renderPdf(input, '76x130'));
    expect(text).toContain('（已加密）');
    expect(text).toContain('*******5552');
    expect(text).not.toContain('AES:');
    expect(text).not.toContain('Zm9vYmFyYmF6cXV4');
    expect(renderer.renderSvg(input, '76x130')).not.toContain('Zm9vYmFyYmF6cXV4');
  });

  it('cuts a goods list that does not fit and says how many pieces there are', async () => {
    const items = Array.from({ length: 30 }, (_, index) => ({ name: `商品${index + 1} 规格款式颜色`, count: 2 }));
    const input: LabelInput = { ...sample('ZTO'), order: { orderNumbers: ['3512345678901234567'], items } };
    for (const size of sizes) {
      const text = await pdfText(await renderer.renderPdf(input, size));
      expect(text).toContain('商品1 规格款式颜色×2');
      expect(text).not.toContain('商品30 规格');
      expect(text).toContain('…等60件');
    }
  });

  it('draws a label whose routing information is missing', async () => {
    const base = sample('EMS');
    const input: LabelInput = { ...base, data: { ...base.data, routingInfo: undefined, shippingOption: undefined } };
    const pdf = await renderer.renderPdf(input, '76x130');
    expect(await pdfText(pdf)).toContain('9812345678901');
    expect(await readCode128(await rasterizePdf(pdf, thermalDpi))).toContain('9812345678901');
  });
});

describe('printer offsets', () => {
  const input = sample('ZTO');
  // 2 mm right and 3 mm up are 16 and 24 printer dots: 20 and 30 pixels at 10 px/mm.
  const offset = { horizontalMm: 2, verticalMm: -3 };
  const shiftPx = { x: 20, y: -30 };

  it('move the whole drawing on a page that keeps the label size', async () => {
    const plain = await rasterizePdf(await renderer.renderPdf(input, '76x130'), comparisonDpi);
    const pdf = await renderer.renderPdf(input, '76x130', { offset });
    const [page] = await pdfPageSizes(pdf);
    expect(page?.width).toBeCloseTo(76 * POINTS_PER_MM, 3);
    expect(page?.height).toBeCloseTo(130 * POINTS_PER_MM, 3);
    const moved = await rasterizePdf(pdf, comparisonDpi);
    // Measured: the moved label is the plain one shifted (up to edge pixels); unshifted they differ a lot.
    expect(inkDisagreement(moved, shiftImage(plain, shiftPx.x, shiftPx.y))).toBeLessThan(0.02);
    expect(inkDisagreement(moved, plain)).toBeGreaterThan(0.3);
    expect((await readCode128(await rasterizePdf(pdf, thermalDpi))).toSorted()).toEqual([input.data.waybillCode, ...input.order.orderNumbers.slice(0, 1)].toSorted());
  });

  it('move the SVG preview the same way as the PDF', async () => {
    const pdfImage = await rasterizePdf(await renderer.renderPdf(input, '100x180', { offset }), comparisonDpi);
    const svg = renderer.renderSvg(input, '100x180', { offset });
    const svgImage = await rasterizeSvg(svg, pdfImage.width, pdfImage.height);
    expect(inkDisagreement(pdfImage, svgImage)).toBeLessThan(0.01);
    expect(svg).not.toBe(renderer.renderSvg(input, '100x180'));
  });

  it('of zero draw the label exactly as without offsets', async () => {
    const zero = { horizontalMm: 0, verticalMm: 0 };
    expect(renderer.renderSvg(input, '76x130', { offset: zero })).toBe(renderer.renderSvg(input, '76x130'));
    expect(await pdfText(await renderer.renderPdf(input, '76x130', { offset: zero }))).toBe(await pdfText(await renderer.renderPdf(input, '76x130')));
  });
});
