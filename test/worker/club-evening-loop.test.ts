/**
 * Issue 38.5, the club evening's loop (RULES.md §5.7, §6.11, §7.11; docs/CLUBS.md "The evening's loop"):
 *  - the opener chooses to host or to play: playing, they sit in their own seat while the club's named host
 *    takes the host screen (only that account may), or the server hosts and they organize from their seat;
 *  - "next game of the evening": the host opens the series' next game with every seat kept;
 *  - the evening is over once its table's game is reported (the club page lists it under "Past") and
 *    open again when the next game is opened;
 *  - the review starts from the club's points for a win (the page says which seats won).
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { heuristicBot } from "../../shared/bots/index.ts";
import type { ClubPage, EveningPage, HostTokenResponse, OpenEveningResponse } from "../../shared/protocol/clubs.ts";
import type { JoinResponse } from "../../shared/protocol/http.ts";
import type { ClubSeasons, ReviewPage } from "../../shared/protocol/seasons.ts";
import { get, nick, post, signUp } from "./accounts-helpers.ts";
import { control, gameOf, playAgain } from "./fixture.ts";
import { type Client, connectAs, deviceFor, from, tableStub, until } from "./helpers.ts";
import { playToEnd, type TableRun } from "./play.ts";

let open: Client[] = [];
afterEach(() => {
  for (const c of open) c.close();
  open = [];
});

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

interface Club {
  clubId: string;
  evening: string;
  owner: { nick: string; cookie: string };
  host: { nick: string; cookie: string };
  member: { nick: string; cookie: string };
}

/** A tatar club (owner, a named host, a member), an evening both the owner and the member signed up for. */
async function clubEvening(tag: string): Promise<Club> {
  const person = async (what: string) => {
    const n = nick(`${tag}${what}`);
    return { nick: n, cookie: await signUp(n) };
  };
  const [owner, host, member] = [await person("Own"), await person("Hst"), await person("Mem")];
  const club = await post("/api/clubs", { name: nick(`${tag}Club`), city: "Kyiv", language: "uk", formats: ["tatar"], timeZone: "Europe/Kyiv" }, owner.cookie);
  expect(club.status).toBe(201);
  const clubId = ((await club.json()) as ClubPage).club.id;
  expect((await post(`/api/clubs/${clubId}/hosts`, { nickname: host.nick }, owner.cookie)).status).toBe(200);
  const e = await post(`/api/clubs/${clubId}/evenings`, { startsAt: Date.now() + 2 * 3600_000, place: "Hall", presetId: "tatar" }, owner.cookie);
  expect(e.status).toBe(201);
  const evening = `/api/clubs/${clubId}/evenings/${((await e.json()) as EveningPage).evening.id}`;
  for (const p of [owner, member]) expect((await post(`${evening}/signup`, {}, p.cookie)).status).toBe(200);
  return { clubId, evening, owner, host, member };
}

async function sitByAccount(code: string, who: { nick: string; cookie: string }, organizerToken?: string | null): Promise<{ join: JoinResponse; client: Client }> {
  const res = await post(`/api/tables/${code}/join`, { nickname: who.nick, deviceId: deviceFor(who.nick), ...(organizerToken ? { organizerToken } : {}) }, who.cookie, from(who.nick));
  expect(res.status, await res.clone().text()).toBe(200);
  const join = (await res.json()) as JoinResponse;
  const client = await connectAs(code, join.token, who.nick, from(who.nick)["cf-connecting-ip"]);
  open.push(client);
  return { join, client };
}

const players = (code: string) =>
  runInDurableObject(tableStub(code), (_o, state) =>
    state.storage.sql.exec("SELECT player_id, nickname, bot, game_no FROM players ORDER BY place").toArray() as Array<{ player_id: string; nickname: string; bot: number; game_no: number }>,
  );

const eveningRow = (code: string) => env.DB.prepare("SELECT status, games, ended_at, host_id FROM evenings WHERE table_code = ?").bind(code).first<{ status: string; games: number; ended_at: number | null; host_id: string | null }>();

describe("issue 38.5 the club evening's loop (RULES.md §5.7, §6.11)", () => {
  it("§6.11 the opener plays in their booked seat with a named host; the host claims the host screen (nobody else may); two games via 'next game of the evening' with every seat kept; the evening is over after each game and open again at the next; the review starts from the win points", async () => {
    const c = await clubEvening("Loop");
    // The owner sets the club's points for a win (§7.11: the host awards points at the review).
    const set = await post(`/api/clubs/${c.clubId}/settings`, { winPoints: 2 }, c.owner.cookie);
    expect(await set.json()).toMatchObject({ settings: { winPoints: 2 } });

    // The owner's page offers the club's hosts to name.
    const before = (await (await get(c.evening, c.owner.cookie)).json()) as EveningPage;
    expect(before.hosts).toContain(c.host.nick);
    expect(before.host).toBeNull();
    const memberView = (await (await get(c.evening, c.member.cookie)).json()) as EveningPage;
    expect(memberView.hosts, "only the club's hosts see who may host").toEqual([]);

    const opened = await post(`${c.evening}/open`, { play: true, host: c.host.nick }, c.owner.cookie);
    expect(opened.status, await opened.clone().text()).toBe(201);
    const o = (await opened.json()) as OpenEveningResponse;
    expect(o.opener).toBe("play");
    expect(o.organizerToken, "the opener who plays gets no host credential").toBeNull();
    expect(o.evening.host).toEqual({ nickname: c.host.nick, you: false });
    expect(((await (await get(c.evening, c.host.cookie)).json()) as EveningPage).host).toEqual({ nickname: c.host.nick, you: true });

    // Only the named host takes the host screen.
    for (const other of [c.owner, c.member]) {
      const refused = await post(`${c.evening}/host`, {}, other.cookie);
      expect(refused.status).toBe(403);
      expect(await errorOf(refused)).toBe("not-allowed");
    }
    const claimed = await post(`${c.evening}/host`, {}, c.host.cookie);
    expect(claimed.status).toBe(200);
    const { token } = (await claimed.json()) as HostTokenResponse;
    const host = await connectAs(o.code, token, "host");
    open.push(host);
    expect(host.frames.find((m) => m.type === "welcome")).toMatchObject({ identity: { kind: "host" } });

    // The owner sits in their own seat with their account, the member too; the host fills the rest with bots (tatar starts when full).
    const owner = await sitByAccount(o.code, c.owner);
    const member = await sitByAccount(o.code, c.member);
    expect(await control(host, "fill", { type: "fill-bots" })).toMatchObject({ type: "ack" });
    await until(() => owner.client.lastView().status === "playing", 15_000, "the game starts");
    // The rest is hosted by the server (§5.7 the organizer hands it over) so the game runs to its end here.
    expect(await control(host, "srv", { type: "server-hosts" })).toMatchObject({ type: "ack" });
    expect(await control(host, "early", { type: "next-game" })).toMatchObject({ type: "error", code: "not-ended" });
    const run = (): TableRun => ({
      code: o.code,
      stub: tableStub(o.code),
      seated: [
        { nickname: c.owner.nick, join: owner.join, client: owner.client, bot: heuristicBot("loop/owner") },
        { nickname: c.member.nick, join: member.join, client: member.client, bot: heuristicBot("loop/member") },
      ],
      spectators: [host],
      all: () => [owner.client, member.client, host],
      close: () => undefined,
    });
    await playToEnd(run());
    expect(gameOf(owner.client).result).not.toBeNull();

    // The game is reported: the evening is over (the club page lists it under "Past", "played: 1 game").
    await expect.poll(async () => (await eveningRow(o.code))?.ended_at ?? null, { timeout: 30_000 }).not.toBeNull();
    const row = await eveningRow(o.code);
    expect(row).toMatchObject({ status: "started", games: 1 });
    expect(row!.ended_at).not.toBeNull();
    const page = (await (await get(`/api/clubs/${c.clubId}`)).json()) as ClubPage;
    expect(page.upcoming.map((e) => e.id)).toEqual([]);
    expect(page.past[0]).toMatchObject({ games: 1, status: "started" });
    expect(page.past[0]!.endedAt).not.toBeNull();

    // The review's page says which seats won, and the club's points for a win.
    const review = (await (await get(`/api/clubs/reviews/${o.code}/1`, c.host.cookie)).json()) as ReviewPage;
    expect(review.club.winPoints).toBe(2);
    expect(review.canReview).toBe(true);
    const winner = gameOf(owner.client).result!.winner;
    const teams = new Map(gameOf(owner.client).result!.roles.map((r) => [r.seat, r.team]));
    expect(review.seats.map((s) => s.seat).sort((a, b) => a - b), "every seat of the game is on the review").toEqual([...teams.keys()].sort((a, b) => a - b));
    expect(review.seats.map((s) => [s.seat, s.won])).toEqual(review.seats.map((s) => [s.seat, teams.get(s.seat) === winner]));
    // Bots may play three quiet rounds: a draw (RULES.md §2.12) wins no seat; a team's win marks every seat of that team.
    const winners = [...teams.values()].filter((team) => team === winner).length;
    expect(review.seats.filter((s) => s.won), `the winners of a ${winner} result`).toHaveLength(winner === "draw" ? 0 : winners);
    if (winner !== "draw") expect(winners).toBeGreaterThan(0);

    // A player's "play again" opens the next game with them and the bots only; the host's "next game of
    // the evening" then adds everyone else of game 1 (the member), which fills tatar's 12 and starts it.
    const seatsBefore = await players(o.code);
    expect(await control(owner.client, "mine", { type: "next-game" })).toMatchObject({ type: "error", code: "not-organizer" });
    expect(await playAgain(owner.client)).toMatchObject({ type: "ack" });
    expect((await players(o.code)).find((p) => p.nickname === c.member.nick)!.game_no, "the member has not pressed").toBe(1);
    expect(await control(host, "next", { type: "next-game" })).toMatchObject({ type: "ack" });
    await until(() => owner.client.lastView().status === "playing" && owner.client.lastView().series.game === 2, 15_000, "game 2 starts");
    const seatsAfter = await players(o.code);
    expect(seatsAfter.map((p) => p.player_id).sort()).toEqual(seatsBefore.map((p) => p.player_id).sort());
    expect(seatsAfter.every((p) => p.game_no === 2), "everyone of game 1 sits in game 2").toBe(true);
    expect(await control(host, "twice", { type: "next-game" })).toMatchObject({ type: "error", code: "not-ended" });
    expect((await eveningRow(o.code))!.ended_at, "the evening is on again").toBeNull();

    // Game 2 to its end (the live host hosts each new game; again handed to the server here); the host
    // opens game 3 straight from the end: every seat is kept again.
    await until(() => member.client.lastView().series.game === 2 && member.client.lastView().game !== null, 15_000, "the member's view of game 2");
    expect(await control(host, "srv2", { type: "server-hosts" })).toMatchObject({ type: "ack" });
    await playToEnd(run());
    await until(() => member.client.lastView().game?.result != null, 15_000, "game 2 ends");
    expect(await control(host, "next3", { type: "next-game" })).toMatchObject({ type: "ack" });
    await until(() => owner.client.lastView().series.game === 3, 15_000, "game 3 opens");
    expect((await players(o.code)).every((p) => p.game_no === 3)).toBe(true);
    await until(() => owner.client.lastView().status === "playing", 15_000, "game 3 starts (full)");
    expect(owner.client.lastView().clubEvening).toBe(true);
  });

  it("§5.7 the opener plays and nobody is named: the server hosts, the opener organizes from their seat", async () => {
    const c = await clubEvening("Srv");
    const opened = await post(`${c.evening}/open`, { play: true }, c.owner.cookie);
    expect(opened.status).toBe(201);
    const o = (await opened.json()) as OpenEveningResponse;
    expect(o).toMatchObject({ opener: "play" });
    expect(o.organizerToken).toEqual(expect.any(String));
    expect(o.evening.host).toBeNull();
    const owner = await sitByAccount(o.code, c.owner, o.organizerToken);
    const view = owner.client.lastView();
    expect(view.host).toBe("server");
    expect(view.organizing, "the opener holds the organizer rights from their seat").toBe(true);
    const claim = await post(`${c.evening}/host`, {}, c.host.cookie);
    expect(claim.status, "no named host: nobody claims the host screen").toBe(403);
  });

  it("§9.1, §5.7 the account named to host a table never also plays at it: its seat is refused (host-cannot-sit) before and after it takes the host screen", async () => {
    // The named host also signed up for the evening; its host screen shows every role.
    const c = await clubEvening("SeatH");
    expect((await post(`${c.evening}/signup`, {}, c.host.cookie)).status).toBe(200);
    const o = (await (await post(`${c.evening}/open`, { play: true, host: c.host.nick }, c.owner.cookie)).json()) as OpenEveningResponse;
    const sit = () => post(`/api/tables/${o.code}/join`, { nickname: c.host.nick, deviceId: deviceFor(c.host.nick) }, c.host.cookie, from(c.host.nick));
    const before = await sit();
    expect([before.status, await errorOf(before)]).toEqual([409, "host-cannot-sit"]);
    expect((await post(`${c.evening}/host`, {}, c.host.cookie)).status).toBe(200);
    const after = await sit();
    expect([after.status, await errorOf(after)]).toEqual([409, "host-cannot-sit"]);
    expect((await players(o.code)).map((p) => p.nickname)).not.toContain(c.host.nick);
  });

  it("§6.11 refusals: a named host who is not the club's host, the opener named as host, a host named by an opener who hosts", async () => {
    const c = await clubEvening("Ref");
    const notHost = await post(`${c.evening}/open`, { play: true, host: c.member.nick }, c.owner.cookie);
    expect(notHost.status).toBe(403);
    expect(await errorOf(notHost)).toBe("not-club-host");
    const self = await post(`${c.evening}/open`, { play: true, host: c.owner.nick }, c.owner.cookie);
    expect(self.status).toBe(400);
    const hosting = await post(`${c.evening}/open`, { host: c.host.nick }, c.owner.cookie);
    expect(hosting.status).toBe(400);
    expect(await errorOf(hosting)).toBe("bad-request");
    // Nothing was opened by any of them.
    expect(((await (await get(c.evening, c.owner.cookie)).json()) as EveningPage).evening.tableCode).toBeNull();
    // The default stays: the opener hosts.
    const opened = (await (await post(`${c.evening}/open`, {}, c.owner.cookie)).json()) as OpenEveningResponse;
    expect(opened.opener).toBe("host");
    const host = await connectAs(opened.code, opened.organizerToken!, "host");
    open.push(host);
    expect(host.frames.find((m) => m.type === "welcome")).toMatchObject({ identity: { kind: "host" } });
  });

  it("'next game of the evening' is refused at an ordinary table (each player chooses to play again there)", async () => {
    const res = await post("/api/tables", { presetId: "sport" }, null);
    const { code, organizerToken } = (await res.json()) as { code: string; organizerToken: string };
    const j = (await (await post(`/api/tables/${code}/join`, { nickname: "Orgy", deviceId: deviceFor("Orgy"), organizerToken }, null, from("Orgy"))).json()) as JoinResponse;
    const c = await connectAs(code, j.token, "Orgy", from("Orgy")["cf-connecting-ip"]);
    open.push(c);
    expect(await control(c, "n", { type: "next-game" })).toMatchObject({ type: "error", code: "not-allowed" });
  });

  it("the settings keep the win points (0 allowed, the default 1)", async () => {
    const c = await clubEvening("Pts");
    const seasons = (await (await get(`/api/clubs/${c.clubId}/seasons`)).json()) as ClubSeasons;
    expect(seasons.settings.winPoints).toBe(1);
    expect(await (await post(`/api/clubs/${c.clubId}/settings`, { winPoints: 0 }, c.owner.cookie)).json()).toMatchObject({ settings: { winPoints: 0 } });
    const bad = await post(`/api/clubs/${c.clubId}/settings`, { winPoints: 0.001 }, c.owner.cookie);
    expect(bad.status).toBe(400);
    expect((await post(`/api/clubs/${c.clubId}/settings`, { winPoints: 3 }, c.host.cookie)).status, "the owner's setting").toBe(403);
  });
});
