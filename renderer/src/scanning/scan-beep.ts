import type { ScanTone } from './scan-resolution';

/** One note of a tone. */
export interface ToneNote {
  frequency: number;
  durationMs: number;
  /** Silence after the note. */
  pauseMs: number;
  wave: OscillatorType;
  /** Peak gain, 0–1. */
  volume: number;
}

/**
 * The tones, made with Web Audio (no sound files): a short high beep for a good scan, a rising
 * two-note chime for a notice, and three loud low buzzes for an error, which must be heard over
 * a packing table.
 */
export const SCAN_TONES: Readonly<Record<ScanTone, readonly ToneNote[]>> = {
  ok: [{ frequency: 1760, durationMs: 90, pauseMs: 0, wave: 'sine', volume: 0.35 }],
  notice: [
    { frequency: 988, durationMs: 110, pauseMs: 30, wave: 'sine', volume: 0.35 },
    { frequency: 1319, durationMs: 160, pauseMs: 0, wave: 'sine', volume: 0.35 },
  ],
  error: [
    { frequency: 196, durationMs: 220, pauseMs: 70, wave: 'square', volume: 0.6 },
    { frequency: 196, durationMs: 220, pauseMs: 70, wave: 'square', volume: 0.6 },
    { frequency: 196, durationMs: 320, pauseMs: 0, wave: 'square', volume: 0.6 },
  ],
};

/** Plays scan tones; the audio context is made on the first tone (a key press allows it to start). */
export interface ScanBeeper {
  play: (tone: ScanTone) => void;
  close: () => void;
}

/** How long the audio context stays running after a tone: a running context keeps an audio thread busy all day. */
export const SILENT_SUSPEND_MS = 10_000;

/** What the beeper needs of Web Audio (the browser's, by default). */
export interface ScanBeeperOptions {
  /** Makes the audio context; null when the page has no Web Audio. */
  createContext?: (() => AudioContext) | null;
}

/** The browser's audio context, or null without Web Audio. */
const browserAudioContext = typeof AudioContext === 'undefined' ? null : () => new AudioContext();

/**
 * Creates the beeper. Without Web Audio it stays silent; the screen still shows every outcome.
 * The context is suspended once no tone has played for SILENT_SUSPEND_MS and resumed by the next:
 * a scanning burst keeps it running, an idle desk does not spend CPU on silence.
 */
export function createScanBeeper({ createContext = browserAudioContext }: ScanBeeperOptions = {}): ScanBeeper {
  let context: AudioContext | null = null;
  let silence: ReturnType<typeof setTimeout> | undefined;
  return {
    play: (tone) => {
      if (createContext === null) return;
      context ??= createContext();
      const audio = context;
      clearTimeout(silence);
      if (audio.state === 'suspended') void audio.resume();
      let at = audio.currentTime + 0.01;
      for (const note of SCAN_TONES[tone]) {
        const oscillator = audio.createOscillator();
        const gain = audio.createGain();
        oscillator.type = note.wave;
        oscillator.frequency.value = note.frequency;
        const end = at + note.durationMs / 1000;
        // A short attack and release: no clicks at the note's edges.
        gain.gain.setValueAtTime(0, at);
        gain.gain.linearRampToValueAtTime(note.volume, at + 0.01);
        gain.gain.setValueAtTime(note.volume, end - 0.02);
        gain.gain.linearRampToValueAtTime(0, end);
        oscillator.connect(gain).connect(audio.destination);
        oscillator.start(at);
        oscillator.stop(end);
        at = end + note.pauseMs / 1000;
      }
      // A context closed meanwhile refuses to suspend: nothing to do then.
      silence = setTimeout(() => void audio.suspend().catch(() => undefined), (at - audio.currentTime) * 1000 + SILENT_SUSPEND_MS);
    },
    close: () => {
      clearTimeout(silence);
      void context?.close();
      context = null;
    },
  };
}
