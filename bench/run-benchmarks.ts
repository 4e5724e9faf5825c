import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { meetsGoal } from './benchmark';
import type { BenchmarkFigure } from './benchmark';
import { benchmarks } from './benchmark-list';

/**
 * `npm run bench [name-fragment …] [--opt-in-flag …]`: runs the benchmarks (all, or those whose
 * name contains a fragment; an opt-in one only with its flag), prints each figure beside its goal, and writes the results as JSON to
 * bench/results/ (latest.json and a timestamped copy). Exits non-zero when a goal is missed.
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

const results: Array<{ name: string; description: string; figures: BenchmarkFigure[] }> = [];
let missed = 0;
for (const benchmark of selected) {
  console.log(`\n${benchmark.name}\n  ${benchmark.description}`);
  const figures = await benchmark.run();
  for (const figure of figures) {
    console.log(format(figure));
    if (meetsGoal(figure) === false) missed += 1;
  }
  results.push({ name: benchmark.name, description: benchmark.description, figures });
}

const directory = join(import.meta.dirname, 'results');
await mkdir(directory, { recursive: true });
const ranAt = new Date().toISOString();
const report = JSON.stringify({ ranAt, node: process.version, results }, null, 2);
await writeFile(join(directory, 'latest.json'), report);
await writeFile(join(directory, `${ranAt.replace(/[:.]/g, '-')}.json`), report);
console.log(`\n${missed === 0 ? 'All goals met.' : `${missed} goal(s) missed.`} Results in bench/results/latest.json`);
process.exitCode = missed === 0 ? 0 : 1;
