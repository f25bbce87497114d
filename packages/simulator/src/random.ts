/** A source of numbers in [0, 1); seeded so a run (or a test) can be repeated. */
export type Random = () => number;

/** mulberry32: tiny, fast and good enough for drawing test values. */
export function seededRandom(seed: number): Random {
  // Scrambled first, so neighbouring seeds (one per station) start far apart in the sequence.
  let state = Math.imul((seed ^ (seed / 4294967296)) >>> 0 ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  state = Math.imul(state ^ (state >>> 13), 0xc2b2ae35) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: Random, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[Math.floor(random() * items.length)]!;
}

/** An index drawn with the given weights (not necessarily summing to 1). */
export function weightedIndex(random: Random, weights: readonly number[]): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let point = random() * total;
  for (const [index, weight] of weights.entries()) {
    point -= weight;
    if (point < 0) return index;
  }
  return weights.length - 1;
}

/** Roughly normal around 0 with deviation 1 (Irwin–Hall of six uniforms): values that cluster at a target. */
export function gaussian(random: Random): number {
  return (random() + random() + random() + random() + random() + random() - 3) * Math.SQRT2;
}

/** `base` scaled by a factor uniform in [1 - spread, 1 + spread]. */
export function jitter(random: Random, base: number, spread: number): number {
  return base * (1 - spread + 2 * spread * random());
}
