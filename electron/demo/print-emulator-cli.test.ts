import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { connectRawClient } from '../printing/testing/print-test-kit';

const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const cliFile = join(import.meta.dirname, 'print-emulator-cli.ts');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('npm run print-emulator', () => {
  it('prints its address as the first line, speaks the protocol, spools PDFs, restarts forgetting its tasks on command and stops on SIGTERM', async () => {
    const spoolDir = await mkdtemp(join(tmpdir(), 'print-emulator-cli-'));
    cleanups.push(() => rm(spoolDir, { recursive: true, force: true }));
    const child = spawn(process.execPath, [tsxCli, cliFile, '--port', '0', '--spool', spoolDir], { stdio: ['pipe', 'pipe', 'inherit'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    cleanups.push(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    });
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const first = (await lines.next()).value as string;
    expect(first).toMatch(/^Print component emulator listening on ws:\/\/127\.0\.0\.1:\d+$/);
    const url = first.slice('Print component emulator listening on '.length);

    const client = await connectRawClient(url);
    expect(await client.request('getPrinters')).toMatchObject({ defaultPrinter: 'Deli DL-888T (76×130)' });
    child.stdin.write('fault paper-out\n');
    for (let line = await lines.next(); line.value !== 'fault: paper-out'; line = await lines.next()) expect(line.done).toBeFalsy();
    child.stdin.write('clear\n');
    for (let line = await lines.next(); line.value !== 'fault cleared'; line = await lines.next()) expect(line.done).toBeFalsy();
    const contents = [{ data: { waybillCode: '73100000009999', recipient: {}, sender: {} }, templateURL: 'https://cloudprint.cainiao.com/template/standard/1' }];
    await client.request('print', { task: { taskID: 'cli-1', printer: '', documents: [{ documentID: '73100000009999', contents }] } });
    // An event's line starts with its time.
    let printed = await lines.next();
    for (; !/ printed 73100000009999 /.test(String(printed.value)); printed = await lines.next()) expect(printed.done).toBeFalsy();
    expect(String(printed.value)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z printed 73100000009999 \(task cli-1\) on /);
    expect((await readdir(spoolDir)).filter((name) => name.endsWith('.pdf'))).toEqual(['00001-73100000009999.pdf']);
    // `restart forget`: the component comes back knowing none of its earlier tasks.
    child.stdin.write('restart forget\n');
    for (let line = await lines.next(); !String(line.value).startsWith('restarted, listening on'); line = await lines.next()) expect(line.done).toBeFalsy();
    await client.closed();
    const after = await connectRawClient(url);
    expect(await after.request('getTaskStatus', { taskID: ['cli-1'] })).toMatchObject({ status: 'success', printStatus: [] });
    await after.close();

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('prints its usage for --help and for an unknown option, never a stack trace', async () => {
    const run = (args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [tsxCli, cliFile, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.once('exit', (code) => resolve({ code, stdout, stderr }));
      });
    const help = await run(['--help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^usage: print-emulator --port/);
    const unknown = await run(['--colour', 'red']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('usage: print-emulator --port');
    expect(unknown.stderr).not.toMatch(/\n\s+at /);
  });
});
