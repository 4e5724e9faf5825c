import { createLogRedactor } from '../logging/redact-log-data';

/**
 * Chinese mobile numbers, whole or masked as shops and gateways show them: 13800001234,
 * 138****1234, 138-0000-1234, 138 0000 1234, +86 13800001234. Not inside longer numbers or
 * words (order ids, epoch milliseconds, waybill numbers stay).
 */
const mobilePattern = /(?<![\w*])(?:\+?86[-\s]?)?1[3-9]\d(?:[-\s]?[\d*]{4}){2}(?![\w*])/g;

/** Landline numbers with their area code: 010-12345678, 0571-8888888, (0571) 88888888. */
const landlinePattern = /(?<!\w)\(?0\d{2,3}\)?[-\s]\d{7,8}(?!\w)/g;

/** What replaces a phone number in a diagnostics archive. */
export const phoneMark = '[phone]';

/** Removes every phone number, whole or masked, from a text. */
export function scrubPhoneNumbers(text: string): string {
  return text.replace(mobilePattern, phoneMark).replace(landlinePattern, phoneMark);
}

/** Turns strings holding JSON (a request body logged as text) into data, so their fields get redacted too. */
function expandEmbeddedJson(value: unknown, depth = 0): unknown {
  if (depth > 12) return value;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return value;
    try {
      return expandEmbeddedJson(JSON.parse(trimmed) as unknown, depth + 1);
    } catch {
      return value;
    }
  }
  if (Array.isArray(value)) return value.map((item) => expandEmbeddedJson(item, depth + 1));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, expandEmbeddedJson(child, depth + 1)]));
  }
  return value;
}

/** Makes data and text safe to hand to support. */
export interface DiagnosticsRedactor {
  /** Redacts data: the log redactor's fields (token, receivers, phones, addresses, print data), JSON hidden in strings, secrets and phone numbers in every text. */
  data(value: unknown): unknown;
  /** Redacts free text: secrets, bearer credentials and phone numbers. */
  text(text: string): string;
}

/**
 * Builds the redaction every file of a diagnostics archive goes through. It repeats what the
 * logger already did when the entries were written (logs from older versions, or text that
 * reached a log in a free-form message, get the same treatment) and adds phone numbers in any
 * text, which the logger only knows by field name.
 */
export function createDiagnosticsRedactor(secrets: () => ReadonlyArray<string | null | undefined>): DiagnosticsRedactor {
  const redactFields = createLogRedactor({ secrets });
  const scrubStrings = (value: unknown): unknown => {
    if (typeof value === 'string') return scrubPhoneNumbers(value);
    if (Array.isArray(value)) return value.map(scrubStrings);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, scrubStrings(child)]));
    }
    return value;
  };
  return {
    data: (value) => scrubStrings(redactFields(expandEmbeddedJson(value))),
    text: (text) => scrubPhoneNumbers(redactFields(text) as string),
  };
}
