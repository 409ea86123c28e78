/**
 * Issue 18, RULES.md §6.10–§6.11: a club evening — games of one series at one table. The first player
 * eliminated in a game is immune on day 1 and night 1 of the next game of the same evening (the table
 * passes them to createGame and keeps them in the series row); the organizer may start a new evening
 * (nobody immune) and may draw new seats for the next game instead of keeping them.
 */
import { runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { heuristicBot } from "../../shared/bots/index.ts";
import type { ServerMessage, TableView } from "../../shared/protocol/messages.ts";
import { pacedControl, playAgain, settle, sitAsOrganizer } from "./fixture.ts";
import { viewFor } from "../../shared/engine/index.ts";
import type { TableGameRecord } from "../../shared/protocol/http.ts";
import { api, type Client, connectAs, createTable, joinWith, tableStub } from "./helpers.ts";
import { replayRecord } from "../../shared/replay.ts";
import { playToEnd, type TableRun } from "./play.ts";

const open: Client[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

const codeOf = (m: ServerMessage) => (m.type === "error" ? m.code : m.type);

/** The series rows as stored: who was immune in each game and each game's first eliminated (ids). */
async function seriesRows(code: string) {
  return runInDurableObject(tableStub(code), (_i, state) => {
    const sql = state.storage.sql;
    const nick = new Map(sql.exec("SELECT player_id, nickname FROM players").toArray().map((r) => [String(r.player_id), String(r.nickname)]));
    const rows = sql.exec("SELECT game, immune, first_out FROM series ORDER BY game").toArray();
    return rows.map((r) => ({
      game: Number(r.game),
      immune: (r.immune === null ? [] : (JSON.parse(String(r.immune)) as string[])).map((id) => nick.get(id)),
      firstOut: (r.first_out === null ? [] : (JSON.parse(String(r.first_out)) as string[])).map((id) => nick.get(id)),
    }));
  });
}

function run(code: string, people: Array<{ nickname: string; c: Client }>): TableRun {
  return {
    code, stub: tableStub(code), spectators: [], all: () => people.map((p) => p.c), close: () => undefined,
    seated: people.map((p, i) => ({ nickname: p.nickname, join: null as never, client: p.c, bot: heuristicBot(`${code}/${i}`) })),
  };
}

const immuneSeats = (v: TableView) => v.game!.seats.filter((s) => s.immune).map((s) => s.nickname);
const seatOrder = (v: TableView) => v.game!.seats.map((s) => s.nickname);

describe("RULES.md §6.10–§6.11 a club evening at one table (issue 18)", () => {
  it("RULES.md §6.10 game 2 of the evening: game 1's first eliminated is immune on day 1 and night 1 (shown between games, marked, stored); the seats are kept; a new evening carries no immunity and may draw new seats", async () => {
    const { code, organizerToken } = await createTable({ presetId: "club" });
    const annSeat = await sitAsOrganizer(code, organizerToken, "Ann", open);
    const ann = { nickname: "Ann", c: annSeat.c };
    const bj = (await (await joinWith(code, { nickname: "Bea" })).json()) as { token: string; playerId: string; returnCode: string };
    const bea = { nickname: "Bea", c: await connectAs(code, bj.token, "Bea") };
    open.push(bea.c);
    const secrets = [organizerToken, annSeat.j.token, annSeat.j.playerId, annSeat.j.returnCode, bj.token, bj.playerId, bj.returnCode];
    expect(codeOf(await pacedControl(ann.c, "fill", { type: "fill-bots" }))).toBe("ack");
    expect(codeOf(await pacedControl(ann.c, "start", { type: "start" }))).toBe("ack");
    const [g1] = await settle(code, [ann.c, bea.c]);
    // Issue 19: a game's record opens only at its end (its seed and inputs are the table's secrets until then).
    expect((await api(`/api/tables/${code}/games/1`)).status).toBe(409);
    expect(immuneSeats(g1!)).toEqual([]); // the evening's first game: nobody is immune
    await playToEnd(run(code, [ann, bea]));

    // Game 1 is over: its first eliminated are stored and shown as the next game's immune.
    const [end1] = await settle(code, [ann.c, bea.c]);
    const [row1] = await seriesRows(code);
    expect(row1!.firstOut.length).toBeGreaterThan(0);
    expect(end1!.series.immune).toEqual(row1!.firstOut);
    const seats1 = seatOrder(end1!);

    // Both play again; the lobby still says who will be immune; the organizer starts game 2.
    expect(codeOf(await playAgain(ann.c))).toBe("ack");
    expect(codeOf(await playAgain(bea.c))).toBe("ack");
    const [lobby2] = await settle(code, [ann.c, bea.c]);
    expect(lobby2!.status).toBe("lobby");
    expect(lobby2!.series).toMatchObject({ game: 2, immune: row1!.firstOut });
    expect(lobby2!.options).toMatchObject({ redrawSeats: false, newEvening: false });
    // §6 "the composition is set for each game by the creator": game 2 with a Witness and a Curser.
    expect(codeOf(await pacedControl(ann.c, "counts", { type: "composition", counts: { witness: 1, curser: 1 } }))).toBe("ack");
    expect(codeOf(await pacedControl(ann.c, "start2", { type: "start" }))).toBe("ack");
    const [g2, g2b] = await settle(code, [ann.c, bea.c]);
    expect(g2!.series.immune).toBeUndefined(); // during the game the seats say it
    expect(immuneSeats(g2!).sort()).toEqual([...row1!.firstOut].sort());
    expect(immuneSeats(g2b!).sort()).toEqual([...row1!.firstOut].sort());
    const announced = g2!.game!.log.filter((e) => e.type === "immune");
    expect(announced).toHaveLength(1);
    expect((announced[0]!.data as { seats: number[] }).seats.map((s) => g2!.game!.seats[s - 1]!.nickname).sort()).toEqual([...row1!.firstOut].sort());
    expect(seatOrder(g2!)).toEqual(seats1); // club keeps the seats unless the organizer draws them
    expect(g2!.game!.log.find((e) => e.type === "composition")!.data).toMatchObject({ counts: { boss: 1, mafia: 2, commissar: 1, doctor: 1, maniac: 1, witness: 1, curser: 1, civilian: 4 } });
    expect((await seriesRows(code))[1]).toMatchObject({ game: 2, immune: row1!.firstOut });

    await playToEnd(run(code, [ann, bea]));
    const [end2] = await settle(code, [ann.c, bea.c]);
    expect(end2!.series.immune).toEqual((await seriesRows(code))[1]!.firstOut);

    // Issue 19 (RULES.md §8): both games' public records replay with the engine to the results the table
    // showed — game 1 from the archive, game 2 with its immunity, kept seats and its own composition.
    for (const [n, end] of [[1, end1!], [2, end2!]] as const) {
      const res = await api(`/api/tables/${code}/games/${n}`);
      expect(res.status).toBe(200);
      const text = await res.text();
      for (const s of secrets) expect(text.includes(s), `game ${n}'s record holds a credential or a player id`).toBe(false);
      const rec = JSON.parse(text) as TableGameRecord;
      expect(rec.players.map((p) => p.id)).toEqual(rec.players.map((_, i) => `p${i + 1}`));
      expect(rec.immune.length > 0).toBe(n === 2);
      const { steps, refused } = replayRecord(rec);
      const state = steps.at(-1)!.state;
      expect(refused).toEqual([]);
      const replayed = viewFor(state, { kind: "spectator" });
      expect(replayed.result).toEqual(end.game!.result);
      expect(replayed.seats.map((x) => x.nickname)).toEqual(end.game!.seats.map((x) => x.nickname));
    }
    expect((await api(`/api/tables/${code}/games/9`)).status).toBe(404);
    expect((await api(`/api/tables/${code}/games/x`)).status).toBe(404);

    // A new evening with new seats: the organizer says so; nobody is immune in game 3.
    expect(codeOf(await playAgain(ann.c))).toBe("ack");
    expect(codeOf(await playAgain(bea.c))).toBe("ack");
    expect(codeOf(await pacedControl(ann.c, "opts", { type: "options", newEvening: true, redrawSeats: true }))).toBe("ack");
    const [lobby3] = await settle(code, [ann.c, bea.c]);
    expect(lobby3!.series.immune).toEqual([]);
    expect(lobby3!.options).toMatchObject({ redrawSeats: true, newEvening: true });
    expect(codeOf(await pacedControl(ann.c, "start3", { type: "start" }))).toBe("ack");
    const [g3] = await settle(code, [ann.c, bea.c]);
    expect(immuneSeats(g3!)).toEqual([]);
    expect(g3!.game!.log.filter((e) => e.type === "immune")).toEqual([]);
    expect(seatOrder(g3!)).not.toEqual(seatOrder(end2!)); // drawn again (12! orders: a repeat is negligible)
    expect(g3!.options).toMatchObject({ redrawSeats: false, newEvening: false }); // used up by game 3's start
    expect((await seriesRows(code))[2]).toMatchObject({ game: 3, immune: [] });
  });

  it("RULES.md §6 the organizer sets each game's composition in the lobby: the seats follow the counts; refusals change nothing", async () => {
    const { code, organizerToken } = await createTable({ presetId: "club" });
    const ann = { nickname: "Ann", c: (await sitAsOrganizer(code, organizerToken, "Ann", open)).c };
    const bj = (await (await joinWith(code, { nickname: "Bea" })).json()) as { token: string };
    const bea = await connectAs(code, bj.token, "Bea");
    open.push(bea);
    const [before] = await settle(code, [ann.c]);
    expect(before!.capacity).toEqual({ min: 12, max: 15 });
    // 5 Mafia and a Maniac: black 6 — starts only from 14 seats (§6.8 no start at parity).
    expect(codeOf(await pacedControl(ann.c, "c1", { type: "composition", counts: { mafia: 5 } }))).toBe("ack");
    const [after] = await settle(code, [ann.c, bea]);
    expect(after!.capacity).toEqual({ min: 14, max: 15 });
    expect(after!.settings).toMatchObject({ mafia: 5, boss: 1, maniac: 1 });
    for (const counts of [{ boss: 0 }, { mafia: 7 }, { civilian: 3 }, { mafia: 6, witness: 1, kamikaze: 1, curser: 1, swindler: 1, werewolf: 1 }]) {
      expect(codeOf(await pacedControl(ann.c, "bad", { type: "composition", counts })), JSON.stringify(counts)).toBe("bad-settings");
    }
    expect(codeOf(await pacedControl(bea, "not-org", { type: "composition", counts: { mafia: 2 } }))).toBe("not-organizer");
    expect((await settle(code, [ann.c]))[0]!.capacity).toEqual({ min: 14, max: 15 });
    // Back to 2 Mafia; fill and start; during the game the composition is closed.
    expect(codeOf(await pacedControl(ann.c, "c2", { type: "composition", counts: { mafia: 2 } }))).toBe("ack");
    expect(codeOf(await pacedControl(ann.c, "fill", { type: "fill-bots" }))).toBe("ack");
    expect(codeOf(await pacedControl(ann.c, "start", { type: "start" }))).toBe("ack");
    await settle(code, [ann.c]);
    expect(codeOf(await pacedControl(ann.c, "late", { type: "composition", counts: { mafia: 3 } }))).toBe("not-in-lobby");
    // A format without role counts has no composition to set.
    const tatar = await createTable({ presetId: "tatar" });
    const org = (await sitAsOrganizer(tatar.code, tatar.organizerToken, "Tom", open)).c;
    expect(codeOf(await pacedControl(org, "none", { type: "composition", counts: { mafia: 1 } }))).toBe("not-allowed");
  });

  it("RULES.md §6.10 only a format with cross-game immunity shows it between games (tatar: no `immune`)", async () => {
    const { code, organizerToken } = await createTable({ presetId: "tatar" });
    const ann = { nickname: "Ann", c: (await sitAsOrganizer(code, organizerToken, "Ann", open)).c };
    expect(codeOf(await pacedControl(ann.c, "fill", { type: "fill-bots" }))).toBe("ack"); // tatar starts when full
    await settle(code, [ann.c]);
    await playToEnd(run(code, [ann]));
    const [end] = await settle(code, [ann.c]);
    expect(end!.status).toBe("ended");
    expect(end!.series.immune).toBeUndefined();
  });
});
