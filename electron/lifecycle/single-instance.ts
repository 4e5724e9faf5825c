/** The parts of a window that bringing it forward needs (Electron's BrowserWindow has them). */
export interface FocusableWindow {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  isVisible(): boolean;
  show(): void;
  focus(): void;
}

/** What the shell gives the single-instance logic. */
export interface SingleInstanceOptions {
  /** Electron's `app.requestSingleInstanceLock()`: false when another instance holds it. */
  requestLock: () => boolean;
  /** Registers the handler for a later launch (Electron's `second-instance` event). */
  onSecondLaunch: (handler: () => void) => void;
  /** The running window, if one is open. */
  window: () => FocusableWindow | null;
  /** Opens the window again (macOS keeps running with no window). */
  openWindow: () => void;
  /** Ends this (second) process at once, before anything else starts. */
  exit: () => void;
}

/** What a second launch did to the running instance. */
export type SecondLaunchEffect = 'restored' | 'shown' | 'focused' | 'opened';

/**
 * Brings the running window to the front for a second launch: restored if minimized, shown if
 * hidden, focused in any case; opened anew if there is none (or it was destroyed).
 */
export function focusRunningWindow(window: FocusableWindow | null, openWindow: () => void): SecondLaunchEffect {
  if (window === null || window.isDestroyed()) {
    openWindow();
    return 'opened';
  }
  let effect: SecondLaunchEffect = 'focused';
  if (window.isMinimized()) {
    window.restore();
    effect = 'restored';
  }
  if (!window.isVisible()) {
    window.show();
    effect = 'shown';
  }
  window.focus();
  return effect;
}

/**
 * One station per desk and user: the first launch takes the lock and answers later launches by
 * bringing its window forward; a later launch exits at once (before it could touch the data
 * folder). Answers whether this process is the one that runs.
 */
export function claimSingleInstance(options: SingleInstanceOptions): boolean {
  if (!options.requestLock()) {
    options.exit();
    return false;
  }
  options.onSecondLaunch(() => {
    focusRunningWindow(options.window(), options.openWindow);
  });
  return true;
}
