/** How much time the station spent writing to its database: count and milliseconds. */
export interface WriteTimer {
  /** Runs a write and adds its duration. */
  time<T>(write: () => T): T;
  /** Writes timed so far. */
  count(): number;
  /** Milliseconds they took in all. */
  totalMs(): number;
}

/** A timer for the journal's and print store's writes (the benchmark's "journal overhead"). */
export function createWriteTimer(): WriteTimer {
  let count = 0;
  let totalMs = 0;
  return {
    time(write) {
      const started = performance.now();
      try {
        return write();
      } finally {
        totalMs += performance.now() - started;
        count += 1;
      }
    },
    count: () => count,
    totalMs: () => totalMs,
  };
}
