/**
 * Barcode scanners act as keyboards: they type an order or waybill number a few milliseconds a
 * key and press Enter. This module turns keyboard input into scanned codes, without React or the
 * DOM: the browser adapter (`use-scanner.ts`) reduces each event to a `ScanKey` and feeds it here.
 */

/** One piece of keyboard input, as the detector sees it. `at` is a timestamp in milliseconds. */
export type ScanKey =
  | { kind: 'char'; char: string; at: number }
  | { kind: 'enter'; at: number }
  /** An input method started composing: what it commits replaces the keys seen since. */
  | { kind: 'composition-start'; at: number }
  /** The input method committed `text` (possibly full-width, e.g. `１２３`). */
  | { kind: 'composition-end'; text: string; at: number };

/** What one key did to the detector. */
export type ScanFeed =
  /** Nothing complete yet (or ordinary typing). */
  | { kind: 'none' }
  /** A complete scan: the normalized code (ASCII, upper case). */
  | { kind: 'scan'; code: string }
  /** The same code again within the duplicate window: a double scan, ignored. */
  | { kind: 'duplicate'; code: string };

/** Tuning of the detector. */
export interface ScanDetectorOptions {
  /** Longest pause between two keys of one scan, and before its Enter; a longer one starts a new run. */
  maxGapMs: number;
  /** Longest average pause between the keys of a scan (scanners: a few ms; people: 100 ms and more). */
  maxAverageGapMs: number;
  /** Shortest code taken for a scan (order and waybill numbers are far longer). */
  minLength: number;
  /** Longest code kept; longer runs are not a scan. */
  maxLength: number;
  /** A code read again within this time is a double scan and is ignored. */
  duplicateWindowMs: number;
}

/**
 * The defaults: a scan averages far faster than anyone types, and one key held up by a busy
 * machine does not break it.
 */
export const defaultScanDetectorOptions: ScanDetectorOptions = { maxGapMs: 300, maxAverageGapMs: 80, minLength: 4, maxLength: 64, duplicateWindowMs: 1000 };

/** Characters a scanned code may hold: those of order numbers and waybill numbers. */
const codeCharacter = /^[0-9A-Z_-]$/;

/** Dashes an input method may put in place of `-` (hyphen, en/em dash, minus sign, …). */
const dashLike = /[\u2010-\u2015\u2212\ufe63]/g;

/**
 * A code as the station compares it: full-width digits, letters, hyphen and underscore
 * (`０-９`, `Ａ-Ｚ`, `ａ-ｚ`, `－`, `＿`) turned into ASCII, other dashes into `-`, spaces removed,
 * letters upper-cased. Waybill and order numbers never depend on letter case.
 */
export function normalizeScanText(text: string): string {
  return text.normalize('NFKC').replace(dashLike, '-').replace(/\s+/g, '').toUpperCase();
}

/** The keyboard event fields the adapter reads (a subset of `KeyboardEvent`). */
export interface KeyEventLike {
  key: string;
  code: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/**
 * The scan key a keydown stands for, or null for keys a scanner never sends (shortcuts,
 * arrows, …). While an input method processes a key, `key` is `Process`: the character then
 * comes from the physical key (`Digit1`, `KeyA`, `Numpad7`, `Minus`).
 */
export function scanKeyOfKeydown(event: KeyEventLike, at: number): ScanKey | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  if (event.code === 'Enter' || event.code === 'NumpadEnter' || event.key === 'Enter') return { kind: 'enter', at };
  if (event.key === 'Process') {
    const physical = /^(?:Digit|Numpad)(\d)$|^Key([A-Z])$/.exec(event.code);
    if (physical) return { kind: 'char', char: physical[1] ?? physical[2] ?? '', at };
    if (event.code === 'Minus' || event.code === 'NumpadSubtract') return { kind: 'char', char: '-', at };
    return null;
  }
  return [...event.key].length === 1 ? { kind: 'char', char: event.key, at } : null;
}

/** The detector: feed it keys in order; it answers when a scan is complete. */
export interface ScanDetector {
  feed: (key: ScanKey) => ScanFeed;
  /**
   * A whole code entered in the scan box and ended by Enter, typed by hand or by a scanner: read
   * at any speed, normalized like a scan and, like a scan, ignored when read again within the
   * duplicate window. Empty text is nothing.
   */
  submit: (text: string, at: number) => ScanFeed;
  /** Forgets a half-typed code (e.g. when focus moves into a text field). */
  reset: () => void;
}

/**
 * Creates a detector. A scan is a run of code characters, each within `maxGapMs` of the one
 * before and `maxAverageGapMs` apart on average, ended by Enter within `maxGapMs`; slower input
 * is ordinary typing and is dropped (a person types into the scan box, which `submit` reads). An
 * input method's composition replaces the keys typed during it with the text it commits; an
 * Enter that arrives while it is still composing completes the scan when the composition ends.
 */
export function createScanDetector(options: ScanDetectorOptions = defaultScanDetectorOptions): ScanDetector {
  let buffer = '';
  let firstAt = Number.NEGATIVE_INFINITY;
  let lastAt = Number.NEGATIVE_INFINITY;
  let compositionStart: number | null = null;
  let enterDuringComposition = false;
  const recent = new Map<string, number>();

  const reset = () => {
    buffer = '';
    firstAt = Number.NEGATIVE_INFINITY;
    lastAt = Number.NEGATIVE_INFINITY;
    compositionStart = null;
    enterDuringComposition = false;
  };

  /** Appends normalized text, starting over after a pause or a character no code has. */
  const append = (text: string, at: number) => {
    if (at - lastAt > options.maxGapMs) buffer = '';
    for (const char of normalizeScanText(text)) {
      buffer = codeCharacter.test(char) && buffer.length < options.maxLength ? buffer + char : '';
      if (buffer.length === 1) firstAt = at;
    }
    lastAt = at;
  };

  /** Whether the run typed so far came as fast as a scanner types. */
  const fastEnough = (at: number): boolean => at - lastAt <= options.maxGapMs && (lastAt - firstAt) / Math.max(1, buffer.length - 1) <= options.maxAverageGapMs;

  /** A code read: a scan, or a double scan within the duplicate window. */
  const read = (code: string, at: number): ScanFeed => {
    for (const [seen, seenAt] of recent) if (at - seenAt > options.duplicateWindowMs) recent.delete(seen);
    const duplicate = recent.has(code);
    // Each read restarts the window, so a code held under the scanner never reads twice.
    recent.set(code, at);
    return duplicate ? { kind: 'duplicate', code } : { kind: 'scan', code };
  };

  const complete = (at: number): ScanFeed => {
    const code = fastEnough(at) ? buffer : '';
    reset();
    return code.length < options.minLength ? { kind: 'none' } : read(code, at);
  };

  return {
    reset,
    // Typed by hand: no speed and no length rule; what is not a loaded order sounds the "unknown" alarm.
    submit: (text, at) => {
      const code = normalizeScanText(text).slice(0, options.maxLength);
      return code === '' ? { kind: 'none' } : read(code, at);
    },
    feed: (key) => {
      switch (key.kind) {
        case 'char':
          append(key.char, key.at);
          return { kind: 'none' };
        case 'composition-start':
          if (key.at - lastAt > options.maxGapMs) buffer = '';
          compositionStart = buffer.length;
          return { kind: 'none' };
        case 'composition-end': {
          if (compositionStart === null) {
            append(key.text, key.at);
            return { kind: 'none' };
          }
          // The keys seen while composing were the input method's raw keys: the commit replaces them.
          buffer = buffer.slice(0, compositionStart);
          compositionStart = null;
          lastAt = key.at;
          if (key.text !== '') append(key.text, key.at);
          if (!enterDuringComposition) return { kind: 'none' };
          enterDuringComposition = false;
          return complete(key.at);
        }
        case 'enter':
          if (compositionStart !== null) {
            enterDuringComposition = true;
            return { kind: 'none' };
          }
          return complete(key.at);
      }
    },
  };
}
