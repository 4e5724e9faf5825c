/** How quickly a lost connection is tried again. */
export interface BackoffOptions {
  /** Delay before the first retry. */
  initialDelayMs: number;
  /** The delay never grows beyond this (the desk waits at most this long after the component starts). */
  maxDelayMs: number;
}

/** Defaults: 0.5 s, doubling up to 10 s. */
export const defaultBackoff: BackoffOptions = { initialDelayMs: 500, maxDelayMs: 10_000 };

/**
 * The delay before retry number `attempt` (0-based): exponential, capped, with "equal jitter"
 * (half fixed, half random) so that several windows or restarted desks do not retry in step,
 * while the delay never collapses to zero.
 */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number = Math.random): number {
  const ceiling = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
