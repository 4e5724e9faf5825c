import { spawn, type ChildProcess } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

const projectRoot = resolve(import.meta.dirname, '../..');

/** A TypeScript fixture run in a child Node process, as a crash test drives it. */
export interface FixtureProcess {
  /** Everything it wrote to stdout so far. */
  output(): string;
  /** Writes one line to its stdin (fixtures that take requests read them there). */
  send(line: string): void;
  /** Ends its stdin (a fixture reading requests takes that as the end of its work). */
  closeInput(): void;
  /** Waits until `ready()` holds; fails, with its output, if it ends or takes longer than `timeoutMs`. */
  until(ready: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** Sends it a signal that does not end it (SIGSTOP freezes it as a hung or swapped-out machine does, SIGCONT thaws it). */
  signal(signal: 'SIGSTOP' | 'SIGCONT'): void;
  /** Kills it (SIGKILL, a crash) and answers how it ended. */
  kill(): Promise<NodeJS.Signals | number | null>;
  /** Waits for it to end by itself; fails, with its output, unless it ended with 0. */
  finished(): Promise<void>;
}

/** How a fixture process is started. */
export interface FixtureStartOptions {
  /**
   * How much nicer than the test it runs (0 by default; more gives the CPU to the others first). A
   * rig squeezing several machines onto one gives it to the processes standing in for machines of
   * their own, so those a test judges by (a remote gateway stamping arrivals) do not wait behind them.
   */
  niceness?: number;
}

/** Fixture processes started together and killed together: a test's, or a rig's among tests that run at once. */
export interface FixtureGroup {
  /** Starts a fixture file under Node with tsx, in this group. */
  start(fixturePath: string, args?: string[], options?: FixtureStartOptions): FixtureProcess;
  /** Kills every process of this group still running (a stopped one too: SIGKILL needs no SIGCONT). */
  killAll(): void;
}

/** A group of its own, for a rig whose processes must outlive or die apart from other tests' running at the same time. */
export function createFixtureGroup(): FixtureGroup {
  const running = new Set<ChildProcess>();
  return {
    start: (fixturePath, args = [], options = {}) => startInGroup(running, fixturePath, args, options),
    killAll() {
      for (const child of running) child.kill('SIGKILL');
      running.clear();
    },
  };
}

/** The test file's group: tests that run one at a time kill its leftovers after each test (`killFixtureProcesses`). */
const fileGroup = createFixtureGroup();

/** Starts a fixture file under Node with tsx; stop leftovers with `killFixtureProcesses` after each test. */
export function startFixtureProcess(fixturePath: string, args: string[] = []): FixtureProcess {
  return fileGroup.start(fixturePath, args);
}

/** Kills every fixture process started by `startFixtureProcess` still running (for afterEach). */
export function killFixtureProcesses(): void {
  fileGroup.killAll();
}

function startInGroup(running: Set<ChildProcess>, fixturePath: string, args: string[], options: FixtureStartOptions): FixtureProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', fixturePath, ...args], { cwd: projectRoot, stdio: ['pipe', 'pipe', 'pipe'] });
  running.add(child);
  // Set at once, before its event loop starts: the loop's thread is the one that counts. Relative to
  // the test's own (lowering a niceness needs privileges: a test run under `nice` keeps working).
  if (options.niceness && child.pid !== undefined) {
    try {
      setPriority(child.pid, Math.min(19, getPriority() + options.niceness));
    } catch (error) {
      child.kill('SIGKILL');
      running.delete(child);
      throw error;
    }
  }
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // 'close', not 'exit': only then has all of the child's output been read.
  const exited = new Promise<NodeJS.Signals | number | null>((done) => child.once('close', (code, signal) => done(signal ?? code)));
  const ended = async () => {
    const outcome = await exited;
    running.delete(child);
    return outcome;
  };
  return {
    output: () => stdout,
    send(line) {
      child.stdin.write(`${line}\n`);
    },
    closeInput() {
      child.stdin.end();
    },
    async until(ready, what, timeoutMs = 60_000) {
      for (const deadline = Date.now() + timeoutMs; !ready(); await delay(5)) {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the fixture ended before ${what}:\n${stdout}\n${stderr}`);
        if (Date.now() > deadline) throw new Error(`the fixture did not reach ${what}:\n${stdout}\n${stderr}`);
      }
    },
    signal(signal) {
      child.kill(signal);
    },
    kill() {
      child.kill('SIGKILL');
      return ended();
    },
    async finished() {
      const outcome = await ended();
      if (outcome !== 0) throw new Error(`the fixture failed (${String(outcome)}):\n${stdout}\n${stderr}`);
    },
  };
}
