/**
 * Seasons, the host's reviews with points, the champion table (issue 19, RULES.md §7.11 "a season is 15
 * rating games; the best 12 count; the top 12 play a champion table of 4 games. The host awards points at
 * the review after each game. Games played in Tatar earn extra points"; §8 reviews published unless private;
 * docs/CLUBS.md "Seasons").
 *
 * The club's games here are written to D1 as a table reports them (`games` + `game_players`, with the
 * evening's table code and the game's number): what is under test is the club layer above them — the
 * reviews, the sums, the slots of a season, the champion table. The browser test plays the real game.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ClubPage, EveningPage } from "../../shared/protocol/clubs.ts";
import type { ClubSeasons, ReviewPage, SeasonPage } from "../../shared/protocol/seasons.ts";
import { CODE_ALPHABET } from "../../shared/protocol/codes.ts";
import { get, json, nick, post, signUp } from "./accounts-helpers.ts";
import { api } from "./helpers.ts";

const DB = env.DB;
const HOUR = 3600_000;

const code = async (res: Response) => ({ status: res.status, code: ((await res.json()) as { error: { code: string } }).error.code });
const put = (path: string, body: unknown, cookie?: string) =>
  api(path, { method: "PUT", headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });

interface Person {
  nickname: string;
  cookie: string;
  id: string;
}

async function person(base: string): Promise<Person> {
  const nickname = nick(base);
  const cookie = await signUp(nickname);
  const row = await DB.prepare("SELECT id FROM users WHERE nick = ?").bind(nickname).first<{ id: string }>();
  return { nickname, cookie, id: row!.id };
}

/** A fresh table code (random, as the tables' own; no table object exists behind it). */
const tableCode = () => Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");

/** An evening of the club whose table is `code` (as if opened), and its games reported by the table. */
async function eveningTable(owner: Person, clubId: string, extra: Record<string, unknown> = {}): Promise<{ code: string; eveningId: string }> {
  const e = await json<EveningPage>(await post(`/api/clubs/${clubId}/evenings`, { startsAt: Date.now() + 48 * HOUR, place: "Café Ural", presetId: "club", ...extra }, owner.cookie), 201);
  const c = tableCode();
  await DB.prepare("UPDATE evenings SET status = 'started', table_code = ? WHERE id = ?").bind(c, e.evening.id).run();
  return { code: c, eveningId: e.evening.id };
}

let ended = 1_800_000_000_000;
/** A finished game at `code`, number `n`: seat i+1 played by `seats[i]` (a person, or null for a bot). */
async function reportedGame(code: string, n: number, seats: (Person | null)[], presetId = "club"): Promise<void> {
  const id = `${code}/${n}`;
  ended += 60_000;
  await DB.batch([
    DB.prepare("INSERT INTO games (id, code, preset_id, started_at, ended_at, winner, reason, rated, game_no) VALUES (?, ?, ?, ?, ?, 'red', 'all-black-out', 0, ?)").bind(id, code, presetId, ended - 3_600_000, ended, n),
    ...seats.map((p, i) =>
      DB.prepare("INSERT INTO game_players (game_id, seat, role, team, nickname, user_id, bot, outcome) VALUES (?, ?, 'civilian', 'red', ?, ?, ?, 'win')").bind(id, i + 1, p ? p.nickname : `Bot ${i + 1}`, p?.id ?? null, p ? 0 : 1),
    ),
  ]);
}

/** The host's review: points per seat (a reason for each non-zero). */
const review = (cookie: string, code: string, n: number, points: number[], notes = "") =>
  put(`/api/clubs/reviews/${code}/${n}`, { notes, points: points.map((p, i) => ({ seat: i + 1, points: p, reason: p === 0 ? "" : `for seat ${i + 1}` })) }, cookie);

describe("§7.11 a club season: reviews with points, the best K of N, the champion table", () => {
  let owner: Person, host: Person, member: Person;
  let a: Person, b: Person, c: Person, d: Person;
  let clubId: string;
  let seasonId: string;
  let t1: { code: string; eveningId: string };

  beforeAll(async () => {
    [owner, host, member, a, b, c, d] = (await Promise.all(["Own", "Host", "Mem", "A", "B", "C", "D"].map(person))) as [Person, Person, Person, Person, Person, Person, Person];
    const club = await json<ClubPage>(await post("/api/clubs", { name: "Season club", city: "Kazan", language: "ru", formats: ["club", "tatar"], timeZone: "Europe/Moscow" }, owner.cookie), 201);
    clubId = club.club.id;
    await json(await post(`/api/clubs/${clubId}/hosts`, { nickname: host.nickname }, owner.cookie));
    t1 = await eveningTable(owner, clubId);
  }, 120_000);

  it("only the owner starts a season; §7.11 defaults N 15, K 12, top 12, 4 games; one runs at a time", async () => {
    expect(await code(await post(`/api/clubs/${clubId}/seasons`, { name: "Spring" }, host.cookie))).toEqual({ status: 403, code: "not-club-owner" });
    expect(await code(await post(`/api/clubs/${clubId}/seasons`, { name: "Spring", gamesTotal: 3, bestOf: 4 }, owner.cookie))).toEqual({ status: 400, code: "bad-request" });
    const dflt = await json<SeasonPage>(await post(`/api/clubs/${clubId}/seasons`, { name: "Defaults" }, owner.cookie), 201);
    expect(dflt.season).toMatchObject({ gamesTotal: 15, bestOf: 12, championSize: 12, championGames: 4, status: "open", ratingGames: 0, table: [], champion: null });
    expect(await code(await post(`/api/clubs/${clubId}/seasons`, { name: "Two" }, owner.cookie))).toEqual({ status: 409, code: "season-running" });
    await json(await post(`/api/clubs/${clubId}/seasons/${dflt.season.id}/close`, {}, owner.cookie));
    // A small season for the rest: N = 4 rating games, the best K = 2 count, the top 3 play 2 champion games.
    const s = await json<SeasonPage>(await post(`/api/clubs/${clubId}/seasons`, { name: "Autumn", gamesTotal: 4, bestOf: 2, championSize: 3, championGames: 2 }, owner.cookie), 201);
    seasonId = s.season.id;
    expect(s.canManage).toBe(true);
  });

  it("§7.11 the host awards points per player with a reason: every seat, a reason for non-zero, only hosts", async () => {
    await reportedGame(t1.code, 1, [a, b, c, d, null]);
    expect(await code(await review(member.cookie, t1.code, 1, [1, 0, 0, 0, 0]))).toEqual({ status: 403, code: "not-club-host" });
    expect(await code(await review(host.cookie, t1.code, 1, [1, 0, 0, 0]))).toEqual({ status: 400, code: "bad-request" }); // seat 5 missing
    expect(await code(await review(host.cookie, t1.code, 1, [1, 0, 0, 0, 0, 0]))).toEqual({ status: 400, code: "bad-request" }); // seat 6 never played
    const noReason = await put(`/api/clubs/reviews/${t1.code}/1`, { notes: "", points: [1, 2, 3, 4, 5].map((seat) => ({ seat, points: seat === 1 ? 1 : 0, reason: "" })) }, host.cookie);
    expect(await code(noReason)).toEqual({ status: 400, code: "bad-request" });
    expect(await code(await review(host.cookie, t1.code, 1, [0.005, 0, 0, 0, 0]))).toEqual({ status: 400, code: "bad-request" }); // steps of 0.01
    expect(await code(await review(host.cookie, "Z22222", 1, [0]))).toEqual({ status: 404, code: "not-found" });

    const page = await json<ReviewPage>(await review(host.cookie, t1.code, 1, [1, 2, 0.1, -1, 3], "Seat 4 gave the check away."));
    expect(page.season).toMatchObject({ id: seasonId, stage: "rating" });
    expect(page.review?.notes).toBe("Seat 4 gave the check away.");
    expect(page.review?.host).toBe(host.nickname);
    expect(page.review?.points.map((p) => [p.seat, p.nickname, p.points, p.reason])).toEqual([
      [1, a.nickname, 1, "for seat 1"],
      [2, b.nickname, 2, "for seat 2"],
      [3, c.nickname, 0.1, "for seat 3"],
      [4, d.nickname, -1, "for seat 4"],
      [5, "Bot 5", 3, "for seat 5"],
    ]);
    // Published: anyone reads it, signed in or not; the form is the hosts' only.
    const anon = await json<ReviewPage>(await get(`/api/clubs/reviews/${t1.code}/1`));
    expect(anon.review?.points).toHaveLength(5);
    expect([anon.canReview, page.canReview]).toEqual([false, true]);
  });

  it("§7.11 season sums: each player's best K = 2 of the season's N = 4 rating games; a fifth game counts for no season; an edit re-sums", async () => {
    await reportedGame(t1.code, 2, [a, b, c, d, null]);
    await reportedGame(t1.code, 3, [a, b, c, null, null]);
    await reportedGame(t1.code, 4, [b, a, c, d, null]);
    await json(await review(host.cookie, t1.code, 2, [3, 2, 0.2, 0, 0]));
    await json(await review(host.cookie, t1.code, 3, [2, 0.5, 0.2, 0, 0]));
    await json(await review(owner.cookie, t1.code, 4, [-1, 0.5, 0.3, 4, 0])); // seat 1 is b, seat 2 is a
    // a: 1, 3, 2, 0.5 → best 2 = 5 (all 6.5); b: 2, 2, 0.5, −1 → 4; c: 0.1, 0.2, 0.2, 0.3 → 0.5; d: −1, 0, 4 → 4 (all 3).
    const s = await json<ClubSeasons>(await get(`/api/clubs/${clubId}/seasons`, a.cookie));
    expect(s.season?.ratingGames).toBe(4);
    expect(s.season?.table.map((r) => [r.rank, r.nickname, r.games, r.counted, r.total, r.all, r.you])).toEqual([
      [1, a.nickname, 4, 2, 5, 6.5, true],
      [2, b.nickname, 4, 2, 4, 3.5, false], // ties d on 4: more points in all (3.5 > 3)
      [3, d.nickname, 3, 2, 4, 3, false],
      [4, c.nickname, 4, 2, 0.5, 0.8, false], // 0.3 + 0.2 is 0.5, not 0.5000000001
    ]);
    // Bots and guests get points in the review, never a line in the table.
    expect(s.season?.table).toHaveLength(4);

    await reportedGame(t1.code, 5, [a, b, c, d, null]);
    const fifth = await json<ReviewPage>(await review(host.cookie, t1.code, 5, [10, 0, 0, 0, 0]));
    expect(fifth.season).toBeNull(); // the season's 4 rating games are in
    expect((await json<ClubSeasons>(await get(`/api/clubs/${clubId}/seasons`))).season?.table[0]).toMatchObject({ nickname: a.nickname, total: 5 });

    // An edit rewrites the points and keeps the game's place in the season: d's 4 becomes 6 → d first.
    await json(await review(host.cookie, t1.code, 4, [-1, 0.5, 0.3, 6, 0]));
    const after = await json<ClubSeasons>(await get(`/api/clubs/${clubId}/seasons`));
    expect(after.season?.ratingGames).toBe(4);
    expect(after.season?.table.map((r) => [r.nickname, r.total])).toEqual([
      [d.nickname, 6],
      [a.nickname, 5],
      [b.nickname, 4],
      [c.nickname, 0.5],
    ]);
    // The club page's games: all five, latest first, with their review's stage.
    expect(after.games.slice(0, 5).map((g) => [g.n, g.review?.stage])).toEqual([[5, null], [4, "rating"], [3, "rating"], [2, "rating"], [1, "rating"]]);
  });

  it("§7.11 the champion table: the owner starts it after N; the top 3 are seated on its evening; its M = 2 games sum in full and close the season", async () => {
    const champ = await post(`/api/clubs/${clubId}/seasons/${seasonId}/champion`, { startsLocal: "2031-03-02T18:00", place: "Café Ural" }, host.cookie);
    expect(await code(champ)).toEqual({ status: 403, code: "not-club-owner" });
    const started = await json<SeasonPage & { eveningId: string }>(
      await post(`/api/clubs/${clubId}/seasons/${seasonId}/champion`, { startsLocal: "2031-03-02T18:00", place: "Café Ural" }, owner.cookie),
      201,
    );
    expect(started.season.status).toBe("champion");
    // Listed from the start in their season order, nothing scored yet.
    expect(started.season.champion?.table.map((r) => [r.rank, r.nickname, r.games, r.total])).toEqual([
      [1, d.nickname, 0, 0],
      [2, a.nickname, 0, 0],
      [3, b.nickname, 0, 0],
    ]);
    expect(await code(await post(`/api/clubs/${clubId}/seasons/${seasonId}/champion`, { startsLocal: "2031-03-02T18:00", place: "Café Ural" }, owner.cookie))).toEqual({
      status: 409,
      code: "season-not-open",
    });
    // Its evening: closed to sign-up, the three seated by the server.
    const ev = await json<EveningPage>(await get(`/api/clubs/${clubId}/evenings/${started.eveningId}`));
    expect(ev.seatedList.map((s) => s.nickname)).toEqual([d.nickname, a.nickname, b.nickname]);
    expect(ev.evening.status).toBe("closed");
    expect(await code(await post(`/api/clubs/${clubId}/evenings/${started.eveningId}/signup`, {}, c.cookie))).toEqual({ status: 409, code: "signup-closed" });

    // The champion evening's table plays; its games count there only, every point of them.
    const ct = tableCode();
    await DB.prepare("UPDATE evenings SET status = 'started', table_code = ? WHERE id = ?").bind(ct, started.eveningId).run();
    await reportedGame(ct, 1, [a, b, d, null]);
    await reportedGame(ct, 2, [d, a, b, null]);
    expect((await json<ReviewPage>(await review(host.cookie, ct, 1, [1, 2, 0.5, 9]))).season).toMatchObject({ id: seasonId, stage: "champion" });
    const mid = await json<SeasonPage>(await get(`/api/clubs/${clubId}/seasons/${seasonId}`));
    expect(mid.season.status).toBe("champion");
    expect(mid.season.champion?.table.map((r) => [r.nickname, r.games, r.total])).toEqual([
      [b.nickname, 1, 2],
      [a.nickname, 1, 1],
      [d.nickname, 1, 0.5],
    ]);
    await json(await review(host.cookie, ct, 2, [3, 0.5, 0.25, 0]));
    const done = await json<SeasonPage>(await get(`/api/clubs/${clubId}/seasons/${seasonId}`));
    expect(done.season).toMatchObject({ status: "closed", championPlayed: 2, ratingGames: 4 });
    expect(done.season.champion?.table.map((r) => [r.rank, r.nickname, r.games, r.total])).toEqual([
      [1, d.nickname, 2, 3.5],
      [2, b.nickname, 2, 2.25],
      [3, a.nickname, 2, 1.5],
    ]);
    // The season table itself is unchanged by the champion games.
    expect(done.season.table.map((r) => [r.nickname, r.total])).toEqual([[d.nickname, 6], [a.nickname, 5], [b.nickname, 4], [c.nickname, 0.5]]);
    // Closed: the club may start the next one.
    await json(await post(`/api/clubs/${clubId}/seasons`, { name: "Winter", gamesTotal: 2, bestOf: 1 }, owner.cookie), 201);
  });

  it("§7.11 the champion table waits for the season's N rating games (season-not-finished)", async () => {
    const s = await json<ClubSeasons>(await get(`/api/clubs/${clubId}/seasons`));
    expect(s.season?.name).toBe("Winter");
    expect(await code(await post(`/api/clubs/${clubId}/seasons/${s.season!.id}/champion`, { startsLocal: "2031-03-02T18:00", online: true }, owner.cookie))).toEqual({
      status: 409,
      code: "season-not-finished",
    });
  });

  it("a season's last slot under concurrency: three reviews at once, one slot left → exactly one counts", async () => {
    const winter = (await json<ClubSeasons>(await get(`/api/clubs/${clubId}/seasons`))).season!;
    const t = await eveningTable(owner, clubId);
    for (const n of [1, 2, 3, 4]) await reportedGame(t.code, n, [a, b, null]);
    await json(await review(host.cookie, t.code, 1, [1, 1, 0]));
    const pages = await Promise.all([2, 3, 4].map((n) => review(n % 2 ? owner.cookie : host.cookie, t.code, n, [1, 1, 0]).then((r) => json<ReviewPage>(r))));
    expect(pages.filter((p) => p.season !== null)).toHaveLength(1);
    const after = await json<SeasonPage>(await get(`/api/clubs/${clubId}/seasons/${winter.id}`));
    expect(after.season.ratingGames).toBe(2);
  });

  it("§7.11 games played in Tatar earn extra points: the club's bonus is added to every seat of a tatar game", async () => {
    expect(await code(await post(`/api/clubs/${clubId}/settings`, { tatarBonus: 0.5 }, host.cookie))).toEqual({ status: 403, code: "not-club-owner" });
    expect(await json(await post(`/api/clubs/${clubId}/settings`, { tatarBonus: 0.5 }, owner.cookie))).toEqual({ settings: { reviewsPrivate: false, tatarBonus: 0.5, winPoints: 1, listed: true } });
    await json(await post(`/api/clubs/${clubId}/seasons/${(await json<ClubSeasons>(await get(`/api/clubs/${clubId}/seasons`))).season!.id}/close`, {}, owner.cookie));
    await json(await post(`/api/clubs/${clubId}/seasons`, { name: "Tatar", gamesTotal: 3, bestOf: 3 }, owner.cookie), 201);
    const t = await eveningTable(owner, clubId, { presetId: "tatar" });
    await reportedGame(t.code, 1, [a, b, c], "tatar");
    const page = await json<ReviewPage>(await review(host.cookie, t.code, 1, [1, 0, -1]));
    expect(page.review?.points.map((p) => [p.points, p.bonus])).toEqual([[1, 0.5], [0, 0.5], [-1, 0.5]]);
    const s = await json<ClubSeasons>(await get(`/api/clubs/${clubId}/seasons`));
    expect(s.season?.table.map((r) => [r.nickname, r.total])).toEqual([[a.nickname, 1.5], [b.nickname, 0.5], [c.nickname, -0.5]]);
    // A club game in another format gets no bonus.
    const t2 = await eveningTable(owner, clubId);
    await reportedGame(t2.code, 1, [a, b, c]);
    expect((await json<ReviewPage>(await review(host.cookie, t2.code, 1, [1, 0, 0]))).review?.points.map((p) => p.bonus)).toEqual([0, 0, 0]);
  });

  it("§8 a player who opts out of publication: hidden in the season table and in every review to others, themself to themself", async () => {
    const t = await eveningTable(owner, clubId);
    await reportedGame(t.code, 1, [a, c, null]);
    await json(await review(host.cookie, t.code, 1, [1, 2, 0]));
    await json(await post("/api/me/publication", { publish: false }, c.cookie));
    for (const viewer of [undefined, a.cookie, owner.cookie]) {
      const seasons = await get(`/api/clubs/${clubId}/seasons`, viewer);
      const body = await seasons.text();
      expect(body, "the hidden nick is never sent").not.toContain(c.nickname);
      const s = JSON.parse(body) as ClubSeasons;
      expect(s.season!.table.map((r) => r.nickname)).toContain(null);
      expect(s.season!.table.map((r) => r.nickname)).toContain(a.nickname);
      const rv = await get(`/api/clubs/reviews/${t.code}/1`, viewer);
      const text = await rv.text();
      expect(text).not.toContain(c.nickname);
      const page = JSON.parse(text) as ReviewPage;
      expect(page.seats.map((x) => x.nickname)).toEqual([a.nickname, null, "Bot 3"]);
      expect(page.review?.points.map((x) => x.nickname)).toEqual([a.nickname, null, "Bot 3"]);
    }
    const own = await json<ReviewPage>(await get(`/api/clubs/reviews/${t.code}/1`, c.cookie));
    expect(own.seats[1]!.nickname).toBe(c.nickname);
    expect((await json<ClubSeasons>(await get(`/api/clubs/${clubId}/seasons`, c.cookie))).season!.table.find((r) => r.you)?.nickname).toBe(c.nickname);
    await json(await post("/api/me/publication", { publish: true }, c.cookie));
    expect((await json<ReviewPage>(await get(`/api/clubs/reviews/${t.code}/1`))).seats[1]!.nickname).toBe(c.nickname);
  });

  it("§8 reviews are published unless the club keeps them private: then only its hosts and the game's players read them", async () => {
    const t = await eveningTable(owner, clubId);
    await reportedGame(t.code, 1, [a, b, null]);
    await json(await review(host.cookie, t.code, 1, [1, 0, 0], "private notes"));
    await json(await post(`/api/clubs/${clubId}/settings`, { reviewsPrivate: true }, owner.cookie));
    const anon = await json<ReviewPage>(await get(`/api/clubs/reviews/${t.code}/1`));
    expect([anon.review, anon.hidden]).toEqual([null, true]);
    expect(JSON.stringify(anon)).not.toContain("private notes");
    const stranger = await json<ReviewPage>(await get(`/api/clubs/reviews/${t.code}/1`, c.cookie));
    expect(stranger.review).toBeNull();
    expect((await json<ReviewPage>(await get(`/api/clubs/reviews/${t.code}/1`, a.cookie))).review?.notes).toBe("private notes");
    expect((await json<ReviewPage>(await get(`/api/clubs/reviews/${t.code}/1`, host.cookie))).review?.notes).toBe("private notes");
    await json(await post(`/api/clubs/${clubId}/settings`, { reviewsPrivate: false }, owner.cookie));
    expect((await json<ReviewPage>(await get(`/api/clubs/reviews/${t.code}/1`))).review?.notes).toBe("private notes");
  });
});
