import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { SerialPort } from 'serialport';

/**
 * A desk scale emulated on a pseudo-terminal pair made by Debian's `socat`: the station opens
 * `port` as it would `/dev/ttyUSB0`; the test writes the scale's frames on the other end and reads
 * what the station sends (a poll command). `unplug()` ends socat (both ends vanish, as a USB
 * cable pulled out); `plug()` makes the pair again at the same paths.
 */
export interface EmulatedScale {
  /** The path the station opens. */
  readonly port: string;
  /** Writes bytes as the scale would. */
  send(text: string): Promise<void>;
  /** Everything the station wrote to the scale since the last `plug()`. */
  received(): string;
  unplug(): Promise<void>;
  plug(): Promise<void>;
  close(): Promise<void>;
}

async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`the emulated scale: ${what} did not happen within ${timeoutMs} ms`);
    await delay(20);
  }
}

/** Starts an emulated scale (socat must be installed: scripts/prepare-test-machine.sh installs it). */
export async function startEmulatedScale(): Promise<EmulatedScale> {
  const folder = mkdtempSync(join(tmpdir(), 'emulated-scale-'));
  const port = join(folder, 'scale');
  const feedPath = join(folder, 'feed');
  let socat: ChildProcess | null = null;
  let feed: SerialPort | null = null;
  let received = '';

  const plug = async (): Promise<void> => {
    received = '';
    const child = spawn('socat', [`pty,raw,echo=0,link=${port}`, `pty,raw,echo=0,link=${feedPath}`], { stdio: 'ignore' });
    socat = child;
    await until(() => existsSync(port) && existsSync(feedPath), 'the pseudo-terminal pair');
    const opened = new SerialPort({ path: feedPath, baudRate: 9600, autoOpen: false });
    await new Promise<void>((resolve, reject) => opened.open((error) => (error ? reject(error) : resolve())));
    opened.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    opened.on('error', () => undefined);
    feed = opened;
  };
  const unplug = async (): Promise<void> => {
    const child = socat;
    const opened = feed;
    socat = null;
    feed = null;
    if (opened?.isOpen) await new Promise<void>((resolve) => opened.close(() => resolve()));
    if (child && child.exitCode === null) {
      const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await ended;
    }
    await until(() => !existsSync(port), 'removing the port');
  };
  await plug();
  return {
    port,
    send: async (text) => {
      const opened = feed;
      if (!opened) throw new Error('the emulated scale is unplugged');
      // A write still pending when the scale is unplugged is never called back: the port's close ends it.
      await new Promise<void>((resolve, reject) => {
        const unplugged = () => reject(new Error('the emulated scale was unplugged while sending'));
        opened.once('close', unplugged);
        const settle = (error?: Error | null) => {
          opened.off('close', unplugged);
          if (error) reject(error);
          else resolve();
        };
        opened.write(Buffer.from(text, 'latin1'), (error) => (error ? settle(error) : opened.drain((drained) => settle(drained))));
      });
    },
    received: () => received,
    unplug,
    plug,
    close: async () => {
      await unplug();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
