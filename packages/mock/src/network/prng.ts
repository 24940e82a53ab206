// A small seeded PRNG (mulberry32): the same seed gives the same network, the same latencies
// and the same faults, run after run. Nothing here reads Math.random or the wall clock.

export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** `count` pseudo-random bytes. */
  bytes(count: number): Uint8Array;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
}

export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    bytes(count) {
      const out = new Uint8Array(count);
      for (let i = 0; i < count; i++) out[i] = int(0, 255);
      return out;
    },
    pick: (items) => items[int(0, items.length - 1)]!,
  };
}
