import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { projectRoot } from './electron-builder-config';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  shell?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  name?: string;
  needs?: string | string[];
  'runs-on': string;
  strategy?: { 'fail-fast'?: boolean; matrix: { os?: string[]; include?: Record<string, string>[] } };
  steps: Step[];
}
interface Workflow {
  name: string;
  on: { push?: { tags?: string[] }; workflow_dispatch?: unknown };
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
}

const workflowFile = path.join(projectRoot, '.github', 'workflows', 'release.yml');
let workflow: Workflow;
let scripts: Record<string, string>;

beforeAll(() => {
  workflow = parse(readFileSync(workflowFile, 'utf8')) as Workflow;
  scripts = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
});

const allSteps = () => Object.values(workflow.jobs).flatMap((job) => job.steps);

/** Parses electron-builder command-line flags with electron-builder's own CLI definition. */
function builderTargets(flags: string): Record<string, Record<string, string[]>> {
  const requireFromBuilder = createRequire(createRequire(import.meta.url).resolve('electron-builder/package.json'));
  const { configureBuildCommand, normalizeOptions } = requireFromBuilder('./out/builder.js') as {
    configureBuildCommand: (yargs: unknown) => { parseSync: () => Record<string, unknown> };
    normalizeOptions: (args: Record<string, unknown>) => { targets: Map<{ name: string }, Map<number, string[]>>; publish?: string; config?: unknown };
  };
  const yargs = requireFromBuilder('yargs') as (args: string[]) => unknown;
  const { Arch } = requireFromBuilder('builder-util') as { Arch: Record<number, string> };
  const options = normalizeOptions(configureBuildCommand(yargs(flags.split(/\s+/).filter(Boolean))).parseSync());
  return Object.fromEntries(
    [...options.targets].map(([platform, archs]) => [platform.name, Object.fromEntries([...archs].map(([arch, targets]) => [Arch[arch] ?? String(arch), targets]))]),
  );
}

describe('release workflow (.github/workflows/release.yml)', () => {
  it('runs on a version tag (and by hand), reading the repository only', () => {
    expect(workflow.on.push?.tags).toEqual(['v*']);
    expect(workflow.on).toHaveProperty('workflow_dispatch');
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(Object.keys(workflow.jobs).sort()).toEqual(['e2e', 'installers']);
  });

  it('runs the Electron e2e suite through Playwright on Windows, macOS and Linux, under Xvfb on Linux', () => {
    const e2e = workflow.jobs.e2e;
    if (!e2e) throw new Error('no e2e job');
    expect(e2e['runs-on']).toBe('${{ matrix.os }}');
    expect(e2e.strategy?.matrix.os?.sort()).toEqual(['macos-latest', 'ubuntu-latest', 'windows-latest']);
    const runs = e2e.steps.map((step) => step.run ?? '');
    expect(runs).toContain('npm ci');
    // npm 11 before npm ci: npm 10 (Node 22's own) ignores the install-script policy.
    expect(runs.indexOf('npm install -g npm@11')).toBeGreaterThanOrEqual(0);
    expect(runs.indexOf('npm install -g npm@11')).toBeLessThan(runs.indexOf('npm ci'));
    expect(runs).toContain('node node_modules/electron/install.js');
    expect(runs).toContain('npm run build');
    const linux = e2e.steps.find((step) => step.if === "runner.os == 'Linux'");
    expect(linux?.run).toBe('xvfb-run --auto-servernum -- npm run test:electron');
    expect(e2e.steps.find((step) => step.if === "runner.os != 'Linux'")?.run).toBe('npm run test:electron');
    // test:electron is the e2e suite's electron project: the same specs, driven through _electron.
    expect(scripts['test:electron']).toBe('playwright test --project electron');
    expect(readFileSync(path.join(projectRoot, 'playwright.config.ts'), 'utf8')).toMatch(/name: 'electron'.*runtime: 'electron'/);
    expect(readFileSync(path.join(projectRoot, 'e2e', 'electron-station.ts'), 'utf8')).toContain('_electron.launch(');
  });

  it('builds the installers on Windows and macOS runners (and Linux) only after the e2e suite passed', () => {
    const installers = workflow.jobs.installers;
    if (!installers) throw new Error('no installers job');
    expect(installers.needs).toBe('e2e');
    const matrix = installers.strategy?.matrix.include ?? [];
    expect(matrix.map((entry) => [entry.os, entry.platform])).toEqual([
      ['windows-latest', 'win'],
      ['macos-latest', 'mac'],
      ['ubuntu-latest', 'linux'],
    ]);
    const build = installers.steps.find((step) => step.run?.includes('electron-builder'));
    expect(build?.run).toBe('npx electron-builder --config electron-builder.yml --publish never ${{ matrix.targets }}');
    const runs = installers.steps.map((step) => step.run ?? '');
    expect(runs.indexOf('npm run security')).toBeGreaterThan(runs.indexOf('npm run build'));
    expect(runs.indexOf('npm run verify:fuses')).toBeGreaterThan(runs.indexOf(build?.run ?? ''));
  });

  it('asks electron-builder, by its own CLI, for NSIS x64, dmg x64 + arm64 and AppImage x64, and never to publish', () => {
    const targets = Object.fromEntries((workflow.jobs.installers?.strategy?.matrix.include ?? []).map((entry) => [entry.platform, builderTargets(entry.targets ?? '')]));
    expect(targets).toEqual({
      win: { windows: { x64: ['nsis'] } },
      mac: { mac: { x64: ['dmg'], arm64: ['dmg'] } },
      linux: { linux: { x64: ['AppImage'] } },
    });
    expect(workflow.jobs.installers?.steps.find((step) => step.run?.includes('electron-builder'))?.run).toContain('--publish never');
  });

  it('uploads each platform’s installers, failing when there are none', () => {
    const upload = workflow.jobs.installers?.steps.find((step) => step.name === 'Upload the installers');
    expect(upload?.uses).toBe('actions/upload-artifact@v6');
    expect(upload?.with).toEqual({ name: 'installers-${{ matrix.platform }}', path: '${{ matrix.installers }}', 'if-no-files-found': 'error', 'retention-days': 30 });
    const patterns = (workflow.jobs.installers?.strategy?.matrix.include ?? []).map((entry) => entry.installers);
    expect(patterns).toEqual(['release/*.exe', 'release/*.dmg', 'release/*.AppImage']);
  });

  it('takes signing identities from secrets only, each platform its own', () => {
    const env = workflow.jobs.installers?.steps.find((step) => step.run?.includes('electron-builder'))?.env ?? {};
    expect(Object.keys(env).sort()).toEqual(['APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_ID', 'APPLE_TEAM_ID', 'CSC_KEY_PASSWORD', 'CSC_LINK', 'WIN_CSC_KEY_PASSWORD', 'WIN_CSC_LINK']);
    for (const [name, value] of Object.entries(env)) {
      expect(value, name).toMatch(/^\$\{\{ matrix\.platform == '(mac|win)' && secrets\.[A-Z_]+ \|\| '' \}\}$/);
      expect(value.includes("'win'"), name).toBe(name.startsWith('WIN_'));
    }
  });

  it('pins every action to a major version and runs only npm scripts that exist', () => {
    for (const step of allSteps()) {
      if (step.uses) expect(step.uses).toMatch(/^actions\/(checkout|setup-node|upload-artifact)@v\d+$/);
    }
    for (const setup of allSteps().filter((step) => step.uses?.startsWith('actions/setup-node'))) expect(setup.with).toEqual({ 'node-version': 22, cache: 'npm' });
    const used = allSteps().flatMap((step) => [...(step.run ?? '').matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1] ?? ''));
    expect(used.length).toBeGreaterThan(4);
    for (const script of used) expect(scripts[script], script).toBeDefined();
  });
});
