import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

const repoRoot = resolve(import.meta.dirname, '..');
/** The built browser host, as `npm run web` starts it. */
const hostEntry = resolve(repoRoot, 'out/host/index.js');

/** The browser host in a process of its own, as `npm run web` starts it. */
export interface BenchHost {
  /** The page's address, with its key. */
  url: URL;
  child: ChildProcess;
  /** Stops the host and waits until it is gone. */
  stop(): Promise<void>;
}

/** Starts the built browser host on a data folder with these extra flags (`--demo-orders`, `--base-url`, …) and waits for its address. */
export async function startBenchHost(dataDir: string, flags: readonly string[]): Promise<BenchHost> {
  if (!existsSync(hostEntry)) throw new Error(`${hostEntry} is missing: run "npm run build" first`);
  const child = spawn(process.execPath, [hostEntry, '--port', '0', '--data-dir', dataDir, ...flags], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (!child.stdout) throw new Error('the host was started without a stdout pipe');
  const firstLine = await new Promise<string>((accept, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', accept);
    child.once('exit', (code) => reject(new Error(`the host exited with ${code}`)));
  });
  const address = /^Station host listening on (\S+)$/.exec(firstLine)?.[1];
  if (!address) throw new Error(`unexpected first line from the host: ${firstLine}`);
  return {
    url: new URL(address),
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Calls a contract channel of the host as the page does; throws unless it answers ok. */
export async function callHost(url: URL, channel: string, input: unknown): Promise<unknown> {
  const response = await fetch(`${url.origin}/ipc/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-station-key': url.searchParams.get('key') ?? '' },
    body: JSON.stringify(input),
  });
  const result = (await response.json()) as { ok: boolean; data?: unknown; error?: { code: string } };
  if (!result.ok) throw new Error(`${channel} failed: ${result.error?.code}`);
  return result.data;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The value at or below which `fraction` of the values lie (nearest rank). */
export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? 0;
}
