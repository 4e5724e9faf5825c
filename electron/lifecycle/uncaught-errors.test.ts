import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createLogRedactor } from '../logging/redact-log-data';
import { createUncaughtErrorHandler, errorDialogText, type UncaughtErrorChoice } from './uncaught-errors';

const token = 'tok-dialog-secret-8841';
/** The log's own redaction, knowing the access token. */
const redact = createLogRedactor({ secrets: () => [token] });

/** A log that keeps its entries for the assertions. */
function recordingLog() {
  const entries: { level: string; event: string; fields?: Record<string, unknown> }[] = [];
  return {
    entries,
    info: (event: string, fields?: Record<string, unknown>) => entries.push({ level: 'info', event, fields }),
    error: (event: string, fields?: Record<string, unknown>) => entries.push({ level: 'error', event, fields }),
  };
}

describe('errors that escape main', () => {
  it('logs every one, shows one dialog at a time, and restarts at the user’s choice', async () => {
    const log = recordingLog();
    const shown: string[] = [];
    let answer: (choice: UncaughtErrorChoice) => void = () => undefined;
    let restarts = 0;
    const handle = createUncaughtErrorHandler({
      log,
      show: ({ kind, message }) => {
        shown.push(`${kind}: ${message}`);
        return new Promise((resolve) => (answer = resolve));
      },
      restart: () => (restarts += 1),
      redact,
    });

    handle('uncaught-exception', new TypeError('x is undefined'));
    handle('unhandled-rejection', 'plain reason');
    handle('unhandled-rejection', { code: 42 });
    expect(shown).toEqual(['uncaught-exception: TypeError: x is undefined']);
    answer('continue');
    await delay(1);
    expect(restarts).toBe(0);

    handle('uncaught-exception', new Error('second burst'));
    expect(shown).toHaveLength(2);
    answer('restart');
    await delay(1);
    expect(restarts).toBe(1);

    const events = log.entries.map((entry) => entry.event);
    expect(events.filter((event) => event.startsWith('main: uncaught-exception'))).toHaveLength(2);
    expect(events.filter((event) => event === 'main: unhandled-rejection')).toHaveLength(2);
    expect(log.entries).toContainEqual(expect.objectContaining({ event: 'main: further errors while the dialog was open', fields: { count: 2 } }));
    expect(log.entries[0]?.fields?.error).toBeInstanceOf(TypeError);
  });

  it('logs a dialog that cannot be shown instead of throwing', async () => {
    const log = recordingLog();
    const handle = createUncaughtErrorHandler({ log, show: () => Promise.reject(new Error('no display')), restart: () => undefined, redact });
    expect(() => handle('uncaught-exception', new Error('boom'))).not.toThrow();
    await delay(1);
    expect(log.entries.map((entry) => entry.event)).toEqual(['main: uncaught-exception', 'main: could not show the error dialog']);
  });

  it('shows the redacted message: no token, bearer header or personal field reaches the dialog', async () => {
    const shown: string[] = [];
    const handle = createUncaughtErrorHandler({ log: recordingLog(), show: ({ message }) => (shown.push(message), Promise.resolve('continue')), restart: () => undefined, redact });
    handle('uncaught-exception', new Error(`request failed: Authorization: Bearer ${token} for ${token}`));
    expect(shown).toEqual(['Error: request failed: Authorization: Bearer [redacted] for [redacted]']);
  });
});

describe('the text of an error dialog', () => {
  it('is the log’s redaction of the error, with or without the stack', () => {
    const error = new TypeError(`gateway said ${token} was wrong`);
    expect(errorDialogText(error, redact)).toBe('TypeError: gateway said [redacted] was wrong');
    const withStack = errorDialogText(error, redact, { stack: true });
    expect(withStack).toContain('TypeError: gateway said [redacted] was wrong');
    expect(withStack).toContain('uncaught-errors.test.ts');
    expect(withStack).not.toContain(token);
  });

  it('redacts a thrown value that is not an Error: text and objects alike', () => {
    expect(errorDialogText(`cannot start: Bearer abc.def-123 ${token}`, redact)).toBe('cannot start: Bearer [redacted] [redacted]');
    const thrown = { reason: 'bad answer', authorization: `Bearer ${token}`, receiver: { name: '张三', phone: '13800138000' } };
    const text = errorDialogText(thrown, redact);
    expect(text).toContain('bad answer');
    for (const secret of [token, '张三', '13800138000']) expect(text).not.toContain(secret);
  });
});
