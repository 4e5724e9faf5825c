import bwipjs from 'bwip-js/node';

/** One bar of a linear barcode, in modules from the symbol's left edge. */
export interface Bar {
  start: number;
  width: number;
}

/** The bars of a barcode symbol and its width, both in modules (quiet zones not included). */
export interface BarPattern {
  bars: readonly Bar[];
  modules: number;
}

/**
 * The Code128 bar pattern for a text, from bwip-js's raw encoder output (BWIPP picks the
 * shortest mix of code sets, e.g. set C for digit runs). Drawn as vector rectangles by the
 * label writers, never as a bitmap.
 */
export function code128Pattern(text: string): BarPattern {
  const [symbol] = bwipjs.raw('code128', text, {});
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js returned no Code128 bar pattern');
  // sbs alternates bar and space widths, starting with a bar.
  const bars: Bar[] = [];
  let position = 0;
  symbol.sbs.forEach((width, index) => {
    if (index % 2 === 0) bars.push({ start: position, width });
    position += width;
  });
  return { bars, modules: position };
}
