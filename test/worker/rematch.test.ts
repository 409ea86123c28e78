/**
 * Issue 13, part A: "Play again at this table" and the table's series (docs/PROTOCOL.md "Rematch and
 * series"). The first press after the end opens the next game (same code, game number + 1, fresh
 * seed); pressers keep their rows (ids, tokens, return codes); the bots stay; later presses sit while
 * there is room; newcomers may join; whoever has not pressed when the next game starts is dropped and
 * watches as a spectator. Sport draws the seats again (RULES.md §1 Seat), city keeps them.
 */
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { heuristicBot } from "../../shared/bots/index.ts";
import { apply, createGame, type GameState, type Input } from "../../shared/engine/index.ts";
import type { CreateTableResponse, JoinResponse } from "../../shared/protocol/http.ts";
import type { ServerMessage } from "../../shared/protocol/messages.ts";
import { nick, post, signUp } from "./accounts-helpers.ts";
import { pacedControl, playAgain, settle } from "./fixture.ts";
import { type Client, connect, connectAs, createTable, deviceFor, evict, from, joinWith, postJson, sleep, summary, tableStub } from "./helpers.ts";
import { playToEnd, type SeatedClient, type TableRun } from "./play.ts";

const open: Client[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

const errorCode = (m: ServerMessage) => (m.type === "error" ? m.code : m.type);

const control = pacedControl;

interface Person {
  nickname: string;
  j: JoinResponse;
  c: Client;
}

async function sit(code: string, nickname: string, organizerToken?: string): Promise<Person> {
  const res = await joinWith(code, organizerToken ? { nickname, organizerToken } : { nickname });
  if (res.status !== 200) throw new Error(`join ${nickname}: ${res.status} ${await res.text()}`);
  const j = (await res.json()) as JoinResponse;
  const c = await connectAs(code, j.token, nickname);
  open.push(c);
  return { nickname, j, c };
}

function run(code: string, people: Person[]): TableRun {
  const seated: SeatedClient[] = people.map((p, i) => ({ nickname: p.nickname, join: p.j, client: p.c, bot: heuristicBot(`${code}/${i}`) }));
  return { code, stub: tableStub(code), seated, spectators: [], all: () => people.map((p) => p.c), close: () => undefined };
}

/** The table's rows of the series, as stored (server-only fields included). */
async function stored(code: string) {
  return runInDurableObject(tableStub(code), (_i, state) => {
    const sql = state.storage.sql;
    return {
      configSeed: String(sql.exec("SELECT seed FROM config").one().seed),
      game: sql.exec("SELECT game_no, seed, status FROM game").one() as { game_no: number; seed: string | null; status: string },
      series: sql.exec("SELECT game, seed, started_at, players, winner, reason FROM series ORDER BY game").toArray() as Array<{ game: number; seed: string; started_at: number; players: string; winner: string | null; reason: string | null }>,
      players: sql.exec("SELECT player_id, nickname, seat, bot, game_no FROM players ORDER BY place").toArray() as Array<{ player_id: string; nickname: string; seat: number | null; bot: number; game_no: number }>,
      archived: Number(sql.exec("SELECT COUNT(*) AS n FROM input_log_archive").one().n),
    };
  });
}

/** Ann (organizer) and Bea sit at a sport table, Ann fills it with bots; the game is played to the end. */
async function endedSportGame(): Promise<{ code: string; ann: Person; bea: Person }> {
  const { code, organizerToken } = await createTable({ presetId: "sport" });
  const ann = await sit(code, "Ann", organizerToken);
  const bea = await sit(code, "Bea");
  expect(errorCode(await control(ann.c, "fill", { type: "fill-bots" }))).toBe("ack");
  await settle(code, [ann.c, bea.c]);
  expect(errorCode(await playAgain(ann.c))).toBe("not-ended");
  await playToEnd(run(code, [ann, bea]));
  await settle(code, [ann.c, bea.c]);
  return { code, ann, bea };
}

describe("rematch and series (issue 13)", () => {
  it("two people and eight bots: both press, game 2 starts with the same code, new seed, seats drawn again (RULES.md §1 Seat, sport), same rows and tokens; the series lists game 1; D1 has both games", async () => {
    const { code, ann, bea } = await endedSportGame();
    const spectator = await connectAs(code, undefined, "watcher");
    open.push(spectator);
    const end1 = ann.c.lastView();
    expect(end1.status).toBe("ended");
    const result1 = end1.game!.result!;
    expect(end1.series).toEqual({ game: 1, results: [{ game: 1, winner: result1.winner, reason: result1.reason }], next: null });
    const before = await stored(code);
    expect(before.game).toEqual({ game_no: 1, seed: null, status: "ended" });

    // Ann presses first: the next game's lobby opens with Ann and the eight bots.
    expect(errorCode(await playAgain(ann.c))).toBe("ack");
    expect(errorCode(await playAgain(ann.c))).toBe("already-in");
    const [annView, beaView, specView] = await settle(code, [ann.c, bea.c, spectator]);
    expect(annView!.status).toBe("lobby");
    expect(annView!.game).toBeNull();
    expect(annView!.series).toEqual({ game: 2, results: [{ game: 1, winner: result1.winner, reason: result1.reason }], next: null });
    expect(annView!.lobby.map((p) => p.nickname)).toEqual(["Ann", ...Array.from({ length: 8 }, (_, i) => `Bot ${i + 1}`)]);
    expect(annView!.lobby.every((p) => p.seat === null)).toBe(true);
    expect(annView!.organizing).toBe(true);
    // Bea has not pressed: she still sees the end of game 1, and that nine sit in game 2.
    expect(beaView!.status).toBe("ended");
    expect(beaView!.game!.result).toEqual(result1);
    expect(beaView!.series).toEqual({ game: 1, results: [{ game: 1, winner: result1.winner, reason: result1.reason }], next: { game: 2, seated: 9 } });
    expect(specView!.status).toBe("lobby");
    expect(specView!.lobby).toHaveLength(9);
    expect(errorCode(await playAgain(spectator))).toBe("not-seated");
    const mid = await stored(code);
    expect(mid.game.game_no).toBe(2);
    // The public summary names the game the table is at (a device whose key stopped learns why).
    expect((await summary(code)).game).toBe(2);
    expect(mid.game.seed).not.toBeNull();
    expect(mid.game.seed).not.toBe(before.configSeed);

    // Bea presses: the table is full and game 2 starts at once (RULES.md §2).
    expect(errorCode(await playAgain(bea.c))).toBe("ack");
    const [a2, b2] = await settle(code, [ann.c, bea.c, spectator]);
    expect(a2!.code).toBe(code);
    expect(a2!.status).toBe("playing");
    expect(a2!.series.game).toBe(2);
    expect(await summary(code)).toMatchObject({ game: 2, status: "playing" });
    expect(b2!.series).toEqual({ game: 2, results: [{ game: 1, winner: result1.winner, reason: result1.reason }], next: null });
    expect(a2!.game!.log.some((e) => e.type === "seats-drawn")).toBe(true);
    expect(a2!.game!.log.length).toBeLessThan(end1.game!.log.length);
    const after = await stored(code);
    expect(after.players.map((p) => p.player_id).sort()).toEqual(before.players.map((p) => p.player_id).sort());
    expect(after.series.map((g) => g.game)).toEqual([1, 2]);
    expect(after.series[0]!.seed).toBe(before.configSeed);
    expect(after.series[1]!.seed).toBe(mid.game.seed);
    expect(after.archived).toBeGreaterThan(0);
    // Sport draws again: the seat order of game 2 is the engine's draw from the new seed.
    const specs = JSON.parse(after.series[1]!.players) as Array<{ id: string; nickname: string; bot: boolean }>;
    const drawn = createGame("sport", {}, specs, after.series[1]!.seed, after.series[1]!.started_at);
    for (const p of after.players) expect(p.seat).toBe((drawn as unknown as { players: Array<{ id: string; seat: number }> }).players.find((x) => x.id === p.player_id)!.seat);
    expect(JSON.parse(after.series[0]!.players).map((p: { id: string }) => p.id)).not.toEqual([]);

    // The same tokens and return codes still hold the seats.
    const again = await connectAs(code, ann.j.token, "Ann again");
    open.push(again);
    expect(again.frames.find((m) => m.type === "welcome")).toMatchObject({ identity: { kind: "player", playerId: ann.j.playerId } });
    const back = await postJson(`/api/tables/${code}/return`, { returnCode: bea.j.returnCode }, from("Bea"));
    expect(back.status).toBe(200);
    expect(((await back.json()) as { playerId: string }).playerId).toBe(bea.j.playerId);

    // Game 2 to the end: two records in D1, distinct ids "<code>/<started_at>".
    await playToEnd(run(code, [ann, bea]));
    await settle(code, [ann.c, bea.c]);
    const final = ann.c.lastView();
    expect(final.series.results.map((r) => r.game)).toEqual([1, 2]);
    const games = await env.DB.prepare("SELECT id, game_no FROM games WHERE code = ? ORDER BY started_at").bind(code).all();
    expect(games.results.map((g) => g.id)).toEqual(after.series.map((g) => `${code}/${g.started_at}`));
    // Issue 19: each record knows its number in the series (game 1 was reported from the rematch lobby's backlog).
    expect(games.results.map((g) => g.game_no)).toEqual([1, 2]);
    // No frame to anyone ever carried a game's seed, or another seat's token or return code.
    const secrets = [before.configSeed, mid.game.seed!, ann.j.returnCode, bea.j.returnCode, bea.j.token];
    for (const c of [ann.c, spectator, again]) for (const raw of c.raw) for (const secret of secrets) expect(raw.includes(secret), `${c.name} got a secret`).toBe(false);
    for (const raw of bea.c.raw) for (const secret of [before.configSeed, mid.game.seed!, ann.j.returnCode, ann.j.token]) expect(raw.includes(secret)).toBe(false);
  });

  it("game 1 still replays from the archive: its seed, players and input log give its stored result", async () => {
    const { code, ann, bea } = await endedSportGame();
    expect(errorCode(await playAgain(ann.c))).toBe("ack");
    expect(errorCode(await playAgain(bea.c))).toBe("ack");
    await settle(code, [ann.c, bea.c]);
    const rec = await runInDurableObject(tableStub(code), (_i, state) => {
      const sql = state.storage.sql;
      return {
        series: sql.exec("SELECT seed, started_at, players, winner, reason FROM series WHERE game = 1").one(),
        log: sql.exec("SELECT at, input FROM input_log_archive WHERE game = 1 ORDER BY seq").toArray().map((r) => ({ at: Number(r.at), input: JSON.parse(String(r.input)) as Input })),
      };
    });
    let state: GameState = createGame("sport", {}, JSON.parse(String(rec.series.players)), String(rec.series.seed), Number(rec.series.started_at));
    for (const { at, input } of rec.log) {
      const r = apply(state, input, at);
      expect(r.ok, JSON.stringify(input)).toBe(true);
      if (r.ok) state = r.state;
    }
    const result = (state as unknown as { result: { winner: string; reason: string } | null }).result;
    expect(result).toMatchObject({ winner: rec.series.winner, reason: rec.series.reason });
  });

  it("a person who does not press is dropped when game 2 starts: a newcomer takes the seat, their socket watches, their token and code stop working; the organizer's rights pass to who stayed", async () => {
    // Bea organizes this time (the creator's seat); Ann presses first.
    const { code, organizerToken } = await createTable({ presetId: "sport" });
    const bea = await sit(code, "Bea", organizerToken);
    const ann = await sit(code, "Ann");
    expect(errorCode(await control(bea.c, "fill", { type: "fill-bots" }))).toBe("ack");
    await settle(code, [ann.c, bea.c]);
    await playToEnd(run(code, [ann, bea]));
    await settle(code, [ann.c, bea.c]);

    expect(errorCode(await playAgain(ann.c))).toBe("ack");
    let [annView, beaView] = await settle(code, [ann.c, bea.c]);
    // The organizer has not pressed: the first person who did organizes meanwhile.
    expect(annView!.organizing).toBe(true);
    expect(beaView!.organizing).toBe(false);
    expect(errorCode(await control(bea.c, "x1", { type: "add-bot" }))).toBe("not-organizer");
    // Ann takes a bot away and a newcomer joins in its place; Bea's nickname is still hers meanwhile.
    const botPlace = annView!.lobby.find((p) => p.bot)!.place;
    expect(errorCode(await control(ann.c, "x2", { type: "remove-bot", place: botPlace }))).toBe("ack");
    expect((await joinWith(code, { nickname: "Bea" })).status).toBe(409);
    const cy = await sit(code, "Cy");
    [annView, beaView] = await settle(code, [ann.c, bea.c, cy.c]);
    expect(annView!.lobby.map((p) => p.nickname)).toContain("Cy");
    expect(beaView!.series.next).toEqual({ game: 2, seated: 9 });
    // The last seat goes to a bot: game 2 starts without Bea.
    expect(errorCode(await control(ann.c, "x3", { type: "add-bot" }))).toBe("ack");
    await bea.c.next((m) => m.type === "welcome" && m.identity.kind === "spectator");
    const [a2, b2] = await settle(code, [ann.c, bea.c, cy.c]);
    expect(a2!.status).toBe("playing");
    expect(a2!.game!.seats.map((s) => s.nickname)).not.toContain("Bea");
    // Places restart at 1 for the new game (join order = the last game's seats first, then newcomers).
    expect(a2!.lobby.map((p) => p.place).sort((x, y) => x - y)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(a2!.lobby.find((p) => p.nickname === "Cy")!.place).toBeGreaterThanOrEqual(9);
    expect(b2!.status).toBe("playing");
    expect(b2!.game!.you).toBeNull(); // a spectator's view
    expect(b2!.organizing).toBe(false);
    expect(errorCode(await playAgain(bea.c))).toBe("not-seated");
    const st = await stored(code);
    expect(st.players.map((p) => p.nickname)).not.toContain("Bea");
    expect(st.players.every((p) => p.game_no === 2)).toBe(true);
    const org = await runInDurableObject(tableStub(code), (_i, state) => state.storage.sql.exec("SELECT organizer_player_id FROM control").one().organizer_player_id);
    expect(org).toBe(ann.j.playerId);
    // Her token and return code are void.
    const c2 = await connect(code, "Bea 3");
    open.push(c2);
    c2.send({ type: "hello", token: bea.j.token });
    expect(errorCode(await c2.next((m) => m.type === "error" || m.type === "welcome"))).toBe("bad-token");
    const back = await postJson(`/api/tables/${code}/return`, { returnCode: bea.j.returnCode }, from("Bea"));
    expect(back.status).toBe(403);
  });

  it("refusals change nothing: not ended, already in, table full (city, the organizer filled the next game); city keeps the seats", async () => {
    const cookie = await signUp(nick("Rem"));
    const res = await post("/api/tables", { presetId: "city", settings: {} }, cookie);
    const { code, organizerToken } = (await res.json()) as CreateTableResponse;
    const o = await post(`/api/tables/${code}/join`, { nickname: "Olga", deviceId: deviceFor("Olga"), organizerToken }, cookie, from("Olga"));
    const oj = (await o.json()) as JoinResponse;
    const olga: Person = { nickname: "Olga", j: oj, c: await connectAs(code, oj.token, "Olga") };
    open.push(olga.c);
    const pavel = await sit(code, "Pavel");
    expect(errorCode(await playAgain(pavel.c))).toBe("not-ended"); // nothing played yet
    expect(errorCode(await control(olga.c, "f", { type: "fill-bots" }))).toBe("ack");
    expect(errorCode(await control(olga.c, "s", { type: "start" }))).toBe("ack");
    await settle(code, [olga.c, pavel.c]);
    expect(errorCode(await playAgain(pavel.c))).toBe("not-ended");
    await playToEnd(run(code, [olga, pavel]));
    await settle(code, [olga.c, pavel.c]);
    const seats1 = new Map(olga.c.lastView().game!.seats.map((s) => [s.nickname, s.seat]));

    expect(errorCode(await playAgain(olga.c))).toBe("ack");
    await settle(code, [olga.c, pavel.c]);
    // 11 sit (Olga and game 1's ten bots): city fills its full table, 12 (issue 38.7).
    expect((await settle(code, [olga.c]))[0]!.lobby).toHaveLength(11);
    expect(errorCode(await control(olga.c, "f2", { type: "fill-bots" }))).toBe("ack");
    const [lobby] = await settle(code, [olga.c, pavel.c]);
    expect(lobby!.lobby).toHaveLength(12);
    const full = await stored(code);
    expect(errorCode(await playAgain(pavel.c))).toBe("table-full");
    expect(await stored(code)).toEqual(full);
    expect(pavel.c.lastView().status).toBe("ended");
    // Olga makes room and Pavel sits; city starts on the organizer's command and keeps the seats (§3).
    const newBot = lobby!.lobby.filter((p) => p.bot).at(-1)!;
    expect(errorCode(await control(olga.c, "r", { type: "remove-bot", place: newBot.place }))).toBe("ack");
    expect(errorCode(await playAgain(pavel.c))).toBe("ack");
    expect(errorCode(await playAgain(pavel.c))).toBe("already-in");
    expect(errorCode(await control(olga.c, "s2", { type: "start" }))).toBe("ack");
    const [g2] = await settle(code, [olga.c, pavel.c]);
    expect(g2!.status).toBe("playing");
    expect(g2!.series.game).toBe(2);
    // Olga, Pavel and the ten bots of game 1 keep their seats 1–12 (the bot seated since was taken away).
    expect(g2!.game!.seats).toHaveLength(12);
    for (const s of g2!.game!.seats) expect(s.seat, s.nickname).toBe(seats1.get(s.nickname) ?? 11);
  });

  it("an eviction in the middle of a rematch lobby keeps everything: who pressed, the old end for who did not, the seed", async () => {
    const { code, ann, bea } = await endedSportGame();
    expect(errorCode(await playAgain(ann.c))).toBe("ack");
    await settle(code, [ann.c, bea.c]);
    const before = await stored(code);
    ann.c.close();
    bea.c.close();
    await evict(tableStub(code));
    const ann2 = await connectAs(code, ann.j.token, "Ann 2");
    const bea2 = await connectAs(code, bea.j.token, "Bea 2");
    open.push(ann2, bea2);
    const [av, bv] = await settle(code, [ann2, bea2]);
    expect(av!.status).toBe("lobby");
    expect(av!.series.game).toBe(2);
    expect(bv!.status).toBe("ended");
    expect(bv!.game!.result).not.toBeNull();
    expect(bv!.series.next).toEqual({ game: 2, seated: 9 });
    expect(await stored(code)).toEqual(before);
    expect(errorCode(await playAgain(bea2))).toBe("ack");
    const [a2] = await settle(code, [ann2, bea2]);
    expect(a2!.status).toBe("playing");
    expect((await stored(code)).series[1]!.seed).toBe(before.game.seed);
  });
});

