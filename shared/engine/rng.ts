/**
 * Seeded PRNG (sfc32) whose whole state is four uint32 held in GameState (RULES.md §1 Randomness).
 * The state array is mutated in place: callers pass the draft's own copy (see state.ts cloneState).
 * Neither the seed nor this state ever appears in a view (view.ts builds views from an allowlist).
 */
export type RngState = [number, number, number, number];

/** cyrb128: a string hash to 128 bits, used only to seed sfc32. */
export function seedRng(seed: string): RngState {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4; h2 ^= h1; h3 ^= h1; h4 ^= h1;
  const r: RngState = [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
  for (let i = 0; i < 12; i++) nextU32(r); // warm up
  return r;
}

/** sfc32 step; mutates `r`. */
export function nextU32(r: RngState): number {
  let a = r[0], b = r[1], c = r[2], d = r[3];
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  r[0] = a >>> 0; r[1] = b >>> 0; r[2] = c >>> 0; r[3] = d >>> 0;
  return t >>> 0;
}

/** Uniform integer in [0, n). */
export function randInt(r: RngState, n: number): number {
  return Math.floor((nextU32(r) / 4294967296) * n);
}

/** Fisher–Yates shuffle of a copy. */
export function shuffled<T>(r: RngState, items: readonly T[]): T[] {
  const a = items.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = randInt(r, i + 1);
    const t = a[i] as T; a[i] = a[j] as T; a[j] = t;
  }
  return a;
}
