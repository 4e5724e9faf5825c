import { afterEach, describe, expect, it, vi } from 'vitest';
import { createScanBeeper, SCAN_TONES, SILENT_SUSPEND_MS } from './scan-beep';

const length = (tone: keyof typeof SCAN_TONES) => SCAN_TONES[tone].reduce((sum, note) => sum + note.durationMs + note.pauseMs, 0);

describe('scan tones', () => {
  it('make an error longer, louder and lower than a good scan, so the two are never confused', () => {
    const [ok] = SCAN_TONES.ok;
    const errorNotes = SCAN_TONES.error;
    expect(ok).toBeDefined();
    expect(errorNotes.length).toBeGreaterThan(1);
    for (const note of errorNotes) {
      expect(note.frequency).toBeLessThan((ok?.frequency ?? 0) / 4);
      expect(note.volume).toBeGreaterThan(ok?.volume ?? 1);
    }
    expect(length('error')).toBeGreaterThan(length('ok') * 5);
  });

  it('give a notice its own two notes, neither the OK beep nor the error buzz', () => {
    const frequencies = (tone: keyof typeof SCAN_TONES) => SCAN_TONES[tone].map((note) => note.frequency);
    expect(frequencies('notice')).toHaveLength(2);
    for (const frequency of frequencies('notice')) {
      expect(frequencies('ok')).not.toContain(frequency);
      expect(frequencies('error')).not.toContain(frequency);
    }
  });

  it('keep every note audible and within a comfortable volume', () => {
    for (const note of Object.values(SCAN_TONES).flat()) {
      expect(note.frequency).toBeGreaterThanOrEqual(100);
      expect(note.frequency).toBeLessThanOrEqual(4000);
      expect(note.volume).toBeGreaterThan(0);
      expect(note.volume).toBeLessThanOrEqual(1);
    }
  });
});

/** A stand-in for the browser's AudioContext (Node has no Web Audio): its state, and the notes started. */
function audioContextStandIn() {
  const audio = {
    state: 'running' as AudioContextState,
    currentTime: 0,
    notesStarted: 0,
    destination: {},
    resume: () => Promise.resolve(void (audio.state = 'running')),
    suspend: () => Promise.resolve(void (audio.state = 'suspended')),
    close: () => Promise.resolve(void (audio.state = 'closed')),
    createOscillator: () => ({ type: 'sine', frequency: { value: 0 }, connect: (node: unknown) => node, start: () => void (audio.notesStarted += 1), stop: () => undefined }),
    createGain: () => ({ gain: { setValueAtTime: () => undefined, linearRampToValueAtTime: () => undefined }, connect: (node: unknown) => node }),
  };
  return audio;
}

describe('the scan beeper', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('suspends its audio context once no tone played for a while, keeps it running through a burst of scans, and resumes it for the next tone', () => {
    vi.useFakeTimers();
    const audio = audioContextStandIn();
    let made = 0;
    const beeper = createScanBeeper({ createContext: () => ((made += 1), audio as unknown as AudioContext) });
    const errorMs = SCAN_TONES.error.reduce((sum, note) => sum + note.durationMs + note.pauseMs, 0);

    beeper.play('error');
    vi.advanceTimersByTime(errorMs + SILENT_SUSPEND_MS - 100);
    expect(audio.state).toBe('running');
    beeper.play('ok');
    vi.advanceTimersByTime(SILENT_SUSPEND_MS - 100);
    expect(audio.state).toBe('running');
    vi.advanceTimersByTime(300);
    expect(audio.state).toBe('suspended');

    beeper.play('notice');
    expect(audio.state).toBe('running');
    expect(audio.notesStarted).toBe(SCAN_TONES.error.length + SCAN_TONES.ok.length + SCAN_TONES.notice.length);
    expect(made).toBe(1);
    beeper.close();
    vi.advanceTimersByTime(2 * SILENT_SUSPEND_MS);
    expect(audio.state).toBe('closed');
  });

  it('stays silent without Web Audio', () => {
    expect(() => createScanBeeper({ createContext: null }).play('ok')).not.toThrow();
  });
});
