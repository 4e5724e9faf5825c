import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingChromium } from './bench-machine';
import { runBenchmark, type Benchmark } from './benchmark';

const projectRoot = resolve(import.meta.dirname, '..');

/** A benchmark of the test's own that measures one figure, or stops, or lacks something. */
function benchmarkThat(run: Benchmark['run'], missing?: Benchmark['missing']): Benchmark {
  return { name: 'a benchmark', description: 'for the runner', run, ...(missing === undefined ? {} : { missing }) };
}

describe('a benchmark the machine cannot run', () => {
  it('is reported not run with what the machine lacks, and is never started', async () => {
    let started = false;
    const result = await runBenchmark(
      benchmarkThat(
        () => {
          started = true;
          return Promise.resolve([]);
        },
        () => 'Chromium (/nowhere/chromium)',
      ),
    );
    expect(result).toMatchObject({ notRun: 'this machine lacks Chromium (/nowhere/chromium)' });
    expect(started).toBe(false);
  });

  it('that stops is reported not run with the first line of its error; one that runs hands back its figures', async () => {
    const stopped = await runBenchmark(benchmarkThat(() => Promise.reject(new Error("browserType.launch: Executable doesn't exist at /nowhere\n    at launch (x.ts:1:1)"))));
    expect(stopped).toMatchObject({ notRun: "it stopped: browserType.launch: Executable doesn't exist at /nowhere" });
    const figure = { name: 'a figure', value: 1, unit: 'ms', goal: null };
    expect(await runBenchmark(benchmarkThat(() => Promise.resolve([figure]), () => null))).toMatchObject({ figures: [figure] });
  });

  it('without Chromium names the browser and where to get it, in one line', () => {
    const lacking = missingChromium('/nowhere/chromium');
    expect(lacking).toBe('Chromium (/nowhere/chromium; or set CHROMIUM_PATH): bash scripts/prepare-test-machine.sh sets the machine up as npm test does');
  });
});

describe('npm run bench on a machine without Chromium', () => {
  it('says in one line what is missing, reports that benchmark not run (never met) without a stack trace, and fails', async () => {
    const resultsDir = await mkdtemp(join(tmpdir(), 'bench-results-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run-benchmarks.ts', 'renderer: orders table'], {
        cwd: projectRoot,
        env: { ...process.env, CHROMIUM_PATH: '/nowhere/chromium', BENCH_RESULTS_DIR: resultsDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((settle) => child.once('close', settle));
      expect(code).toBe(1);
      expect(output).toContain('  – not run: this machine lacks Chromium (/nowhere/chromium; or set CHROMIUM_PATH)');
      expect(output).toContain('1 benchmark(s) not run.');
      expect(output).not.toContain('All goals met');
      expect(output).not.toMatch(/executable doesn't exist|\n\s+at /i);
      const report = JSON.parse(await readFile(join(resultsDir, 'latest.json'), 'utf8')) as { results: Array<{ notRun?: string; figures?: unknown[] }> };
      expect(report.results).toHaveLength(1);
      expect(report.results[0]?.notRun).toContain('this machine lacks Chromium');
      expect(report.results[0]?.figures).toBeUndefined();
    } finally {
      await rm(resultsDir, { recursive: true, force: true });
    }
  });
});
