import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { minutesAndSeconds, stageTable, testStages, treeChanges, treeState } from './test-stages';

const projectRoot = resolve(import.meta.dirname, '..');
const folders: string[] = [];

/** A git work tree of its own with one committed file and an ignored folder. */
async function repository(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'test-stages-'));
  folders.push(folder);
  const git = (...args: string[]) => expect(spawnSync('git', args, { cwd: folder }).status).toBe(0);
  git('init', '-q');
  await writeFile(join(folder, '.gitignore'), 'test-results/\n');
  await writeFile(join(folder, 'kept.txt'), 'one');
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'first');
  return folder;
}

afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

describe('the npm test stage runner', () => {
  it('is what npm test runs, and runs every stage the test command ran before it', async () => {
    const manifest = JSON.parse(await readFile(resolve(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(manifest.scripts['test']).toBe('tsx scripts/run-test-stages.ts');
    expect(testStages.map((group) => group.map((stage) => stage.name))).toEqual([['typecheck', 'lint', 'build, then security'], ['vitest'], ['playwright'], ['vitest, several desks']]);
  });

  it('names a file a run changed, added or deleted, also one that was already changed before it, and ignores ignored folders', async () => {
    const folder = await repository();
    await writeFile(join(folder, 'kept.txt'), 'edited before the run');
    const before = treeState(folder);
    expect(before).not.toBeNull();
    expect(treeChanges(before ?? new Map(), treeState(folder) ?? new Map())).toEqual([]);

    await writeFile(join(folder, 'kept.txt'), 'edited again by the run');
    await writeFile(join(folder, 'new.png'), 'a screenshot');
    await mkdir(join(folder, 'test-results'));
    await writeFile(join(folder, 'test-results', 'shot.png'), 'ignored');
    expect(treeChanges(before ?? new Map(), treeState(folder) ?? new Map())).toEqual(['kept.txt', 'new.png']);
  });

  it('compares nothing outside a git work tree', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'test-stages-'));
    folders.push(folder);
    expect(treeState(folder)).toBeNull();
  });

  it('ends with each stage’s result and time, and the total', () => {
    expect(minutesAndSeconds(61_400)).toBe('1:01');
    expect(
      stageTable(
        [
          { name: 'typecheck', result: 'passed', ms: 20_000 },
          { name: 'vitest', result: 'failed', ms: 185_000 },
          { name: 'playwright', result: 'not run', ms: 0 },
        ],
        205_000,
      ).split('\n'),
    ).toEqual([
      'stage       result     time',
      'typecheck   passed     0:20',
      'vitest      failed     3:05',
      'playwright  not run       -',
      'total       failed     3:25',
    ]);
  });
});

describe('the vitest stages', () => {
  it('run the several-desk files after everything else: desk processes two at a time, then the account window’s files alone, one at a time', async () => {
    const { default: config } = (await import('../vitest.config')) as unknown as {
      default: { test: { maxWorkers: number; projects: Array<{ test: { name: string; maxWorkers?: number; fileParallelism?: boolean; sequence: { groupOrder: number } } }> } };
    };
    const [station, deskProcesses, accountWindow] = config.test.projects.map((project) => project.test);
    expect(deskProcesses?.name).toBe('several desk processes');
    expect(deskProcesses?.maxWorkers).toBe(2);
    expect(accountWindow?.name).toBe('the account window');
    expect(accountWindow?.fileParallelism).toBe(false);
    expect(deskProcesses?.sequence.groupOrder).toBeGreaterThan(station?.sequence.groupOrder ?? Infinity);
    expect(accountWindow?.sequence.groupOrder).toBeGreaterThan(deskProcesses?.sequence.groupOrder ?? Infinity);
    // Vitest puts a project of one worker in group order 0 into a group of its own that runs after
    // every numbered group: with one worker for the rest, the several-desk files would run first.
    expect(config.test.maxWorkers).toBeGreaterThan(1);
    // npm test runs the station project before Playwright, the several-desk projects last, as a stage of their own.
    const commands = testStages.map((group) => group.map((stage) => stage.command));
    const stationStage = commands.findIndex((group) => group.some((command) => command.includes(`--project ${station?.name}`)));
    expect(stationStage).toBeGreaterThan(-1);
    expect(stationStage).toBeLessThan(commands.findIndex((group) => group.some((command) => command.startsWith('playwright'))));
    expect(commands.at(-1)).toEqual([expect.stringContaining(`--project "${deskProcesses?.name}" --project "${accountWindow?.name}"`)]);
  });
});
