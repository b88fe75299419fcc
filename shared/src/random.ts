/**
 * A small fixed-seed generator (mulberry32): the same sequence of numbers in [0, 1) for the same seed,
 * for data that must be reproducible (the demo guests, seeded tests and benchmarks).
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
