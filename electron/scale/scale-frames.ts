import { gramsOf, type ScaleFraming, type ScaleUnit } from '../../shared/domain/scale';

/** What one frame from the scale said. */
export type FrameReading =
  /** A weight in whole grams; `stable` as the scale flagged it (null: the framing carries no flag). */
  | { kind: 'weight'; grams: number; stable: boolean | null }
  /** The scale reports overload (OL). */
  | { kind: 'overload' }
  /** Not a frame of this framing: `text` as received, control characters shown as `·`. */
  | { kind: 'unreadable'; text: string };

/** A frame longer than this without its end is noise: it is read as unreadable and dropped. */
export const MAX_FRAME_CHARS = 64;

const UNIT = '(kg|g|lb|oz)';
const NUMBER = '([+-])?\\s*(\\d+(?:\\.\\d+)?|\\.\\d+)';
/** `ST,GS,+  1.234kg`: status, then optionally gross/net/tare, the signed number, optionally the unit (some put a comma before it). */
const STATUS_LINE = new RegExp(`^(ST|US)\\s*,\\s*(?:(?:GS|NT|TR|GW|NW)\\s*,\\s*)?${NUMBER}?\\s*,?\\s*${UNIT}?$`, 'i');
/** `OL,GS,+ ------kg`: overload, whatever follows. */
const OVERLOAD = /^OL\s*(,|$)/i;
/** `+001.234kg`, `  523 g`, `1.5`: a signed number and optionally its unit. */
const NUMBER_LINE = new RegExp(`^${NUMBER}\\s*${UNIT}?$`, 'i');
/** The digits of a reversed-digits frame (after its `=`), read back to front: a signed decimal. */
const REVERSED = /^[+-]?\d+(?:\.\d+)?$/;

/** Shows a frame as received, its control characters as `·`, cut to fit a header. */
export function printableFrame(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  return text.replace(/[\u0000-\u001f\u007f]/g, '·').slice(0, MAX_FRAME_CHARS);
}

function weightOf(sign: string | undefined, digits: string, unit: string | undefined, fallback: ScaleUnit, stable: boolean | null): FrameReading {
  const value = Number(digits) * (sign === '-' ? -1 : 1);
  return { kind: 'weight', grams: gramsOf(value, (unit?.toLowerCase() as ScaleUnit | undefined) ?? fallback), stable };
}

function statusLine(text: string, unit: ScaleUnit): FrameReading | null {
  // An overloaded scale sends dashes or its limit in place of the number: OL alone says it.
  if (OVERLOAD.test(text)) return { kind: 'overload' };
  const match = STATUS_LINE.exec(text);
  if (!match) return null;
  const [, status = '', sign, digits, frameUnit] = match;
  if (digits === undefined) return null;
  return weightOf(sign, digits, frameUnit, unit, status.toUpperCase() === 'ST');
}

function numberLine(text: string, unit: ScaleUnit): FrameReading | null {
  const match = NUMBER_LINE.exec(text);
  if (!match) return null;
  const [, sign, digits = '', frameUnit] = match;
  return weightOf(sign, digits, frameUnit, unit, null);
}

function reversedDigits(text: string, unit: ScaleUnit): FrameReading | null {
  const forward = [...text].reverse().join('');
  if (!REVERSED.test(forward)) return null;
  const sign = forward.startsWith('-') ? '-' : undefined;
  return weightOf(sign, forward.replace(/^[+-]/, ''), undefined, unit, null);
}

/**
 * Reads one frame (its separators already taken off) as the framing says; `unit` counts where the
 * frame names none. Null for an empty frame (a CR LF pair, a lone `=`), which says nothing.
 */
export function parseScaleFrame(frame: string, framing: ScaleFraming, unit: ScaleUnit): FrameReading | null {
  const text = frame.trim();
  if (text === '') return null;
  const reading =
    framing === 'status-line'
      ? statusLine(text, unit)
      : framing === 'number-line'
        ? numberLine(text, unit)
        : framing === 'reversed-digits'
          ? reversedDigits(text, unit)
          : (statusLine(text, unit) ?? numberLine(text, unit));
  return reading ?? { kind: 'unreadable', text: printableFrame(frame) };
}

/**
 * Cuts the byte stream of a scale into frames: at CR or LF, and for reversed-digits frames at
 * each `=` too (those scales send no line ends). A run longer than `MAX_FRAME_CHARS` without an
 * end is given out as a frame of its own, so noise cannot grow the buffer.
 */
export function createFrameSplitter(framing: ScaleFraming): { feed: (chunk: string) => string[]; reset: () => void } {
  const ends = framing === 'reversed-digits' ? /[\r\n=]/ : /[\r\n]/;
  let pending = '';
  return {
    feed(chunk) {
      const frames: string[] = [];
      for (const char of chunk) {
        if (ends.test(char)) {
          frames.push(pending);
          pending = '';
        } else if (pending.length >= MAX_FRAME_CHARS) {
          frames.push(pending);
          pending = char;
        } else pending += char;
      }
      return frames.filter((frame) => frame.trim() !== '');
    },
    reset() {
      pending = '';
    },
  };
}
