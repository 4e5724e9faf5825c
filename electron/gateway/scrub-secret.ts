/** What replaces a secret found in a value the client returns. */
export const scrubbedSecretMark = '[redacted]';

/**
 * A copy of a value with every occurrence of the secret removed from its strings; parts that
 * hold no occurrence are shared, not copied. The gateway may echo what it was sent (a token in a
 * message or a link): nothing the client returns may carry it further.
 */
export function scrubSecret<T>(value: T, secret: string): T {
  const walk = (current: unknown): unknown => {
    if (typeof current === 'string') return current.includes(secret) ? current.split(secret).join(scrubbedSecretMark) : current;
    if (typeof current !== 'object' || current === null) return current;
    if (Array.isArray(current)) {
      const items = current.map(walk);
      return items.some((item, index) => item !== current[index]) ? items : current;
    }
    let changed = false;
    const entries = Object.entries(current).map(([key, child]) => {
      const next = walk(child);
      changed ||= next !== child;
      return [key, next] as const;
    });
    return changed ? Object.fromEntries(entries) : current;
  };
  return walk(value) as T;
}
