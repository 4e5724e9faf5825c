import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { meetsGoal, runBenchmark } from './benchmark';
import type { BenchmarkFigure, BenchmarkResult } from './benchmark';
import { benchmarks } from './benchmark-list';

/**
 * `npm run bench [name-fragment …] [--opt-in-flag …]`: runs the benchmarks (all, or those whose
 * name contains a fragment; an opt-in one only with its flag), prints each figure beside its
 * goal, and writes the results as JSON to bench/results/ (latest.json and a timestamped copy;
 * BENCH_RESULTS_DIR names another folder). `prebench` sets the machine up first as `npm test`
 * does; a benchmark this machine still cannot run, or that stops, is reported "not run" with one
 * line saying why, and the rest still run. Exits non-zero when a goal is missed or a benchmark
 * did not run.
 */
const args = process.argv.slice(2);
const flags = new Set(args.filter((arg) => arg.startsWith('--')));
const fragments = args.filter((arg) => !arg.startsWith('--')).map((fragment) => fragment.toLowerCase());
const named = benchmarks.filter((benchmark) => fragments.length === 0 || fragments.some((fragment) => benchmark.name.toLowerCase().includes(fragment)));
// An opt-in benchmark runs only with its flag; without it, it is said not to have run.
const selected = named.filter((benchmark) => benchmark.optInFlag === undefined || flags.has(benchmark.optInFlag));
for (const benchmark of named.filter((candidate) => !selected.includes(candidate))) console.log(`\n${benchmark.name}\n  not run (opt-in: npm run bench -- ${benchmark.optInFlag})`);

const format = (figure: BenchmarkFigure): string => {
  const verdict = meetsGoal(figure);
  const goal = figure.goal ? `goal ${figure.goal.comparison === 'at-most' ? '≤' : '≥'} ${figure.goal.value} ${figure.unit} (${figure.goal.basis})` : 'for context';
  const mark = verdict === null ? ' ' : verdict ? '✓' : '✗';
  return `  ${mark} ${figure.name}: ${figure.value} ${figure.unit} — ${goal}`;
};

const results: BenchmarkResult[] = [];
let missed = 0;
let notRun = 0;
for (const benchmark of selected) {
  console.log(`\n${benchmark.name}\n  ${benchmark.description}`);
  const result = await runBenchmark(benchmark);
  results.push(result);
  if ('notRun' in result) {
    notRun += 1;
    console.log(`  – not run: ${result.notRun}`);
    continue;
  }
  for (const figure of result.figures) {
    console.log(format(figure));
    if (meetsGoal(figure) === false) missed += 1;
  }
}

const directory = process.env['BENCH_RESULTS_DIR'] ?? join(import.meta.dirname, 'results');
await mkdir(directory, { recursive: true });
const ranAt = new Date().toISOString();
const report = JSON.stringify({ ranAt, node: process.version, results }, null, 2);
await writeFile(join(directory, 'latest.json'), report);
await writeFile(join(directory, `${ranAt.replace(/[:.]/g, '-')}.json`), report);
const verdicts = [missed === 0 ? null : `${missed} goal(s) missed.`, notRun === 0 ? null : `${notRun} benchmark(s) not run.`].filter((verdict) => verdict !== null);
console.log(`\n${verdicts.length === 0 ? 'All goals met.' : verdicts.join(' ')} Results in ${relative(process.cwd(), join(directory, 'latest.json'))}`);
process.exitCode = verdicts.length === 0 ? 0 : 1;
