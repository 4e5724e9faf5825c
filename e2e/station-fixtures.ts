import { test as base, expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const repoRoot = resolve(import.meta.dirname, '..');

/** A browser host started for one test, with a data folder of its own. */
export interface StationHostProcess {
  url: string;
  dataDir: string;
  process: ChildProcess;
}

async function startHost(dataDir: string): Promise<StationHostProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/host/cli.ts', '--port', '0', '--data-dir', dataDir], {
    cwd: repoRoot,
    env: process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  if (!child.stdout) throw new Error('the host was started without a stdout pipe');
  const lines = createInterface({ input: child.stdout });
  const firstLine = await new Promise<string>((accept, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start within 20 s: ${stderr}`)), 20_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      accept(line);
    });
    child.once('exit', (code) => reject(new Error(`host exited with ${code}: ${stderr}`)));
  });
  const match = /^Station host listening on (http:\/\/127\.0\.0\.1:\d+\/\?key=[0-9a-f]+)$/.exec(firstLine);
  if (!match?.[1]) throw new Error(`unexpected first line from the host: ${firstLine}`);
  return { url: match[1], dataDir, process: child };
}

/** Playwright fixtures: each test gets a fresh data folder and its own host. */
export const test = base.extend<{ stationHost: StationHostProcess }>({
  // Playwright requires the object pattern even when a fixture depends on no other fixture.
  // eslint-disable-next-line no-empty-pattern
  stationHost: async ({}, use) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'station-e2e-'));
    const host = await startHost(dataDir);
    await use(host);
    const exited = new Promise((resolveExit) => host.process.once('exit', resolveExit));
    host.process.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  },
});

export { expect };
