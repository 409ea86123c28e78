/**
 * Issue 20, the balance report's arithmetic (docs/BALANCE.md; `npm run simulate -- --report`). Pure: no
 * engine state is kept, no clock, no files — bench/balance/run.ts plays the games and writes the file,
 * test/unit/balance-report.test.ts checks this module.
 *
 *  - A game is summarized from its final state: the winner (red = the town, black = the mafia, solo =
 *    the Maniac or the Curser, draw; "none" when the driver gave up), the reason, the days, the rounds,
 *    the inputs, and how many times each rule path of PATHS happened in its event log.
 *  - Summaries add up into an `Agg`, per table size; aggregates merge by plain sums, so the totals do not
 *    depend on how the games were split between worker threads.
 *  - Each outcome's share carries a 95 % Wilson half-interval (the balance meter's, web/src/home/balance.ts).
 *    The stopping rule: play until the widest half-interval of the outcomes is ≤ 1 point, or the cap.
 *    The number of games to play next is the normal approximation n = z²·p(1−p)/0.01² for the widest
 *    share (at most 9604, p = ½): the default cap, so the cap never stops a run short of ±1 point.
 */
import { wilson } from "../../web/src/home/balance.ts";
import type { GameEvent, QuestionName } from "../../shared/engine/types.ts";

export const Z = 1.96;
/** The target: the widest 95 % half-interval, in percentage points. */
export const TARGET_POINTS = 1;
/** z²·½·½/0.01²: enough games for ±1 point whatever the shares. */
export const WORST_CASE_GAMES = Math.ceil((Z * Z * 0.25) / 0.0001);

export const OUTCOMES = ["red", "black", "solo", "draw", "none"] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** What the report keeps of one game. */
export interface GameSummary {
  seats: number;
  winner: Outcome;
  reason: string | null;
  days: number;
  rounds: number;
  inputs: number;
  /** Rule path id → times it happened in this game (absent = 0). */
  paths: Record<string, number>;
  /** The first player's (join index 0, "p1") side at the end, and whether that side won: the novice-seat measure. */
  p1?: { team: string; won: boolean };
}

/** One event type (and a condition on its data) that marks a rule path. */
export interface RulePath {
  id: string;
  /** What it is, for the report's legend (RULES.md sections). */
  label: string;
  match(e: GameEvent): boolean;
}

const question = (e: GameEvent): QuestionName | null =>
  e.type === "lift-vote-started" || e.type === "lift-counted" ? (e.data.question ?? "lift-vote") : null;
const started = (q: QuestionName) => (e: GameEvent) => e.type === "lift-vote-started" && question(e) === q;
const passed = (q: QuestionName) => (e: GameEvent) => e.type === "lift-counted" && question(e) === q && e.data.passed;
const left = (how: string) => (e: GameEvent) => e.type === "left" && e.data.how === how;
const type = (t: GameEvent["type"]) => (e: GameEvent) => e.type === t;
const claim = (kind: string) => (e: GameEvent) => e.type === "claimed" && e.data.claim.kind === kind;

/**
 * The rule paths counted, each read from the event log (the engine's LOG_TYPES; docs/ENGINE.md "Events").
 * A report shows, per preset, the paths its flow can take (bench/balance/variants.ts `paths`) and any
 * other that happened.
 */
export const PATHS: readonly RulePath[] = [
  { id: "tie", label: "a tie in a vote (`tie`: §2.9 tie speeches and a revote; §6.7 two tied → “expel both?”)", match: type("tie") },
  { id: "revote", label: "a revote among the tied (`voting-started`, round revote)", match: (e) => e.type === "voting-started" && e.data.round === "revote" },
  { id: "revote-tied", label: "the revote ties again (`vote-counted`, round revote, two or more leaders; whatever the preset does next)", match: (e) => e.type === "vote-counted" && e.data.round === "revote" && e.data.leaders.length > 1 },
  { id: "tie-stays", label: "the tie stands, nobody leaves (`tie-stays`; also an absolute majority missed, §5.5)", match: type("tie-stays") },
  { id: "tie-drawn", label: "a second tie settled by lot (`tie-drawn`, §5.5 Custom)", match: type("tie-drawn") },
  { id: "dropped", label: "the fewest hands drop out (`dropped`, §6.7)", match: type("dropped") },
  { id: "leader-stays", label: "the vote leader stays (`leader-stays`, §2.8 day 1)", match: type("leader-stays") },
  { id: "lift-vote", label: "a lift vote (“lift them all?”, §2.9)", match: started("lift-vote") },
  { id: "lift-passed", label: "… it passed: all the tied leave", match: passed("lift-vote") },
  { id: "confirm-vote", label: "a confirmation vote on the leader (§4.7)", match: started("confirm-vote") },
  { id: "confirm-passed", label: "… it passed", match: passed("confirm-vote") },
  { id: "car-crash", label: "a car crash vote (§4.7)", match: started("car-crash") },
  { id: "car-crash-passed", label: "… it passed: the tied leave together", match: passed("car-crash") },
  { id: "expel-anyone", label: "“expel anyone at all?” (§6.6 day 1)", match: started("expel-anyone") },
  { id: "expel-anyone-passed", label: "… yes: the vote goes on", match: passed("expel-anyone") },
  { id: "expel-both", label: "“expel both?” (§6.7)", match: started("expel-both") },
  { id: "expel-both-passed", label: "… yes: both leave", match: passed("expel-both") },
  { id: "no-candidates", label: "no candidates, no vote (`no-candidates`)", match: type("no-candidates") },
  { id: "too-many-candidates", label: "too many candidates, no vote (`too-many-candidates`, §6.5)", match: type("too-many-candidates") },
  { id: "single-candidate-leaves", label: "a single candidate leaves without a vote (`single-candidate-leaves`, §2.7)", match: type("single-candidate-leaves") },
  { id: "single-candidate-stays", label: "a single candidate stays (`single-candidate-stays`, §2.7 day 1)", match: type("single-candidate-stays") },
  { id: "voting-cancelled", label: "the day's vote cancelled by a removal (`voting-cancelled`, §2.13)", match: type("voting-cancelled") },
  { id: "early-vote", label: "an early vote passed (`early-vote-passed`, §7.5)", match: type("early-vote-passed") },
  { id: "peaceful-day", label: "a peaceful day (`peaceful-day`, §7.4)", match: type("peaceful-day") },
  { id: "voted-out", label: "a player voted out (`left` voted-out)", match: left("voted-out") },
  { id: "lifted", label: "a player lifted (`left` lifted)", match: left("lifted") },
  { id: "shot", label: "a player shot at night (`left` shot, sport)", match: left("shot") },
  { id: "killed", label: "a player killed at night (`left` killed)", match: left("killed") },
  { id: "quiet-night", label: "a night without a death (`shot-missed` / `nobody-killed`)", match: (e) => e.type === "shot-missed" || e.type === "nobody-killed" },
  { id: "removed", label: "a player removed (`left` removed: fouls, §2.13 / §7.9)", match: left("removed") },
  { id: "fouled", label: "a foul (`fouled`)", match: type("fouled") },
  { id: "tech-vote", label: "a technical vote (`tech-vote-started`, §2.13)", match: type("tech-vote-started") },
  { id: "cursed", label: "a curse landed (`cursed`, §6.3)", match: type("cursed") },
  { id: "turned", label: "the Werewolf turned black (`turned`, §6)", match: type("turned") },
  { id: "swapped", label: "the Swindler swapped (`left` swapped, §6)", match: left("swapped") },
  { id: "claim-role", label: "a public claim of a role (`claimed` role, issue 20: “I am the Sheriff”)", match: claim("role") },
  { id: "claim-check", label: "… of a check (`claimed` check: “seat N is black — my check”)", match: claim("check") },
  { id: "claim-opinion", label: "… an opinion (`claimed` opinion: “seat N is red to me”)", match: claim("opinion") },
  { id: "claim-vote", label: "… a vote (`claimed` vote: “I vote seat N”)", match: claim("vote") },
  { id: "draw", label: "the game ended in a draw (`game-over` draw: three quiet rounds, nobody alive)", match: (e) => e.type === "game-over" && e.data.winner === "draw" },
];

/** How many times each rule path happened in one game's log (only the paths that did). */
export function countPaths(events: readonly GameEvent[], paths: readonly RulePath[] = PATHS): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of events) for (const p of paths) if (p.match(e)) out[p.id] = (out[p.id] ?? 0) + 1;
  return out;
}

/** A game's summary from its final engine state (the fields every preset's state has). */
export function summarize(state: unknown, seats: number, inputs: number): GameSummary {
  const s = state as { result: { winner: string; reason: string } | null; day: number; round: number; events: GameEvent[]; players?: Array<{ id: string; team: string | null }> };
  const w = s.result?.winner;
  const winner: Outcome = w === "red" || w === "black" || w === "solo" || w === "draw" ? w : "none";
  const p1 = s.players?.find((p) => p.id === "p1");
  return {
    seats, winner, reason: s.result?.reason ?? null, days: s.day, rounds: s.round, inputs, paths: countPaths(s.events),
    ...(p1?.team ? { p1: { team: p1.team, won: p1.team === w } } : {}),
  };
}

/** Totals over many games. */
export interface Agg {
  games: number;
  outcomes: Record<Outcome, number>;
  reasons: Record<string, number>;
  days: number;
  rounds: number;
  inputs: number;
  /** Path id → games in which it happened at least once. */
  pathGames: Record<string, number>;
  /** Path id → times it happened in all games. */
  pathTimes: Record<string, number>;
  /** The first player's side → [games, of them won] (the novice-seat measure). */
  p1: Record<string, [number, number]>;
}

export const emptyAgg = (): Agg => ({ games: 0, outcomes: { red: 0, black: 0, solo: 0, draw: 0, none: 0 }, reasons: {}, days: 0, rounds: 0, inputs: 0, pathGames: {}, pathTimes: {}, p1: {} });

const addTo = (into: Record<string, number>, from: Record<string, number>) => { for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n; };

/** Add one game (in place; returns the aggregate). */
export function addGame(a: Agg, g: GameSummary): Agg {
  a.games++;
  a.outcomes[g.winner]++;
  if (g.reason) a.reasons[g.reason] = (a.reasons[g.reason] ?? 0) + 1;
  a.days += g.days;
  a.rounds += g.rounds;
  a.inputs += g.inputs;
  for (const [id, n] of Object.entries(g.paths)) {
    if (n <= 0) continue;
    a.pathGames[id] = (a.pathGames[id] ?? 0) + 1;
    a.pathTimes[id] = (a.pathTimes[id] ?? 0) + n;
  }
  if (g.p1) {
    const r = (a.p1[g.p1.team] ??= [0, 0]);
    r[0]++;
    if (g.p1.won) r[1]++;
  }
  return a;
}

/** Merge `b` into `a` (in place; returns `a`). */
export function mergeAgg(a: Agg, b: Agg): Agg {
  a.games += b.games;
  for (const o of OUTCOMES) a.outcomes[o] += b.outcomes[o];
  addTo(a.reasons, b.reasons);
  a.days += b.days;
  a.rounds += b.rounds;
  a.inputs += b.inputs;
  addTo(a.pathGames, b.pathGames);
  addTo(a.pathTimes, b.pathTimes);
  for (const [team, [n, w]] of Object.entries(b.p1 ?? {})) {
    const r = (a.p1[team] ??= [0, 0]);
    r[0] += n;
    r[1] += w;
  }
  return a;
}

/** A share with its 95 % Wilson half-interval, both in percentage points. */
export function share(k: number, n: number): { pct: number; pm: number } {
  if (n <= 0) return { pct: 0, pm: 100 };
  const w = wilson(k, n, Z);
  return { pct: (100 * k) / n, pm: (100 * (w.hi - w.lo)) / 2 };
}

/** The widest half-interval (points) over every outcome, and the share (0–1) it belongs to. */
export function widest(a: Agg): { pm: number; p: number } {
  let best = { pm: 0, p: 0 };
  for (const o of OUTCOMES) {
    const s = share(a.outcomes[o], a.games);
    if (s.pm > best.pm) best = { pm: s.pm, p: a.outcomes[o] / Math.max(1, a.games) };
  }
  return best;
}

/** Normal approximation: games for a 95 % half-interval of `points` around a share p (0–1). */
export function gamesNeeded(p: number, points = TARGET_POINTS, z = Z): number {
  const e = points / 100;
  return Math.ceil((z * z * p * (1 - p)) / (e * e));
}

export interface StopRule {
  /** The first batch (a pilot to estimate the shares). */
  first: number;
  /** The least a further batch adds. */
  step: number;
  /** Never more games than this (default WORST_CASE_GAMES: ±1 point is always reached by then). */
  cap: number;
  /** The target half-interval, points. */
  points: number;
}

export const DEFAULT_STOP: StopRule = { first: 1000, step: 500, cap: WORST_CASE_GAMES, points: TARGET_POINTS };

/**
 * The stopping rule: how many games the run should have in all after this batch, or null to stop —
 * when the widest half-interval is within the target, or the cap is reached. Otherwise the normal
 * approximation for the widest share, at least `step` more, at most the cap.
 */
export function nextTotal(a: Agg, rule: StopRule = DEFAULT_STOP): number | null {
  if (a.games === 0) return Math.min(rule.first, rule.cap);
  if (a.games >= rule.cap) return null;
  const w = widest(a);
  if (w.pm <= rule.points) return null;
  return Math.min(rule.cap, Math.max(a.games + rule.step, gamesNeeded(w.p, rule.points)));
}

/* ------------------------------------------------------------------ the document ---- */

const MARK = (label: string, part: string) => `<!-- balance:${label}${part ? `/${part}` : ""}`;

/** One preset's results under one bot label, as stored in BALANCE.md. */
export interface PresetSection {
  preset: string;
  /** The headline: the preset's default variant, all its table sizes. */
  headline: {
    town: number; mafia: number; solo: number | null; draw: number; pm: number; games: number;
    /** Issue 20: how many points the first player's side's win rate moves when that seat is a novice among strong bots. */
    novice?: number;
  };
  markdown: string;
}

/**
 * Put one preset's section into a label's section of the document, replacing only that preset's part
 * (other presets and other labels stay as they are); the label's summary table is rebuilt from the
 * headlines stored in its presets' markers. `order` sorts the presets.
 */
export function upsertSection(doc: string, label: string, title: string, sec: PresetSection, order: readonly string[], intro: string): string {
  const begin = `${MARK(label, "")}:begin -->`;
  const end = `${MARK(label, "")}:end -->`;
  const i = doc.indexOf(begin);
  const j = doc.indexOf(end);
  const inner = i >= 0 && j > i ? doc.slice(i + begin.length, j) : "";
  const parts = new Map<string, { head: PresetSection["headline"]; body: string }>();
  const re = new RegExp(`${escape(MARK(label, ""))}([^:\\s]+):begin (\\{[^\\n]*\\}) -->\\n([\\s\\S]*?)${escape(MARK(label, ""))}\\1:end -->`, "g");
  // MARK(label, "") has no trailing slash; presets are `label/preset`.
  for (const m of inner.matchAll(re)) parts.set((m[1] as string).replace(/^\//, ""), { head: JSON.parse(m[2] as string), body: m[3] as string });
  parts.set(sec.preset, { head: sec.headline, body: sec.markdown.endsWith("\n") ? sec.markdown : `${sec.markdown}\n` });
  const rank = (p: string) => { const k = order.indexOf(p); return k < 0 ? order.length : k; };
  const presets = [...parts.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const heads = presets.map((p) => (parts.get(p) as { head: PresetSection["headline"] }).head);
  const novice = heads.some((h) => h.novice !== undefined);
  const rows = presets.map((p, i) => {
    const h = heads[i] as PresetSection["headline"];
    return `| ${p} | ${h.town.toFixed(1)} | ${h.mafia.toFixed(1)} | ${h.solo === null ? "—" : h.solo.toFixed(1)} | ${h.draw.toFixed(1)} | ±${h.pm.toFixed(2)} | ${h.games} |${novice ? ` ${h.novice === undefined ? "—" : signed(h.novice)} |` : ""}`;
  });
  const body = [
    `## ${title}`, "", intro, "",
    `| preset (default, all sizes) | town % | mafia % | solo % | draw % | widest ± (95 %) | games |${novice ? " a novice seat: its side's win rate, points |" : ""}`,
    `|---|---|---|---|---|---|---|${novice ? "---|" : ""}`, ...rows, "",
    ...presets.map((p) => `${MARK(label, p)}:begin ${JSON.stringify((parts.get(p) as { head: unknown }).head)} -->\n${(parts.get(p) as { body: string }).body}${MARK(label, p)}:end -->\n`),
  ].join("\n");
  const block = `${begin}\n${body}${end}`;
  if (i >= 0 && j > i) return doc.slice(0, i) + block + doc.slice(j + end.length);
  return `${doc.replace(/\n*$/, "\n\n")}${block}\n`;
}

/** A change in points with its sign (a true minus sign). */
export const signed = (x: number) => `${x > 0 ? "+" : x < 0 ? "−" : ""}${Math.abs(x).toFixed(1)}`;

/** The headlines a document holds for one label: preset → headline (from its markers). */
export function headlinesOf(doc: string, label: string): Map<string, PresetSection["headline"]> {
  const out = new Map<string, PresetSection["headline"]>();
  const re = new RegExp(`${escape(MARK(label, ""))}/([^:\\s]+):begin (\\{[^\\n]*\\}) -->`, "g");
  for (const m of doc.matchAll(re)) out.set(m[1] as string, JSON.parse(m[2] as string));
  return out;
}

/**
 * Issue 20, before and after: each preset's default headline under two labels side by side (the town's,
 * the mafia's and the solo side's win rates), for the presets both labels have played.
 */
export function compareRows(doc: string, before: string, after: string, order: readonly string[]): string[] {
  const b = headlinesOf(doc, before);
  const a = headlinesOf(doc, after);
  const presets = order.filter((p) => b.has(p) && a.has(p));
  if (presets.length === 0) return [];
  const side = (h: PresetSection["headline"]) => `${h.town.toFixed(1)} / ${h.mafia.toFixed(1)}${h.solo === null ? "" : ` / ${h.solo.toFixed(1)}`}`;
  return [
    `| preset (default, all sizes) | ${before}: town / mafia / solo % | ${after}: town / mafia / solo % | a novice seat among ${after} bots: its side's win rate, points |`,
    "|---|---|---|---|",
    ...presets.map((p) => {
      const x = a.get(p) as PresetSection["headline"];
      return `| ${p} | ${side(b.get(p) as PresetSection["headline"])} | ${side(x)} | ${x.novice === undefined ? "—" : signed(x.novice)} |`;
    }),
  ];
}

/** Replace the document's head (everything before the first label section) with `head`. */
export function withHead(doc: string, head: string): string {
  const k = doc.indexOf("<!-- balance:");
  return `${head.replace(/\n*$/, "\n\n")}${k >= 0 ? doc.slice(k) : ""}`;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
