import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWindowStateStore, placeWindow, type DisplayArea, type WindowSizes } from './window-state';

const sizes: WindowSizes = { default: { width: 1360, height: 860 }, minimum: { width: 1024, height: 680 } };
/** A laptop (primary, with a taskbar at the bottom) and a monitor to its right. */
const laptop: DisplayArea = { workArea: { x: 0, y: 0, width: 1920, height: 1040 } };
const monitor: DisplayArea = { workArea: { x: 1920, y: 0, width: 2560, height: 1400 } };

describe('where the window opens', () => {
  it('opens at the default size, centred, when nothing was saved', () => {
    expect(placeWindow(null, [laptop, monitor], sizes)).toEqual({ bounds: { width: 1360, height: 860 }, maximized: false });
  });

  it('reopens where it was left, on either display, maximized or not', () => {
    const onMonitor = { bounds: { x: 2200, y: 100, width: 1600, height: 1000 }, maximized: true };
    expect(placeWindow(onMonitor, [laptop, monitor], sizes)).toEqual(onMonitor);
    const onLaptop = { bounds: { x: 40, y: 30, width: 1200, height: 800 }, maximized: false };
    expect(placeWindow(onLaptop, [laptop, monitor], sizes)).toEqual(onLaptop);
  });

  it('does not strand the window on a display that is gone: default position on the primary display, size kept', () => {
    const onMonitor = { bounds: { x: 2200, y: 100, width: 1600, height: 1000 }, maximized: false };
    expect(placeWindow(onMonitor, [laptop], sizes)).toEqual({ bounds: { width: 1600, height: 1000 }, maximized: false });
  });

  it('needs enough of the title bar on a display to drag it by', () => {
    // Only a 60 px sliver of the title bar is on the laptop; the rest is off the left edge.
    const sliver = { bounds: { x: -1300, y: 100, width: 1360, height: 860 }, maximized: false };
    expect(placeWindow(sliver, [laptop], sizes).bounds).toEqual({ width: 1360, height: 860 });
    // Title bar above the top of every display: unreachable even though the body is visible.
    const aboveTop = { bounds: { x: 100, y: -200, width: 1360, height: 860 }, maximized: false };
    expect(placeWindow(aboveTop, [laptop], sizes).bounds).toEqual({ width: 1360, height: 860 });
    // Mostly off the right edge but 200 px of title bar on the laptop: kept, pulled in to fit.
    const overEdge = { bounds: { x: 1720, y: 100, width: 1360, height: 860 }, maximized: false };
    expect(placeWindow(overEdge, [laptop], sizes).bounds).toEqual({ x: 560, y: 100, width: 1360, height: 860 });
  });

  it('shrinks a window larger than its display’s work area (a lowered resolution), never below the minimum that fits', () => {
    const big = { bounds: { x: 0, y: 0, width: 2500, height: 1380 }, maximized: false };
    const small: DisplayArea = { workArea: { x: 0, y: 0, width: 1366, height: 728 } };
    expect(placeWindow(big, [small], sizes)).toEqual({ bounds: { x: 0, y: 0, width: 1366, height: 728 }, maximized: false });
    const tiny = { bounds: { x: 10, y: 10, width: 300, height: 200 }, maximized: false };
    expect(placeWindow(tiny, [laptop], sizes).bounds).toEqual({ x: 10, y: 10, width: 1024, height: 680 });
  });
});

describe('window state file', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'station-window-state-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('writes once the moves settle, the last state only, in whole pixels', async () => {
    const filePath = join(folder, 'window-state.json');
    const store = createWindowStateStore({ filePath, delayMs: 30 });
    expect(store.load()).toBeNull();

    store.remember({ bounds: { x: 10, y: 10, width: 1200, height: 800 }, maximized: false });
    store.remember({ bounds: { x: 20.4, y: 30.6, width: 1300, height: 820 }, maximized: true });
    expect(existsSync(filePath)).toBe(false);
    await delay(80);

    expect(JSON.parse(readFileSync(filePath, 'utf8'))).toEqual({ bounds: { x: 20, y: 31, width: 1300, height: 820 }, maximized: true });
    expect(createWindowStateStore({ filePath }).load()).toEqual({ bounds: { x: 20, y: 31, width: 1300, height: 820 }, maximized: true });
  });

  it('flushes a pending state at once when the window closes', () => {
    const filePath = join(folder, 'window-state.json');
    const store = createWindowStateStore({ filePath, delayMs: 10_000 });
    store.remember({ bounds: { x: 1, y: 2, width: 1100, height: 700 }, maximized: false });
    store.flush();
    expect(store.load()).toEqual({ bounds: { x: 1, y: 2, width: 1100, height: 700 }, maximized: false });
  });

  it('reads an unreadable or invalid file as "nothing saved"', () => {
    const filePath = join(folder, 'window-state.json');
    writeFileSync(filePath, '{"bounds": {"x": 1');
    expect(createWindowStateStore({ filePath }).load()).toBeNull();
    writeFileSync(filePath, JSON.stringify({ bounds: { x: 0, y: 0, width: -5, height: 10 }, maximized: false }));
    expect(createWindowStateStore({ filePath }).load()).toBeNull();
  });
});
