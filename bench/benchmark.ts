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
  run(): Promise<BenchmarkFigure[]>;
}

/** Whether a figure meets its goal (null when it has none). */
export function meetsGoal(figure: BenchmarkFigure): boolean | null {
  if (!figure.goal) return null;
  return figure.goal.comparison === 'at-most' ? figure.value <= figure.goal.value : figure.value >= figure.goal.value;
}
