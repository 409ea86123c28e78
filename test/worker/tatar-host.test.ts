/**
 * Issue 17, tatar at the table (RULES.md §7.9 "Fouls (host; late votes are automatic): three fouls → an
 * automatic vote against that player in the next vote; the fourth → the card is shown and the player
 * leaves at once without farewell; the day goes on"): the live host's `{type:"host", action:{type:
 * "foul"|"remark", seat}}` frames reach the engine through the table object, and only the host's do.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { GameView } from "../../shared/engine/types.ts";
import { Client, connectAs, createTable, everyoneConnected, tableStub } from "./helpers.ts";
import { fullTable, gameOf, hostInput, joinOk, logOf, settle } from "./fixture.ts";

let open: Client[] = [];
afterEach(() => {
  for (const c of open) c.close();
  open = [];
});

/** A live-host tatar table (§7: 12 seats, starts when full), played up to day 1's free talk. */
async function tatarWithHost(): Promise<{ code: string; host: Client; players: Client[]; spectator: Client; everyone: () => Client[] }> {
  const created = await createTable({ presetId: "tatar", host: "live" });
  const host = await connectAs(created.code, created.organizerToken, "host");
  open.push(host);
  const players: Client[] = [];
  for (let i = 1; i <= 12; i++) {
    const j = await joinOk(created.code, { nickname: `T${i}` });
    const c = await connectAs(created.code, j.token, `T${i}`);
    players.push(c);
    open.push(c);
  }
  const spectator = await connectAs(created.code, undefined, "spectator");
  open.push(spectator);
  await everyoneConnected(players, 12);
  const everyone = () => [host, ...players, spectator];
  const stub = tableStub(created.code);
  // The cards' time, then the black team's acquaintance (§7.1): neither waits for the host (§5.7).
  for (const phase of ["deal", "acquaintance"]) {
    await settle(created.code, everyone());
    expect(gameOf(host).phase, `before ${phase} ends`).toBe(phase === "deal" ? "dealing" : "acquaintance");
    expect(await runDurableObjectAlarm(stub)).toBe(true);
  }
  await settle(created.code, everyone());
  expect(gameOf(host).phase).toBe("free-talk");
  return { code: created.code, host, players, spectator, everyone };
}

const seatView = (g: GameView, seat: number) => g.seats.find((s) => s.seat === seat)!;

describe("RULES.md §7.9 the live host's fouls and remarks at a tatar table", () => {
  it("§7.9 the host fouls a seat four times: counted for everyone, then removed with the card shown to the table, no farewell; the day goes on; a remark; non-hosts and bad seats refused", async () => {
    const t = await tatarWithHost();
    const hostGame = () => gameOf(t.host);
    // The host's panel says fouls may be given now, and at which count a foul removes (§7.9: the fourth).
    expect(hostGame().host).toMatchObject({ fouls: true, foulsToRemove: 4 });
    for (const c of [...t.players, t.spectator]) expect(gameOf(c).host).toBeUndefined();

    // Only the live host: a player's or a spectator's foul is refused with a typed error, nothing changes.
    expect(await hostInput(t.players[0]!, "p1", { type: "foul", seat: 2 })).toMatchObject({ type: "error", code: "not-host" });
    expect(await hostInput(t.spectator, "s1", { type: "remark", seat: 2 })).toMatchObject({ type: "error", code: "not-host" });
    // A seat outside the protocol's range is not a message; one outside this table is the engine's illegal target.
    expect(await hostInput(t.host, "b0", { type: "foul", seat: 0 })).toMatchObject({ type: "error", code: "bad-message" });
    expect(await hostInput(t.host, "b1", { type: "foul", seat: 2, extra: true })).toMatchObject({ type: "error", code: "bad-message" });
    expect(await hostInput(t.host, "b2", { type: "foul", seat: 13 })).toMatchObject({ type: "error", code: "illegal-target" });
    await settle(t.code, t.everyone());
    expect(hostGame().seats.every((s) => s.fouls === 0)).toBe(true);

    // A remark: a public warning, no foul.
    expect(await hostInput(t.host, "r1", { type: "remark", seat: 3 })).toMatchObject({ type: "ack" });
    await settle(t.code, t.everyone());
    for (const c of t.everyone()) {
      expect(logOf(c, "remarked").map((e) => e.data)).toEqual([{ seat: 3 }]);
      expect(seatView(gameOf(c), 3).fouls).toBe(0);
    }

    // Seat 5's role as the host sees it; nobody else at the table knows it yet (a closed game, §7).
    const role = seatView(hostGame(), 5).role!;
    expect(role).toBeTruthy();
    const knows = (c: Client) => gameOf(c).you?.seat === 5 || (gameOf(c).you?.teammates ?? []).includes(5);
    for (const c of [...t.players, t.spectator]) if (!knows(c)) expect(seatView(gameOf(c), 5).role).toBeUndefined();

    for (let n = 1; n <= 3; n++) {
      expect(await hostInput(t.host, `f${n}`, { type: "foul", seat: 5 })).toMatchObject({ type: "ack" });
      await settle(t.code, t.everyone());
      for (const c of t.everyone()) {
        expect(seatView(gameOf(c), 5)).toMatchObject({ fouls: n, alive: true });
        expect(logOf(c, "fouled").at(-1)!.data).toEqual({ seat: 5, fouls: n, cause: "host" });
      }
    }
    expect(hostGame().phase).toBe("free-talk");

    // The fourth: removed at once, the card shown to everyone, no farewell; the day goes on.
    expect(await hostInput(t.host, "f4", { type: "foul", seat: 5 })).toMatchObject({ type: "ack" });
    await settle(t.code, t.everyone());
    for (const c of t.everyone()) {
      const g = gameOf(c);
      expect(seatView(g, 5)).toMatchObject({ fouls: 4, alive: false, out: "removed", role });
      expect(logOf(c, "role-revealed").map((e) => e.data)).toEqual([expect.objectContaining({ seat: 5, role })]);
      expect(g.phase).toBe("free-talk");
      expect(g.speaker).toBeNull();
    }
    // A removed seat takes no more fouls or remarks.
    expect(await hostInput(t.host, "f5", { type: "foul", seat: 5 })).toMatchObject({ type: "error", code: "illegal-target" });
    expect(await hostInput(t.host, "r2", { type: "remark", seat: 5 })).toMatchObject({ type: "error", code: "illegal-target" });

    // Paused: no fouls (the panel says so too).
    expect(await hostInput(t.host, "c1", { type: "confirm" })).toMatchObject({ type: "error" });
    t.host.send({ type: "control", ref: "pause", action: { type: "pause" } });
    await t.host.next((m) => m.type === "ack" && m.ref === "pause");
    await settle(t.code, t.everyone());
    expect(hostGame().host).toMatchObject({ fouls: false });
    expect(await hostInput(t.host, "f6", { type: "foul", seat: 6 })).toMatchObject({ type: "error", code: "paused" });

    // Every frame anyone received matched the protocol's schema.
    for (const c of t.everyone()) expect(c.schemaFailures, c.name).toEqual([]);
  });

  it("§5.7 a sport table's live host has no fouls to give: the engine refuses the frame (not-allowed)", async () => {
    const t = await fullTable({ host: "live" }, { creatorSits: false });
    open.push(...t.open);
    const host = await connectAs(t.code, t.organizerToken, "host");
    open.push(host);
    expect(gameOf(host).host?.fouls).toBeUndefined();
    expect(await hostInput(host, "f", { type: "foul", seat: 1 })).toMatchObject({ type: "error", code: "not-allowed" });
    expect(await hostInput(host, "r", { type: "remark", seat: 1 })).toMatchObject({ type: "error", code: "not-allowed" });
  });
});
