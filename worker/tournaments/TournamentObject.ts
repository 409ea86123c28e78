/**
 * RULES.md §9: one Durable Object per tournament, named by the tournament's id. It holds the tournament
 * (registrations, judges, the drawn schedule, each round's tables and each game's facts and extra points)
 * in its own SQLite as one document (its schema: migrations.ts beside it). Every decision is
 * shared/tournaments/lifecycle.ts's; this object loads the document, hands it over, and persists what
 * the decision changed: the document, D1, the tables it opens (worker/table/tournament.ts), its alarm.
 *
 *  - a scheduled start: the object's alarm opens the round at its time (or, if the last round is still
 *    playing then, as soon as it ends);
 *  - each table tells the object when its game ends (`tableEnded`, at least once from the table's
 *    report): applied once per table — a retried report changes nothing.
 *
 * D1 gets what the pages list (migrations/0011_tournaments.sql), written after each change; the object
 * counts the rows it wrote (`stats`, printed by the workerd test).
 */
import { DurableObject } from "cloudflare:workers";
import type { DrawFigures } from "../../shared/tournaments/draw.ts";
import * as rules from "../../shared/tournaments/lifecycle.ts";
import type { Done, RankedStanding, Round, TableToOpen, TournamentDoc, TournamentInit } from "../../shared/tournaments/lifecycle.ts";
import type { TournamentEnd } from "../../shared/tournaments/link.ts";
import type { Env } from "../env.ts";
import { randomSeed, randomTableCode } from "../security/random.ts";
import { migrate } from "../storage/migrations.ts";
import { TOURNAMENT_MIGRATIONS } from "./migrations.ts";

const TABLE_CODE_ATTEMPTS = 8;

export class TournamentObject extends DurableObject<Env> {
  private cache: TournamentDoc | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, TOURNAMENT_MIGRATIONS);
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

  private playerRow(d: TournamentDoc, e: rules.Entrant): D1PreparedStatement {
    return this.env.DB.prepare("INSERT INTO tournament_players (tournament_id, entrant, user_id, nickname, bot) VALUES (?, ?, ?, ?, ?)").bind(d.id, e.entrant, e.userId, e.nickname, e.bot ? 1 : 0);
  }

  private standingRows(d: TournamentDoc): D1PreparedStatement[] {
    return [
      this.env.DB.prepare("DELETE FROM tournament_standings WHERE tournament_id = ?").bind(d.id),
      ...rules.standingsOf(d).map((s) =>
        this.env.DB.prepare("INSERT INTO tournament_standings (tournament_id, entrant, rank, total, games, wins) VALUES (?, ?, ?, ?, ?, ?)").bind(d.id, Number(s.player), s.rank, s.total, s.games, s.wins),
      ),
    ];
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

  async create(init: TournamentInit): Promise<Done> {
    const r = rules.create(this.doc(), init);
    if (!r.ok) return r;
    const d = r.doc;
    this.save(d);
    await this.d1([
      this.env.DB.prepare("INSERT INTO tournaments (id, name, organizer_id, preset_id, seats, rounds, final_games, status, seed, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)")
        .bind(d.id, d.name, d.organizerId, d.presetId, d.seats, d.rounds, d.finalGames, d.status, d.createdAt),
    ]);
    return { ok: true };
  }

  async register(userId: string, nickname: string): Promise<Done> {
    const d = this.doc();
    const r = rules.register(d, userId, nickname);
    if (!r.ok) return r;
    if (d && r.added) {
      this.save(d);
      await this.d1([this.playerRow(d, r.added)]);
    }
    return { ok: true };
  }

  async unregister(by: string, target: number | null): Promise<Done> {
    const d = this.doc();
    const r = rules.unregister(d, by, target);
    if (!r.ok) return r;
    if (d && r.removed) {
      this.save(d);
      await this.d1([this.env.DB.prepare("DELETE FROM tournament_players WHERE tournament_id = ? AND entrant = ?").bind(d.id, r.removed.entrant)]);
    }
    return { ok: true };
  }

  async fillBots(by: string, players: number): Promise<Done> {
    const d = this.doc();
    const r = rules.fillBots(d, by, players);
    if (!r.ok) return r;
    this.save(d!);
    await this.d1(r.added.map((e) => this.playerRow(d!, e)));
    return { ok: true };
  }

  async closeRegistration(by: string): Promise<Done> {
    const d = this.doc();
    const r = rules.closeRegistration(d, by);
    if (!r.ok) return r;
    this.save(d!);
    await this.d1([this.statusRow(d!)]);
    return { ok: true };
  }

  async setJudges(by: string, judges: Array<{ userId: string; nickname: string }>): Promise<Done> {
    const d = this.doc();
    const r = rules.setJudges(d, by, judges);
    if (!r.ok) return r;
    this.save(d!);
    await this.d1([
      this.env.DB.prepare("DELETE FROM tournament_judges WHERE tournament_id = ?").bind(d!.id),
      ...d!.judges.map((j) => this.env.DB.prepare("INSERT INTO tournament_judges (tournament_id, user_id) VALUES (?, ?)").bind(d!.id, j.userId)),
    ]);
    return { ok: true };
  }

  /* ------------------------------------------------------------------ the draw */

  async draw(by: string, seed: string | undefined): Promise<Done<{ figures: DrawFigures }>> {
    const d = this.doc();
    const r = rules.draw(d, by, seed, () => randomSeed().slice(0, 16));
    if (!r.ok) return r;
    this.save(d!);
    await this.d1([this.statusRow(d!)]);
    return { ok: true, figures: r.figures };
  }

  check(): DrawFigures | null {
    return rules.check(this.doc());
  }

  async swap(by: string, a: number, b: number): Promise<Done<{ figures: DrawFigures }>> {
    const d = this.doc();
    const r = rules.swap(d, by, a, b);
    if (!r.ok) return r;
    this.save(d!);
    return { ok: true, figures: r.figures };
  }

  /* ------------------------------------------------------------------ rounds */

  async openRound(by: string, n: number, at: number | undefined, origin: string): Promise<Done<{ codes: string[] }>> {
    void origin;
    const d = this.doc();
    const r = rules.openRound(d, by, n, at, Date.now());
    if (!r.ok) return r;
    if ("scheduled" in r) {
      this.save(d!);
      await this.armAlarm(d!);
      return { ok: true, codes: [] };
    }
    return this.open(d!, r.open);
  }

  private async open(d: TournamentDoc, r: Round): Promise<Done<{ codes: string[] }>> {
    // Claimed before the first await: a second open of the same round is refused meanwhile.
    const tables = rules.claimRound(d, r);
    this.save(d);
    for (const o of tables) rules.tableOpened(d, o, await this.createTable(d, o));
    rules.roundOpened(r);
    this.save(d);
    await this.d1([
      this.statusRow(d),
      ...r.tables.map((t) => this.env.DB.prepare("INSERT OR REPLACE INTO tournament_games (tournament_id, round, slot, table_code, judge_id, status) VALUES (?, ?, ?, ?, ?, 'playing')").bind(d.id, r.round, t.slot, t.code, t.judge)),
    ]);
    return { ok: true, codes: r.tables.map((t) => t.code!) };
  }

  private async createTable(d: TournamentDoc, o: TableToOpen): Promise<string> {
    const judge = rules.liveHostOf(d, o.judge);
    for (let attempt = 0; attempt < TABLE_CODE_ATTEMPTS; attempt++) {
      const code = randomTableCode();
      const stub = this.env.TABLE.get(this.env.TABLE.idFromName(code));
      const r = await stub.init({
        code, presetId: d.presetId, settings: d.settings, public: false, host: judge ? "live" : "server",
        seatsPerAddress: d.seats, seats: d.seats, creatorUserId: d.organizerId, tournament: o.link,
        ...(judge ? { hostUserId: judge } : {}),
      });
      if (r.ok) return code;
      if (r.reason === "unknown-preset") throw new Error(`unknown preset ${d.presetId}`);
    }
    throw new Error("no free table code");
  }

  private async armAlarm(d: TournamentDoc): Promise<void> {
    const at = rules.nextAlarm(d);
    if (at !== null) await this.ctx.storage.setAlarm(at);
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
    for (const r of d.schedule) if (rules.isDue(d, r, now)) await this.open(d, r);
  }

  /** A table's game ended (worker/table/report.ts, at least once): applied once; a repeat is only counted. */
  async tableEnded(end: TournamentEnd): Promise<{ ok: true; applied: boolean } | { ok: false; reason: string }> {
    const d = this.doc();
    const r = rules.applyEnd(d, end);
    if (!r.ok) return r;
    if (!r.applied) {
      this.ctx.storage.sql.exec("UPDATE stats SET repeated_reports = repeated_reports + 1 WHERE id = 1");
      return { ok: true, applied: false };
    }
    this.save(d!);
    this.ctx.storage.sql.exec("UPDATE stats SET ended_reports = ended_reports + 1 WHERE id = 1");
    await this.d1([
      this.env.DB.prepare("UPDATE tournament_games SET status = 'ended', winner = ?, ended_at = ? WHERE tournament_id = ? AND round = ? AND slot = ?").bind(end.facts.winner, end.endedAt, d!.id, end.round, end.slot),
      this.statusRow(d!),
      ...this.standingRows(d!),
    ]);
    if (r.roundEnded) {
      await this.openDue(d!);
      await this.armAlarm(d!);
    }
    return { ok: true, applied: true };
  }

  /* ------------------------------------------------------------------ points */

  async extra(by: string, round: number, slot: number, points: Array<{ seat: number; extra: number; reason: string }>): Promise<Done> {
    const d = this.doc();
    const r = rules.setExtras(d, by, round, slot, points);
    if (!r.ok) return r;
    this.save(d!);
    await this.d1(this.standingRows(d!));
    return { ok: true };
  }

  /** The standings as they stand (the page). */
  standingsNow(): RankedStanding[] {
    const d = this.doc();
    return d ? rules.standingsOf(d) : [];
  }
}
