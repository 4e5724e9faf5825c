/** What replaces a redacted value in the logs. */
export const redactedMark = '[redacted]';

/** Field names (compared without case, `_` or `-`) whose values never reach a log. */
const alwaysRedactedKeys = new Set([
  'token',
  'accesstoken',
  'authorization',
  'receivername',
  'receiverphone',
  'receivermobile',
  'receiveraddress',
  'address',
  'addressdetail',
  'detail',
  'mobile',
  'phone',
  'printdata',
  'encrypteddata',
  // The monthly card number (月结卡号): the merchant's account at the carrier.
  'customercode',
  'customercodebybranch',
  // An operator's PIN (and a supervisor's approval, which carries one), its hash, and a badge's code.
  'pin',
  'pinhash',
  'supervisor',
  'badge',
  'badgehash',
]);

/** Objects describing a person, inside which `name` is personal data too. */
const personKeys = new Set(['recipient', 'sender', 'receiver']);

const normalizeKey = (key: string): string => key.toLowerCase().replace(/[_-]/g, '');

/** Anything that looks like a bearer credential in free text. */
const bearerPattern = /\bBearer\s+[^\s"',;]+/gi;

const maximumDepth = 12;

/** Settings of a redactor. */
export interface LogRedactorOptions {
  /** Secrets to scrub from every string, read at each call (the access token may change). */
  secrets: () => ReadonlyArray<string | null | undefined>;
}

/**
 * Builds the one function that makes logged data safe: it walks objects, arrays and errors,
 * replaces the values of personal and credential fields (token, authorization, receiver names,
 * phones, addresses, print_data, and `name` inside recipient/sender), and scrubs every secret
 * and any `Bearer …` from all strings. Returns a copy; the input is never modified.
 */
export function createLogRedactor(options: LogRedactorOptions): (value: unknown) => unknown {
  const scrubText = (text: string, secrets: readonly string[]): string => {
    let result = text.replace(bearerPattern, `Bearer ${redactedMark}`);
    for (const secret of secrets) result = result.split(secret).join(redactedMark);
    return result;
  };

  const walk = (value: unknown, secrets: readonly string[], insidePerson: boolean, seen: WeakSet<object>, depth: number): unknown => {
    if (typeof value === 'string') return scrubText(value, secrets);
    if (typeof value !== 'object' || value === null) return value;
    if (seen.has(value) || depth > maximumDepth) return '[omitted]';
    seen.add(value);
    if (value instanceof Error) {
      return {
        name: value.name,
        message: scrubText(value.message, secrets),
        ...(value.stack ? { stack: scrubText(value.stack, secrets) } : {}),
        ...(value.cause !== undefined ? { cause: walk(value.cause, secrets, false, seen, depth + 1) } : {}),
      };
    }
    if (value instanceof Date) return value.toISOString();
    if (Array.isArray(value)) return value.map((item) => walk(item, secrets, insidePerson, seen, depth + 1));
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      const normalized = normalizeKey(key);
      const personal = alwaysRedactedKeys.has(normalized) || (insidePerson && normalized === 'name');
      copy[key] = personal && child !== null && child !== undefined && child !== ''
        ? redactedMark
        : walk(child, secrets, personKeys.has(normalized), seen, depth + 1);
    }
    return copy;
  };

  return (value) => {
    // Secrets shorter than 4 characters would shred ordinary text; such a token is not a real one.
    const secrets = options.secrets().filter((secret): secret is string => typeof secret === 'string' && secret.length >= 4);
    return walk(value, secrets, false, new WeakSet(), 0);
  };
}
