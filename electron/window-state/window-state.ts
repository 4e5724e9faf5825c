import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeFileAtomically } from '../data-folder/atomic-file';

const rectangleSchema = z.object({
  x: z.int(),
  y: z.int(),
  width: z.int().positive(),
  height: z.int().positive(),
});

const windowStateSchema = z.object({ bounds: rectangleSchema, maximized: z.boolean() });

/** A rectangle on the desktop, in screen coordinates (Electron's Rectangle). */
export type Rectangle = z.infer<typeof rectangleSchema>;

/** The main window as it was left: its normal (not maximized) bounds, and whether it was maximized. */
export type WindowState = z.infer<typeof windowStateSchema>;

/** A display's usable area (without the taskbar or menu bar), as Electron's `screen` lists it. */
export interface DisplayArea {
  workArea: Rectangle;
}

/** The bounds to open the window with; no x/y means "centred on the primary display". */
export interface WindowPlacement {
  bounds: { width: number; height: number; x?: number; y?: number };
  maximized: boolean;
}

/** Sizes the window opens with when nothing usable was saved, and the smallest it may be. */
export interface WindowSizes {
  default: { width: number; height: number };
  minimum: { width: number; height: number };
}

/** How much of the title bar must lie on a display for the window to count as reachable there. */
const reachableTitleBar = { width: 120, height: 24 };

function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

const clamp = (value: number, low: number, high: number): number => Math.max(low, Math.min(value, high));

/**
 * Where to open the window: where it was left, if enough of its title bar lies on a display that
 * is still there to drag it by (a monitor unplugged, a resolution lowered or a remote session
 * otherwise strand it off-screen); no larger than that display's work area. Else the default
 * size, centred on the primary display (the first listed). The maximized state is kept either way.
 */
export function placeWindow(saved: WindowState | null, displays: readonly DisplayArea[], sizes: WindowSizes): WindowPlacement {
  const primary = displays[0]?.workArea;
  const fit = (size: { width: number; height: number }, area: Rectangle | undefined) => ({
    width: area ? clamp(size.width, Math.min(sizes.minimum.width, area.width), area.width) : size.width,
    height: area ? clamp(size.height, Math.min(sizes.minimum.height, area.height), area.height) : size.height,
  });
  if (saved === null) return { bounds: fit(sizes.default, primary), maximized: false };

  const titleBar: Rectangle = { ...saved.bounds, height: Math.min(saved.bounds.height, reachableTitleBar.height) };
  const home = displays.find(({ workArea }) => {
    const shared = overlap(titleBar, workArea);
    return shared.width >= Math.min(reachableTitleBar.width, saved.bounds.width) && shared.height >= titleBar.height;
  });
  if (!home) return { bounds: fit(saved.bounds, primary), maximized: saved.maximized };

  const area = home.workArea;
  const size = fit(saved.bounds, area);
  // Shrunk to the work area, it may still hang over an edge: pull it in.
  const x = clamp(saved.bounds.x, area.x, area.x + area.width - size.width);
  const y = clamp(saved.bounds.y, area.y, area.y + area.height - size.height);
  return { bounds: { ...size, x, y }, maximized: saved.maximized };
}

/** Remembers the window's state in the data folder. */
export interface WindowStateStore {
  /** The saved state, or null when there is none or the file is unreadable (the defaults are fine then). */
  load(): WindowState | null;
  /** Saves after `delayMs` of quiet (moving and resizing send many events); a newer state replaces a pending one. */
  remember(state: WindowState): void;
  /** Writes a pending state now (the window is closing). */
  flush(): void;
}

/**
 * The window state file (`window-state.json`), written atomically so a crash never leaves half a
 * file, and written only when the state settles.
 */
export function createWindowStateStore(options: { filePath: string; delayMs?: number }): WindowStateStore {
  const delayMs = options.delayMs ?? 500;
  let pending: WindowState | null = null;
  let timer: NodeJS.Timeout | null = null;
  const write = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending === null) return;
    writeFileAtomically(options.filePath, `${JSON.stringify(pending, null, 2)}\n`);
    pending = null;
  };
  return {
    load: () => {
      if (!existsSync(options.filePath)) return null;
      try {
        const parsed = windowStateSchema.safeParse(JSON.parse(readFileSync(options.filePath, 'utf8')) as unknown);
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    remember: (state) => {
      // Scaled displays can report fractional pixels; the file keeps whole ones.
      const { x, y, width, height } = state.bounds;
      pending = windowStateSchema.parse({ ...state, bounds: { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) } });
      if (timer) clearTimeout(timer);
      timer = setTimeout(write, delayMs);
    },
    flush: write,
  };
}
