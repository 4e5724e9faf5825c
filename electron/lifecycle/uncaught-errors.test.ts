import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createUncaughtErrorHandler, type UncaughtErrorChoice } from './uncaught-errors';

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
    const handle = createUncaughtErrorHandler({ log, show: () => Promise.reject(new Error('no display')), restart: () => undefined });
    expect(() => handle('uncaught-exception', new Error('boom'))).not.toThrow();
    await delay(1);
    expect(log.entries.map((entry) => entry.event)).toEqual(['main: uncaught-exception', 'main: could not show the error dialog']);
  });
});
