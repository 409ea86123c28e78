/**
 * The tournament draw (RULES.md §9.2): the whole schedule of R qualifying rounds for N players at tables
 * of S seats, drawn from a published seed — the same seed gives the same schedule, anywhere (pure, no
 * clock, no Math.random: the engine's own sfc32, shared/engine/rng.ts).
 *
 *  - **Sit-outs.** A round has T = ⌊N/S⌋ tables; the k = N − T·S others sit it out, taken in turn from
 *    the draw's order (a seeded shuffle of the players), so nobody sits out twice before everyone has
 *    once, and games per player differ by at most 1.
 *  - **Meetings.** Tables are filled round by round greedily (each player to the table where they have
 *    met the fewest so far), then a local search swaps two players of different tables of one round
 *    while that lowers (largest pair count, pairs at that count, Σ count²) — the social-golfer
 *    objective in §9.2's order: the largest number of games two players share first, then how unevenly
 *    pairs meet. A table holding a pair at the largest count moves one of them to its best swap in that
 *    round. A fixed number of tries per size, from the seed: deterministic, a few seconds at worst.
 *    If the largest count is still above its lower bound ⌈R·(S−1)/(N−1)⌉ + 1, a focused tabu search on
 *    the pairs at that count follows (`focus`).
 *  - **Seats.** A proper edge colouring of the bipartite graph tables × players with S colours (König's
 *    theorem: it always exists): no player gets one seat number more than ⌈games/S⌉ times, exactly.
 *
 * docs/TOURNAMENTS.md has the figures (bench/tournament-draw.ts).
 */
import { nextU32, randInt, seedRng, shuffled, type RngState } from "../engine/rng.ts";

const nextUnit = (rng: RngState) => nextU32(rng) / 4294967296;

export interface DrawInput {
  /** Players, by index 0..players−1 (the caller maps indices to accounts in registration order). */
  players: number;
  /** Seats per table (S). */
  seats: number;
  /** Qualifying rounds (R). */
  rounds: number;
  /** The published seed. */
  seed: string;
  /** Local-search tries (default: scaled to the size; the same for the same input). */
  effort?: number;
}

export interface DrawRound {
  /** Each table's players in seat order: tables[t][s] is the player at seat s + 1. */
  tables: number[][];
  /** Who sits this round out. */
  sitOut: number[];
}

export interface Schedule {
  seed: string;
  players: number;
  seats: number;
  /** The draw's order: the seeded shuffle that rotates sit-outs and breaks the last tie of the standings (§9.5). */
  order: number[];
  rounds: DrawRound[];
}

/** Why a draw cannot be made (fewer players than one table, a size out of bounds). */
export function drawRefusal(input: Pick<DrawInput, "players" | "seats" | "rounds">): string | null {
  if (!Number.isInteger(input.seats) || input.seats < 4 || input.seats > 30) return "a table has 4–30 seats";
  if (!Number.isInteger(input.players) || input.players < input.seats) return "fewer players than one table";
  if (input.players > 1000) return "at most 1,000 players";
  if (!Number.isInteger(input.rounds) || input.rounds < 1 || input.rounds > 30) return "1–30 rounds";
  return null;
}

/** 4^c: a pair meeting c times weighs four times one meeting c − 1 times. */
const WEIGHT = Array.from({ length: 64 }, (_, c) => 4 ** c);

/** Pair counts in a flat triangle: index of (a, b), a ≠ b. */
const pairIndex = (n: number) => (a: number, b: number) => (a < b ? a * n + b : b * n + a);

/** The objective's state: pair counts, their histogram (for the largest and how many sit there) and Σ count². */
class Meetings {
  readonly count: Uint16Array;
  readonly hist: number[] = [];
  max = 0;
  sumSq = 0;
  private readonly at: (a: number, b: number) => number;
  readonly n: number;
  constructor(n: number) {
    this.n = n;
    this.count = new Uint16Array(n * n);
    this.at = pairIndex(n);
    this.hist[0] = (n * (n - 1)) / 2;
    this.energy = this.hist[0];
  }
  get(a: number, b: number): number {
    return this.count[this.at(a, b)]!;
  }
  /** Σ 4^count over the pairs: one scalar that weighs the largest counts first (the annealing's energy). */
  energy = 0;
  add(a: number, b: number, d: 1 | -1): void {
    const i = this.at(a, b);
    const c = this.count[i]!;
    const next = c + d;
    this.count[i] = next;
    this.energy += WEIGHT[next]! - WEIGHT[c]!;
    this.hist[c] = (this.hist[c] ?? 0) - 1;
    this.hist[next] = (this.hist[next] ?? 0) + 1;
    this.sumSq += next * next - c * c;
    if (next > this.max) this.max = next;
    while (this.max > 0 && !this.hist[this.max]) this.max--;
  }
  table(players: readonly number[], d: 1 | -1): void {
    for (let i = 0; i < players.length; i++) for (let j = i + 1; j < players.length; j++) this.add(players[i]!, players[j]!, d);
  }
  /** (largest count, pairs at it, Σ count²) — compared in this order. */
  score(): [number, number, number] {
    return [this.max, this.hist[this.max] ?? 0, this.sumSq];
  }
}

const better = (a: readonly number[], b: readonly number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
};

/** The sit-outs of each round, in turn from the draw's order (§9.2). */
function sitOuts(order: readonly number[], perRound: number, rounds: number): number[][] {
  const n = order.length;
  return Array.from({ length: rounds }, (_, r) => Array.from({ length: perRound }, (_, j) => order[(r * perRound + j) % n]!));
}

/** Greedy: each playing player (in a seeded order) to the open table where they have met the fewest so far. */
function fillRound(rng: RngState, playing: readonly number[], tables: number, seats: number, m: Meetings): number[][] {
  const out: number[][] = Array.from({ length: tables }, () => []);
  for (const p of shuffled(rng, playing)) {
    let best = -1;
    let bestCost = Infinity;
    for (let t = 0; t < tables; t++) {
      const at = out[t]!;
      if (at.length >= seats) continue;
      let cost = 0;
      for (const q of at) {
        const c = m.get(p, q);
        cost += 2 * c + 1; // the growth of Σ count²
      }
      if (cost < bestCost) {
        bestCost = cost;
        best = t;
      }
    }
    out[best]!.push(p);
  }
  for (const t of out) m.table(t, 1);
  return out;
}

/** Swap players of two tables of one round, `pa` at A[ia] with `pb` at B[ib], in the meeting counts (d: do or undo). */
function swapMeetings(m: Meetings, A: readonly number[], B: readonly number[], pa: number, pb: number, d: 1 | -1): void {
  // pa leaves A and joins B; pb leaves B and joins A (its pairs with the others of each table).
  for (const x of A) if (x !== pa) m.add(pa, x, (-d) as 1 | -1), m.add(pb, x, d);
  for (const x of B) if (x !== pb) m.add(pb, x, (-d) as 1 | -1), m.add(pa, x, d);
}

/**
 * The local search: a table of a random round with a pair at the largest count moves one of that pair —
 * to the best swap with any player of another table of that round (taken when the objective does not get
 * worse: equal scores walk the plateau); a table without such a pair tries one random swap.
 */
/**
 * Simulated annealing on Σ 4^count (random swaps of two players of different tables of one round; a
 * worse one taken with probability e^(−Δ/temperature), the temperature falling geometrically): it leaves
 * the greedy start's basin, which the lexicographic search below then polishes.
 */
function anneal(rng: RngState, rounds: number[][][], m: Meetings, tries: number): void {
  const playable = rounds.map((r, i) => (r.length > 1 ? i : -1)).filter((i) => i >= 0);
  if (playable.length === 0 || tries <= 0) return;
  const t0 = 4 ** Math.max(1, m.max - 1);
  const t1 = 0.5;
  for (let k = 0; k < tries; k++) {
    const temp = t0 * (t1 / t0) ** (k / tries);
    const r = rounds[playable[randInt(rng, playable.length)]!]!;
    const ta = randInt(rng, r.length);
    let tb = randInt(rng, r.length - 1);
    if (tb >= ta) tb++;
    const A = r[ta]!;
    const B = r[tb]!;
    const i = randInt(rng, A.length);
    const j = randInt(rng, B.length);
    const e0 = m.energy;
    swapMeetings(m, A, B, A[i]!, B[j]!, 1);
    const delta = m.energy - e0;
    if (delta <= 0 || nextUnit(rng) < Math.exp(-delta / temp)) [A[i], B[j]] = [B[j]!, A[i]!];
    else swapMeetings(m, A, B, A[i]!, B[j]!, -1);
  }
}

function improve(rng: RngState, rounds: number[][][], m: Meetings, tries: number): void {
  const playable = rounds.map((r, i) => (r.length > 1 ? i : -1)).filter((i) => i >= 0);
  if (playable.length === 0) return;
  for (let k = 0; k < tries; k++) {
    const r = rounds[playable[randInt(rng, playable.length)]!]!;
    const ta = randInt(rng, r.length);
    const A = r[ta]!;
    // A pair of this table at the largest count, if any: one of them moves.
    let ia = -1;
    const start = randInt(rng, A.length);
    for (let x = 0; x < A.length && ia < 0; x++) {
      const i = (start + x) % A.length;
      for (let j = 0; j < A.length; j++) if (j !== i && m.get(A[i]!, A[j]!) === m.max) { ia = i; break; }
    }
    const before = m.score();
    if (ia < 0) {
      // No pair at the top here: one random swap, kept if it helps.
      let tb = randInt(rng, r.length - 1);
      if (tb >= ta) tb++;
      const B = r[tb]!;
      const i = randInt(rng, A.length);
      const j = randInt(rng, B.length);
      swapMeetings(m, A, B, A[i]!, B[j]!, 1);
      if (better(m.score(), before)) [A[i], B[j]] = [B[j]!, A[i]!];
      else swapMeetings(m, A, B, A[i]!, B[j]!, -1);
      continue;
    }
    const pa = A[ia]!;
    let best: [number, number] | null = null;
    let bestScore = before;
    let ties = 0;
    // A sideways move: the largest count and the pairs at it unchanged, Σ count² worse — taken 1 time in 4
    // when nothing improves, so the search can leave a local minimum of the third criterion.
    let side: [number, number] | null = null;
    let sides = 0;
    for (let tb = 0; tb < r.length; tb++) {
      if (tb === ta) continue;
      const B = r[tb]!;
      for (let j = 0; j < B.length; j++) {
        swapMeetings(m, A, B, pa, B[j]!, 1);
        const sc = m.score();
        swapMeetings(m, A, B, pa, B[j]!, -1);
        if (better(sc, bestScore)) {
          bestScore = sc;
          best = [tb, j];
          ties = 1;
        } else if (sc[0] === bestScore[0] && sc[1] === bestScore[1] && sc[2] === bestScore[2] && randInt(rng, ++ties) === 0) {
          // Among equals, each has the same chance (the plateau walk).
          best = [tb, j];
        } else if (sc[0] === before[0] && sc[1] === before[1] && randInt(rng, ++sides) === 0) side = [tb, j];
      }
    }
    if (!best && side && randInt(rng, 4) === 0) best = side;
    if (!best) continue;
    const B = r[best[0]]!;
    const pb = B[best[1]]!;
    swapMeetings(m, A, B, pa, pb, 1);
    A[ia] = pb;
    B[best[1]] = pa;
  }
}

/** Players of top pairs weighed per step of the focused search (24 reaches 36/12/6's goal; 1 and 4 did not). */
const FOCUS_SAMPLE = 24;

/**
 * The focused search (tabu) for the largest count, run only while it is above `target` (§9.2: the largest
 * number of games two players share first). Each step weighs FOCUS_SAMPLE players of pairs at the largest
 * count (drawn from the seed) and takes the best swap of any of them with a player of another table of that
 * round by (largest count, pairs at it, Σ 4^count) — even a worse one — except swaps of a player moved in
 * that round within the last few steps (the tabu list), unless the swap beats the best seen. The best
 * schedule seen is kept. It stops at the target or after `tries` steps: deterministic, from the seed.
 */
function focus(rng: RngState, rounds: number[][][], m: Meetings, tries: number, target: number): void {
  if (m.max <= target) return;
  const keyOf = (sc: readonly number[]) => [sc[0]!, sc[1]!, m.energy];
  let bestKey = keyOf(m.score());
  let bestGrid = rounds.map((r) => r.map((t) => t.slice()));
  const tabu = rounds.map(() => new Map<number, number>());
  const tenure = 4;
  const hot: [number, number, number][] = [];
  for (let k = 0; k < tries && m.max > target; k++) {
    // Every player of a pair at the largest count, with its round and table.
    hot.length = 0;
    rounds.forEach((r, ri) =>
      r.forEach((A, ti) => {
        if (r.length < 2) return;
        for (let i = 0; i < A.length; i++)
          for (let j = 0; j < A.length; j++) if (j !== i && m.get(A[i]!, A[j]!) === m.max) { hot.push([ri, ti, i]); break; }
      }),
    );
    if (hot.length === 0) break;
    // A few players of pairs at the top (from the seed); the best non-tabu swap of any of them is taken.
    let best: [number, number, number, number, number] | null = null;
    let bestSc: number[] | null = null;
    let ties = 0;
    for (let h = 0; h < FOCUS_SAMPLE; h++) {
      const [ri, ta, ia] = hot[randInt(rng, hot.length)]!;
      const r = rounds[ri]!;
      const A = r[ta]!;
      const pa = A[ia]!;
      for (let tb = 0; tb < r.length; tb++) {
        if (tb === ta) continue;
        const B = r[tb]!;
        for (let j = 0; j < B.length; j++) {
          swapMeetings(m, A, B, pa, B[j]!, 1);
          const sc = keyOf(m.score());
          swapMeetings(m, A, B, pa, B[j]!, -1);
          // Tabu: a player moved in this round lately stays, unless the swap beats the best seen (aspiration).
          if ((tabu[ri]!.get(B[j]!) ?? -1) > k && !better(sc, bestKey)) continue;
          if (!bestSc || better(sc, bestSc)) {
            bestSc = sc;
            best = [ri, ta, ia, tb, j];
            ties = 1;
          } else if (!better(bestSc, sc) && randInt(rng, ++ties) === 0) best = [ri, ta, ia, tb, j];
        }
      }
    }
    if (!best) continue;
    const [ri, ta, ia, tb, jb] = best;
    const A = rounds[ri]![ta]!;
    const B = rounds[ri]![tb]!;
    const pa = A[ia]!;
    const pb = B[jb]!;
    swapMeetings(m, A, B, pa, pb, 1);
    A[ia] = pb;
    B[jb] = pa;
    tabu[ri]!.set(pa, k + tenure + randInt(rng, 3));
    tabu[ri]!.set(pb, k + tenure + randInt(rng, 3));
    const now = keyOf(m.score());
    if (better(now, bestKey)) {
      bestKey = now;
      bestGrid = rounds.map((rr) => rr.map((t) => t.slice()));
    }
  }
  // Back to the best seen (the meeting counts with it).
  rounds.forEach((r) => r.forEach((t) => m.table(t, -1)));
  rounds.forEach((r, ri) => r.forEach((t, ti) => (rounds[ri]![ti] = bestGrid[ri]![ti]!)));
  rounds.forEach((r) => r.forEach((t) => m.table(t, 1)));
}

/**
 * Seat numbers as a proper edge colouring of a bipartite graph (König: a bipartite graph of largest
 * degree Δ has one with Δ colours). One side: each table of each round; the other: each player, split
 * into ⌈games/S⌉ copies of at most S games each (in round order); an edge per seat taken; the colours are
 * the seats 1..S. A table's edges get different colours — its seats are distinct — and a player copy's
 * too, so no player has one seat number more than ⌈games/S⌉ times: §9.2's bound, always met. The colour
 * names are shuffled once (from the seed) so no seat number is anyone's by construction.
 */
function seatRounds(rng: RngState, rounds: number[][][], players: number, seats: number): number[][][] {
  type Edge = { u: number; v: number; c: number; r: number; t: number; p: number };
  const edges: Edge[] = [];
  const played = new Array<number>(players).fill(0);
  const tableNode: number[][] = [];
  let nodes = 0;
  // Nodes 0.. : tables; then the player copies (allocated on first use).
  rounds.forEach((r, ri) => (tableNode[ri] = r.map(() => nodes++)));
  const copyNode = new Map<number, number>();
  rounds.forEach((r, ri) =>
    r.forEach((table, ti) => {
      for (const p of table) {
        const copy = Math.floor(played[p]!++ / seats);
        const key = p * 64 + copy;
        if (!copyNode.has(key)) copyNode.set(key, nodes++);
        edges.push({ u: tableNode[ri]![ti]!, v: copyNode.get(key)!, c: -1, r: ri, t: ti, p });
      }
    }),
  );
  const at: Int32Array[] = Array.from({ length: nodes }, () => new Int32Array(seats).fill(-1));
  const free = (n: number) => at[n]!.indexOf(-1);
  edges.forEach((e, i) => {
    const a = free(e.u);
    const b = free(e.v);
    if (at[e.v]![a] !== -1) {
      // a is taken at v: swap colours a and b along the path from v that alternates a, b, a, … (it cannot reach u).
      const path: number[] = [];
      let node = e.v;
      let want = a;
      for (;;) {
        const k = at[node]![want]!;
        if (k === -1) break;
        path.push(k);
        const f = edges[k]!;
        node = f.u === node ? f.v : f.u;
        want = want === a ? b : a;
      }
      for (const k of path) {
        const f = edges[k]!;
        at[f.u]![f.c] = -1;
        at[f.v]![f.c] = -1;
      }
      for (const k of path) {
        const f = edges[k]!;
        f.c = f.c === a ? b : a;
        at[f.u]![f.c] = k;
        at[f.v]![f.c] = k;
      }
    }
    e.c = a;
    at[e.u]![a] = i;
    at[e.v]![a] = i;
  });
  // Seat numbers: the colours under one seeded renaming for the whole schedule (per round it would break the bound).
  const out = rounds.map((r) => r.map(() => new Array<number>(seats)));
  const rename = shuffled(rng, Array.from({ length: seats }, (_, i) => i));
  for (const e of edges) out[e.r]![e.t]![rename[e.c]!] = e.p;
  return out;
}

/** Independent searches per draw (each from its own stream of the seed); the best is kept. */
const STARTS = 1;

/** The default local-search effort for a size: enough swaps to settle N = 100, R = 10 in about a second on one core. */
export const defaultEffort = (players: number, rounds: number) => Math.min(20_000, 100 * players + 1_000 * rounds);

/** Draw the schedule (§9.2). Throws on a size `drawRefusal` names. */
export function drawSchedule(input: DrawInput): Schedule {
  const why = drawRefusal(input);
  if (why) throw new Error(`no draw: ${why}`);
  const { players, seats, rounds, seed } = input;
  const rng = seedRng(`tournament-draw:${seed}`);
  const order = shuffled(rng, Array.from({ length: players }, (_, i) => i));
  const tables = Math.floor(players / seats);
  const out = sitOuts(order, players - tables * seats, rounds);
  const effort = input.effort ?? defaultEffort(players, rounds);
  // STARTS searches from their own streams of the seed; the best (by §9.2's order) is kept.
  let grids: number[][][] = [];
  let score: [number, number, number] | null = null;
  for (let start = 0; start < STARTS; start++) {
    const g = seedRng(`tournament-draw:${seed}:${start}`);
    const m = new Meetings(players);
    const tried = out.map((sit) => {
      const off = new Set(sit);
      return fillRound(g, order.filter((p) => !off.has(p)), tables, seats, m);
    });
    anneal(g, tried, m, effort * 10);
    improve(g, tried, m, effort);
    focus(g, tried, m, 2 * effort, Math.ceil((rounds * (seats - 1)) / (players - 1)) + 1);
    if (!score || better(m.score(), score)) {
      score = m.score();
      grids = tried;
    }
  }
  const seated = seatRounds(rng, grids, players, seats);
  return { seed, players, seats, order, rounds: seated.map((t, r) => ({ tables: t, sitOut: out[r]! })) };
}

/**
 * A random draw of the same size (the bench's baseline): the same sit-outs, tables and seats shuffled.
 * @internal bench/tournament-draw.ts's baseline, kept beside the draw whose sit-outs it shares.
 */
export function randomSchedule(input: DrawInput): Schedule {
  const { players, seats, rounds, seed } = input;
  const rng = seedRng(`tournament-random:${seed}`);
  const order = shuffled(rng, Array.from({ length: players }, (_, i) => i));
  const tables = Math.floor(players / seats);
  const out = sitOuts(order, players - tables * seats, rounds);
  return {
    seed, players, seats, order,
    rounds: out.map((sit) => {
      const off = new Set(sit);
      const playing = shuffled(rng, order.filter((p) => !off.has(p)));
      return { tables: Array.from({ length: tables }, (_, t) => playing.slice(t * seats, (t + 1) * seats)), sitOut: sit };
    }),
  };
}

export interface DrawFigures {
  /** The largest number of games two players share, and its lower bound ⌈R·(S−1)/(N−1)⌉. */
  maxPair: number;
  lowerBound: number;
  /** How unevenly pairs meet: the standard deviation of the pair counts, and their range. */
  pairStdDev: number;
  minPair: number;
  /** The largest number of times one player has one seat number, and the bound ⌈games/S⌉ it is held to (the largest over players). */
  maxSeatRepeat: number;
  seatBound: number;
  /** Players over their own seat bound. */
  overSeatBound: number;
  /** Sit-outs per player: largest minus smallest; games per player: smallest and largest. */
  sitOutSpread: number;
  minGames: number;
  maxGames: number;
}

/** The figures §9.2 asks of a schedule (bench/tournament-draw.ts, test/unit/tournament-draw.test.ts). */
export function drawFigures(s: Schedule, rounds = s.rounds.length): DrawFigures {
  const n = s.players;
  const m = new Meetings(n);
  const seatsHad = Array.from({ length: n }, () => new Array<number>(s.seats).fill(0));
  const sat = new Array<number>(n).fill(0);
  for (const r of s.rounds) {
    for (const t of r.tables) {
      m.table(t, 1);
      t.forEach((p, seat) => seatsHad[p]![seat]!++);
    }
    for (const p of r.sitOut) sat[p]!++;
  }
  const counts: number[] = [];
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) counts.push(m.get(a, b));
  const mean = counts.reduce((x, y) => x + y, 0) / counts.length;
  const sd = Math.sqrt(counts.reduce((x, c) => x + (c - mean) ** 2, 0) / counts.length);
  const games = seatsHad.map((h) => h.reduce((a, b) => a + b, 0));
  const bounds = games.map((g) => Math.ceil(g / s.seats));
  return {
    maxPair: m.max,
    lowerBound: Math.ceil((rounds * (s.seats - 1)) / (n - 1)),
    pairStdDev: sd,
    minPair: Math.min(...counts),
    maxSeatRepeat: Math.max(...seatsHad.map((h) => Math.max(...h))),
    seatBound: Math.max(...bounds),
    overSeatBound: seatsHad.filter((h, p) => Math.max(...h) > bounds[p]!).length,
    sitOutSpread: Math.max(...sat) - Math.min(...sat),
    minGames: Math.min(...games),
    maxGames: Math.max(...games),
  };
}
