import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type * as fontkit from 'fontkit';

/**
 * The label's fonts, loaded once per process and shared by every label: Liberation Sans (Latin,
 * regular and bold) and Droid Sans Fallback (CJK; it has no Latin glyphs of its own). Text is
 * shaped here, once, into runs of glyphs per font, so the PDF and the SVG preview place exactly
 * the same glyphs at exactly the same positions.
 */

/** Which of the label fonts a run of text is drawn in. */
export type LabelFontKey = 'latin' | 'latinBold' | 'cjk';

const fontFiles: Readonly<Record<LabelFontKey, string>> = {
  latin: 'liberation-sans-regular.ttf',
  latinBold: 'liberation-sans-bold.ttf',
  cjk: 'droid-sans-fallback-full.ttf',
};

/**
 * The shipped fonts folder, `assets/fonts` at the project or app root: this module sits two
 * levels below the root both as source (electron/labels) and bundled (out/main).
 */
export const DEFAULT_LABEL_FONTS_DIR = resolve(import.meta.dirname, '../../assets/fonts');

/** One glyph of shaped text; lengths in em (multiply by the font size for points). */
export interface ShapedGlyph {
  id: number;
  advance: number;
  dx: number;
  dy: number;
}

/** Consecutive characters drawn in one font. */
export interface ShapedRun {
  font: LabelFontKey;
  text: string;
  glyphs: readonly ShapedGlyph[];
  /** Emboldened by stroking the outline: the CJK font has no bold face. */
  fauxBold: boolean;
  /** Width in em. */
  advance: number;
}

/** A line of text shaped for drawing. */
export interface ShapedText {
  runs: readonly ShapedRun[];
  /** Width in em. */
  advance: number;
}

/** Outline stroke that emboldens a faux-bold run, in em. */
export const FAUX_BOLD_STROKE_EM = 0.025;

// Labels repeat most of their texts (headings, cities, goods); an entry is a few hundred bytes.
const shapeCacheLimit = 4_000;

/** The loaded label fonts and the text shaper built on them. */
export class LabelFonts {
  /** The font objects, for the PDF writer (embedding) and the SVG writer (outlines). */
  readonly faces: Readonly<Record<LabelFontKey, fontkit.Font>>;
  private readonly fontForCodePoint = new Map<string, LabelFontKey>();
  private readonly shapeCache = new Map<string, ShapedText>();

  constructor(faces: Readonly<Record<LabelFontKey, fontkit.Font>>) {
    this.faces = faces;
  }

  /** Shapes one line of text; bold uses the bold Latin face and faux-bold CJK. */
  shape(text: string, bold: boolean): ShapedText {
    const key = `${bold ? 'b' : 'r'}${text}`;
    const cached = this.shapeCache.get(key);
    if (cached) return cached;
    const runs = this.splitRuns(text, bold).map(({ font, text: runText }) => this.shapeRun(font, runText, bold));
    const shaped: ShapedText = { runs, advance: runs.reduce((sum, run) => sum + run.advance, 0) };
    if (this.shapeCache.size >= shapeCacheLimit) this.shapeCache.clear();
    this.shapeCache.set(key, shaped);
    return shaped;
  }

  /** Width of one line of text in points. */
  width(text: string, size: number, bold: boolean): number {
    return this.shape(text, bold).advance * size;
  }

  /** Consecutive characters that the same font draws; the Latin face wins where both have a glyph. */
  private splitRuns(text: string, bold: boolean): { font: LabelFontKey; text: string }[] {
    const runs: { font: LabelFontKey; text: string }[] = [];
    for (const character of text) {
      const font = this.fontFor(character, bold);
      const last = runs.at(-1);
      if (last && last.font === font) last.text += character;
      else runs.push({ font, text: character });
    }
    return runs;
  }

  private fontFor(character: string, bold: boolean): LabelFontKey {
    const key = `${bold ? 'b' : 'r'}${character}`;
    let font = this.fontForCodePoint.get(key);
    if (font === undefined) {
      const latin: LabelFontKey = bold ? 'latinBold' : 'latin';
      const codePoint = character.codePointAt(0) ?? 0;
      font =
        this.faces[latin].hasGlyphForCodePoint(codePoint) || !this.faces.cjk.hasGlyphForCodePoint(codePoint)
          ? latin
          : 'cjk';
      this.fontForCodePoint.set(key, font);
    }
    return font;
  }

  private shapeRun(font: LabelFontKey, text: string, bold: boolean): ShapedRun {
    const face = this.faces[font];
    const glyphs: ShapedGlyph[] = [];
    let advance = 0;
    // Words are laid out one by one, each with its trailing space, as the PDF writer (pdfkit)
    // does: kerning then never crosses a space in either output.
    for (const word of text.match(/[^ \t]*[ \t]?/g) ?? []) {
      if (word === '') continue;
      const run = face.layout(word);
      run.glyphs.forEach((glyph, index) => {
        const position = run.positions[index];
        const glyphAdvance = (position?.xAdvance ?? glyph.advanceWidth) / face.unitsPerEm;
        glyphs.push({
          id: glyph.id,
          advance: glyphAdvance,
          dx: (position?.xOffset ?? 0) / face.unitsPerEm,
          dy: (position?.yOffset ?? 0) / face.unitsPerEm,
        });
        advance += glyphAdvance;
      });
    }
    return { font, text, glyphs, fauxBold: bold && font === 'cjk', advance };
  }
}

const loadedFonts = new Map<string, LabelFonts>();

/** The label fonts from a folder (the shipped `assets/fonts` by default), read once per folder. */
export function loadLabelFonts(fontsDir: string = DEFAULT_LABEL_FONTS_DIR): LabelFonts {
  let fonts = loadedFonts.get(fontsDir);
  if (!fonts) {
    // fontkit loaded with the first label's fonts, not at the station's start.
    const { create } = createRequire(import.meta.url)('fontkit') as typeof fontkit;
    const open = (key: LabelFontKey): fontkit.Font => {
      const font = create(readFileSync(join(fontsDir, fontFiles[key])));
      if (!('layout' in font)) throw new Error(`${fontFiles[key]} is a font collection, not a single font`);
      return font;
    };
    fonts = new LabelFonts({ latin: open('latin'), latinBold: open('latinBold'), cjk: open('cjk') });
    loadedFonts.set(fontsDir, fonts);
  }
  return fonts;
}
