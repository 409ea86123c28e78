/**
 * Issue 35, rating leaderboards (RULES.md §2.14 "sport games award … rating", §8 publication opt-out;
 * docs/ACCOUNTS.md "Leaderboards"): GET /api/leaderboard — overall, by club, by season — read from the
 * summary table written with each rated game (migrations/0009_leaderboard.sql, worker/accounts/records.ts),
 * paged, with opted-out players as "a player (name hidden)"; the page's query uses the index
 * (EXPLAIN QUERY PLAN) and reads no game; bad queries get a typed error.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ClubPage, EveningPage } from "../../shared/protocol/clubs.ts";
import type { Leaderboard } from "../../shared/protocol/leaderboard.ts";
import { COUNT_SQL, LEADERBOARD_PAGE, PAGE_SQL } from "../../worker/accounts/leaderboard-sql.ts";
import { recordGame, type GameReport } from "../../worker/accounts/records.ts";
import { ordinalOf } from "../../worker/accounts/users.ts";
import { get, json, nick, post, signUp } from "./accounts-helpers.ts";

const DB = env.DB;
const HOUR = 3600_000;
const TAG = Date.now().toString(36);

/** Accounts straight into D1 (no password hashing: the board needs only rows). */
async function accounts(n: number, base: string): Promise<{ id: string; nick: string }[]> {
  const out = Array.from({ length: n }, (_, i) => ({ id: `u-${base}-${TAG}-${i}`, nick: `${base}${TAG}${i}` }));
  await DB.batch(out.map((u) => DB.prepare("INSERT INTO users (id, nick, nick_key, webauthn_id, created_at) VALUES (?, ?, ?, ?, ?)").bind(u.id, u.nick, u.nick.toLowerCase(), `w-${u.id}`, 1)));
  return out;
}

let games = 0;
/** A sport game of ten account seats (seats 1–3 black, the rest red) at table `code`, won by `winner`. */
function report(code: string, players: { id: string; nick: string }[], winner: "red" | "black"): GameReport {
  const at = 1_700_000_000_000 + ++games * 60_000;
  return {
    gameId: `${code}/${at}`, code, presetId: "sport", startedAt: at - 30_000, endedAt: at, winner, reason: "test", gameNo: games,
    seats: players.map((p, i) => ({ seat: i + 1, role: i === 0 ? "don" : i < 3 ? "mafia" : i === 3 ? "sheriff" : "civilian", team: i < 3 ? "black" : "red", nickname: p.nick, userId: p.id, bot: false })),
  };
}

const board = async (q: string, cookie?: string) => json<Leaderboard>(await get(`/api/leaderboard${q}`, cookie));

describe("issue 35: the rating leaderboards", () => {
  let people: { id: string; nick: string }[];
  let club: ClubPage;
  let seasonId: string;
  let ownerCookie: string;
  let ownerNick: string;
  const clubCode = `LB${TAG}`.slice(0, 10).toUpperCase();
  let last: GameReport;

  beforeAll(async () => {
    people = await accounts(70, "lb");
    ownerNick = nick("LbOwn");
    ownerCookie = await signUp(ownerNick);
    club = await json<ClubPage>(await post("/api/clubs", { name: `Board ${TAG}`, city: "Lviv", language: "uk", formats: ["sport"], timeZone: "Europe/Kyiv" }, ownerCookie), 201);
    const evening = await json<EveningPage>(await post(`/api/clubs/${club.club.id}/evenings`, { startsAt: Date.now() + 48 * HOUR, place: "Hall", presetId: "sport" }, ownerCookie), 201);
    await DB.prepare("UPDATE evenings SET table_code = ? WHERE id = ?").bind(clubCode, evening.evening.id).run();
    // Seven games elsewhere: 70 accounts, each in one game (the overall board has two pages).
    for (let g = 0; g < 7; g++) await recordGame(DB, report(`OUT${TAG}${g}`.slice(0, 12), people.slice(g * 10, g * 10 + 10), g % 2 ? "black" : "red"));
    // Before the season: one club game (club board, no season board).
    await recordGame(DB, report(clubCode, people.slice(0, 10), "red"));
    const season = await post(`/api/clubs/${club.club.id}/seasons`, { name: `Spring ${TAG}` }, ownerCookie);
    expect(season.status).toBe(201);
    seasonId = ((await season.json()) as { season: { id: string } }).season.id;
    // During the season: two club games.
    await recordGame(DB, report(clubCode, people.slice(0, 10), "black"));
    last = report(clubCode, people.slice(0, 10), "red");
    await recordGame(DB, last);
  }, 120_000);

  it("overall: every rated account, best rating first, the rating as on the profile (mu − 3σ), games and wins counted", async () => {
    const p1 = await board("");
    expect(p1.scope).toEqual({ kind: "all" });
    const ours = new Set(people.map((p) => p.nick));
    const all = [...p1.rows, ...(await board("?page=2")).rows];
    const mine = all.filter((r) => r.nickname && ours.has(r.nickname));
    expect(mine).toHaveLength(70);
    const scores = all.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(all.map((r) => r.rank)).toEqual(all.map((_r, i) => i + 1));
    for (const p of people.slice(0, 12)) {
      const u = (await DB.prepare("SELECT mu, sigma, rated_games FROM users WHERE id = ?").bind(p.id).first<{ mu: number; sigma: number; rated_games: number }>())!;
      const row = all.find((r) => r.nickname === p.nick)!;
      expect(row.score).toBe(ordinalOf(u.mu, u.sigma));
      expect(row.games).toBe(u.rated_games);
      const wins = await DB.prepare("SELECT COUNT(*) AS n FROM game_players gp JOIN games g ON g.id = gp.game_id WHERE gp.user_id = ? AND gp.outcome = 'win' AND g.rated = 1").bind(p.id).first<{ n: number }>();
      expect(row.wins).toBe(wins!.n);
    }
  });

  it("paged: 50 a page, ranks continue, no player twice", async () => {
    const p1 = await board("");
    const p2 = await board("?page=2");
    expect(p1.pageSize).toBe(LEADERBOARD_PAGE);
    expect(p1.rows).toHaveLength(Math.min(LEADERBOARD_PAGE, p1.total));
    expect(p1.total).toBeGreaterThanOrEqual(70);
    expect(p2.rows[0]!.rank).toBe(LEADERBOARD_PAGE + 1);
    // Hidden (opted-out) rows all read null, so only the named ones can be told apart; every rank once.
    const rows = [...p1.rows, ...p2.rows];
    const names = rows.filter((r) => !r.hidden).map((r) => r.nickname);
    expect(new Set(names).size).toBe(names.length);
    expect(rows.map((r) => r.rank)).toEqual(rows.map((_, i) => i + 1));
  });

  it("by club: only the games at the club's evening tables, ranked by the rating gained there", async () => {
    const b = await board(`?scope=club:${club.club.id}`);
    expect(b.scope).toEqual({ kind: "club", id: club.club.id, name: `Board ${TAG}` });
    expect(b.total).toBe(10);
    expect(b.rows.every((r) => r.games === 3)).toBe(true);
    const gains = await DB.prepare(
      `SELECT rh.user_id, SUM(ROUND((rh.mu_after - 3 * rh.sigma_after) * 100) / 100 - ROUND((rh.mu_before - 3 * rh.sigma_before) * 100) / 100) AS gain
         FROM rating_history rh JOIN games g ON g.id = rh.game_id WHERE g.code = ? GROUP BY rh.user_id`,
    ).bind(clubCode).all<{ user_id: string; gain: number }>();
    for (const g of gains.results) {
      const p = people.find((x) => x.id === g.user_id)!;
      expect(b.rows.find((r) => r.nickname === p.nick)!.score).toBeCloseTo(g.gain, 1);
    }
    const scores = b.rows.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, c) => c - a));
  });

  it("by season: only the club's games while the season ran", async () => {
    const b = await board(`?scope=season:${seasonId}`);
    expect(b.scope).toMatchObject({ kind: "season", id: seasonId, name: `Spring ${TAG}`, club: { id: club.club.id } });
    expect(b.total).toBe(10);
    expect(b.rows.every((r) => r.games === 2)).toBe(true);
    // Seat 4 (the Sheriff, red) won one of the two season games.
    expect(b.rows.find((r) => r.nickname === people[3]!.nick)!.wins).toBe(1);
  });

  it("a repeated report changes no board", async () => {
    const before = await board(`?scope=club:${club.club.id}`);
    expect(await recordGame(DB, { ...last, winner: "black" })).toBe("already");
    expect(await board(`?scope=club:${club.club.id}`)).toEqual(before);
  });

  it("publication opt-out (§8): an opted-out player is 'a player (name hidden)' to others — no nick in the answer — and sees their own name", async () => {
    const name = nick("LbHid");
    const cookie = await signUp(name);
    const id = (await DB.prepare("SELECT id FROM users WHERE nick = ?").bind(name).first<{ id: string }>())!.id;
    await recordGame(DB, report(clubCode, [{ id, nick: name }, ...people.slice(1, 10)], "black"));
    expect((await post("/api/me/publication", { publish: false }, cookie)).status).toBe(200);
    for (const q of [`?scope=club:${club.club.id}`, `?scope=season:${seasonId}`]) {
      const res = await get(`/api/leaderboard${q}`);
      const text = await res.text();
      expect(text, q).not.toContain(name);
      expect(text, q).not.toContain(id);
      const b = JSON.parse(text) as Leaderboard;
      expect(b.rows.filter((r) => r.hidden)).toHaveLength(1);
      expect(b.rows.find((r) => r.hidden)).toMatchObject({ nickname: null, hidden: true, games: 1 });
      const own = await board(q, cookie);
      expect(own.rows.find((r) => r.you)).toMatchObject({ nickname: name, hidden: false });
    }
    const overall = await (await get(`/api/leaderboard?page=1`)).text() + (await (await get(`/api/leaderboard?page=2`)).text());
    expect(overall).not.toContain(name);
  });

  it("the page's query uses the index (EXPLAIN QUERY PLAN) and reads no game; so does the count", async () => {
    const plan = await DB.prepare(`EXPLAIN QUERY PLAN ${PAGE_SQL}`).bind("all", LEADERBOARD_PAGE, 0).all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join("\n");
    expect(details).toMatch(/SEARCH l USING (COVERING )?INDEX leaderboard_rank \(scope=\?\)/);
    expect(details).not.toMatch(/TEMP B-TREE/); // the index gives the order: no sort per request
    expect(details).not.toMatch(/\bgames\b|game_players|rating_history/);
    const count = await DB.prepare(`EXPLAIN QUERY PLAN ${COUNT_SQL}`).bind("all").all<{ detail: string }>();
    expect(count.results.map((r) => r.detail).join("\n")).toMatch(/USING (COVERING )?INDEX/);
  });

  it("bad queries get a typed 400; an unknown club or season a 404", async () => {
    for (const q of ["?scope=everyone", "?scope=club:x", "?page=0", "?page=x", "?scope=season:" + "s".repeat(20)]) {
      const res = await get(`/api/leaderboard${q}`);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("bad-request");
    }
    const res = await get(`/api/leaderboard?scope=club:c${"A".repeat(16)}`);
    expect(res.status).toBe(404);
  });
});
