import { describe, expect, it } from 'vitest';
import { createScanDetector, normalizeScanText, scanKeyOfKeydown, type ScanDetector, type ScanFeed, type KeyEventLike } from './scan-input';

/** Types `text` into the detector as a scanner would: one key every `gapMs`, then Enter. */
function scan(detector: ScanDetector, text: string, startAt: number, gapMs = 5): { feed: ScanFeed; endAt: number } {
  let at = startAt;
  for (const char of text) {
    expect(detector.feed({ kind: 'char', char, at })).toEqual({ kind: 'none' });
    at += gapMs;
  }
  return { feed: detector.feed({ kind: 'enter', at }), endAt: at };
}

const key = (fields: Partial<KeyEventLike>): KeyEventLike => ({ key: '', code: '', ctrlKey: false, altKey: false, metaKey: false, ...fields });

describe('normalizing scanned text', () => {
  it('turns full-width digits, letters, hyphen and underscore into ASCII, upper case', () => {
    expect(normalizeScanText('３４０８１１２３５７１２５６５６０４６')).toBe('3408112357125656046');
    expect(normalizeScanText('２４１１２１－１２３４５６７８９０１２３４５')).toBe('241121-123456789012345');
    expect(normalizeScanText('ｙｔ１２３Ａ＿b')).toBe('YT123A_B');
  });

  it('reads other dashes as a hyphen and drops spaces', () => {
    expect(normalizeScanText('241121—12 34')).toBe('241121-1234');
    expect(normalizeScanText('241121\u2212 9')).toBe('241121-9');
  });
});

describe('keydown events as scan keys', () => {
  it('takes printable keys and Enter, not shortcuts or named keys', () => {
    expect(scanKeyOfKeydown(key({ key: '7', code: 'Digit7' }), 1)).toEqual({ kind: 'char', char: '7', at: 1 });
    expect(scanKeyOfKeydown(key({ key: '７', code: 'Digit7' }), 1)).toEqual({ kind: 'char', char: '７', at: 1 });
    expect(scanKeyOfKeydown(key({ key: 'Enter', code: 'NumpadEnter' }), 2)).toEqual({ kind: 'enter', at: 2 });
    expect(scanKeyOfKeydown(key({ key: 'a', code: 'KeyA', ctrlKey: true }), 3)).toBeNull();
    expect(scanKeyOfKeydown(key({ key: 'ArrowDown', code: 'ArrowDown' }), 3)).toBeNull();
    expect(scanKeyOfKeydown(key({ key: 'F5', code: 'F5' }), 3)).toBeNull();
  });

  it('reads the physical key while an input method processes it', () => {
    expect(scanKeyOfKeydown(key({ key: 'Process', code: 'Digit3' }), 1)).toEqual({ kind: 'char', char: '3', at: 1 });
    expect(scanKeyOfKeydown(key({ key: 'Process', code: 'Numpad0' }), 1)).toEqual({ kind: 'char', char: '0', at: 1 });
    expect(scanKeyOfKeydown(key({ key: 'Process', code: 'KeyY' }), 1)).toEqual({ kind: 'char', char: 'Y', at: 1 });
    expect(scanKeyOfKeydown(key({ key: 'Process', code: 'Minus' }), 1)).toEqual({ kind: 'char', char: '-', at: 1 });
    expect(scanKeyOfKeydown(key({ key: 'Process', code: 'Enter' }), 1)).toEqual({ kind: 'enter', at: 1 });
    expect(scanKeyOfKeydown(key({ key: 'Process', code: 'Space' }), 1)).toBeNull();
  });
});

describe('the scan detector', () => {
  it('reads a fast run of keys ended by Enter as one scan', () => {
    const detector = createScanDetector();
    expect(scan(detector, '3408112357125656046', 1000).feed).toEqual({ kind: 'scan', code: '3408112357125656046' });
  });

  it('reads full-width keys as their ASCII code', () => {
    const detector = createScanDetector();
    expect(scan(detector, '３４０８１１２３５７１２５６５６０４６', 1000).feed).toEqual({ kind: 'scan', code: '3408112357125656046' });
  });

  it('ignores ordinary typing: keys further apart than a scanner sends them', () => {
    expect(scan(createScanDetector(), '34081123', 1000, 180).feed).toEqual({ kind: 'none' });
    expect(scan(createScanDetector(), '3408112357125656046', 1000, 100).feed).toEqual({ kind: 'none' });
  });

  it('keeps a scan whose keys a busy machine held up once', () => {
    const detector = createScanDetector();
    let at = 0;
    for (const [index, char] of [...'3408112357125656046'].entries()) detector.feed({ kind: 'char', char, at: (at += index === 4 ? 250 : 8) });
    expect(detector.feed({ kind: 'enter', at: at + 8 })).toEqual({ kind: 'scan', code: '3408112357125656046' });
  });

  it('drops what was typed before a pause and keeps the fast run after it', () => {
    const detector = createScanDetector();
    detector.feed({ kind: 'char', char: '9', at: 0 });
    detector.feed({ kind: 'char', char: '9', at: 10 });
    expect(scan(detector, '12345678', 800).feed).toEqual({ kind: 'scan', code: '12345678' });
  });

  it('needs the Enter to follow the last key quickly', () => {
    const detector = createScanDetector();
    for (const [index, char] of [...'12345678'].entries()) detector.feed({ kind: 'char', char, at: index * 5 });
    expect(detector.feed({ kind: 'enter', at: 2000 })).toEqual({ kind: 'none' });
  });

  it('refuses runs too short to be an order number, and a lone Enter', () => {
    const detector = createScanDetector();
    expect(scan(detector, '12', 0).feed).toEqual({ kind: 'none' });
    expect(detector.feed({ kind: 'enter', at: 5000 })).toEqual({ kind: 'none' });
  });

  it('starts over at a character no order or waybill number has', () => {
    const detector = createScanDetector();
    expect(scan(detector, '1234?5678', 0).feed).toEqual({ kind: 'scan', code: '5678' });
  });

  it('ignores the same code read again within a second, and reads it again after', () => {
    const detector = createScanDetector();
    const first = scan(detector, 'YT1234567890123', 0);
    expect(first.feed).toEqual({ kind: 'scan', code: 'YT1234567890123' });
    const second = scan(detector, 'yt1234567890123', first.endAt + 200);
    expect(second.feed).toEqual({ kind: 'duplicate', code: 'YT1234567890123' });
    // The window restarts at each read: a code held under the scanner never reads twice.
    const third = scan(detector, 'YT1234567890123', second.endAt + 900);
    expect(third.feed).toEqual({ kind: 'duplicate', code: 'YT1234567890123' });
    expect(scan(detector, 'YT1234567890123', third.endAt + 1100).feed).toEqual({ kind: 'scan', code: 'YT1234567890123' });
  });

  it('reads another code at once, even within the second', () => {
    const detector = createScanDetector();
    const first = scan(detector, '11112222', 0);
    expect(scan(detector, '33334444', first.endAt + 50).feed).toEqual({ kind: 'scan', code: '33334444' });
  });

  it('takes what an input method commits in place of the raw keys it composed', () => {
    const detector = createScanDetector();
    let at = 0;
    for (const char of '2411') detector.feed({ kind: 'char', char, at: (at += 5) });
    detector.feed({ kind: 'composition-start', at: (at += 5) });
    // While composing, the adapter sees the physical keys (`Process`): y, t.
    detector.feed({ kind: 'char', char: 'y', at: (at += 5) });
    detector.feed({ kind: 'char', char: 't', at: (at += 5) });
    detector.feed({ kind: 'composition-end', text: 'ＹＴ', at: (at += 5) });
    for (const char of '5678') detector.feed({ kind: 'char', char, at: (at += 5) });
    expect(detector.feed({ kind: 'enter', at: at + 5 })).toEqual({ kind: 'scan', code: '2411YT5678' });
  });

  it('completes a scan whose Enter came while the input method was still composing', () => {
    const detector = createScanDetector();
    detector.feed({ kind: 'composition-start', at: 0 });
    for (const [index, char] of [...'1234'].entries()) detector.feed({ kind: 'char', char, at: 5 + index * 5 });
    expect(detector.feed({ kind: 'enter', at: 30 })).toEqual({ kind: 'none' });
    expect(detector.feed({ kind: 'composition-end', text: '１２３４５６', at: 32 })).toEqual({ kind: 'scan', code: '123456' });
  });

  it('takes committed text that came without a composition start', () => {
    const detector = createScanDetector();
    detector.feed({ kind: 'composition-end', text: '８８８８', at: 0 });
    detector.feed({ kind: 'char', char: '9', at: 5 });
    expect(detector.feed({ kind: 'enter', at: 10 })).toEqual({ kind: 'scan', code: '88889' });
  });

  it('forgets a half-typed code on reset', () => {
    const detector = createScanDetector();
    for (const [index, char] of [...'123456'].entries()) detector.feed({ kind: 'char', char, at: index * 5 });
    detector.reset();
    expect(detector.feed({ kind: 'enter', at: 35 })).toEqual({ kind: 'none' });
  });
});

describe('a number entered in the scan box', () => {
  it('is read at any speed, normalized like a scan', () => {
    const detector = createScanDetector();
    expect(detector.submit(' ３４０８１１２３５７ ', 0)).toEqual({ kind: 'scan', code: '3408112357' });
    expect(detector.submit('yt-12', 5000)).toEqual({ kind: 'scan', code: 'YT-12' });
  });

  it('is nothing when empty, and read as typed otherwise (what is no number sounds the unknown alarm)', () => {
    const detector = createScanDetector();
    expect(detector.submit('   ', 0)).toEqual({ kind: 'none' });
    expect(detector.submit('12?', 10)).toEqual({ kind: 'scan', code: '12?' });
  });

  it('shares the double-scan rule with the scanner: the same code within a second is ignored', () => {
    const detector = createScanDetector();
    const { endAt } = scan(detector, '3408112357125656046', 0);
    expect(detector.submit('3408112357125656046', endAt + 300)).toEqual({ kind: 'duplicate', code: '3408112357125656046' });
    expect(detector.submit('3408112357125656046', endAt + 2000)).toEqual({ kind: 'scan', code: '3408112357125656046' });
  });
});
