import { spawn } from 'node:child_process';
import { existsSync, watch } from 'node:fs';
import { cp, mkdir, mkdtemp, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_FOLDER_LOCK_FILE } from '../data-folder/data-folder-lock';

const repoRoot = resolve(import.meta.dirname, '../..');
/** What a clone does not hold: installed packages, build and test outputs, version control. */
const notInAClone = new Set(['node_modules', 'out', 'release', 'dist', '.git', 'test-results', 'reports']);

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'station-cli-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** The environment of a newcomer's shell: no STATION_* variable, home and config folders of the test's own. */
function newcomerEnv(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('STATION_')));
  return { ...env, HOME: home, XDG_CONFIG_HOME: join(home, 'config'), ...extra };
}

describe('npm run web, as the README says it', () => {
  it('starts without flags on the desktop app’s per-user data folder and says which in its first lines', { timeout: 240_000 }, async () => {
    // A copy of the project as a clone has it, so that its build does not rewrite the out/ other
    // tests read; the installed packages are shared.
    const project = join(scratch, 'project');
    await cp(repoRoot, project, { recursive: true, filter: (source) => !notInAClone.has(resolve(source).slice(repoRoot.length + 1)) });
    await symlink(await realpath(join(repoRoot, 'node_modules')), join(project, 'node_modules'), 'dir');
    const home = join(scratch, 'home');
    await mkdir(home);

    const web = spawn('npm', ['run', 'web'], { cwd: project, env: newcomerEnv(home), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stderr = '';
    web.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<void>((settle) => web.once('close', () => settle()));
    try {
      const lines: string[] = [];
      await new Promise<void>((accept, reject) => {
        createInterface({ input: web.stdout }).on('line', (line) => {
          lines.push(line);
          if (line.startsWith('Data folder: ')) accept();
        });
        web.once('close', (code) => reject(new Error(`npm run web ended (${code}) before it was listening:\n${lines.join('\n')}\n${stderr}`)));
      });
      const listening = lines.findIndex((line) => line.startsWith('Station host listening on '));
      expect(lines[listening]).toMatch(/^Station host listening on http:\/\/127\.0\.0\.1:\d+\/\?key=[0-9a-f]+$/);
      const dataFolder = join(home, 'config', 'Waybill Print Station');
      expect(lines[listening + 1]).toBe(`Data folder: ${dataFolder} (demo mode: embedded sandbox gateway)`);
      expect((await stat(join(dataFolder, 'station.db'))).isFile()).toBe(true);
      expect(stderr).not.toMatch(/StationFailure|\n\s+at /);
    } finally {
      // npm, the shell it starts and the host: the whole process group.
      if (web.pid !== undefined && web.exitCode === null) process.kill(-web.pid, 'SIGTERM');
      await exited;
    }
  });
});

/** Runs the host's entry (as `npm run web` does after its build) and answers how it ended. */
async function runHost(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/host/cli.ts', ...args], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((settle) => child.once('close', settle));
  return { code, stdout, stderr };
}

describe('a flag the host cannot use', () => {
  const cases: Array<{ what: string; args: string[]; env?: NodeJS.ProcessEnv; line: RegExp }> = [
    { what: 'a flag without its value', args: ['--port'], line: /^--port needs a value: --port <n\|0> \(or set STATION_HOST_PORT\)\.$/ },
    { what: 'a flag followed by another flag', args: ['--data-dir', '--port', '0'], line: /^--data-dir needs a value: --data-dir <folder> \(or set STATION_DATA_DIR\)\.$/ },
    { what: 'an empty value', args: ['--token='], line: /^--token needs a value: --token <token> \(or set STATION_TOKEN\)\.$/ },
    { what: 'a port that is no number', args: ['--port', 'eighty'], line: /^--port must be a whole number from 0 to 65535; 0 picks a free port \(got "eighty"\)\.$/ },
    { what: 'a bad port by environment', args: [], env: { STATION_HOST_PORT: '70000' }, line: /^STATION_HOST_PORT must be a whole number from 0 to 65535/ },
    { what: 'a misspelt flag', args: ['--prot', '0'], line: /^Unknown option --prot\. The options are --port <n\|0> --data-dir <folder> .*--demo-orders <n>\.$/ },
    { what: 'a value without its flag', args: ['8080'], line: /^Unexpected argument "8080": every value follows its flag\. The options are --port/ },
    { what: 'a gateway address that is no URL', args: ['--base-url', 'gateway.example.com'], line: /^--base-url must be an http:\/\/ or https:\/\/ address, .* \(got "gateway\.example\.com"\)\.$/ },
    { what: 'a print component address that is not ws', args: ['--component-url', 'http://127.0.0.1:13528'], line: /^--component-url must be a ws:\/\/ or wss:\/\/ address/ },
    { what: 'a negative demo shop size', args: ['--demo-orders=-5'], line: /^--demo-orders must be a whole number of orders/ },
  ];

  it.each(cases)('$what: one line that names it and what to give, exit code 2', async ({ args, env, line }) => {
    const home = await mkdtemp(join(scratch, 'home-'));
    const { code, stdout, stderr } = await runHost(args, newcomerEnv(home, env));
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(line)]);
  });

  it('a data folder that is a file: one line naming --data-dir, the folder and the reason', async () => {
    const home = await mkdtemp(join(scratch, 'home-'));
    const file = join(home, 'not-a-folder');
    await writeFile(file, '');
    const { code, stderr } = await runHost(['--data-dir', file], newcomerEnv(home));
    expect(code).toBe(2);
    expect(stderr.trimEnd().split('\n')).toEqual([`--data-dir (or STATION_DATA_DIR): The data folder ${file} cannot be used (EEXIST). Choose a folder you can write to. Pass --data-dir <folder> to use another.`]);
  });

  it('a default data folder that cannot be made: one line naming the folder and --data-dir', async () => {
    const home = await mkdtemp(join(scratch, 'home-'));
    // XDG_CONFIG_HOME names a file, so the per-user folder below it cannot be created.
    await writeFile(join(home, 'config'), '');
    const { code, stderr } = await runHost([], newcomerEnv(home));
    expect(code).toBe(2);
    expect(stderr.trimEnd().split('\n')).toEqual([
      `The data folder ${join(home, 'config', 'Waybill Print Station')} cannot be used (ENOTDIR). Choose a folder you can write to. Pass --data-dir <folder> to use another.`,
    ]);
  });

  it('a data folder another host is using: one line naming the folder, the process holding it and what to do, exit code 3; the first host goes on', { timeout: 120_000 }, async () => {
    const home = await mkdtemp(join(scratch, 'home-'));
    const dataDir = join(home, 'data');
    const first = spawn(process.execPath, ['--import', 'tsx', 'electron/host/cli.ts', '--port', '0', '--data-dir', dataDir], { cwd: repoRoot, env: newcomerEnv(home), stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<void>((settle) => first.once('close', () => settle()));
    try {
      const url = await new Promise<string>((accept, reject) => {
        let listening = '';
        createInterface({ input: first.stdout }).on('line', (line) => {
          listening = /^Station host listening on (\S+)$/.exec(line)?.[1] ?? listening;
          if (line.startsWith('Data folder: ')) accept(listening);
        });
        first.once('close', (code) => reject(new Error(`the first host ended (${code}) before it opened its data folder`)));
      });
      const { code, stdout, stderr } = await runHost(['--port', '0', '--data-dir', dataDir], newcomerEnv(home));
      expect(code).toBe(3);
      // Refused before it listens: it never says it is listening.
      expect(stdout).toBe('');
      const lines = stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^The data folder ${dataDir} is in use by Waybill Print Station \\S+ \\(browser-host\\) `));
      expect(lines[0]).toContain(`(process ${first.pid} on `);
      expect(lines[0]).toMatch(/\. Close that program first, or start with another data folder\.$/);
      // The first host still answers on its folder.
      expect((await fetch(url)).status).toBe(200);
    } finally {
      first.kill('SIGTERM');
      await exited;
    }
  });

  it('a Ctrl-C before it listens frees the data folder: it ends normally and its lock file is gone', { timeout: 120_000 }, async () => {
    const home = await mkdtemp(join(scratch, 'home-'));
    const dataDir = join(home, 'data');
    await mkdir(dataDir);
    const lockPath = join(dataDir, DATA_FOLDER_LOCK_FILE);
    // Signalled the moment the lock file appears: the host holds the folder and is loading its server.
    const watcher = watch(dataDir);
    const locked = new Promise<void>((taken) => {
      watcher.on('change', () => {
        if (existsSync(lockPath)) taken();
      });
    });
    const host = spawn(process.execPath, ['--import', 'tsx', 'electron/host/cli.ts', '--port', '0', '--data-dir', dataDir], { cwd: repoRoot, env: newcomerEnv(home), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    host.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    host.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((settle) => host.once('close', (code, signal) => settle({ code, signal })));
    try {
      // A host that ends before it holds the folder fails the test with what it said.
      const first = await Promise.race([locked.then(() => 'locked' as const), ended.then(() => 'ended' as const)]);
      expect(first, output).toBe('locked');
      host.kill('SIGINT');
      expect(await ended, output).toEqual({ code: 0, signal: null });
      expect(output).not.toContain('listening');
      expect(existsSync(lockPath)).toBe(false);
    } finally {
      watcher.close();
      if (host.exitCode === null && host.signalCode === null) host.kill('SIGKILL');
    }
  });

  it('a port in use: one line naming --port and what to do', async () => {
    const busy = createServer();
    await new Promise<void>((listening) => busy.listen(0, '127.0.0.1', listening));
    const { port } = busy.address() as AddressInfo;
    try {
      const home = await mkdtemp(join(scratch, 'home-'));
      const { code, stderr } = await runHost(['--port', String(port), '--data-dir', join(home, 'data')], newcomerEnv(home));
      expect(code).toBe(2);
      expect(stderr.trimEnd().split('\n')).toEqual([
        `--port (or STATION_HOST_PORT): port ${port} on 127.0.0.1 cannot be used (EADDRINUSE): pass another, or --port 0 for any free one.`,
      ]);
    } finally {
      await new Promise((closed) => busy.close(closed));
    }
  });
});
