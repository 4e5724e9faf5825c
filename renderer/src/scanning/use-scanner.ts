import { useCallback, useEffect, useRef, useState } from 'react';
import { focusKind } from '../app/focus-kind';
import { createScanDetector, scanKeyOfKeydown, type ScanFeed } from './scan-input';

/** What the scanner tells the desk. */
export interface ScannerListener {
  /** A complete scan: the normalized code. */
  onScan: (code: string) => void;
  /** The same code again within a second: ignored. */
  onDuplicate: (code: string) => void;
}

/**
 * Listens for barcode scans on the whole window, ahead of every other handler (capture phase),
 * wherever the focus is except in a text field being edited. On the table, a button or the
 * page, keys arrive as keydown events. In a drop-down's search input an input method may be
 * active: there, characters are read from what is typed in (`beforeinput`, one character at a
 * time: a paste is not a scan) and from what the input method commits (`compositionend`,
 * possibly full-width), and Enter from keydown. The
 * Enter that completes a scan is kept from the focused control, and a drop-down that took the
 * scan's characters loses the focus, so it forgets them.
 *
 * Answers `submit`, which the scan box calls with what was typed (or scanned) into it when Enter
 * is pressed there: the same lookups, and the same double-scan rule, as a scan elsewhere.
 */
export function useScanner(listener: ScannerListener): (text: string) => void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  // One detector for the window's keys and the scan box: a code scanned twice is one scan either way.
  const [detector] = useState(createScanDetector);
  const tell = useCallback((fed: ScanFeed) => {
    if (fed.kind === 'scan') latest.current.onScan(fed.code);
    else if (fed.kind === 'duplicate') latest.current.onDuplicate(fed.code);
  }, []);

  useEffect(() => {
    // The stamp of a drop-down's last character key, for the text it types in: an input event is
    // stamped when it is handled, a key when it was pressed, and a busy page must not stretch a
    // scan's gaps into typing.
    let pickerKeyAt: number | null = null;
    const report = (fed: ScanFeed, event: Event): void => {
      if (fed.kind === 'none') return;
      event.preventDefault();
      event.stopPropagation();
      if (focusKind(event.target) === 'picker-input' && event.target instanceof HTMLElement) event.target.blur();
      tell(fed);
    };

    const onKeyDown = (event: KeyboardEvent): void => {
      const kind = focusKind(event.target);
      if (kind === 'text-field') {
        detector.reset();
        return;
      }
      const key = scanKeyOfKeydown(event, event.timeStamp);
      // In a drop-down's input the characters come as typed text (below); only Enter comes from here.
      if (kind === 'picker-input' && key?.kind === 'char') {
        pickerKeyAt = event.timeStamp;
        return;
      }
      if (key) report(detector.feed(key), event);
    };
    const onBeforeInput = (event: InputEvent): void => {
      if (focusKind(event.target) !== 'picker-input' || event.inputType !== 'insertText' || !event.data) return;
      // A scanner types one character at a time; a longer insert is a paste or an autofill.
      if ([...event.data].length === 1) detector.feed({ kind: 'char', char: event.data, at: pickerKeyAt ?? event.timeStamp });
      else detector.reset();
      pickerKeyAt = null;
    };
    const onCompositionStart = (event: CompositionEvent): void => {
      if (focusKind(event.target) === 'picker-input') detector.feed({ kind: 'composition-start', at: event.timeStamp });
    };
    const onCompositionEnd = (event: CompositionEvent): void => {
      if (focusKind(event.target) === 'picker-input') report(detector.feed({ kind: 'composition-end', text: event.data, at: event.timeStamp }), event);
    };

    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('beforeinput', onBeforeInput, true);
    window.addEventListener('compositionstart', onCompositionStart, true);
    window.addEventListener('compositionend', onCompositionEnd, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('beforeinput', onBeforeInput, true);
      window.removeEventListener('compositionstart', onCompositionStart, true);
      window.removeEventListener('compositionend', onCompositionEnd, true);
    };
  }, [detector, tell]);

  return useCallback((text: string) => tell(detector.submit(text, performance.now())), [detector, tell]);
}
