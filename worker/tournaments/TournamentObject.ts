/**
 * Issue 34 (RULES.md §9): one Durable Object per tournament, named by the tournament's id. It holds the
 * tournament (registrations, judges, the drawn schedule, each round's tables and each game's facts and
 * extra points) in its own SQLite as one document, decides every change in one place (no poller):
 *
 *  - the draw (§9.2, shared/tournaments/draw.ts) from a published seed; a swap of two players before
 *    round 1 re-runs the check (drawFigures);
 *  - opening round N (§9.3): refused until round N − 1 has ended; each table of the draw is an ordinary
 *    table with its own code, created here with the draw's seats held for the accounts and the bots
 *    seated (worker/table/tournament.ts); with a judge as live host or the server as host;
 *  - a scheduled start: the object's alarm opens the round at its time (or, if the last round is still
 *    playing then, as soon as it ends);
 *  - each table tells the object when its game ends (`tableEnded`, at least once from the table's
 *    report): applied once per table — a retried report changes nothing;
 *  - the standings (§9.5) computed from the games' facts and the extra points (shared/tournaments/points.ts);
 *  - the final (§9.6): the top S after the last qualifying round, F games at one table, seats from a
 *    seeded Latin square (each finalist in a different position every game), points added or from zero.
 *
 * D1 gets what the pages list (migrations/0011_tournaments.sql), written after each change; the object
 * counts the rows it wrote (`stats`, printed by the workerd test).
 */
import { DurableObject } from "cloudflare:workers";
import { drawFigures, drawRefusal, drawSchedule, type DrawFigures, type Schedule } from "../../shared/tournaments/draw.ts";
import { finalSeats, type GameFacts } from "../../shared/tournaments/facts.ts";
import { extraRefusal, rankRows, standings, type Standing, type TournamentGame } from "../../shared/tournaments/points.ts";
import type { TournamentStatus } from "../../shared/protocol/tournaments.ts";
import type { HttpErrorCode } from "../../shared/protocol/http.ts";
import type { Env } from "../env.ts";
import { randomSeed, randomTableCode } from "../security/random.ts";
import { assignJudges } from "../../shared/tournaments/judges.ts";
import type { TournamentEnd, TournamentLink } from "../table/tournament.ts";

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

/** A standings row with whether the player is a finalist (§9.6). */
export type RankedStanding = Standing & { finalist: boolean };

export type Refusal = { ok: false; code: HttpErrorCode; message: string };
export type Done<T = object> = ({ ok: true } & T) | Refusal;

const refuse = (code: HttpErrorCode, message: string): Refusal => ({ ok: false, code, message });
const TABLE_CODE_ATTEMPTS = 8;

export class TournamentObject extends DurableObject<Env> {
  private cache: TournamentDoc | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS doc (id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL)");
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS stats (id INTEGER PRIMARY KEY CHECK (id = 1), d1_rows INTEGER NOT NULL, ended_reports INTEGER NOT NULL, repeated_reports INTEGER NOT NULL)");
    ctx.storage.sql.exec("INSERT OR IGNORE INTO stats (id, d1_rows, ended_reports, repeated_reports) VALUES (1, 0, 0, 0)");
  }

  /* ------------------------------------------------------------------ storage */

  private doc(): TournamentDoc | null {
    if (this.cache) return this.cache;
    const row = this.ctx.storage.sql.exec("SELECT json FROM doc WHERE id = 1").toArray()[0];
    this.cache = row ? (JSON.parse(String(row.json)) as TournamentDoc) : null;
    return this.cache;
  }

  private save(d: TournamentDoc): void {
    this.ctx.storage.sql.exec("INSERT OR REPLACE INTO doc (id, json) VALUES (1, ?)", JSON.stringify(d));
    this.cache = d;
  }

  /** D1 statements in one batch; the rows they wrote are counted. */
  private async d1(statements: D1PreparedStatement[]): Promise<void> {
    if (!statements.length) return;
    const results = await this.env.DB.batch(statements);
    const rows = results.reduce((n, r) => n + (r.meta?.rows_written ?? 0), 0);
    this.ctx.storage.sql.exec("UPDATE stats SET d1_rows = d1_rows + ? WHERE id = 1", rows);
  }

  private statusRow(d: TournamentDoc): D1PreparedStatement {
    return this.env.DB.prepare("UPDATE tournaments SET status = ?, seed = ? WHERE id = ?").bind(d.status, d.seed, d.id);
  }

  /** Rows written to D1 by this tournament, table ends applied and repeated (ignored) ones. */
  stats(): { d1Rows: number; endedReports: number; repeatedReports: number } {
    const r = this.ctx.storage.sql.exec("SELECT d1_rows, ended_reports, repeated_reports FROM stats WHERE id = 1").one();
    return { d1Rows: Number(r.d1_rows), endedReports: Number(r.ended_reports), repeatedReports: Number(r.repeated_reports) };
  }

  /** The whole tournament (the route builds the page from it, masking names). */
  read(): TournamentDoc | null {
    return this.doc();
  }

  /* ------------------------------------------------------------------ registration */

  async create(init: Omit<TournamentDoc, "status" | "seed" | "nextEntrant" | "entrants" | "judges" | "order" | "schedule">): Promise<Done> {
    if (this.doc()) return refuse("bad-request", "This tournament exists.");
    const d: TournamentDoc = { ...init, status: "registration", seed: null, nextEntrant: 1, entrants: [], judges: [], order: [], schedule: [] };
    this.save(d);
    await this.d1([
      this.env.DB.prepare("INSERT INTO tournaments (id, name, organizer_id, preset_id, seats, rounds, final_games, status, seed, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)")
        .bind(d.id, d.name, d.organizerId, d.presetId, d.seats, d.rounds, d.finalGames, d.status, d.createdAt),
    ]);
    return { ok: true };
  }

  private organizer(d: TournamentDoc | null, by: string): TournamentDoc | Refusal {
    if (!d) return refuse("not-found", "No such tournament.");
    if (d.organizerId !== by) return refuse("not-allowed", "Only the tournament's organizer may do this.");
    return d;
  }

  /** §9.1 a player registers with their account while registration is open. A second press changes nothing. */
  async register(userId: string, nickname: string): Promise<Done> {
    const d = this.doc();
    if (!d) return refuse("not-found", "No such tournament.");
    if (d.entrants.some((e) => e.userId === userId)) return { ok: true };
    if (d.status !== "registration") return refuse("signup-closed", "Registration for this tournament is closed.");
    const e: Entrant = { entrant: d.nextEntrant++, userId, nickname, bot: false };
    d.entrants.push(e);
    this.save(d);
    await this.d1([this.env.DB.prepare("INSERT INTO tournament_players (tournament_id, entrant, user_id, nickname, bot) VALUES (?, ?, ?, ?, 0)").bind(d.id, e.entrant, userId, nickname)]);
    return { ok: true };
  }

  /** A player withdraws (registration open), or the organizer removes one before the draw (`target`). */
  async unregister(by: string, target: number | null): Promise<Done> {
    const d = this.doc();
    if (!d) return refuse("not-found", "No such tournament.");
    const organizer = d.organizerId === by;
    if (target !== null && !organizer) return refuse("not-allowed", "Only the organizer removes another player.");
    if (organizer ? d.status !== "registration" && d.status !== "closed" : d.status !== "registration") return refuse("signup-closed", "The draw is made: the players are fixed.");
    const i = target !== null ? d.entrants.findIndex((e) => e.entrant === target) : d.entrants.findIndex((e) => e.userId === by);
    if (i < 0) return target !== null ? refuse("not-found", "No such player in this tournament.") : { ok: true };
    const [gone] = d.entrants.splice(i, 1);
    this.save(d);
    await this.d1([this.env.DB.prepare("DELETE FROM tournament_players WHERE tournament_id = ? AND entrant = ?").bind(d.id, gone!.entrant)]);
    return { ok: true };
  }

  /** Practice (issue 34): the organizer fills the registrations with bots up to `players`. */
  async fillBots(by: string, players: number): Promise<Done> {
    const d = this.organizer(this.doc(), by);
    if ("ok" in d) return d;
    if (d.status !== "registration" && d.status !== "closed") return refuse("signup-closed", "The draw is made: the players are fixed.");
    const added: Entrant[] = [];
    let k = d.entrants.filter((e) => e.bot).length;
    while (d.entrants.length < players) {
      const e: Entrant = { entrant: d.nextEntrant++, userId: null, nickname: `Bot ${++k}`, bot: true };
      d.entrants.push(e);
      added.push(e);
    }
    this.save(d);
    await this.d1(added.map((e) => this.env.DB.prepare("INSERT INTO tournament_players (tournament_id, entrant, user_id, nickname, bot) VALUES (?, ?, NULL, ?, 1)").bind(d.id, e.entrant, e.nickname)));
    return { ok: true };
  }

  async closeRegistration(by: string): Promise<Done> {
    const d = this.organizer(this.doc(), by);
    if ("ok" in d) return d;
    if (d.status !== "registration") return refuse("tournament-state", "Registration is already closed.");
    d.status = "closed";
    this.save(d);
    await this.d1([this.statusRow(d)]);
    return { ok: true };
  }

  /** §9.1 the judges (accounts that may host a table as live host); replaces the list. */
  async setJudges(by: string, judges: Array<{ userId: string; nickname: string }>): Promise<Done> {
    const d = this.organizer(this.doc(), by);
    if ("ok" in d) return d;
    if (d.status === "finished") return refuse("tournament-state", "The tournament is over.");
    d.judges = judges.filter((j, i) => judges.findIndex((x) => x.userId === j.userId) === i);
    this.save(d);
    await this.d1([
      this.env.DB.prepare("DELETE FROM tournament_judges WHERE tournament_id = ?").bind(d.id),
      ...d.judges.map((j) => this.env.DB.prepare("INSERT INTO tournament_judges (tournament_id, user_id) VALUES (?, ?)").bind(d.id, j.userId)),
    ]);
    return { ok: true };
  }

  /* ------------------------------------------------------------------ the draw */

  /** §9.2 the whole schedule of R rounds from a published seed (registration closed). */
  async draw(by: string, seed: string | undefined): Promise<Done<{ figures: DrawFigures }>> {
    const d = this.organizer(this.doc(), by);
    if ("ok" in d) return d;
    if (d.status !== "closed" && d.status !== "drawn") return refuse("tournament-state", d.status === "registration" ? "Close registration first." : "The tournament has started: the draw is fixed.");
    const why = drawRefusal({ players: d.entrants.length, seats: d.seats, rounds: d.rounds });
    if (why) return refuse("tournament-state", `No draw: ${why}.`);
    const s = seed ?? randomSeed().slice(0, 16);
    const schedule = drawSchedule({ players: d.entrants.length, seats: d.seats, rounds: d.rounds, seed: s });
    const at = (i: number) => d.entrants[i]!.entrant;
    d.seed = s;
    d.order = schedule.order.map(at);
    d.schedule = schedule.rounds.map((r, i) => ({
      round: i + 1, final: false, status: "pending", scheduledAt: null, sitOut: r.sitOut.map(at),
      tables: r.tables.map((t, slot) => ({ slot, entrants: t.map(at), code: null, judge: null, status: "pending", facts: null, endedAt: null, extras: {} })),
    }));
    d.status = "drawn";
    this.save(d);
    await this.d1([this.statusRow(d)]);
    return { ok: true, figures: drawFigures(schedule) };
  }

  /** The check of §9.2 on the schedule as it stands (after swaps): the figures of its qualifying rounds. */
  check(): DrawFigures | null {
    const d = this.doc();
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
  async swap(by: string, a: number, b: number): Promise<Done<{ figures: DrawFigures }>> {
    const d = this.organizer(this.doc(), by);
    if ("ok" in d) return d;
    if (d.status !== "drawn") return refuse("tournament-state", "Swaps are made after the draw and before the first round.");
    if (a === b || !d.entrants.some((e) => e.entrant === a) || !d.entrants.some((e) => e.entrant === b)) return refuse("bad-request", "Name two different players of the tournament.");
    const sw = (x: number) => (x === a ? b : x === b ? a : x);
    for (const r of d.schedule) {
      r.sitOut = r.sitOut.map(sw);
      for (const t of r.tables) t.entrants = t.entrants.map(sw);
    }
    this.save(d);
    return { ok: true, figures: this.check()! };
  }

  /* ------------------------------------------------------------------ rounds */

  /**
   * §9.3 open round `n` now, or at `at` (the object's alarm). Refused until round n − 1 has ended. The
   * first round after the qualifying ones builds the final (§9.6) from the standings.
   */
  async openRound(by: string, n: number, at: number | undefined, origin: string): Promise<Done<{ codes: string[] }>> {
    const d = this.organizer(this.doc(), by);
    if ("ok" in d) return d;
    if (d.status !== "drawn" && d.status !== "running") return refuse("tournament-state", d.status === "finished" ? "The tournament is over." : "Draw the schedule first.");
    if (n === d.rounds + 1 && d.finalGames > 0 && !d.schedule.some((r) => r.final)) {
      if (d.schedule.some((r) => !r.final && r.status !== "ended")) return refuse("tournament-state", `Round ${n} opens once round ${n - 1} has ended.`);
      this.buildFinal(d);
    }
    const r = d.schedule[n - 1];
    if (!r) return refuse("not-found", `There is no round ${n}.`);
    if (r.status !== "pending") return refuse("tournament-state", `Round ${n} is already open.`);
    const now = Date.now();
    if (at !== undefined && at > now) {
      r.scheduledAt = at;
      this.save(d);
      await this.armAlarm(d);
      return { ok: true, codes: [] };
    }
    const prev = d.schedule[n - 2];
    if (prev && prev.status !== "ended") return refuse("tournament-state", `Round ${n} opens once round ${n - 1} has ended.`);
    return this.open(d, r, origin);
  }

  private async open(d: TournamentDoc, r: Round, origin: string): Promise<Done<{ codes: string[] }>> {
    // Claimed before the first await: a second open of the same round is refused meanwhile.
    r.status = "opening";
    if (d.status === "drawn") d.status = "running";
    this.save(d);
    const byNumber = new Map(d.entrants.map((e) => [e.entrant, e]));
    // §9.1 each table has its judge (in turn from the list): its live host, or — the server hosting — who
    // gives its extra points; never a judge who plays at that table (none left: the server hosts it).
    const judges = assignJudges(r.tables.map((t) => t.entrants.map((e) => byNumber.get(e)?.userId ?? null)), d.judges.map((j) => j.userId));
    for (const t of r.tables) {
      const judge = judges[r.tables.indexOf(t)] ?? null;
      const link: TournamentLink = {
        tournamentId: d.id, round: r.round, slot: t.slot,
        seats: t.entrants.map((e) => ({ entrant: e, userId: byNumber.get(e)?.userId ?? null, nickname: byNumber.get(e)?.nickname ?? `Bot ${e}` })),
      };
      t.code = await this.createTable(d, link, d.host === "judge" ? judge : null);
      t.judge = judge;
      if (judge === null && d.judges.length > 0) t.unjudged = "every-judge-plays";
      t.status = "playing";
    }
    r.status = "open";
    r.scheduledAt = null;
    this.save(d);
    await this.d1([
      this.statusRow(d),
      ...r.tables.map((t) => this.env.DB.prepare("INSERT OR REPLACE INTO tournament_games (tournament_id, round, slot, table_code, judge_id, status) VALUES (?, ?, ?, ?, ?, 'playing')").bind(d.id, r.round, t.slot, t.code, t.judge)),
    ]);
    void origin;
    return { ok: true, codes: r.tables.map((t) => t.code!) };
  }

  private async createTable(d: TournamentDoc, link: TournamentLink, judge: string | null): Promise<string> {
    for (let attempt = 0; attempt < TABLE_CODE_ATTEMPTS; attempt++) {
      const code = randomTableCode();
      const stub = this.env.TABLE.get(this.env.TABLE.idFromName(code));
      const r = await stub.init({
        code, presetId: d.presetId, settings: d.settings, public: false, host: judge ? "live" : "server",
        seatsPerAddress: d.seats, seats: d.seats, creatorUserId: d.organizerId, tournament: link,
        ...(judge ? { hostUserId: judge } : {}),
      });
      if (r.ok) return code;
      if (r.reason === "unknown-preset") throw new Error(`unknown preset ${d.presetId}`);
    }
    throw new Error("no free table code");
  }

  /** §9.6 the final: the top S of the qualifying standings, F games, seats from a seeded Latin square. */
  private buildFinal(d: TournamentDoc): void {
    const top = this.standingsOf(d, "qualifying").slice(0, d.seats).map((s) => Number(s.player));
    const games = finalSeats(top.length, Math.min(d.finalGames, top.length), `${d.seed}/final`);
    games.forEach((seats, k) => {
      d.schedule.push({
        round: d.rounds + k + 1, final: true, status: "pending", scheduledAt: null, sitOut: [],
        tables: [{ slot: 0, entrants: seats.map((i) => top[i]!), code: null, judge: null, status: "pending", facts: null, endedAt: null, extras: {} }],
      });
    });
  }

  private async armAlarm(d: TournamentDoc): Promise<void> {
    const due = d.schedule.filter((r) => r.status === "pending" && r.scheduledAt !== null).map((r) => r.scheduledAt!);
    if (due.length) await this.ctx.storage.setAlarm(Math.min(...due));
    else await this.ctx.storage.deleteAlarm();
  }

  /** A scheduled round's time: it opens if the round before it has ended (else when that one ends). */
  override async alarm(): Promise<void> {
    const d = this.doc();
    if (!d) return;
    await this.openDue(d);
    await this.armAlarm(d);
  }

  private async openDue(d: TournamentDoc): Promise<void> {
    const now = Date.now();
    for (const r of d.schedule) {
      if (r.status !== "pending" || r.scheduledAt === null || r.scheduledAt > now) continue;
      const prev = d.schedule[r.round - 2];
      if (prev && prev.status !== "ended") continue;
      await this.open(d, r, "");
    }
  }

  /**
   * A table's game ended (worker/table/report.ts, at least once): its facts are kept, once — a repeated
   * report (a retry whose answer was lost) changes nothing. The round ends with its last table.
   */
  async tableEnded(end: TournamentEnd): Promise<{ ok: true; applied: boolean } | { ok: false; reason: string }> {
    const d = this.doc();
    const t = d?.schedule[end.round - 1]?.tables.find((x) => x.slot === end.slot);
    if (!d || !t || t.code !== end.code) return { ok: false, reason: `no table ${end.code} at round ${end.round} slot ${end.slot}` };
    if (t.status === "ended") {
      this.ctx.storage.sql.exec("UPDATE stats SET repeated_reports = repeated_reports + 1 WHERE id = 1");
      return { ok: true, applied: false };
    }
    t.status = "ended";
    t.facts = end.facts;
    t.endedAt = end.endedAt;
    const r = d.schedule[end.round - 1]!;
    if (r.tables.every((x) => x.status === "ended")) r.status = "ended";
    if (d.schedule.length && d.schedule.every((x) => x.status === "ended") && (d.finalGames === 0 || d.schedule.some((x) => x.final))) d.status = "finished";
    this.save(d);
    this.ctx.storage.sql.exec("UPDATE stats SET ended_reports = ended_reports + 1 WHERE id = 1");
    await this.d1([
      this.env.DB.prepare("UPDATE tournament_games SET status = 'ended', winner = ?, ended_at = ? WHERE tournament_id = ? AND round = ? AND slot = ?").bind(end.facts.winner, end.endedAt, d.id, end.round, end.slot),
      this.statusRow(d),
      ...this.standingRows(d),
    ]);
    if (r.status === "ended") {
      await this.openDue(d);
      await this.armAlarm(d);
    }
    return { ok: true, applied: true };
  }

  /* ------------------------------------------------------------------ points */

  /**
   * §9.4 the extra points of one game, by its judge or the organizer, after the game: −1..+1 in steps of
   * 0.05 with a written reason each; replaces the game's extras (the judge may correct them).
   */
  async extra(by: string, round: number, slot: number, points: Array<{ seat: number; extra: number; reason: string }>): Promise<Done> {
    const d = this.doc();
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
    this.save(d);
    await this.d1(this.standingRows(d));
    return { ok: true };
  }

  /** The standings as they stand (the page). */
  standingsNow(): RankedStanding[] {
    const d = this.doc();
    return d ? this.standingsOf(d) : [];
  }

  /** Each player's games as points.ts reads them (facts from the record, extras typed by the judge). */
  gamesOf(d: TournamentDoc, which: "all" | "qualifying" | "final"): TournamentGame[] {
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
  standingsOf(d: TournamentDoc, which: "qualifying" | "overall" = "overall"): RankedStanding[] {
    const order = d.order.map(String);
    const zero = (p: string): Standing => ({ player: p, rank: 0, games: 0, total: 0, wins: 0, extra: 0, bestMove: 0, winsAsDon: 0, winsAsChecker: 0, removals: 0 });
    const qualifying = standings(this.gamesOf(d, "qualifying"), order);
    // Every registered player appears, with no games yet (a sit-out or before round 1).
    const seen = new Set(qualifying.map((s) => s.player));
    for (const e of d.order.length ? d.order : d.entrants.map((x) => x.entrant)) if (!seen.has(String(e))) qualifying.push(zero(String(e)));
    const finalists = new Set(d.schedule.find((r) => r.final)?.tables[0]?.entrants.map(String) ?? []);
    let rows: Standing[];
    if (which === "qualifying" || finalists.size === 0) rows = rankRows(qualifying, order);
    else {
      // §9.6 the finalists first: by the final's points alone (from zero) or by qualifying + final (added).
      const counted = standings(this.gamesOf(d, d.finalFromZero ? "final" : "all"), order);
      const fin = rankRows([...finalists].map((p) => counted.find((s) => s.player === p) ?? zero(p)), order);
      rows = [...fin, ...rankRows(qualifying.filter((q) => !finalists.has(q.player)), order)];
    }
    return rows.map((s, i) => ({ ...s, rank: i + 1, finalist: finalists.has(s.player) }));
  }

  private standingRows(d: TournamentDoc): D1PreparedStatement[] {
    return [
      this.env.DB.prepare("DELETE FROM tournament_standings WHERE tournament_id = ?").bind(d.id),
      ...this.standingsOf(d).map((s) =>
        this.env.DB.prepare("INSERT INTO tournament_standings (tournament_id, entrant, rank, total, games, wins) VALUES (?, ?, ?, ?, ?, ?)").bind(d.id, Number(s.player), s.rank, s.total, s.games, s.wins),
      ),
    ];
  }
}
