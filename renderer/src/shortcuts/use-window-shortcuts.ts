import { useEffect, useRef } from 'react';
import { focusKind } from '../app/focus-kind';
import { matchShortcut, type ShortcutAction } from './shortcut-table';

/** Where the focus was when a shortcut was pressed. */
export interface ShortcutContext {
  /** In a text field or a drop-down's input. */
  inTextField: boolean;
  /** The focused element. */
  target: EventTarget | null;
}

/** Key presses that began while a dialog or drawer was open (marked before any handler closes it). */
const pressedOverLayer = new WeakSet<KeyboardEvent>();

/** Whether a dialog or drawer is showing. */
function layerOpen(): boolean {
  return [...document.querySelectorAll('[role="dialog"]')].some((dialog) => dialog.getClientRects().length > 0);
}

/** The pop-ups a control opens (a select's list, a date picker, a menu), while one shows. */
const OPEN_POPUP = '.ant-select-dropdown:not(.ant-select-dropdown-hidden), .ant-picker-dropdown:not(.ant-picker-dropdown-hidden), .ant-dropdown:not(.ant-dropdown-hidden), .ant-cascader-dropdown:not(.ant-cascader-dropdown-hidden)';

/** Whether a control's pop-up is open: Esc then closes the pop-up, nothing else. */
function popupOpen(target: EventTarget | null): boolean {
  if (target instanceof Element && target.closest('[aria-expanded="true"]') !== null) return true;
  return [...document.querySelectorAll(OPEN_POPUP)].some((popup) => popup.getClientRects().length > 0);
}

/** Marks an Esc that began over an open layer or a control's open pop-up; runs first (capture phase on the window). Other keys cost nothing. */
function markLayerKey(event: KeyboardEvent): void {
  if (event.key === 'Escape' && (layerOpen() || popupOpen(event.target))) pressedOverLayer.add(event);
}

/** The actions a component handles. */
export type ShortcutHandlers = Partial<Record<ShortcutAction, (context: ShortcutContext) => void>>;

/**
 * Runs the window-wide shortcuts of the table in `shortcut-table.ts` that these handlers take.
 * It listens after every other handler (bubble phase on the window), so a key a control or the
 * scanner already used is left alone, and inside a dialog only F1 counts (dialogs keep their keys).
 * Esc closes only the topmost layer: pressed while a dialog or drawer is open, it is that layer's
 * alone, even when the focus was outside it (so closing the plan never also clears the selection);
 * pressed while a drop-down list or picker is open, it only closes that (so closing a list in
 * Settings never asks to leave Settings).
 */
export function useWindowShortcuts(handlers: ShortcutHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented) return;
      const inTextField = focusKind(event.target) !== 'other';
      const action = matchShortcut(event, inTextField);
      if (!action) return;
      const inDialog = event.target instanceof Element && event.target.closest('[role="dialog"]') !== null;
      if (inDialog && action !== 'help') return;
      if (action === 'escape' && pressedOverLayer.has(event)) return;
      const handler = latest.current[action];
      if (!handler) return;
      event.preventDefault();
      handler({ inTextField, target: event.target });
    };
    window.addEventListener('keydown', markLayerKey, true);
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', markLayerKey, true);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
