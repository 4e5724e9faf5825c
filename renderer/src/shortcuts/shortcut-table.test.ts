import { describe, expect, it } from 'vitest';
import { comboLabel, matchShortcut, WINDOW_SHORTCUTS, type ShortcutEvent } from './shortcut-table';

const press = (key: string, modifiers: Partial<ShortcutEvent> = {}): ShortcutEvent => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...modifiers });

describe('window shortcuts', () => {
  it('put each main action on a function key', () => {
    expect(matchShortcut(press('F1'), false)).toBe('help');
    expect(matchShortcut(press('F2'), false)).toBe('settings');
    expect(matchShortcut(press('F3'), false)).toBe('focus-search');
    expect(matchShortcut(press('F4'), false)).toBe('clear-filters');
    expect(matchShortcut(press('F5'), false)).toBe('refresh');
    expect(matchShortcut(press('F5', { shiftKey: true }), false)).toBe('full-refresh');
    expect(matchShortcut(press('F6'), false)).toBe('focus-orders');
    expect(matchShortcut(press('F7'), false)).toBe('focus-ship-from');
    expect(matchShortcut(press('F8'), false)).toBe('toggle-scan-mode');
    expect(matchShortcut(press('Escape'), false)).toBe('escape');
  });

  it('take Ctrl or Cmd for the letter shortcuts, and ? with or without Shift', () => {
    expect(matchShortcut(press('a', { ctrlKey: true }), false)).toBe('select-all');
    expect(matchShortcut(press('A', { metaKey: true }), false)).toBe('select-all');
    expect(matchShortcut(press('f', { ctrlKey: true }), false)).toBe('focus-search');
    expect(matchShortcut(press('?', { shiftKey: true }), false)).toBe('help');
    expect(matchShortcut(press('?'), false)).toBe('help');
    expect(matchShortcut(press('a'), false)).toBeNull();
    expect(matchShortcut(press('F', { ctrlKey: true, shiftKey: true }), false)).toBeNull();
  });

  it('leave text fields their own keys: Ctrl+A selects the text and ? is typed', () => {
    expect(matchShortcut(press('a', { ctrlKey: true }), true)).toBeNull();
    expect(matchShortcut(press('?', { shiftKey: true }), true)).toBeNull();
    expect(matchShortcut(press('F5'), true)).toBe('refresh');
    expect(matchShortcut(press('Escape'), true)).toBe('escape');
  });

  it('give every combination to one action only', () => {
    const combos = WINDOW_SHORTCUTS.flatMap((shortcut) => shortcut.combos.map((combo) => JSON.stringify(combo)));
    expect(new Set(combos).size).toBe(combos.length);
  });
});

describe('shortcut labels', () => {
  it('print combinations as keycaps show them', () => {
    expect(comboLabel({ key: 'F5', shift: true }, 'Click')).toBe('Shift + F5');
    expect(comboLabel({ key: 'a', ctrl: true }, 'Click')).toBe('Ctrl + A');
    expect(comboLabel({ key: '?', shift: true }, 'Click')).toBe('?');
    expect(comboLabel({ key: 'ArrowDown', shift: true }, 'Click')).toBe('Shift + ↓');
    expect(comboLabel({ key: ' ' }, 'Click')).toBe('Space');
    expect(comboLabel({ key: 'Click', shift: true }, '单击')).toBe('Shift + 单击');
  });
});
