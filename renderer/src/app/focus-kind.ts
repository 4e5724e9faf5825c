/** Input types in which keys are typed as text. */
const textInputTypes = new Set(['text', 'search', 'email', 'number', 'password', 'tel', 'url']);

/**
 * What kind of element has the focus, for the scanner and the shortcuts:
 * - `text-field`: a field being edited (search box, remark, settings): its keys are its own;
 * - `picker-input`: the search input of a drop-down (role="combobox"): a picker, not a text
 *   field, so a scan typed into it is still a scan;
 * - `other`: the table, a button, the page.
 */
export function focusKind(target: EventTarget | null): 'text-field' | 'picker-input' | 'other' {
  if (!(target instanceof HTMLElement)) return 'other';
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return 'text-field';
  if (!(target instanceof HTMLInputElement) || !textInputTypes.has(target.type) || target.readOnly || target.disabled) return 'other';
  return target.getAttribute('role') === 'combobox' ? 'picker-input' : 'text-field';
}
