import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrinterChoice, TestPrintResult } from '../../shared/domain/printing';
import { createStation } from '../composition/create-station';
import type { Station } from '../composition/station';
import { SANDBOX_DEFAULTS } from '../demo/sandbox';
import { keyFileCipher } from '../token-vault/key-file-cipher';

/**
 * The demo sandbox and emulator ship in every installer. Their fault injection and admin routes
 * exist for tests and benchmarks only: started through the composition root, as the packaged
 * app starts them, they must be off whatever the environment or the command line says.
 */
const hostileEnvironment = {
  STATION_SANDBOX_ADMIN: '1',
  STATION_ADMIN_ROUTES: 'true',
  SANDBOX_ADMIN_ROUTES: '1',
  STATION_SANDBOX_FAULTS: JSON.stringify({ busyRate: 1, serverErrorRate: 0 }),
  SANDBOX_FAULTS: 'busy',
  STATION_FAULT: 'busy',
  STATION_EMULATOR_FAULT: 'paper-out',
  EMULATOR_FAULT: 'refuse-connections',
};
const hostileFlags = ['--admin-routes', '--fault', 'paper-out', '--busy-rate', '1', '--faults={"busyRate":1}'];

let dataDir: string;
let station: Station;
const savedArgv = process.argv;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'station-demo-switches-'));
  Object.assign(process.env, hostileEnvironment);
  process.argv = [...savedArgv, ...hostileFlags];
  const started = await createStation({
    shell: 'electron',
    dataDir,
    tokenCipher: (folder) => keyFileCipher({ keyPath: join(folder, 'test-token.key') }),
    overrides: {},
    demoOrders: 20,
  });
  if (!started.ok) throw new Error(started.message);
  station = started.station;
});

afterAll(async () => {
  await station.close();
  for (const name of Object.keys(hostileEnvironment)) Reflect.deleteProperty(process.env, name);
  process.argv = savedArgv;
  await rm(dataDir, { recursive: true, force: true });
});

/** The embedded sandbox's address, as the station logged it when demo mode started it. */
function sandboxUrl(): string {
  const lines = readFileSync(join(dataDir, 'logs', 'station.log'), 'utf8').split('\n').filter(Boolean);
  const started = lines.map((line) => JSON.parse(line) as { event: string; url?: string }).find((entry) => entry.event === 'demo sandbox gateway started');
  if (!started?.url) throw new Error('the demo sandbox did not start');
  return started.url;
}

describe('demo mode as the packaged app starts it, under an environment and flags asking for faults and admin routes', () => {
  it('the sandbox gateway injects no fault: every call answers', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => station.dispatch('subscription.get', {})));
    expect(answers.filter((answer) => !answer.ok)).toEqual([]);
  });

  it('the sandbox gateway serves no admin route, even with its own token', async () => {
    await station.dispatch('subscription.get', {});
    const url = sandboxUrl();
    for (const path of ['faults', 'calls', 'state']) {
      const response = await fetch(`${url}/__sandbox/${path}`, {
        method: path === 'faults' ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${SANDBOX_DEFAULTS.token}`, 'content-type': 'application/json' },
        ...(path === 'faults' ? { body: JSON.stringify({ busyRate: 1 }) } : {}),
      });
      expect(((await response.json()) as { code: number }).code, path).toBe(404);
    }
    // And the faults it was sent did not take: calls still answer.
    expect((await station.dispatch('subscription.get', {})).ok).toBe(true);
  });

  it('the print-component emulator prints: no paper-out, no refused connection', async () => {
    // The first ask starts the emulator and the connection to it; ask until it is connected.
    let listed = await station.dispatch('printers.list', {});
    for (let attempt = 0; !listed.ok && attempt < 50; attempt += 1) {
      await delay(100);
      listed = await station.dispatch('printers.list', {});
    }
    if (!listed.ok) throw new Error(JSON.stringify(listed.error));
    const printer = (listed.data as PrinterChoice).printers[0]?.name;
    if (!printer) throw new Error('the emulator offers no printer');
    const printed = await station.dispatch('printers.test-print', { printer });
    expect(printed.ok && (printed.data as TestPrintResult).outcome).toBe('printed');
  });
});
