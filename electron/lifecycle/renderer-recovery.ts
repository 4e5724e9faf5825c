/** Why a renderer process went away, as Electron's `render-process-gone` reports it. */
export interface RendererGoneDetails {
  reason: string;
  exitCode: number;
}

/** What to do about a renderer that went away. */
export type RendererRecoveryAction = 'ignore' | 'reload' | 'give-up';

/** Limits of automatic reloads. */
export interface RendererRecoveryOptions {
  /** Reloads allowed within `windowMs` before the user is asked instead (a crash loop). */
  maxReloads?: number;
  windowMs?: number;
  now?: () => number;
}

/** Decides, crash by crash, whether the window reloads its page. */
export interface RendererRecovery {
  onGone(details: RendererGoneDetails): RendererRecoveryAction;
}

/**
 * A crashed, killed or out-of-memory renderer reloads its page: the journal, jobs and caches live
 * in main, so the new page shows the same state. A clean exit (the window closing) is ignored.
 * More than `maxReloads` crashes within `windowMs` is a loop that reloading will not fix: then
 * the shell asks the user instead.
 */
export function createRendererRecovery(options: RendererRecoveryOptions = {}): RendererRecovery {
  const maxReloads = options.maxReloads ?? 3;
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  let reloads: number[] = [];
  return {
    onGone: ({ reason }) => {
      if (reason === 'clean-exit') return 'ignore';
      const at = now();
      reloads = reloads.filter((time) => at - time < windowMs);
      if (reloads.length >= maxReloads) return 'give-up';
      reloads.push(at);
      return 'reload';
    },
  };
}
