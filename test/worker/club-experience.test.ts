/**
 * RULES.md §7.10 (2026-12-06), a club that moves here with its players (docs/CLUBS.md "Experience"):
 *  - the club's owner or a host marks a member "experienced in tatar" (POST /api/clubs/:id/experience),
 *    logged with who and when; nobody else can;
 *  - marked experience lifts the consigliere requirement in that club: twelve marked members start the
 *    club's first rating tatar table with no consigliere, and a mark made while the table waits starts it;
 *  - an unmarked newcomer still needs one, and the evening page says who needs an advisor and who can advise;
 *  - an advisor counts only if experienced (an account with 10 finished games of the format here, or marked
 *    by the club): a guest bound by the plain invitation flow, or a member with no games, leaves the table
 *    waiting, and the organizer's start is refused with `advisor-not-experienced`.
 * Through the real routes and sockets in workerd.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { ClubPage, EveningPage, OpenEveningResponse } from "../../shared/protocol/clubs.ts";
import type { JoinResponse } from "../../shared/protocol/http.ts";
import type { EveningNewcomers } from "../../shared/protocol/rules-test.ts";
import { get, json, nick, openEveningAsHost, post, signUp, sitByAccount } from "./accounts-helpers.ts";
import { control } from "./fixture.ts";
import { type Client, connectAs, deviceFor, from, until } from "./helpers.ts";

let open: Client[] = [];
afterEach(() => {
  for (const c of open) c.close();
  open = [];
});

type Person = { nick: string; cookie: string };
const person = async (base: string): Promise<Person> => {
  const n = nick(base);
  return { nick: n, cookie: await signUp(n) };
};
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error;
const userId = async (p: Person) => (await env.DB.prepare("SELECT id FROM users WHERE nick = ?").bind(p.nick).first<{ id: string }>())!.id;

/** A tatar club whose season runs (its evening tables are rating tables), one evening two days ahead. */
async function ratingClub(tag: string) {
  const owner = await person(`${tag}Own`);
  const club = await json<ClubPage>(await post("/api/clubs", { name: nick(`${tag}Club`), city: "Kazan", language: "ru", formats: ["tatar"], timeZone: "Europe/Moscow" }, owner.cookie), 201);
  const clubId = club.club.id;
  expect((await post(`/api/clubs/${clubId}/seasons`, { name: `${tag} season` }, owner.cookie)).status).toBe(201);
  const e = await json<EveningPage>(await post(`/api/clubs/${clubId}/evenings`, { startsAt: Date.now() + 48 * 3600_000, place: "Hall", presetId: "tatar" }, owner.cookie), 201);
  return { owner, clubId, evening: `/api/clubs/${clubId}/evenings/${e.evening.id}` };
}

const mark = (clubId: string, who: Person, by: Person, experienced = true) => post(`/api/clubs/${clubId}/experience`, { nickname: who.nick, experienced }, by.cookie);

const sitOk = (code: string, who: Person) => sitByAccount(code, who, open);

const openAsHost = (c: { owner: Person; evening: string }) => openEveningAsHost(c, open);

/** `n` finished tatar games on this account (as the table's report writes them: games + game_players). */
async function finishedGames(p: Person, n: number): Promise<void> {
  const id = await userId(p);
  for (let i = 0; i < n; i++) {
    const g = `g-${p.nick}-${i}`;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO games (id, code, preset_id, started_at, ended_at, winner, reason, rated) VALUES (?, 'ABCDEF', 'tatar', 1, 2, 'red', 'all-black-dead', 0)").bind(g),
      env.DB.prepare("INSERT INTO game_players (game_id, seat, role, team, nickname, user_id, bot, outcome) VALUES (?, 1, 'civilian', 'red', ?, ?, 0, 'win')").bind(g, p.nick, id),
    ]);
  }
}

describe("RULES.md §7.10 (2026-12-06) the club marks experience", () => {
  it("§7.10 marking is the owner's or a host's, logged with who and when; the member list shows it (who marked it to those who run the club); unmarking is logged too", async () => {
    const c = await ratingClub("Mk");
    const host = await person("MkHost");
    const member = await person("MkMem");
    const stranger = await person("MkOut");
    expect((await post(`/api/clubs/${c.clubId}/hosts`, { nickname: host.nick }, c.owner.cookie)).status).toBe(200);
    expect((await post(`${c.evening}/signup`, {}, member.cookie)).status).toBe(200);

    // Nobody else: a member (even marking themself), a stranger, a signed-out caller.
    for (const who of [member, stranger]) {
      const refused = await mark(c.clubId, member, who);
      expect([refused.status, (await errorOf(refused)).code], who.nick).toEqual([403, "not-club-host"]);
    }
    expect((await post(`/api/clubs/${c.clubId}/experience`, { nickname: member.nick, experienced: true })).status).toBe(401);
    // Only a member of the club is marked.
    const notMember = await mark(c.clubId, stranger, c.owner);
    expect([notMember.status, (await errorOf(notMember)).code]).toEqual([404, "not-found"]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM club_experience_log WHERE club_id = ?").bind(c.clubId).first<{ n: number }>()).toEqual({ n: 0 });

    // A host marks: the page they get back shows the mark, who and when.
    const before = Date.now();
    const page = await json<ClubPage>(await mark(c.clubId, member, host));
    const row = page.members.find((m) => m.nickname === member.nick)!;
    expect(row.experienced).toMatchObject({ by: host.nick });
    expect(row.experienced!.at).toBeGreaterThanOrEqual(before);
    // Everyone sees the mark; only those who run the club see who made it.
    const seen = await json<ClubPage>(await get(`/api/clubs/${c.clubId}`, member.cookie));
    expect(seen.members.find((m) => m.nickname === member.nick)?.experienced).toEqual({ by: null, at: row.experienced!.at });
    expect((await json<ClubPage>(await get(`/api/clubs/${c.clubId}`, c.owner.cookie))).members.find((m) => m.nickname === member.nick)?.experienced?.by).toBe(host.nick);

    // Marking again changes nothing; the owner takes it back: both changes are in the log, with who and when.
    await json<ClubPage>(await mark(c.clubId, member, c.owner));
    const unmarked = await json<ClubPage>(await mark(c.clubId, member, c.owner, false));
    expect(unmarked.members.find((m) => m.nickname === member.nick)?.experienced).toBeUndefined();
    const log = await env.DB.prepare("SELECT user_id, experienced, by_user, at FROM club_experience_log WHERE club_id = ? ORDER BY id").bind(c.clubId).all<{ user_id: string; experienced: number; by_user: string; at: number }>();
    expect(log.results.map((r) => [r.user_id, r.experienced, r.by_user])).toEqual([
      [await userId(member), 1, await userId(host)],
      [await userId(member), 0, await userId(c.owner)],
    ]);
    for (const r of log.results) expect(r.at).toBeGreaterThanOrEqual(before);
  });

  it("§7.10 a club whose twelve members are marked experienced starts its first rating tatar table with no consigliere", async () => {
    const c = await ratingClub("Mv");
    const players = await Promise.all(Array.from({ length: 12 }, (_, i) => person(`Mv${i}`)));
    for (const p of players) expect((await post(`${c.evening}/signup`, {}, p.cookie)).status).toBe(200);
    for (const p of players) expect((await mark(c.clubId, p, c.owner)).status).toBe(200);
    // The evening page: nobody needs an advisor; all twelve can advise.
    const page = await json<EveningNewcomers>(await get(`${c.evening}/newcomers`, c.owner.cookie));
    expect(page.advisors).toMatchObject({ rating: true, needs: [] });
    expect(page.advisors!.can.sort()).toEqual(players.map((p) => p.nick).sort());

    const { code, host } = await openAsHost(c);
    const seats: Client[] = [];
    for (const p of players) seats.push((await sitOk(code, p)).client);
    await until(() => host.lastView().status === "playing", 15_000, "the twelfth seat starts the rating table");
    expect(host.lastView().lobby.some((p) => p.needsConsigliere || p.consigliere !== undefined)).toBe(false);
    for (const s of seats) expect(s.schemaFailures, s.name).toEqual([]);
  });

  it("§7.10 an unmarked newcomer still needs one (the views and the evening page say who); the owner's mark while the table waits starts it", async () => {
    const c = await ratingClub("Nw");
    const players = await Promise.all(Array.from({ length: 12 }, (_, i) => person(`Nw${i}`)));
    const newcomer = players[11]!;
    for (const p of players) expect((await post(`${c.evening}/signup`, {}, p.cookie)).status).toBe(200);
    for (const p of players.slice(0, 11)) expect((await mark(c.clubId, p, c.owner)).status).toBe(200);
    expect((await json<EveningNewcomers>(await get(`${c.evening}/newcomers`, players[0]!.cookie))).advisors?.needs).toEqual([newcomer.nick]);

    const { code, host } = await openAsHost(c);
    for (const p of players) await sitOk(code, p);
    await until(() => host.lastView().lobby.length === 12, 15_000, "twelve seated");
    expect(host.lastView().status).toBe("lobby");
    expect(host.lastView().lobby.filter((p) => p.needsConsigliere).map((p) => p.nickname)).toEqual([newcomer.nick]);
    const refused = await control(host, "start", { type: "start" });
    expect(refused).toMatchObject({ type: "error", code: "consigliere-required" });
    expect((refused as { message: string }).message).toContain(newcomer.nick);
    // The open table's own list, on the evening page.
    const page = await json<EveningNewcomers>(await get(`${c.evening}/newcomers`, players[0]!.cookie));
    expect(page.advisors?.needs).toEqual([newcomer.nick]);
    expect(page.advisors?.can).not.toContain(newcomer.nick);

    // The club knows them: marked now, the waiting table starts at once.
    expect((await mark(c.clubId, newcomer, c.owner)).status).toBe(200);
    await until(() => host.lastView().status === "playing", 15_000, "the mark starts the waiting table");
  });

  it("§7.10 a mark counts in its own club only: the same member is a newcomer at another club's rating table", async () => {
    const a = await ratingClub("Ca");
    const b = await ratingClub("Cb");
    const p = await person("CaMem");
    for (const c of [a, b]) expect((await post(`${c.evening}/signup`, {}, p.cookie)).status).toBe(200);
    expect((await mark(a.clubId, p, a.owner)).status).toBe(200);
    expect((await json<EveningNewcomers>(await get(`${a.evening}/newcomers`, p.cookie))).advisors?.needs).toEqual([]);
    expect((await json<EveningNewcomers>(await get(`${b.evening}/newcomers`, p.cookie))).advisors?.needs).toEqual([p.nick]);
    const refused = await mark(b.clubId, p, a.owner);
    expect([refused.status, (await errorOf(refused)).code]).toEqual([403, "not-club-host"]);
  });
});

describe("RULES.md §7.10 (2026-12-06) an advisor counts only if experienced", () => {
  it("§7.10 a guest bound by the plain invitation flow and a member with no games leave the table waiting (start refused: advisor-not-experienced); a member with 10 games here, or marked, counts", async () => {
    const c = await ratingClub("Adv");
    const newcomer = await person("AdvNew");
    const zero = await person("AdvZero");
    const veteran = await person("AdvVet");
    expect((await post(`${c.evening}/signup`, {}, newcomer.cookie)).status).toBe(200);
    for (const p of [zero, veteran]) {
      expect((await post(`/api/clubs/${c.clubId}/hosts`, { nickname: p.nick }, c.owner.cookie)).status).toBe(200);
      expect((await post(`/api/clubs/${c.clubId}/advise`, { offer: true }, p.cookie)).status).toBe(200);
    }
    await finishedGames(veteran, 10);
    const can = (await json<EveningNewcomers>(await get(`${c.evening}/newcomers`, newcomer.cookie))).advisors?.can ?? [];
    expect(can, "ten games here make an advisor; none do not").toContain(veteran.nick);
    expect(can).not.toContain(zero.nick);

    const { code, host } = await openAsHost(c);
    const seat = await sitOk(code, newcomer);
    expect(await control(host, "fill", { type: "fill-bots" })).toMatchObject({ type: "ack" });
    await until(() => host.lastView().lobby.length === 12, 15_000, "twelve seated");
    const revoke = async () => expect((await post(`/api/tables/${code}/consigliere/revoke`, { token: seat.join.token })).status).toBe(200);
    const stillWaits = async (advisor: string) => {
      await until(() => host.lastView().lobby.find((p) => p.nickname === newcomer.nick)?.consigliere === advisor, 5000, `${advisor} bound`);
      expect(host.lastView().status).toBe("lobby");
      expect(host.lastView().lobby.find((p) => p.nickname === newcomer.nick)?.needsConsigliere).toBe(true);
      expect(await control(host, `start-${advisor}`, { type: "start" })).toMatchObject({ type: "error", code: "advisor-not-experienced" });
    };

    // A guest sock puppet: the newcomer's own invitation code, used without an account.
    const guest = nick("Puppet");
    const invite = await json<{ code: string }>(await post(`/api/tables/${code}/consigliere/invite`, { token: seat.join.token }));
    await json<JoinResponse>(await post(`/api/tables/${code}/consigliere`, { code: invite.code, nickname: guest, deviceId: deviceFor(guest) }));
    await stillWaits(guest);
    await revoke();

    // A member with no games, asked and accepting from the evening page.
    expect((await post(`/api/tables/${code}/consigliere/ask`, { token: seat.join.token, nickname: zero.nick })).status).toBe(200);
    await json<JoinResponse>(await post(`/api/tables/${code}/consigliere/accept`, { playerId: seat.join.playerId, deviceId: deviceFor(zero.nick) }, zero.cookie));
    await stillWaits(zero.nick);
    await revoke();

    // The ten-game member, signed in, with the plain invitation code: counts, and the table starts.
    const again = await json<{ code: string }>(await post(`/api/tables/${code}/consigliere/invite`, { token: seat.join.token }));
    await json<JoinResponse>(await post(`/api/tables/${code}/consigliere`, { code: again.code, nickname: veteran.nick, deviceId: deviceFor(veteran.nick) }, veteran.cookie));
    await until(() => host.lastView().status === "playing", 15_000, "an experienced advisor starts the table");
    expect(host.lastView().lobby.find((p) => p.nickname === newcomer.nick)?.consigliere).toBe(veteran.nick);
  });

  it("§7.10 the club's mark makes an advisor: a member bound with no games counts once the owner marks them (the table starts)", async () => {
    const c = await ratingClub("AdvM");
    const newcomer = await person("AdvMNew");
    const member = await person("AdvMMem");
    expect((await post(`${c.evening}/signup`, {}, newcomer.cookie)).status).toBe(200);
    expect((await post(`${c.evening}/signup`, {}, member.cookie)).status).toBe(200);
    expect((await mark(c.clubId, member, c.owner)).status).toBe(200);
    expect((await mark(c.clubId, member, c.owner, false)).status).toBe(200);
    const { code, host } = await openAsHost(c);
    const seat = await sitOk(code, newcomer);
    expect(await control(host, "fill", { type: "fill-bots" })).toMatchObject({ type: "ack" });
    await until(() => host.lastView().lobby.length === 12, 15_000, "twelve seated");
    const invite = await json<{ code: string }>(await post(`/api/tables/${code}/consigliere/invite`, { token: seat.join.token }));
    await json<JoinResponse>(await post(`/api/tables/${code}/consigliere`, { code: invite.code, nickname: member.nick, deviceId: deviceFor(member.nick) }, member.cookie));
    await until(() => host.lastView().lobby.find((p) => p.nickname === newcomer.nick)?.consigliere === member.nick, 15_000, "bound");
    expect(await control(host, "start", { type: "start" })).toMatchObject({ type: "error", code: "advisor-not-experienced" });
    expect((await mark(c.clubId, member, c.owner)).status).toBe(200);
    await until(() => host.lastView().status === "playing", 15_000, "the mark makes the bound advisor count");
  });
});
