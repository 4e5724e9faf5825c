import { describe, expect, it } from 'vitest';
import { MAX_FRAME_CHARS, createFrameSplitter, parseScaleFrame } from './scale-frames';
import { createStability, UNREADABLE_FRAMES_FOR_GARBAGE } from './scale-stability';

describe('the scale frame parsers', () => {
  it('reads status lines: stable, unstable, overload, gross or net, a unit in the frame or the one set', () => {
    expect(parseScaleFrame('ST,GS,+  1.234kg', 'status-line', 'kg')).toEqual({ kind: 'weight', grams: 1234, stable: true });
    expect(parseScaleFrame('US,GS,+  0.980kg', 'status-line', 'kg')).toEqual({ kind: 'weight', grams: 980, stable: false });
    expect(parseScaleFrame('ST,NT,+0000523 g', 'status-line', 'kg')).toEqual({ kind: 'weight', grams: 523, stable: true });
    expect(parseScaleFrame('ST,GS,+0001.500,kg', 'status-line', 'g')).toEqual({ kind: 'weight', grams: 1500, stable: true });
    expect(parseScaleFrame('ST,GS,+  2.000lb', 'status-line', 'kg')).toEqual({ kind: 'weight', grams: 907, stable: true });
    expect(parseScaleFrame('ST,GS,+  1.250', 'status-line', 'kg')).toEqual({ kind: 'weight', grams: 1250, stable: true });
    expect(parseScaleFrame('ST,GS,-  0.000kg', 'status-line', 'kg')).toEqual({ kind: 'weight', grams: 0, stable: true });
    expect(parseScaleFrame('OL,GS,+ ------kg', 'status-line', 'kg')).toEqual({ kind: 'overload' });
    expect(parseScaleFrame('OL,GS,+99.999kg', 'status-line', 'kg')).toEqual({ kind: 'overload' });
  });

  it('reads number lines with or without a unit, and reversed-digits frames back to front', () => {
    expect(parseScaleFrame('+001.234kg', 'number-line', 'kg')).toEqual({ kind: 'weight', grams: 1234, stable: null });
    expect(parseScaleFrame('  523 g', 'number-line', 'kg')).toEqual({ kind: 'weight', grams: 523, stable: null });
    expect(parseScaleFrame('0.75', 'number-line', 'kg')).toEqual({ kind: 'weight', grams: 750, stable: null });
    expect(parseScaleFrame('12.5', 'number-line', 'oz')).toEqual({ kind: 'weight', grams: 354, stable: null });
    // 耀华 XK3190-A9: 0001.234 kg arrives as =432.1000
    expect(parseScaleFrame('432.1000', 'reversed-digits', 'kg')).toEqual({ kind: 'weight', grams: 1234, stable: null });
    expect(parseScaleFrame('00.5600', 'reversed-digits', 'kg')).toEqual({ kind: 'weight', grams: 65_000, stable: null });
  });

  it('reads a poll answer as a status line or a number line', () => {
    expect(parseScaleFrame('ST,GS,+  0.450kg', 'poll', 'kg')).toEqual({ kind: 'weight', grams: 450, stable: true });
    expect(parseScaleFrame('+0.450kg', 'poll', 'kg')).toEqual({ kind: 'weight', grams: 450, stable: null });
  });

  it('calls anything else unreadable, showing control characters, and ignores empty frames', () => {
    expect(parseScaleFrame('ST,GS,+1.2.3kg', 'status-line', 'kg')).toEqual({ kind: 'unreadable', text: 'ST,GS,+1.2.3kg' });
    expect(parseScaleFrame('\u0002abc\u0003', 'number-line', 'kg')).toEqual({ kind: 'unreadable', text: '·abc·' });
    expect(parseScaleFrame('1.234kg', 'status-line', 'kg')).toMatchObject({ kind: 'unreadable' });
    expect(parseScaleFrame('ST,GS,+1.234kg', 'number-line', 'kg')).toMatchObject({ kind: 'unreadable' });
    expect(parseScaleFrame('12a.1', 'reversed-digits', 'kg')).toMatchObject({ kind: 'unreadable' });
    expect(parseScaleFrame('   ', 'status-line', 'kg')).toBeNull();
  });

  it('cuts frames at line ends (and at = for reversed digits) across chunks, and never lets noise grow past a frame', () => {
    const lines = createFrameSplitter('status-line');
    expect(lines.feed('ST,GS,+  1.2')).toEqual([]);
    expect(lines.feed('34kg\r\nUS,GS,+  1.000kg\r\n\r\n')).toEqual(['ST,GS,+  1.234kg', 'US,GS,+  1.000kg']);
    const reversed = createFrameSplitter('reversed-digits');
    expect(reversed.feed('=432.1000=432.')).toEqual(['432.1000']);
    expect(reversed.feed('1000=')).toEqual(['432.1000']);
    const noise = createFrameSplitter('number-line');
    const frames = noise.feed('x'.repeat(MAX_FRAME_CHARS * 2 + 5));
    expect(frames).toHaveLength(2);
    expect(frames.every((frame) => frame.length === MAX_FRAME_CHARS)).toBe(true);
  });
});

describe('stable-weight detection', () => {
  const weight = (grams: number, stable: boolean | null = null) => ({ kind: 'weight' as const, grams, stable });

  it('takes a weight only once the same reading held for the set time, and never while the scale flags it unstable', () => {
    const stability = createStability(500);
    expect(stability.feed(weight(1200), 0)).toEqual({ state: 'unstable', grams: 1200 });
    expect(stability.feed(weight(1234), 100)).toEqual({ state: 'unstable', grams: 1234 });
    expect(stability.feed(weight(1234), 500)).toEqual({ state: 'unstable', grams: 1234 });
    expect(stability.feed(weight(1234), 600)).toEqual({ state: 'stable', grams: 1234 });
    // A flagged ST that has not held yet is still waited out; US ends a stable weight at once.
    expect(stability.feed(weight(2000, true), 700)).toEqual({ state: 'unstable', grams: 2000 });
    expect(stability.feed(weight(2000, false), 1300)).toEqual({ state: 'unstable', grams: 2000 });
    expect(stability.feed(weight(2000, true), 1400)).toEqual({ state: 'unstable', grams: 2000 });
    expect(stability.feed(weight(2000, true), 1900)).toEqual({ state: 'stable', grams: 2000 });
  });

  it('overload and a run of unreadable frames replace the weight at once; one stray frame does not', () => {
    const stability = createStability(100);
    stability.feed(weight(500), 0);
    expect(stability.feed(weight(500), 200)).toEqual({ state: 'stable', grams: 500 });
    expect(stability.feed({ kind: 'unreadable', text: '?' }, 210)).toEqual({ state: 'stable', grams: 500 });
    for (let frame = 1; frame < UNREADABLE_FRAMES_FOR_GARBAGE; frame += 1) stability.feed({ kind: 'unreadable', text: '?!' }, 220 + frame);
    expect(stability.feed(weight(500), 300)).toEqual({ state: 'unstable', grams: 500 });
    expect(stability.feed({ kind: 'overload' }, 400)).toEqual({ state: 'overload' });
    expect(stability.feed(weight(500), 450)).toEqual({ state: 'unstable', grams: 500 });
  });
});
