import type { CDPSession } from '@playwright/test';

/** Milliseconds between two keys of a scan: what a barcode scanner's keyboard emulation sends. */
const scannerKeyGapMs = 4;

/** The stamp of the last key a scan sent, so a scan right after another never goes back in time. */
let lastKeyAt = 0;

/** A key event's fields, as `Input.dispatchKeyEvent` takes them. */
interface KeyFields {
  key: string;
  code: string;
  windowsVirtualKeyCode: number;
}

/** The key a US keyboard presses for a code character, or null where it has none (e.g. full-width digits). */
function usKey(char: string): KeyFields | null {
  if (/^[0-9]$/.test(char)) return { key: char, code: `Digit${char}`, windowsVirtualKeyCode: char.charCodeAt(0) };
  if (/^[A-Za-z]$/.test(char)) return { key: char, code: `Key${char.toUpperCase()}`, windowsVirtualKeyCode: char.toUpperCase().charCodeAt(0) };
  if (char === '-' || char === '_') return { key: char, code: 'Minus', windowsVirtualKeyCode: 189 };
  return null;
}

/**
 * Sends a scan: the code's keys, then Enter, as trusted key events (the ones `page.keyboard`
 * sends) handed to the browser in one burst, each stamped a scanner's few milliseconds after the
 * one before (CDP's `timestamp`, which the page sees as the key event's `timeStamp`, the time the
 * detector reads). A scan is then as fast as a scanner's whatever the load on the machine: typed
 * key by key and stamped on arrival, a busy CPU (the other test worker) could stretch one gap
 * past the detector's limit and cut the scan into typing. A character a US keyboard has no key
 * for (a full-width digit) comes as an input method in full-width mode sends it: the physical
 * key's stamped keydown with key `Process`, then the character typed in as text (`insertText`,
 * which carries no stamp of its own); or, with `keyless: 'key-event'`, as a key event of its own.
 */
export async function sendScannerBurst(session: CDPSession, code: string, keyless: 'insert-text' | 'key-event'): Promise<void> {
  const sent: Promise<unknown>[] = [];
  // The stamps are reckoned from one reading of the clock: read per key, a pause of this process
  // mid-burst (the other worker, a busy machine) would put a gap into the scan that no scanner makes.
  lastKeyAt = Math.max(Date.now(), lastKeyAt + scannerKeyGapMs) - scannerKeyGapMs;
  const press = (fields: KeyFields, text: string) => {
    lastKeyAt += scannerKeyGapMs;
    // CDP's timestamps are seconds since the epoch.
    const timestamp = lastKeyAt / 1000;
    sent.push(session.send('Input.dispatchKeyEvent', { type: 'keyDown', ...fields, text, unmodifiedText: text, timestamp }));
    sent.push(session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...fields, timestamp }));
  };
  for (const char of code) {
    const fields = usKey(char);
    if (fields !== null) press(fields, char);
    else if (keyless === 'key-event') press({ key: char, code: '', windowsVirtualKeyCode: 0 }, char);
    else {
      const physical = usKey(char.normalize('NFKC'));
      if (physical !== null) press({ ...physical, key: 'Process', windowsVirtualKeyCode: 229 }, '');
      sent.push(session.send('Input.insertText', { text: char }));
    }
  }
  press({ key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 }, '\r');
  await Promise.all(sent);
}


/**
 * An input method commits the text it composed and the scanner's Enter follows, handed to the
 * browser in one burst as the scanner sends them: awaited one by one, a pause of the test's
 * process between them (a busy machine) would put a gap after the commit that no scanner makes.
 */
export async function commitCompositionThenEnter(session: CDPSession, text: string): Promise<void> {
  const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 };
  await Promise.all([
    session.send('Input.insertText', { text }),
    session.send('Input.dispatchKeyEvent', { type: 'keyDown', ...enter, text: '\r', unmodifiedText: '\r' }),
    session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter }),
  ]);
}
