/** A goal a figure is held to. */
export interface BenchmarkGoal {
  comparison: 'at-most' | 'at-least';
  value: number;
  /** Where the goal comes from. */
  basis: string;
}

/** One measured figure of a benchmark. */
export interface BenchmarkFigure {
  name: string;
  value: number;
  unit: string;
  /** Null for figures shown for context only. */
  goal: BenchmarkGoal | null;
}

/** A named benchmark: runs against real parts and reports figures beside their goals. */
export interface Benchmark {
  name: string;
  description: string;
  /** A benchmark too long for every run: it runs only when this flag is given (`npm run bench -- --big-shop`), and is listed as not run otherwise. */
  optInFlag?: string;
  /**
   * What this machine lacks for the benchmark (one line: what it is and how to get it), or null
   * when it can run. A benchmark that cannot run is reported "not run", never as met.
   */
  missing?: () => string | null;
  run(): Promise<BenchmarkFigure[]>;
}

/** Whether a figure meets its goal (null when it has none). */
export function meetsGoal(figure: BenchmarkFigure): boolean | null {
  if (!figure.goal) return null;
  return figure.goal.comparison === 'at-most' ? figure.value <= figure.goal.value : figure.value >= figure.goal.value;
}

/** A benchmark's outcome: its figures, or why it did not run (what the machine lacks, or the error that stopped it). */
export type BenchmarkResult = { name: string; description: string } & ({ figures: BenchmarkFigure[] } | { notRun: string });

/**
 * Runs one benchmark unless the machine lacks something for it. One that cannot run or that
 * stops (a browser that will not start, a server that will not come up) comes back "not run"
 * with the reason in one line, so the runner goes on with the rest: a figure never measured is
 * never counted as met.
 */
export async function runBenchmark(benchmark: Benchmark): Promise<BenchmarkResult> {
  const { name, description } = benchmark;
  const lacking = benchmark.missing?.() ?? null;
  if (lacking !== null) return { name, description, notRun: `this machine lacks ${lacking}` };
  try {
    return { name, description, figures: await benchmark.run() };
  } catch (error) {
    return { name, description, notRun: `it stopped: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}` };
  }
}
