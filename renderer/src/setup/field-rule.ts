/**
 * An antd form rule that accepts a field's text when `isValid` does (the settings schema's own
 * check), and otherwise shows `message` (in the UI language) under the field.
 */
export function fieldRule(isValid: (text: string) => boolean, message: string) {
  return {
    validator: (_rule: unknown, value: unknown) => (isValid(typeof value === 'string' ? value : '') ? Promise.resolve() : Promise.reject(new Error(message))),
  };
}
