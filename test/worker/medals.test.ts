/**
 * Issue 35, medals for a season's top 3 (RULES.md §7.11; seed 004 "ТОП-3 получают золотую, серебряную и
 * бронзовую медали как победители сезона"): shown on the season table and on the players' profiles once the
 * season is closed — not before; hidden from others on the profile of a player who opted out (§8).
 * Games are written to D1 as a table reports them (as test/worker/seasons.test.ts does); reviews go through the API.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Profile } from "../../shared/protocol/accounts.ts";
import type { ClubPage, EveningPage } from "../../shared/protocol/clubs.ts";
import { CODE_ALPHABET } from "../../shared/protocol/codes.ts";
import type { SeasonPage } from "../../shared/protocol/seasons.ts";
import { get, json, nick, post, signUp } from "./accounts-helpers.ts";
import { api } from "./helpers.ts";

const DB = env.DB;
const HOUR = 3600_000;
interface Person { nickname: string; cookie: string; id: string }

async function person(base: string): Promise<Person> {
  const nickname = nick(base);
  const cookie = await signUp(nickname);
  const row = await DB.prepare("SELECT id FROM users WHERE nick = ?").bind(nickname).first<{ id: string }>();
  return { nickname, cookie, id: row!.id };
}
const tableCode = () => Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
let ended = 1_850_000_000_000;
async function reportedGame(code: string, n: number, seats: Person[]): Promise<void> {
  const id = `${code}/${n}`;
  ended += 60_000;
  await DB.batch([
    DB.prepare("INSERT INTO games (id, code, preset_id, started_at, ended_at, winner, reason, rated, game_no) VALUES (?, ?, 'classic', ?, ?, 'red', 'all-black-out', 0, ?)").bind(id, code, ended - HOUR, ended, n),
    ...seats.map((p, i) => DB.prepare("INSERT INTO game_players (game_id, seat, role, team, nickname, user_id, bot, outcome) VALUES (?, ?, 'civilian', 'red', ?, ?, 0, 'win')").bind(id, i + 1, p.nickname, p.id)),
  ]);
}
const review = (cookie: string, code: string, n: number, points: number[]) =>
  api(`/api/clubs/reviews/${code}/${n}`, {
    method: "PUT",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ notes: "", points: points.map((p, i) => ({ seat: i + 1, points: p, reason: p === 0 ? "" : `seat ${i + 1}` })) }),
  });
const profile = async (p: Person, viewer?: Person) => json<Profile>(await get(`/api/users/${encodeURIComponent(p.nickname)}`, viewer?.cookie));

describe("§7.11 medals for a season's top 3 (issue 35, seed 004)", () => {
  let owner: Person;
  let ps: Person[];
  let clubId: string;
  let seasonId: string;

  beforeAll(async () => {
    owner = await person("MedOwn");
    ps = [];
    for (const b of ["MedA", "MedB", "MedC", "MedD"]) ps.push(await person(b));
    const club = await json<ClubPage>(await post("/api/clubs", { name: "Medal club", city: "Odesa", language: "uk", formats: ["classic"], timeZone: "Europe/Kyiv" }, owner.cookie), 201);
    clubId = club.club.id;
    const s = await json<SeasonPage>(await post(`/api/clubs/${clubId}/seasons`, { name: "Autumn", gamesTotal: 2, bestOf: 2 }, owner.cookie), 201);
    seasonId = s.season.id;
    const e = await json<EveningPage>(await post(`/api/clubs/${clubId}/evenings`, { startsAt: Date.now() + 48 * HOUR, place: "Port", presetId: "classic" }, owner.cookie), 201);
    const code = tableCode();
    await DB.prepare("UPDATE evenings SET status = 'started', table_code = ? WHERE id = ?").bind(code, e.evening.id).run();
    await reportedGame(code, 1, ps);
    await reportedGame(code, 2, ps);
    // Totals: C 5, A 4, D 3, B 1 → gold C, silver A, bronze D.
    await json(await review(owner.cookie, code, 1, [2, 1, 3, 1]));
    await json(await review(owner.cookie, code, 2, [2, 0, 2, 2]));
  }, 120_000);

  it("no medal while the season runs", async () => {
    const s = await json<SeasonPage>(await get(`/api/clubs/${clubId}/seasons/${seasonId}`));
    expect(s.season.table.map((r) => r.medal)).toEqual([undefined, undefined, undefined, undefined]);
    expect((await profile(ps[2]!)).medals).toEqual([]);
  });

  it("once closed: gold, silver, bronze on the season table and on the three profiles; none for fourth", async () => {
    await json(await post(`/api/clubs/${clubId}/seasons/${seasonId}/close`, {}, owner.cookie));
    const s = await json<SeasonPage>(await get(`/api/clubs/${clubId}/seasons/${seasonId}`));
    expect(s.season.table.map((r) => [r.nickname, r.rank, r.medal])).toEqual([
      [ps[2]!.nickname, 1, "gold"],
      [ps[0]!.nickname, 2, "silver"],
      [ps[3]!.nickname, 3, "bronze"],
      [ps[1]!.nickname, 4, undefined],
    ]);
    const medal = { club: { id: clubId, name: "Medal club" }, season: { id: seasonId, name: "Autumn" } };
    expect((await profile(ps[2]!)).medals).toEqual([{ ...medal, place: 1, medal: "gold" }]);
    expect((await profile(ps[0]!)).medals).toEqual([{ ...medal, place: 2, medal: "silver" }]);
    expect((await profile(ps[3]!)).medals).toEqual([{ ...medal, place: 3, medal: "bronze" }]);
    expect((await profile(ps[1]!)).medals).toEqual([]);
  });

  it("§8: a medallist who opted out shows none to others, and still sees their own", async () => {
    await json(await post("/api/me/publication", { publish: false }, ps[0]!.cookie));
    expect((await profile(ps[0]!)).medals).toEqual([]);
    expect((await profile(ps[0]!, owner)).medals).toEqual([]);
    expect((await profile(ps[0]!, ps[0]!)).medals).toHaveLength(1);
  });
});
