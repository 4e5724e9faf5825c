/**
 * Every keyboard shortcut of the packing desk, once: the window-wide dispatcher matches key
 * events against it, and the help overlay lists it. Function keys carry the main actions
 * because a barcode scanner never types them and they sit in one row, big and easy to find.
 */

/** The actions the window-wide shortcuts trigger. */
export type ShortcutAction =
  | 'help'
  | 'settings'
  | 'focus-search'
  | 'clear-filters'
  | 'refresh'
  | 'full-refresh'
  | 'focus-orders'
  | 'focus-ship-from'
  | 'toggle-scan-mode'
  | 'select-all'
  | 'escape';

/** Keys the orders table handles itself while it has the focus (listed in the help only). */
export type TableKeys = 'table-move' | 'table-page' | 'table-ends' | 'table-extend' | 'table-toggle' | 'table-click' | 'table-shift-click';

/** One key combination. `key` is `KeyboardEvent.key` (letters in lower case). */
export interface KeyCombo {
  key: string;
  ctrl?: boolean;
  shift?: boolean;
  alt?: boolean;
}

/** A window-wide shortcut. */
export interface WindowShortcut {
  action: ShortcutAction;
  combos: readonly KeyCombo[];
  /** Also while typing in a text field (function keys); otherwise the field keeps the keys. */
  inTextFields: boolean;
}

/** The window-wide shortcuts, in the order the help lists them. */
export const WINDOW_SHORTCUTS: readonly WindowShortcut[] = [
  { action: 'help', combos: [{ key: 'F1' }, { key: '?', shift: true }], inTextFields: true },
  { action: 'settings', combos: [{ key: 'F2' }], inTextFields: true },
  { action: 'focus-search', combos: [{ key: 'F3' }, { key: 'f', ctrl: true }], inTextFields: true },
  { action: 'clear-filters', combos: [{ key: 'F4' }], inTextFields: true },
  { action: 'refresh', combos: [{ key: 'F5' }], inTextFields: true },
  { action: 'full-refresh', combos: [{ key: 'F5', shift: true }], inTextFields: true },
  { action: 'focus-orders', combos: [{ key: 'F6' }], inTextFields: true },
  { action: 'focus-ship-from', combos: [{ key: 'F7' }], inTextFields: true },
  { action: 'toggle-scan-mode', combos: [{ key: 'F8' }], inTextFields: true },
  { action: 'select-all', combos: [{ key: 'a', ctrl: true }], inTextFields: false },
  { action: 'escape', combos: [{ key: 'Escape' }], inTextFields: true },
];

/** The orders table's own keys, for the help overlay. */
export const TABLE_KEYS: ReadonlyArray<{ id: TableKeys; combos: readonly KeyCombo[] }> = [
  { id: 'table-move', combos: [{ key: 'ArrowUp' }, { key: 'ArrowDown' }] },
  { id: 'table-page', combos: [{ key: 'PageUp' }, { key: 'PageDown' }] },
  { id: 'table-ends', combos: [{ key: 'Home' }, { key: 'End' }] },
  { id: 'table-extend', combos: [{ key: 'ArrowUp', shift: true }, { key: 'ArrowDown', shift: true }] },
  { id: 'table-toggle', combos: [{ key: ' ' }] },
  { id: 'table-click', combos: [{ key: 'Click' }] },
  { id: 'table-shift-click', combos: [{ key: 'Click', shift: true }] },
];

/** The key event fields a shortcut is matched on. */
export interface ShortcutEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** Whether an event is this combination (Cmd counts as Ctrl on a Mac). */
function isCombo(event: ShortcutEvent, combo: KeyCombo): boolean {
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  return (
    key === combo.key &&
    (event.ctrlKey || event.metaKey) === (combo.ctrl ?? false) &&
    event.altKey === (combo.alt ?? false) &&
    // `?` needs Shift on most layouts, so Shift is only compared where the combination names it or where it is not implied.
    (combo.key === '?' || event.shiftKey === (combo.shift ?? false))
  );
}

/** The window-wide action a key event triggers, or null. `inTextField`: focus is in a field being edited. */
export function matchShortcut(event: ShortcutEvent, inTextField: boolean): ShortcutAction | null {
  for (const shortcut of WINDOW_SHORTCUTS) {
    if (inTextField && !shortcut.inTextFields) continue;
    // A `?` typed into a field is text, not a request for help.
    const combos = inTextField ? shortcut.combos.filter((combo) => combo.key.length > 1 || combo.ctrl) : shortcut.combos;
    if (combos.some((combo) => isCombo(event, combo))) return shortcut.action;
  }
  return null;
}

/** Names of keys as printed on keyboards. */
const keyNames: Readonly<Record<string, string>> = {
  ArrowUp: '↑',
  ArrowDown: '↓',
  ' ': 'Space',
  Escape: 'Esc',
  PageUp: 'PgUp',
  PageDown: 'PgDn',
};

/** A combination as the help prints it, e.g. `Shift + F5`; `clickLabel` names a mouse click in the UI language. */
export function comboLabel(combo: KeyCombo, clickLabel: string): string {
  const key = combo.key === 'Click' ? clickLabel : (keyNames[combo.key] ?? (combo.key.length === 1 ? combo.key.toUpperCase() : combo.key));
  const shift = combo.shift && combo.key !== '?' ? 'Shift' : null;
  return [combo.ctrl ? 'Ctrl' : null, combo.alt ? 'Alt' : null, shift, key].filter((part) => part !== null).join(' + ');
}
