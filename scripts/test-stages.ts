import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * The stages of `npm test` and what the runner (`run-test-stages.ts`) needs around them: the
 * tree's state before and after, and the table of times it prints at the end.
 */

/** One stage: a command of the project (found on the npm scripts' PATH). */
export interface TestStage {
  name: string;
  command: string;
}

/**
 * The stages in order; stages in one inner list run side by side. Typecheck, lint and the build
 * depend on nothing but the sources and each keeps about one core busy, so on a 2-core machine
 * they share the wait; the security scan reads the build, so it follows the build there (the
 * build and the scan take ~20 s, typecheck ~40 s). The rest run one after another: vitest
 * and Playwright each fill the cores themselves (run side by side, the load starved timing tests
 * of both: a scale's steady-weight window, a claim's lease renewal, a call's timeout); the
 * several-desk files come last and alone (vitest.config.ts says in which order), as they measure
 * leases and the account's call window across desk processes, and other work on the cores would be
 * counted as theirs.
 */
export const testStages: TestStage[][] = [
  [
    { name: 'typecheck', command: 'npm run typecheck' },
    { name: 'lint', command: 'npm run lint' },
    // The security scan reads the build: it follows it while typecheck and lint still run.
    { name: 'build, then security', command: 'npm run build && npm run security' },
  ],
  [{ name: 'vitest', command: 'vitest run --project station --outputFile.json=reports/vitest.json' }],
  [{ name: 'playwright', command: 'playwright test' }],
  [{ name: 'vitest, several desks', command: 'vitest run --project "several desk processes" --project "the account window" --outputFile.json=reports/vitest-several-desks.json' }],
];

/** How a stage ended; `not run` after an earlier stage failed. */
export type StageResult = 'passed' | 'failed' | 'not run';

/** A stage's result and wall-clock time. */
export interface StageOutcome {
  name: string;
  result: StageResult;
  ms: number;
}

/**
 * Runs a stage's command in the project. Alone, it writes to the terminal itself; side by side
 * with others (`prefixed`), each line it writes comes out as it is written, led by the stage's
 * name, so a long stage shows its progress and every line says whose it is.
 */
export function runStage(stage: TestStage, cwd: string, prefixed: boolean): Promise<StageOutcome> {
  const started = performance.now();
  const child = spawn(stage.command, { cwd, shell: true, stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${stage.name}] ${line}\n`));
  }
  return new Promise((settle) => child.once('close', (code) => settle({ name: stage.name, result: code === 0 ? 'passed' : 'failed', ms: performance.now() - started })));
}

/** `m:ss` of a duration. */
export function minutesAndSeconds(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The closing table: each stage's result and time, then the total (wall clock, side-by-side stages counted once). */
export function stageTable(outcomes: readonly StageOutcome[], totalMs: number): string {
  const width = Math.max(5, ...outcomes.map((outcome) => outcome.name.length));
  const line = (name: string, result: string, time: string) => `${name.padEnd(width)}  ${result.padEnd(7)}  ${time.padStart(6)}`;
  return [
    line('stage', 'result', 'time'),
    ...outcomes.map((outcome) => line(outcome.name, outcome.result, outcome.result === 'not run' ? '-' : minutesAndSeconds(outcome.ms))),
    line('total', outcomes.every((outcome) => outcome.result === 'passed') ? 'passed' : 'failed', minutesAndSeconds(totalMs)),
  ].join('\n');
}

/**
 * The working tree as git sees it: each changed or untracked path (ignored files left out) with
 * a hash of its content, so a file already changed before the run that the run changes again is
 * seen too. Null outside a git work tree (e.g. an unpacked archive): nothing to compare.
 */
export function treeState(cwd: string): Map<string, string> | null {
  const status = spawnSync('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all'], { cwd, encoding: 'utf8' });
  if (status.status !== 0) return null;
  const state = new Map<string, string>();
  const entries = status.stdout.split('\0').filter((entry) => entry !== '');
  for (let index = 0; index < entries.length; index += 1) {
    const entry = entries[index] ?? '';
    const code = entry.slice(0, 2);
    const path = entry.slice(3);
    // A rename or copy is followed by its source path, which is no entry of its own.
    if (code.includes('R') || code.includes('C')) index += 1;
    const file = resolve(cwd, path);
    const content = existsSync(file) && !path.endsWith('/') ? createHash('sha1').update(readFileSync(file)).digest('hex') : 'gone';
    state.set(path, `${code} ${content}`);
  }
  return state;
}

/** The paths whose state differs between two snapshots of the tree, sorted. */
export function treeChanges(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((path) => before.get(path) !== after.get(path)).sort();
}
