import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { startPrintEmulator } from './print-emulator/print-emulator';
import type { EmulatorFault } from './print-emulator/print-emulator';

/**
 * The print-component emulator from the command line, for manual demos:
 *   npm run print-emulator -- --port <n|0> --spool <dir> [--no-render] [--render-delay <ms>] [--fault <kind>] [--forget-on-restart]
 * The first output line is exactly `Print component emulator listening on ws://127.0.0.1:<port>`;
 * each line the emulator itself logs (a document printed or failed, a connection dropped on a
 * fault) starts with its ISO time; this CLI's own lines (spool folder, fault, the answers to
 * commands on standard input) do not.
 * While it runs, commands on standard input switch faults: `fault <kind>`, `clear`, `restart`
 * (`restart forget`: this restart forgets every task, as with --forget-on-restart), `quit`.
 */

const faultKinds = ['refuse-connections', 'drop-before-reply', 'drop-after-accept', 'paper-out', 'jam', 'offline', 'slow', 'refuse-print', 'odd-task-status', 'stall'] as const;

function parseFault(kind: string): EmulatorFault | null {
  return (faultKinds as readonly string[]).includes(kind) ? ({ kind } as EmulatorFault) : null;
}

const USAGE = `usage: print-emulator --port <n|0> --spool <dir> [--no-render] [--render-delay <ms>] [--fault ${faultKinds.join('|')}] [--forget-on-restart]
While it runs, type on standard input: fault <kind>, clear, restart, restart forget, quit.`;

/** The options, or the usage on standard error and exit code 2 for an unknown or malformed one (never a stack trace). */
function parseOptions() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', default: '0' },
        spool: { type: 'string' },
        'no-render': { type: 'boolean', default: false },
        'render-delay': { type: 'string', default: '0' },
        fault: { type: 'string' },
        'forget-on-restart': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

const values = parseOptions();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const port = Number(values.port);
const renderDelayMs = Number(values['render-delay']);
const fault = values.fault === undefined ? null : parseFault(values.fault);
if (!Number.isInteger(port) || port < 0 || port > 65_535 || !Number.isFinite(renderDelayMs) || renderDelayMs < 0 || (values.fault !== undefined && !fault)) {
  console.error(USAGE);
  process.exit(2);
}

const spoolDir = values.spool ? resolve(values.spool) : await mkdtemp(join(tmpdir(), 'print-emulator-spool-'));
const emulator = await startPrintEmulator({
  port,
  spoolDir,
  noRender: values['no-render'],
  renderDelayMs,
  forgetTasksOnRestart: values['forget-on-restart'],
  // Each event stamped with when it happened (ISO time): when a label printed, not when its line was read.
  log: (line) => console.log(`${new Date().toISOString()} ${line}`),
});
console.log(`Print component emulator listening on ${emulator.url}`);
console.log(`spool folder: ${spoolDir}`);
if (fault) {
  await emulator.setFault(fault);
  console.log(`fault: ${fault.kind}`);
}

async function shutDown(): Promise<void> {
  await emulator.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutDown());
process.on('SIGTERM', () => void shutDown());

createInterface({ input: process.stdin }).on('line', (line) => {
  const [command = '', argument = ''] = line.trim().split(/\s+/);
  const run = async (): Promise<string> => {
    if (command === 'fault') {
      const chosen = parseFault(argument);
      if (!chosen) return `unknown fault; one of ${faultKinds.join(', ')}`;
      await emulator.setFault(chosen);
      return `fault: ${chosen.kind}`;
    }
    if (command === 'clear') {
      await emulator.setFault(null);
      return 'fault cleared';
    }
    if (command === 'restart') {
      if (argument !== '' && argument !== 'forget') return 'restart takes nothing or `forget`';
      await emulator.restart({ downMs: 1_000, ...(argument === 'forget' && { forgetTasks: true }) });
      return `restarted, listening on ${emulator.url}`;
    }
    if (command === 'quit') {
      await shutDown();
      return '';
    }
    return 'commands: fault <kind>, clear, restart [forget], quit';
  };
  void run().then((reply) => console.log(reply));
});
