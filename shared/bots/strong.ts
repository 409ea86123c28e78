/**
 * The bot that plays like a person, at two levels (levels.ts). It reads only its own GameView —
 * exactly what a connection at its seat receives, delta frames included — and sends the inputs a person
 * sends, its public claims too (`claim`: it cannot speak, so it says what it would say as structured
 * statements). What it knows is what the view shows: its role, its teammates, its own checks, the
 * shooting plan, and the public log (votes, nominations, deaths, revealed roles, everyone's claims).
 *
 *  - The town reads the table: a checker's claims weighed by how credible the claimant is (a claimant
 *    killed at night was most likely real; one whose "black" was killed at night lied; a counter-claim
 *    halves both), the votes (who voted for players the night then showed red), and its own checks.
 *    It nominates and votes its top suspect.
 *  - The Sheriff/Commissar checks its top suspect, reveals itself and its results once it finds black
 *    (or when it leaves, or from day 3), and nominates what it found.
 *  - The mafia shoots the revealed checker first (then the revealed Doctor, then the Don's plan), votes
 *    with the town's mood rather than as a block, nominates who the town suspects, and counter-claims:
 *    when a checker names a teammate black, the next black speaker claims the checker's role and names
 *    the real one black.
 *  - Doctor, guard and armour protect the revealed checker; blocks go to the suspected killer (red) or
 *    the revealed checker (black); the solo Maniac hunts the checkers who would find him.
 * The novice keeps the same habits loosely: it weighs the table's evidence at half, adds a lot of noise,
 * reveals only in its last words and never counter-claims.
 *
 * Memory is built from the log and kept between calls (delta frames extend it); a fresh bot given a full
 * view rebuilds it, so the table object may create one per decision (worker/table/bots.ts). Its
 * randomness is seeded by (seed, day): the same view gets the same answer.
 */
import { abilityDef } from "../engine/night/abilities.ts";
import { isDefenceSpeech, isLeavingSpeech, isRoundSpeech } from "../engine/phase-kinds.ts";
import { getRole } from "../engine/roles/index.ts";
import type { AnyLogEntry, AvailableAction, Claim, GameView, PlayerAction, RoleId, Seat } from "../engine/types.ts";
import { findAction as find, keepingChoices, shootingPlan } from "./common.ts";
import { botRng, type BotRng } from "./rng.ts";
import type { Bot } from "./types.ts";

type Colour = "red" | "black";
export type Level = "strong" | "novice";

interface Claimant {
  role: RoleId | null;
  /** Order of the first checker claim (the first claimant is the more credible one). */
  order: number;
  checks: Map<Seat, Colour>;
  /** "Seat N is red/black to me". */
  opinions: Map<Seat, Colour>;
  /** "I vote seat N": the day it was said → the seat. */
  votes: Map<number, Seat>;
}

/** Public facts read from the log (and one's own claims, which are public too). */
class Memory {
  upTo = 0;
  claims = new Map<Seat, Claimant>();
  checkerClaims = 0;
  /** Killed at night: the mafia (or the Maniac) took them — most likely not black. */
  nightDead = new Set<Seat>();
  /** Public truths: a role revealed on leaving, a §6.3 check announced to the table. */
  truth = new Map<Seat, Colour>();
  /** Ballots per voter: [day, target]. */
  ballots = new Map<Seat, Array<[number, Seat]>>();
  nominations = new Map<Seat, Seat[]>();
  /** The team's shots seen (`shot`, the living black team's): [day, shooter, target], oldest first. */
  shots: Array<[number, Seat, Seat]> = [];

  /** Scores computed from this memory (cleared when the log grows): "pub" and "own". */
  readonly scored = new Map<string, Float64Array>();

  read(log: readonly AnyLogEntry[]): void {
    for (const e of log) {
      this.upTo = e.seq;
      if (EVIDENCE.has(e.type)) this.scored.clear();
      switch (e.type) {
        case "claimed": {
          const c = this.claimant(e.data.seat);
          const cl = e.data.claim;
          if (cl.kind === "role") {
            if (c.role === null && CHECKERS.has(cl.role)) c.order = ++this.checkerClaims;
            c.role = cl.role;
          } else if (cl.kind === "check") c.checks.set(cl.target, cl.result);
          else if (cl.kind === "opinion") c.opinions.set(cl.target, cl.result);
          else c.votes.set(e.day, cl.target);
          break;
        }
        case "killed": this.nightDead.add(e.data.seat); break;
        case "shot": this.shots.push([e.day, e.data.seat, e.data.target]); break;
        case "role-revealed": this.truth.set(e.data.seat, e.data.team === "red" ? "red" : "black"); break;
        case "check-announced": {
          const v = verdict(e.data.answer);
          if (v === "red" || v === "black") this.truth.set(e.data.target, v);
          break;
        }
        case "vote-counted":
          for (const b of e.data.ballots) {
            let l = this.ballots.get(b.voter);
            if (!l) this.ballots.set(b.voter, (l = []));
            l.push([e.day, b.target]);
          }
          break;
        case "nominated": {
          let l = this.nominations.get(e.data.by);
          if (!l) this.nominations.set(e.data.by, (l = []));
          l.push(e.data.target);
          break;
        }
        default:
      }
    }
  }

  claimant(seat: Seat): Claimant {
    let c = this.claims.get(seat);
    if (!c) this.claims.set(seat, (c = { role: null, order: 0, checks: new Map(), opinions: new Map(), votes: new Map() }));
    return c;
  }
}

/**
 * The entries the scores are built from (the public facts above, and the seat's own checks and team): any
 * other entry (a speech starting, a ballot cast, a timer) leaves the kept scores as they are.
 */
const EVIDENCE = new Set<string>(["claimed", "killed", "role-revealed", "check-announced", "vote-counted", "nominated", "checked", "black-team", "turned", "swapped", "role-dealt", "left"]);

/** Red roles whose abilities check (Sheriff, Commissar, Agent): a claim to be one is a checker's claim. */
const CHECKERS = new Set<RoleId>(["sheriff", "commissar", "agent"]);
/** Red roles that protect (a revealed one is the mafia's second target). */
const PROTECTORS = new Set<RoleId>(["doctor", "bodyguard"]);

/** What a check's answer says of the target's side ("checker": the Don found the Sheriff/Commissar). */
function verdict(answer: string): Colour | "checker" | null {
  if (answer === "mafia" || answer === "black") return "black";
  if (answer === "not-mafia" || answer === "red") return "red";
  if (answer === "sheriff" || answer === "commissar") return "checker";
  if (answer.startsWith("not-")) return null;
  try {
    const t = getRole(answer).team; // §5.6 the Agent learns the exact role
    return t === "red" ? "red" : "black";
  } catch {
    return null;
  }
}

/** Actions this bot never takes: a view offering only these needs no decision. */
const NEVER = new Set<AvailableAction["type"]>(["shout", "tech-vote-start", "tech-vote", "early-vote", "ask", "under-foul", "confirm"]);

export function strongBot(seed: string, level: Level = "strong"): Bot {
  const novice = level === "novice";
  let mem = new Memory();

  return keepingChoices({
    kind: level,
    wants: (actions) => actions.some((a) => !NEVER.has(a.type)),
    decide(view: GameView): PlayerAction | null {
      const you = view.you;
      if (!you) return null;
      // A full view: start again (a delta that does not continue the last never comes from a connection;
      // the memory would then hold only what this frame carries).
      if (view.logAfter === null || view.logAfter !== mem.upTo) mem = new Memory();
      mem.read(view.log);
      if (you.actions.length === 0) return null;
      return new Turn(view, mem, `${seed}/${view.day}/${view.round}`, novice).decide();
    },
  });
}

/** One decision: the view, the memory and the derived scores. */
class Turn {
  readonly you: NonNullable<GameView["you"]>;
  readonly black: boolean;
  readonly team: Set<Seat>;
  readonly living: Seat[];
  readonly alive: boolean[];
  readonly mine = new Map<Seat, Colour | "checker">();
  /** Seats this seat has checked, whatever the answer. */
  readonly checked = new Set<Seat>();
  /** The town's suspicion of each seat as this seat reckons it (index = seat). */
  private susp: Float64Array | null = null;
  /** The same from public facts only (what the town at large believes): the black team blends into it. */
  private pub: Float64Array | null = null;
  private noise: Float64Array | null = null;
  private rngOf: BotRng | null = null;
  private readonly seed: string;

  readonly view: GameView;
  readonly mem: Memory;
  readonly novice: boolean;

  constructor(view: GameView, mem: Memory, seed: string, novice: boolean) {
    this.view = view;
    this.mem = mem;
    this.seed = seed;
    this.novice = novice;
    const you = view.you!;
    this.you = you;
    this.black = you.team === "black";
    this.team = new Set(this.black ? [you.seat, ...you.teammates] : [you.seat]);
    this.alive = [];
    this.living = [];
    for (const s of view.seats) {
      this.alive[s.seat] = s.alive;
      if (s.alive) this.living.push(s.seat);
    }
    for (const c of you.checks) {
      this.checked.add(c.target);
      const v = verdict(c.result);
      if (v) this.mine.set(c.target, v);
    }
  }

  /** Seeded by (seed, day, round), made only when a decision needs it (most turns just end a speech). */
  get rng(): BotRng {
    return (this.rngOf ??= botRng(this.seed));
  }

  /** A small per-seat jitter that breaks ties (the novice's is large: it misreads the table). */
  jitter(): Float64Array {
    if (this.noise) return this.noise;
    const n = this.view.seats.length;
    const noise = new Float64Array(n + 1);
    const amp = this.novice ? 6 : 0.6;
    for (let s = 1; s <= n; s++) noise[s] = this.rng.next() * amp;
    return (this.noise = noise);
  }

  decide(): PlayerAction | null {
    const you = this.you;
    const acts = you.actions;
    const take = find(acts, "take-card");
    if (take) return { type: "take-card", card: take.cards[0] as number };
    if (find(acts, "choose-side")) return { type: "choose-side", town: this.rng.next() < 0.5 };
    if (find(acts, "shooting-plan") && !you.shootingPlan) return shootingPlan(this.view.seats.map((s) => s.seat), this.team, this.rng);
    const claim = find(acts, "claim");
    if (claim) {
      const c = this.nextClaim(claim);
      if (c) return { type: "claim", claim: c };
    }
    const nom = find(acts, "nominate");
    if (nom) {
      const t = this.nomination(nom.targets);
      if (t !== null) return { type: "nominate", target: t };
    }
    if (find(acts, "end-speech")) return { type: "end-speech" };
    const vote = find(acts, "vote");
    if (vote && this.view.ballot) {
      const want = this.ballotChoice(this.view.ballot.candidates);
      if (vote.targets.includes(want)) return { type: "vote", target: want };
      return null; // open voting: wait for my candidate's call
    }
    if (find(acts, "vote-lift") && this.view.ballot) return { type: "vote-lift", lift: this.lift(this.view.ballot.candidates) };
    for (const a of acts) if (a.type === "use") {
      const r = this.use(a);
      if (r) return r;
    }
    return null;
  }

  // ---------------------------------------------------------------- what the seat believes

  /** How credible a checker claimant is, 0…1 (public facts, plus one's own checks unless `pub`). */
  cred(c: Seat, pub: boolean): number {
    const m = this.mem;
    const cl = m.claims.get(c);
    if (!cl || !cl.role || !CHECKERS.has(cl.role)) return 0.5;
    if (!pub) {
      if (this.team.has(c) && c !== this.you.seat) return 0; // a teammate's claim is a lie I know of
      if (c === this.you.seat) return 1;
      if (cl.role === this.you.role) return 0; // I hold that card
      const k = this.mine.get(c);
      if (k === "red") return 0.95;
      if (k === "black") return 0;
    }
    const t = m.truth.get(c);
    if (t) return t === "red" ? 1 : 0;
    let x = cl.order <= 1 ? 0.62 : 0.42;
    if (m.nightDead.has(c)) x = 0.93;
    for (const [target, col] of cl.checks) {
      const known = m.truth.get(target) ?? (m.nightDead.has(target) ? "red" : undefined) ?? (pub ? undefined : this.mineColour(target));
      if (known === undefined) continue;
      x = known === col ? Math.min(1, x + 0.25) : 0.03;
    }
    if (this.novice) x = 0.5 + (x - 0.5) * 0.5;
    return x;
  }

  mineColour(s: Seat): Colour | undefined {
    const k = this.mine.get(s);
    return k === "red" || k === "black" ? k : undefined;
  }

  /** Suspicion per seat (higher: more likely black). `pub`: from public facts only. */
  scores(pub: boolean): Float64Array {
    const cached = pub ? this.pub : this.susp;
    if (cached) return cached;
    const n = this.view.seats.length;
    const sc = Float64Array.from(this.evidence(pub));
    const noise = this.jitter();
    for (let s = 1; s <= n; s++) sc[s] = (sc[s] as number) + (noise[s] as number);
    if (pub) this.pub = sc;
    else this.susp = sc;
    return sc;
  }

  /** The evidence part of `scores` (no jitter): the same until the log grows, so kept in the memory. */
  evidence(pub: boolean): Float64Array {
    const m = this.mem;
    const key = pub ? "pub" : "own";
    const kept = m.scored.get(key);
    if (kept) return kept;
    const n = this.view.seats.length;
    const sc = new Float64Array(n + 1);
    const w = this.novice ? 0.5 : 1;
    for (const [c, cl] of m.claims) {
      const isChecker = cl.role !== null && CHECKERS.has(cl.role);
      const k = isChecker ? this.cred(c, pub) : 0.5;
      if (isChecker) sc[c] = (sc[c] as number) + (0.5 - k) * 12 * w;
      if (isChecker) for (const [t, col] of cl.checks) if (t !== c) sc[t] = (sc[t] as number) + (2 * k - 1) * (col === "black" ? 10 : -6) * w;
    }
    // Who vouched for a player later shown black, or called a shown-red player black.
    for (const [c, cl] of m.claims) for (const [t, col] of cl.opinions) {
      const known = m.truth.get(t) ?? (m.nightDead.has(t) ? "red" : undefined);
      if (known !== undefined) sc[c] = (sc[c] as number) + (known === col ? -0.5 : 2.5) * w;
    }
    // Votes: who voted for players the night (or a revealed card) showed red, or against shown black.
    for (const [voter, list] of m.ballots) {
      for (const [, t] of list) {
        const col = m.truth.get(t) ?? (m.nightDead.has(t) ? "red" : undefined);
        if (col === "red") sc[voter] = (sc[voter] as number) + 1.4 * w;
        else if (col === "black") sc[voter] = (sc[voter] as number) - 1.2 * w;
      }
    }
    for (const [by, list] of m.nominations) for (const t of list) {
      const col = m.truth.get(t) ?? (m.nightDead.has(t) ? "red" : undefined);
      if (col === "red") sc[by] = (sc[by] as number) + 0.8 * w;
    }
    if (!pub) {
      for (const [t, v] of this.mine) if (v === "red" || v === "black") sc[t] = (sc[t] as number) + (v === "black" ? 100 : -100);
      if (!this.black) sc[this.you.seat] = -1000;
    }
    m.scored.set(key, sc);
    return sc;
  }

  /** The best of `seats` by `score` (highest first), or null. */
  top(seats: readonly Seat[], score: (s: Seat) => number): Seat | null {
    let best: Seat | null = null;
    let bv = -Infinity;
    for (const s of seats) {
      const v = score(s);
      if (v > bv) { bv = v; best = s; }
    }
    return best;
  }

  /** A red seat's view of the table; a black seat's "what the town thinks", with its team left out. */
  blame(seats: readonly Seat[]): Seat | null {
    if (this.black) {
      const pub = this.scores(true);
      const ok = seats.filter((s) => !this.team.has(s));
      return this.top(ok, (s) => pub[s] as number);
    }
    const sc = this.scores(false);
    return this.top(seats.filter((s) => s !== this.you.seat), (s) => sc[s] as number);
  }

  /** The living checker claimant the black team fears most (not a teammate), by claim order. */
  revealedChecker(): Seat | null {
    let best: Seat | null = null;
    let order = Infinity;
    for (const [c, cl] of this.mem.claims) {
      if (!this.alive[c] || this.team.has(c) || !cl.role || !CHECKERS.has(cl.role)) continue;
      if (cl.order < order) { order = cl.order; best = c; }
    }
    return best;
  }

  /** The most credible living checker claimant (the town's leader), for a red protector. */
  trustedChecker(): Seat | null {
    let best: Seat | null = null;
    let bv = 0.5;
    for (const [c, cl] of this.mem.claims) {
      if (!this.alive[c] || c === this.you.seat || !cl.role || !CHECKERS.has(cl.role)) continue;
      const k = this.cred(c, false);
      if (k > bv) { bv = k; best = c; }
    }
    return best;
  }

  // ---------------------------------------------------------------- speech: claims and nominations

  private said(): Claimant | undefined {
    return this.mem.claims.get(this.you.seat);
  }

  nextClaim(a: Extract<AvailableAction, { type: "claim" }>): Claim | null {
    if (a.left <= 0) return null;
    const me = this.you.seat;
    const role = this.you.role;
    const leaving = isLeavingSpeech(this.view.phase);
    const said = this.said();
    const ok = (c: Claim): boolean => (c.kind === "role" ? a.roles.includes(c.role) : a.targets.includes(c.target) && c.target !== me);
    // The real checker: reveal on finding black, when leaving, or from day 3 (the strong one).
    if (!this.black && role && CHECKERS.has(role)) {
      const found = [...this.mine].filter((x): x is [Seat, Colour] => x[1] === "red" || x[1] === "black");
      const anyBlack = found.some(([, v]) => v === "black");
      const rival = [...this.mem.claims].some(([s, c]) => s !== me && c.role === role);
      const onTheBlock = this.view.nominees.includes(me) || isDefenceSpeech(this.view.phase);
      const reveal = this.novice ? leaving : anyBlack || leaving || rival || onTheBlock || this.view.day >= 3;
      if (!reveal || found.length === 0 && !rival) return null;
      if (said?.role !== role) return ok({ kind: "role", role }) ? { kind: "role", role } : null;
      found.sort((x, y) => (x[1] === y[1] ? 0 : x[1] === "black" ? -1 : 1));
      for (const [t, v] of found) if (said.checks.get(t) !== v) {
        const c: Claim = { kind: "check", target: t, result: v };
        if (ok(c)) return c;
      }
      return null;
    }
    // The black counter-claim: a checker named a teammate black — claim the card and name him black.
    if (this.black && !this.novice && !leaving) {
      const real = this.revealedChecker();
      if (real === null) return null;
      const rc = this.mem.claims.get(real)!;
      const accused = [...rc.checks].some(([t, v]) => v === "black" && this.team.has(t));
      const teamClaimed = [...this.mem.claims].some(([s, c]) => this.team.has(s) && s !== me && c.role === rc.role);
      if (!accused || teamClaimed) return null;
      if (said?.role !== rc.role) return this.rng.next() < 0.8 && ok({ kind: "role", role: rc.role! }) ? { kind: "role", role: rc.role! } : null;
      if (said.checks.get(real) !== "black") return ok({ kind: "check", target: real, result: "black" }) ? { kind: "check", target: real, result: "black" } : null;
      // "and I checked one of you red": a red seat named red, to win trust
      return null;
    }
    // A novice black player defends a teammate on the block ("seat N is red to me"): a tell the town reads.
    if (this.black && this.novice) {
      const t = this.view.nominees.find((x) => this.team.has(x) && x !== me && said?.opinions.get(x) !== "red");
      return t !== undefined && ok({ kind: "opinion", target: t, result: "red" }) && this.rng.next() < 0.5 ? { kind: "opinion", target: t, result: "red" } : null;
    }
    // Anyone with a clear suspect says whom they vote for, once a day, in a day speech.
    if (!leaving && isRoundSpeech(this.view.phase) && said?.votes.get(this.view.day) === undefined) {
      const t = this.blame(this.living);
      const sc = this.black ? this.scores(true) : this.scores(false);
      if (t !== null && (sc[t] as number) > 3 && ok({ kind: "vote", target: t })) return { kind: "vote", target: t };
    }
    return null;
  }

  nomination(targets: readonly Seat[]): Seat | null {
    const me = this.you.seat;
    if (this.black) {
      const real = this.revealedChecker();
      const mine = this.said();
      if (real !== null && mine?.checks.get(real) === "black" && targets.includes(real)) return real;
      const t = this.blame(targets);
      if (t === null) return null;
      const pub = this.scores(true);
      return (pub[t] as number) > 2 || this.rng.next() < 0.3 ? t : null;
    }
    const sc = this.scores(false);
    const t = this.top(targets.filter((s) => s !== me), (s) => sc[s] as number);
    if (t === null) return null;
    return (sc[t] as number) > 2 || this.rng.next() < (this.novice ? 0.4 : 0.3) ? t : null;
  }

  // ---------------------------------------------------------------- votes

  ballotChoice(candidates: readonly Seat[]): Seat {
    const me = this.you.seat;
    if (this.black) {
      const pub = this.scores(true);
      const reds = candidates.filter((c) => !this.team.has(c));
      if (reds.length === 0) return this.top(candidates, (s) => pub[s] as number) ?? (candidates[0] as Seat);
      // Not a block: mostly the town's favourite red, sometimes the next one.
      const order = reds.slice().sort((x, y) => (pub[y] as number) - (pub[x] as number));
      const pick = order.length > 1 && this.rng.next() < 0.25 ? order[1] : order[0];
      return pick as Seat;
    }
    const sc = this.scores(false);
    const others = candidates.filter((c) => c !== me);
    return this.top(others.length ? others : candidates, (s) => sc[s] as number) ?? (candidates[0] as Seat);
  }

  lift(candidates: readonly Seat[]): boolean {
    if (this.black) return !candidates.some((c) => this.team.has(c));
    const sc = this.scores(false);
    return candidates.some((c) => (sc[c] as number) > 3);
  }

  // ---------------------------------------------------------------- night

  use(a: Extract<AvailableAction, { type: "use" }>): PlayerAction | null {
    const { min, max, seats } = a.targets;
    const u = (t: Seat | null): PlayerAction | null => {
      if (t === null) return a.skip ? { type: "skip", ability: a.ability } : null;
      return { type: "use", ability: a.ability, targets: [t] };
    };
    if (max === 0) return { type: "use", ability: a.ability, targets: [] };
    const barred = new Set(a.targets.barred ?? []);
    const ok = seats.filter((s) => !barred.has(s));
    if (ok.length === 0) return u(null);
    if (min > 1) return { type: "use", ability: a.ability, targets: ok.slice(0, min) };
    const me = this.you.seat;
    const others = ok.filter((s) => s !== me);
    const def = abilityDef(a.ability);
    const team = def?.team !== undefined;
    switch (a.effect) {
      case "attack": {
        if (team || this.black) return u(this.shotTarget(ok));
        if (this.you.team === "solo") {
          const c = this.revealedChecker();
          return u(c !== null && ok.includes(c) ? c : this.rng.pick(others.length ? others : ok));
        }
        // A red shooter: the red Maniac (§3, §7) kills his top suspect every night; a shot that comes once
        // a game (§4.4 the Commissar's) waits for a strong suspicion.
        const sc = this.scores(false);
        const t = this.top(others, (s) => sc[s] as number);
        const once = def?.timesPerGame !== undefined;
        return t !== null && (!once || (sc[t] as number) > 6) ? u(t) : u(null);
      }
      case "check": {
        if (this.black) {
          // the Don looks for the checker among those the town trusts
          const pub = this.scores(true);
          const fresh = others.filter((s) => !this.team.has(s) && !this.checked.has(s));
          const pool = fresh.length ? fresh : others;
          return u(this.top(pool, (s) => -(pub[s] as number)));
        }
        const sc = this.scores(false);
        const fresh = others.filter((s) => !this.checked.has(s));
        return u(this.top(fresh.length ? fresh : others, (s) => sc[s] as number));
      }
      case "protect": case "guard": case "armour": {
        if (this.black) return u(ok.includes(me) ? me : this.top(ok.filter((s) => this.team.has(s)), () => this.rng.next()) ?? this.rng.pick(ok));
        const c = this.trustedChecker();
        if (c !== null && ok.includes(c)) return u(c);
        if (ok.includes(me) && this.rng.next() < 0.5) return u(me);
        const sc = this.scores(false);
        return u(this.top(ok, (s) => -(sc[s] as number)));
      }
      case "block": case "jail": case "silence": {
        if (this.black) {
          const c = this.revealedChecker() ?? this.claimedRole(PROTECTORS);
          if (c !== null && others.includes(c)) return u(c);
          const pub = this.scores(true);
          return u(this.top(others.filter((s) => !this.team.has(s)), (s) => -(pub[s] as number)) ?? this.rng.pick(others.length ? others : ok));
        }
        return u(this.blame(others));
      }
      case "disguise": {
        const pub = this.scores(true);
        return u(this.top(ok.filter((s) => this.team.has(s)), (s) => pub[s] as number));
      }
      case "track": case "watch":
        return u(this.black ? null : this.blame(others));
      default:
        return u(this.rng.pick(others.length ? others : ok));
    }
  }

  claimedRole(roles: ReadonlySet<RoleId>): Seat | null {
    for (const [c, cl] of this.mem.claims) if (this.alive[c] && !this.team.has(c) && cl.role && roles.has(cl.role)) return c;
    return null;
  }

  /**
   * The black team's shot, the same for every member from what they all see: a teammate's choice made
   * tonight (a person's too), else the revealed checker, the revealed protector, the Don's plan, then the
   * lowest seat left.
   */
  shotTarget(ok: readonly Seat[]): Seat | null {
    const fine = (s: Seat | null): s is Seat => s !== null && ok.includes(s) && !this.team.has(s);
    // A teammate already chose tonight (a person at the table, or a bot): the same seat, so the shot lands.
    const me = this.you.seat;
    const first = this.mem.shots.find(([day, by, t]) => day === this.view.day && by !== me && this.team.has(by) && fine(t));
    if (first) return first[2];
    const c = this.revealedChecker();
    if (fine(c)) return c;
    const p = this.claimedRole(PROTECTORS);
    if (fine(p)) return p;
    for (const t of this.you.shootingPlan ?? []) if (this.alive[t] && fine(t)) return t;
    const rest = ok.filter((s) => !this.team.has(s));
    if (rest.length === 0) return ok[0] ?? null;
    // The public suspicion has no noise shared by the team: use the lowest seat among the most trusted.
    return rest[0] as Seat;
  }
}
