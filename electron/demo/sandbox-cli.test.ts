import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '../..');
let child: ChildProcess | null = null;

/** Stops the CLI's whole process group (npx → tsx → node) and waits for it to exit. */
async function stop(process_: ChildProcess): Promise<void> {
  if (process_.exitCode !== null || process_.signalCode !== null) return;
  const exited = once(process_, 'exit');
  if (process_.pid === undefined) throw new Error('the CLI did not start');
  process.kill(-process_.pid, 'SIGTERM');
  await exited;
}

afterEach(async () => {
  if (child) await stop(child);
  child = null;
});

describe('npm run sandbox', () => {
  it('prints its address first, the token next, then the shops; answers with the token, 401 without, and stops on SIGTERM', async () => {
    const options = ['--port', '0', '--orders', '50', '--token', 'cli-token', '--shops', '2', '--shop-orders', '10'];
    child = spawn('npx', ['tsx', 'electron/demo/sandbox-cli.ts', ...options], {
      cwd: repoRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout = child.stdout;
    if (!stdout) throw new Error('no stdout');
    let output = '';
    stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const closed = once(stdout, 'close');
    const lines = createInterface({ input: stdout })[Symbol.asyncIterator]();
    const first = (await lines.next()).value as string;
    expect(first).toMatch(/^Sandbox gateway listening on http:\/\/127\.0\.0\.1:\d+$/);
    expect((await lines.next()).value).toBe('Token: cli-token');
    const shopLines = [(await lines.next()).value, (await lines.next()).value, (await lines.next()).value, (await lines.next()).value];
    expect(shopLines).toEqual(['Shop id: 57301862', 'Seller nick: 小满百货旗舰店', 'User id: 2201385297', 'Also shop 57301875: seller nick 小满家居专营店, user id 2201385311 (小满家居)']);
    const url = first.replace('Sandbox gateway listening on ', '');

    const body = JSON.stringify({ owner_id: '57301862', platform: '1' });
    const call = (headers: Record<string, string>) =>
      fetch(`${url}/papi/tool/erps/ks-network-info`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }).then(
        async (response) => ({ status: response.status, envelope: (await response.json()) as { code: number; msg: string; msec: number; time: number; data: unknown } }),
      );
    const withToken = await call({ authorization: 'Bearer cli-token' });
    expect(withToken.status).toBe(200);
    expect(withToken.envelope).toMatchObject({ code: 0, msg: 'success' });
    expect(Object.keys(withToken.envelope).sort()).toEqual(['code', 'data', 'msec', 'msg', 'time']);
    const without = await call({});
    expect(without.envelope).toMatchObject({ code: 401, data: null });
    // --shops 2: the second shop answers with its --shop-orders sold orders; the third is not the account's.
    const soldOrders = async (shopId: string) => {
      const form = new FormData();
      form.append('owner_id', shopId);
      form.append('pageSize', '100');
      const response = await fetch(`${url}/papi/tool/erps/paging-orders`, { method: 'POST', headers: { authorization: 'Bearer cli-token' }, body: form });
      return (await response.json()) as { code: number; data: { totalElements: number } | null };
    };
    expect((await soldOrders('57301875')).data?.totalElements).toBe(10);
    expect((await soldOrders('60418827')).code).toBe(103);

    await stop(child);
    // Every process of the group has let go of stdout: the server closed its port cleanly.
    await closed;
    expect(output).toContain('SIGTERM: closing the sandbox gateway');
    await expect(fetch(url, { method: 'POST' })).rejects.toThrow();
  });
});
