import { describe, expect, it } from 'vitest';
import { claimSingleInstance, focusRunningWindow, type FocusableWindow } from './single-instance';

/** A window with the state a desk may leave it in, recording what was done to it. */
function fakeWindow(state: { destroyed?: boolean; minimized?: boolean; visible?: boolean }) {
  const calls: string[] = [];
  const window: FocusableWindow = {
    isDestroyed: () => state.destroyed ?? false,
    isMinimized: () => state.minimized ?? false,
    restore: () => calls.push('restore'),
    isVisible: () => state.visible ?? true,
    show: () => calls.push('show'),
    focus: () => calls.push('focus'),
  };
  return { window, calls };
}

describe('single instance', () => {
  it('a second launch exits at once and the first brings its window forward', () => {
    // Electron's lock: the first process to ask holds it.
    let holder: string | null = null;
    const requestLock = (who: string) => () => {
      holder ??= who;
      return holder === who;
    };
    const secondLaunchHandlers: (() => void)[] = [];
    const first = fakeWindow({ minimized: true });
    const exits: string[] = [];

    const firstRuns = claimSingleInstance({
      requestLock: requestLock('first'),
      onSecondLaunch: (handler) => secondLaunchHandlers.push(handler),
      window: () => first.window,
      openWindow: () => exits.push('first opened a window'),
      exit: () => exits.push('first exited'),
    });
    const secondRuns = claimSingleInstance({
      requestLock: requestLock('second'),
      onSecondLaunch: () => exits.push('second listened'),
      window: () => null,
      openWindow: () => exits.push('second opened a window'),
      exit: () => exits.push('second exited'),
    });
    // Electron tells the first instance about the second launch.
    for (const handler of secondLaunchHandlers) handler();

    expect(firstRuns).toBe(true);
    expect(secondRuns).toBe(false);
    expect(exits).toEqual(['second exited']);
    expect(first.calls).toEqual(['restore', 'focus']);
  });

  it('restores a minimized window, shows a hidden one, focuses a visible one, opens one when none is left', () => {
    const minimized = fakeWindow({ minimized: true });
    expect(focusRunningWindow(minimized.window, () => undefined)).toBe('restored');
    const hidden = fakeWindow({ visible: false });
    expect(focusRunningWindow(hidden.window, () => undefined)).toBe('shown');
    expect(hidden.calls).toEqual(['show', 'focus']);
    const visible = fakeWindow({});
    expect(focusRunningWindow(visible.window, () => undefined)).toBe('focused');
    expect(visible.calls).toEqual(['focus']);

    let opened = 0;
    expect(focusRunningWindow(null, () => (opened += 1))).toBe('opened');
    const destroyed = fakeWindow({ destroyed: true });
    expect(focusRunningWindow(destroyed.window, () => (opened += 1))).toBe('opened');
    expect(destroyed.calls).toEqual([]);
    expect(opened).toBe(2);
  });
});
