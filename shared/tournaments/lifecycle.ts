/**
 * A tournament's decisions (RULES.md §9), pure: who may register and when, the draw and the swaps before
 * round 1, which round opens and when, a table's end applied once, the extra points, the final and the
 * standings. The tournament's Durable Object (worker/tournaments/TournamentObject.ts) loads the document,
 * hands it over here, and persists what changed (its SQLite, D1, the tables it opens, its alarm).
 *
 * Each decision takes the document as a draft the caller owns, changes it in place when it allows the
 * change, and returns what happened (or a refusal). Nothing here reads a clock, draws a random number or
 * touches storage: the caller passes `now` and a fresh seed.
 *
 *  - the draw (§9.2, draw.ts) from a published seed; a swap of two players before round 1 re-runs the
 *    check (drawFigures);
 *  - opening round N (§9.3): refused until round N − 1 has ended; each table of the draw has its judge
 *    (judges.ts) and is opened with the draw's seats (link.ts);
 *  - a scheduled start: the round opens at its time (or, if the round before is still playing then, as
 *    soon as it ends);
 *  - a table's end (`applyEnd`): applied once per table — a repeated report changes nothing;
 *  - the standings (§9.5) from the games' facts and the extra points (points.ts);
 *  - the final (§9.6): the top S after the last qualifying round, F games at one table, seats from a
 *    seeded Latin square (each finalist in a different position every game), points added or from zero.
 */
import type { HttpErrorCode } from "../protocol/http.ts";
import type { TournamentStatus } from "../protocol/tournaments.ts";
import { drawFigures, drawRefusal, drawSchedule, type DrawFigures, type Schedule } from "./draw.ts";
import { finalSeats, type GameFacts } from "./facts.ts";
import { assignJudges } from "./judges.ts";
import type { TournamentEnd, TournamentLink } from "./link.ts";
import { extraRefusal, rankRows, standings, type Standing, type TournamentGame } from "./points.ts";

export interface Entrant {
  entrant: number;
  userId: string | null;
  nickname: string;
  bot: boolean;
}

export interface GameSlot {
  slot: number;
  /** Entrants in seat order. */
  entrants: number[];
  code: string | null;
  /** The table's judge (its live host when the tournament is judge-hosted; else who gives its extra points), or null. */
  judge: string | null;
  status: "pending" | "playing" | "ended";
  facts: GameFacts | null;
  endedAt: number | null;
  /** Seat → extra points in hundredths and the reason (§9.4). */
  extras: Record<string, { extra: number; reason: string }>;
  /** §9.1: the tournament has judges but every one of them plays at this table, so it has none (the server hosts it). */
  unjudged?: "every-judge-plays";
}

export interface Round {
  round: number;
  final: boolean;
  status: "pending" | "opening" | "open" | "ended";
  scheduledAt: number | null;
  tables: GameSlot[];
  sitOut: number[];
}

export interface TournamentDoc {
  id: string;
  name: string;
  organizerId: string;
  presetId: string;
  settings: Record<string, unknown>;
  seats: number;
  rounds: number;
  finalGames: number;
  finalFromZero: boolean;
  host: "judge" | "server";
  status: TournamentStatus;
  seed: string | null;
  createdAt: number;
  nextEntrant: number;
  entrants: Entrant[];
  judges: Array<{ userId: string; nickname: string }>;
  /** The draw's order (entrant numbers): the standings' last tie-breaker (§9.5). */
  order: number[];
  schedule: Round[];
}

/** What the organizer gives when creating a tournament. */
export type TournamentInit = Omit<TournamentDoc, "status" | "seed" | "nextEntrant" | "entrants" | "judges" | "order" | "schedule">;

/** A standings row with whether the player is a finalist (§9.6). */
export type RankedStanding = Standing & { finalist: boolean };

export type Refusal = { ok: false; code: HttpErrorCode; message: string };
export type Done<T = object> = ({ ok: true } & T) | Refusal;

const refuse = (code: HttpErrorCode, message: string): Refusal => ({ ok: false, code, message });

/* ------------------------------------------------------------------ registration */

/** A new tournament, open for registration (refused if one exists under this id). */
export function create(existing: TournamentDoc | null, init: TournamentInit): Done<{ doc: TournamentDoc }> {
  if (existing) return refuse("bad-request", "This tournament exists.");
  return { ok: true, doc: { ...init, status: "registration", seed: null, nextEntrant: 1, entrants: [], judges: [], order: [], schedule: [] } };
}

function organizer(d: TournamentDoc | null, by: string): TournamentDoc | Refusal {
  if (!d) return refuse("not-found", "No such tournament.");
  if (d.organizerId !== by) return refuse("not-allowed", "Only the tournament's organizer may do this.");
  return d;
}

/** §9.1 a player registers with their account while registration is open. A second press changes nothing (`added` null). */
export function register(d: TournamentDoc | null, userId: string, nickname: string): Done<{ added: Entrant | null }> {
  if (!d) return refuse("not-found", "No such tournament.");
  if (d.entrants.some((e) => e.userId === userId)) return { ok: true, added: null };
  if (d.status !== "registration") return refuse("signup-closed", "Registration for this tournament is closed.");
  const e: Entrant = { entrant: d.nextEntrant++, userId, nickname, bot: false };
  d.entrants.push(e);
  return { ok: true, added: e };
}

/** A player withdraws (registration open), or the organizer removes one before the draw (`target`). `removed` null: nothing to remove. */
export function unregister(d: TournamentDoc | null, by: string, target: number | null): Done<{ removed: Entrant | null }> {
  if (!d) return refuse("not-found", "No such tournament.");
  const isOrganizer = d.organizerId === by;
  if (target !== null && !isOrganizer) return refuse("not-allowed", "Only the organizer removes another player.");
  if (isOrganizer ? d.status !== "registration" && d.status !== "closed" : d.status !== "registration") return refuse("signup-closed", "The draw is made: the players are fixed.");
  const i = target !== null ? d.entrants.findIndex((e) => e.entrant === target) : d.entrants.findIndex((e) => e.userId === by);
  if (i < 0) return target !== null ? refuse("not-found", "No such player in this tournament.") : { ok: true, removed: null };
  const [gone] = d.entrants.splice(i, 1);
  return { ok: true, removed: gone! };
}

/** Practice: the organizer fills the registrations with bots up to `players`. */
export function fillBots(doc: TournamentDoc | null, by: string, players: number): Done<{ added: Entrant[] }> {
  const d = organizer(doc, by);
  if ("ok" in d) return d;
  if (d.status !== "registration" && d.status !== "closed") return refuse("signup-closed", "The draw is made: the players are fixed.");
  const added: Entrant[] = [];
  let k = d.entrants.filter((e) => e.bot).length;
  while (d.entrants.length < players) {
    const e: Entrant = { entrant: d.nextEntrant++, userId: null, nickname: `Bot ${++k}`, bot: true };
    d.entrants.push(e);
    added.push(e);
  }
  return { ok: true, added };
}

export function closeRegistration(doc: TournamentDoc | null, by: string): Done {
  const d = organizer(doc, by);
  if ("ok" in d) return d;
  if (d.status !== "registration") return refuse("tournament-state", "Registration is already closed.");
  d.status = "closed";
  return { ok: true };
}

/** §9.1 the judges (accounts that may host a table as live host); replaces the list (each account once). */
export function setJudges(doc: TournamentDoc | null, by: string, judges: Array<{ userId: string; nickname: string }>): Done {
  const d = organizer(doc, by);
  if ("ok" in d) return d;
  if (d.status === "finished") return refuse("tournament-state", "The tournament is over.");
  d.judges = judges.filter((j, i) => judges.findIndex((x) => x.userId === j.userId) === i);
  return { ok: true };
}

/* ------------------------------------------------------------------ the draw */

/** §9.2 the whole schedule of R rounds from a published seed (registration closed); `newSeed` when none is given. */
export function draw(doc: TournamentDoc | null, by: string, seed: string | undefined, newSeed: () => string): Done<{ figures: DrawFigures }> {
  const d = organizer(doc, by);
  if ("ok" in d) return d;
  if (d.status !== "closed" && d.status !== "drawn") return refuse("tournament-state", d.status === "registration" ? "Close registration first." : "The tournament has started: the draw is fixed.");
  const why = drawRefusal({ players: d.entrants.length, seats: d.seats, rounds: d.rounds });
  if (why) return refuse("tournament-state", `No draw: ${why}.`);
  const s = seed ?? newSeed();
  const schedule = drawSchedule({ players: d.entrants.length, seats: d.seats, rounds: d.rounds, seed: s });
  const at = (i: number) => d.entrants[i]!.entrant;
  d.seed = s;
  d.order = schedule.order.map(at);
  d.schedule = schedule.rounds.map((r, i) => ({
    round: i + 1, final: false, status: "pending", scheduledAt: null, sitOut: r.sitOut.map(at),
    tables: r.tables.map((t, slot) => ({ slot, entrants: t.map(at), code: null, judge: null, status: "pending", facts: null, endedAt: null, extras: {} })),
  }));
  d.status = "drawn";
  return { ok: true, figures: drawFigures(schedule) };
}

/** The check of §9.2 on the schedule as it stands (after swaps): the figures of its qualifying rounds. */
export function check(d: TournamentDoc | null): DrawFigures | null {
  if (!d || !d.seed) return null;
  const index = new Map(d.entrants.map((e, i) => [e.entrant, i]));
  const q = d.schedule.filter((r) => !r.final);
  const schedule: Schedule = {
    seed: d.seed, players: d.entrants.length, seats: d.seats, order: d.order.map((e) => index.get(e)!),
    rounds: q.map((r) => ({ tables: r.tables.map((t) => t.entrants.map((e) => index.get(e)!)), sitOut: r.sitOut.map((e) => index.get(e)!) })),
  };
  return drawFigures(schedule);
}

/** §9.2 "the organizer may swap two players before the first round, and the check runs again". */
export function swap(doc: TournamentDoc | null, by: string, a: number, b: number): Done<{ figures: DrawFigures }> {
  const d = organizer(doc, by);
  if ("ok" in d) return d;
  if (d.status !== "drawn") return refuse("tournament-state", "Swaps are made after the draw and before the first round.");
  if (a === b || !d.entrants.some((e) => e.entrant === a) || !d.entrants.some((e) => e.entrant === b)) return refuse("bad-request", "Name two different players of the tournament.");
  const sw = (x: number) => (x === a ? b : x === b ? a : x);
  for (const r of d.schedule) {
    r.sitOut = r.sitOut.map(sw);
    for (const t of r.tables) t.entrants = t.entrants.map(sw);
  }
  return { ok: true, figures: check(d)! };
}

/* ------------------------------------------------------------------ rounds */

/**
 * §9.3 open round `n` now, or at `at`. Refused until round n − 1 has ended. The first round after the
 * qualifying ones builds the final (§9.6) from the standings. `scheduled`: the round waits for its time
 * (the caller arms its alarm); `open`: the caller opens it now (`claimRound`, its tables, `roundOpened`).
 */
export function openRound(doc: TournamentDoc | null, by: string, n: number, at: number | undefined, now: number): Done<{ scheduled: Round } | { open: Round }> {
  const d = organizer(doc, by);
  if ("ok" in d) return d;
  if (d.status !== "drawn" && d.status !== "running") return refuse("tournament-state", d.status === "finished" ? "The tournament is over." : "Draw the schedule first.");
  if (n === d.rounds + 1 && d.finalGames > 0 && !d.schedule.some((r) => r.final)) {
    if (d.schedule.some((r) => !r.final && r.status !== "ended")) return refuse("tournament-state", `Round ${n} opens once round ${n - 1} has ended.`);
    buildFinal(d);
  }
  const r = d.schedule[n - 1];
  if (!r) return refuse("not-found", `There is no round ${n}.`);
  if (r.status !== "pending") return refuse("tournament-state", `Round ${n} is already open.`);
  if (at !== undefined && at > now) {
    r.scheduledAt = at;
    return { ok: true, scheduled: r };
  }
  const prev = d.schedule[n - 2];
  if (prev && prev.status !== "ended") return refuse("tournament-state", `Round ${n} opens once round ${n - 1} has ended.`);
  return { ok: true, open: r };
}

/** A round's table to open: the draw's seats as the table keeps them, and its judge (§9.1). */
export interface TableToOpen {
  table: GameSlot;
  link: TournamentLink;
  judge: string | null;
}

/**
 * The round is being opened (claimed before the caller's first await: a second open of the same round
 * is refused meanwhile). Returns its tables with their links and judges: each table has its judge (in
 * turn from the list) — its live host, or, the server hosting, who gives its extra points; never a judge
 * who plays at that table (none left: the server hosts it).
 */
export function claimRound(d: TournamentDoc, r: Round): TableToOpen[] {
  r.status = "opening";
  if (d.status === "drawn") d.status = "running";
  const byNumber = new Map(d.entrants.map((e) => [e.entrant, e]));
  const judges = assignJudges(r.tables.map((t) => t.entrants.map((e) => byNumber.get(e)?.userId ?? null)), d.judges.map((j) => j.userId));
  return r.tables.map((t, i) => ({
    table: t,
    judge: judges[i] ?? null,
    link: {
      tournamentId: d.id, round: r.round, slot: t.slot,
      seats: t.entrants.map((e) => ({ entrant: e, userId: byNumber.get(e)?.userId ?? null, nickname: byNumber.get(e)?.nickname ?? `Bot ${e}` })),
    },
  }));
}

/** The live host a table of this tournament gets: its judge when the tournament is judge-hosted, else none (the server hosts). */
export const liveHostOf = (d: TournamentDoc, judge: string | null): string | null => (d.host === "judge" ? judge : null);

/** One table of an opening round was created with `code`. */
export function tableOpened(d: TournamentDoc, o: TableToOpen, code: string): void {
  const t = o.table;
  t.code = code;
  t.judge = o.judge;
  if (o.judge === null && d.judges.length > 0) t.unjudged = "every-judge-plays";
  t.status = "playing";
}

/** Every table of the round was created: it is open. */
export function roundOpened(r: Round): void {
  r.status = "open";
  r.scheduledAt = null;
}

/** §9.6 the final: the top S of the qualifying standings, F games, seats from a seeded Latin square. */
function buildFinal(d: TournamentDoc): void {
  const top = standingsOf(d, "qualifying").slice(0, d.seats).map((s) => Number(s.player));
  const games = finalSeats(top.length, Math.min(d.finalGames, top.length), `${d.seed}/final`);
  games.forEach((seats, k) => {
    d.schedule.push({
      round: d.rounds + k + 1, final: true, status: "pending", scheduledAt: null, sitOut: [],
      tables: [{ slot: 0, entrants: seats.map((i) => top[i]!), code: null, judge: null, status: "pending", facts: null, endedAt: null, extras: {} }],
    });
  });
}

/** When the tournament's alarm should fire: the earliest scheduled pending round, or null (none). */
export function nextAlarm(d: TournamentDoc): number | null {
  const due = d.schedule.filter((r) => r.status === "pending" && r.scheduledAt !== null).map((r) => r.scheduledAt!);
  return due.length ? Math.min(...due) : null;
}

/** A scheduled round whose time has come and whose previous round has ended: it opens now. */
export function isDue(d: TournamentDoc, r: Round, now: number): boolean {
  if (r.status !== "pending" || r.scheduledAt === null || r.scheduledAt > now) return false;
  const prev = d.schedule[r.round - 2];
  return !(prev && prev.status !== "ended");
}

/**
 * A table's game ended: its facts are kept, once — a repeated report (a retry whose answer was lost)
 * changes nothing (`applied` false). The round ends with its last table; the tournament with its last
 * round (the final's, when it has one).
 */
export function applyEnd(d: TournamentDoc | null, end: TournamentEnd): { ok: true; applied: false } | { ok: true; applied: true; roundEnded: boolean } | { ok: false; reason: string } {
  const t = d?.schedule[end.round - 1]?.tables.find((x) => x.slot === end.slot);
  if (!d || !t || t.code !== end.code) return { ok: false, reason: `no table ${end.code} at round ${end.round} slot ${end.slot}` };
  if (t.status === "ended") return { ok: true, applied: false };
  t.status = "ended";
  t.facts = end.facts;
  t.endedAt = end.endedAt;
  const r = d.schedule[end.round - 1]!;
  if (r.tables.every((x) => x.status === "ended")) r.status = "ended";
  if (d.schedule.length && d.schedule.every((x) => x.status === "ended") && (d.finalGames === 0 || d.schedule.some((x) => x.final))) d.status = "finished";
  return { ok: true, applied: true, roundEnded: r.status === "ended" };
}

/* ------------------------------------------------------------------ points */

/**
 * §9.4 the extra points of one game, by its judge or the organizer, after the game: −1..+1 in steps of
 * 0.05 with a written reason each; replaces the game's extras (the judge may correct them).
 */
export function setExtras(d: TournamentDoc | null, by: string, round: number, slot: number, points: ReadonlyArray<{ seat: number; extra: number; reason: string }>): Done {
  if (!d) return refuse("not-found", "No such tournament.");
  const t = d.schedule[round - 1]?.tables.find((x) => x.slot === slot);
  if (!t) return refuse("not-found", "No such table.");
  if (by !== d.organizerId && by !== t.judge) return refuse("not-allowed", "Only the table's judge or the organizer gives extra points.");
  if (t.status !== "ended") return refuse("not-ended", "Extra points are given after the game.");
  const extras: GameSlot["extras"] = {};
  for (const p of points) {
    const why = extraRefusal(p.extra);
    if (why) return refuse("bad-request", why);
    if (p.seat > t.entrants.length) return refuse("bad-request", `There is no seat ${p.seat} at this table.`);
    if (p.extra !== 0 && !p.reason) return refuse("bad-request", "Each extra amount needs its reason.");
    if (extras[p.seat]) return refuse("bad-request", `Seat ${p.seat} twice.`);
    if (p.extra !== 0) extras[p.seat] = { extra: Math.round(p.extra * 100), reason: p.reason };
  }
  t.extras = extras;
  return { ok: true };
}

/** Each player's games as points.ts reads them (facts from the record, extras typed by the judge). */
function gamesOf(d: TournamentDoc, which: "all" | "qualifying" | "final"): TournamentGame[] {
  const out: TournamentGame[] = [];
  for (const r of d.schedule) {
    if ((which === "qualifying" && r.final) || (which === "final" && !r.final)) continue;
    for (const t of r.tables) {
      const f = t.facts;
      if (t.status !== "ended" || !f) continue;
      f.seats.forEach((s, i) => {
        const entrant = t.entrants[i];
        if (entrant === undefined) return;
        const bm = f.bestMove && f.bestMove.seat === s.seat ? { victimTeam: s.team, named: f.bestMove.named.map((x) => f.seats[x - 1]?.team ?? "red") } : null;
        out.push({ player: String(entrant), team: s.team, role: s.role, winner: f.winner, extra: (t.extras[String(s.seat)]?.extra ?? 0) / 100, bestMove: bm, removed: s.removed });
      });
    }
  }
  return out;
}

/** §9.5 the standings; with a final from zero (§9.6) the finalists first, by the final's points alone. */
export function standingsOf(d: TournamentDoc, which: "qualifying" | "overall" = "overall"): RankedStanding[] {
  const order = d.order.map(String);
  const zero = (p: string): Standing => ({ player: p, rank: 0, games: 0, total: 0, wins: 0, extra: 0, bestMove: 0, winsAsDon: 0, winsAsChecker: 0, removals: 0 });
  const qualifying = standings(gamesOf(d, "qualifying"), order);
  // Every registered player appears, with no games yet (a sit-out or before round 1).
  const seen = new Set(qualifying.map((s) => s.player));
  for (const e of d.order.length ? d.order : d.entrants.map((x) => x.entrant)) if (!seen.has(String(e))) qualifying.push(zero(String(e)));
  const finalists = new Set(d.schedule.find((r) => r.final)?.tables[0]?.entrants.map(String) ?? []);
  let rows: Standing[];
  if (which === "qualifying" || finalists.size === 0) rows = rankRows(qualifying, order);
  else {
    // §9.6 the finalists first: by the final's points alone (from zero) or by qualifying + final (added).
    const counted = standings(gamesOf(d, d.finalFromZero ? "final" : "all"), order);
    const fin = rankRows([...finalists].map((p) => counted.find((s) => s.player === p) ?? zero(p)), order);
    rows = [...fin, ...rankRows(qualifying.filter((q) => !finalists.has(q.player)), order)];
  }
  return rows.map((s, i) => ({ ...s, rank: i + 1, finalist: finalists.has(s.player) }));
}
