/**
 * A small deterministic PRNG (sfc32 seeded through a string hash), so that the sandbox's demo
 * data, waybill numbers and fault rolls repeat exactly for a given seed.
 */

/** A stream of pseudo-random numbers and draws from it; the same seed and label give the same stream. */
export interface SeededRandom {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with the given probability. */
  chance(probability: number): boolean;
  /** A string of `length` decimal digits (leading zeros allowed). */
  digits(length: number): string;
  /** A shuffled copy of the list. */
  shuffle<T>(items: readonly T[]): T[];
}

/** 53-bit hash of a string (cyrb53): mixes a seed and a label into PRNG state. */
function hash(text: string, salt: number): number {
  let h1 = 0xdeadbeef ^ salt;
  let h2 = 0x41c6ce57 ^ salt;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * A PRNG stream for (seed, label). Different labels give independent streams, so adding a use of
 * randomness in one place does not shift the data generated in another.
 */
export function seededRandom(seed: number, label: string): SeededRandom {
  let a = hash(label, seed) >>> 0;
  let b = hash(label, seed + 1) >>> 0;
  let c = hash(label, seed + 2) >>> 0;
  let d = 1;
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Warm up: the first outputs of sfc32 correlate with the seed words.
  for (let i = 0; i < 12; i++) next();
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const random: SeededRandom = {
    next,
    int,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)] as (typeof items)[number];
    },
    chance: (probability) => next() < probability,
    digits: (length) => Array.from({ length }, () => String(int(0, 9))).join(''),
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy;
    },
  };
  return random;
}
