import { describe, expect, it } from 'vitest';
import { SCAN_TONES } from './scan-beep';

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
