import { existsSync } from 'node:fs';
import { SerialPort } from 'serialport';
import type { ScaleView } from '../../shared/domain/scale';
import type { ScaleSettings } from '../../shared/settings/settings-schema';
import type { StationLogger } from '../logging/station-logger';
import { createFrameSplitter, parseScaleFrame } from './scale-frames';
import { createStability } from './scale-stability';

/** How long the port may stay silent before the header says the scale sends nothing. */
export const SCALE_SILENCE_MS = 2000;
/** How often a port that is missing or closed is opened again. */
export const SCALE_REOPEN_MS = 1000;
/** How often a poll-command scale is asked. */
export const SCALE_POLL_MS = 250;

/** What the scale reader needs. */
export interface ScaleReaderOptions {
  settings: () => ScaleSettings;
  onChange: (view: ScaleView) => void;
  logger: Pick<StationLogger, 'info' | 'warn'>;
  now?: () => number;
}

/** The desk scale, read in the main process. */
export interface ScaleReader {
  view(): ScaleView;
  /** Opens the port the settings name again when the scale settings changed (no-op otherwise). */
  follow(): void;
  close(): Promise<void>;
}

/** `W\r\n` as typed in Settings → the bytes written. */
export function pollCommandBytes(typed: string): string {
  return typed.replace(/\\r/g, '\r').replace(/\\n/g, '\n');
}

/**
 * Reads the desk scale over its serial port (`serialport`; the renderer never touches it) and
 * keeps one `ScaleView`: frames are cut and parsed by the framing in Settings, a weight is taken
 * only once it held for the set time, and anything else — the port gone (unplugged), silence,
 * garbage, overload, a moving reading — clears the weight at once, so a stale weight is never
 * offered. A port that cannot be opened, or closes, is opened again every second.
 */
export function createScaleReader(options: ScaleReaderOptions): ScaleReader {
  const now = options.now ?? Date.now;
  let current: ScaleView = { state: 'off', grams: null, port: '', unreadable: null, portError: null, at: now() };
  let applied = '';
  let port: SerialPort | null = null;
  let timers: NodeJS.Timeout[] = [];
  let reopen: NodeJS.Timeout | null = null;
  let generation = 0;

  const set = (change: Partial<ScaleView>): void => {
    const next = { ...current, ...change };
    const same = next.state === current.state && next.grams === current.grams && next.port === current.port && next.unreadable === current.unreadable && next.portError === current.portError;
    if (same) return;
    current = { ...next, at: now() };
    options.onChange(current);
  };

  const stop = async (): Promise<void> => {
    generation += 1;
    for (const timer of timers) clearInterval(timer);
    timers = [];
    if (reopen) clearTimeout(reopen);
    reopen = null;
    const open = port;
    port = null;
    if (open?.isOpen) await new Promise<void>((resolve) => open.close(() => resolve()));
  };

  const start = (scale: ScaleSettings): void => {
    if (!scale.enabled || scale.port === '') {
      set({ state: 'off', grams: null, port: '', unreadable: null, portError: null });
      return;
    }
    const mine = generation;
    const splitter = createFrameSplitter(scale.framing);
    const stability = createStability(scale.stableMs);
    let lastFrameAt = now();
    set({ state: 'connecting', grams: null, port: scale.port, unreadable: null, portError: null });
    const retry = (error: string): void => {
      if (mine !== generation) return;
      for (const timer of timers) clearInterval(timer);
      timers = [];
      port = null;
      set({ state: 'unplugged', grams: null, unreadable: null, portError: error });
      reopen ??= setTimeout(() => {
        reopen = null;
        if (mine === generation) open();
      }, SCALE_REOPEN_MS);
    };
    const open = (): void => {
      const serial = new SerialPort({ path: scale.port, baudRate: scale.baudRate, autoOpen: false });
      serial.on('error', (error) => retry(error.message));
      serial.on('close', () => retry('closed'));
      serial.on('data', (chunk: Buffer) => {
        if (mine !== generation) return;
        for (const frame of splitter.feed(chunk.toString('latin1'))) {
          lastFrameAt = now();
          const reading = parseScaleFrame(frame, scale.framing, scale.unit);
          if (reading === null) continue;
          const held = stability.feed(reading, lastFrameAt);
          if (held.state === 'stable' || held.state === 'unstable') set({ state: held.state, grams: held.grams, unreadable: null, portError: null });
          else if (held.state === 'garbage') set({ state: 'garbage', grams: null, unreadable: held.text, portError: null });
          else if (held.state === 'overload') set({ state: 'overload', grams: null, unreadable: null, portError: null });
        }
      });
      serial.open((error) => {
        if (mine !== generation) {
          if (!error) serial.close();
          return;
        }
        if (error) {
          retry(error.message);
          return;
        }
        port = serial;
        splitter.reset();
        stability.reset();
        lastFrameAt = now();
        set({ state: 'waiting', grams: null, unreadable: null, portError: null });
        options.logger.info('scale port opened', { port: scale.port, baudRate: scale.baudRate, framing: scale.framing });
        timers.push(
          setInterval(() => {
            if (now() - lastFrameAt < SCALE_SILENCE_MS || current.state === 'unplugged') return;
            // A device file that vanished is a scale unplugged, though the open port may not have reported it.
            if (scale.port.startsWith('/') && !existsSync(scale.port)) {
              serial.close(() => undefined);
              retry('the port is gone');
              return;
            }
            stability.reset();
            set({ state: 'waiting', grams: null, unreadable: null });
          }, SCALE_SILENCE_MS / 4),
        );
        if (scale.framing === 'poll') {
          const command = pollCommandBytes(scale.pollCommand);
          timers.push(setInterval(() => port?.write(command), SCALE_POLL_MS));
        }
      });
    };
    open();
  };

  const follow = (): void => {
    const scale = options.settings();
    const wanted = JSON.stringify(scale);
    if (wanted === applied) return;
    applied = wanted;
    void stop().then(() => start(scale));
  };
  follow();

  return {
    view: () => current,
    follow,
    close: async () => {
      applied = '';
      await stop();
    },
  };
}
