import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt's cost: N = 2^15, r = 8, p = 1 (about 32 MiB and a few tens of milliseconds a try), so
 * a stolen database gives up a 4-digit PIN only slowly, while a sign-in stays instant to a person.
 */
const PIN_SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

function scryptAsync(secret: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** A PIN's slow salted hash, `scrypt$N$r$p$salt$hash` (base64): the only form a PIN is ever stored in. */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(PIN_SCRYPT.saltLength);
  const { N, r, p, keyLength } = PIN_SCRYPT;
  const key = await scryptAsync(pin, salt, keyLength, { N, r, p, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether `pin` is the one `stored` was made from (compared in constant time; a malformed hash matches nothing). */
export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || salt === undefined || key === undefined) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(pin, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A badge's hash, by which it is looked up: a badge is a long printed code, not a secret a person
 * chooses, so a plain SHA-256 of its normalized form keeps it out of the database without a slow hash.
 */
export function badgeHash(badge: string): string {
  return createHash('sha256').update(badge.normalize('NFKC').replace(/\s+/g, '').toUpperCase()).digest('base64');
}
