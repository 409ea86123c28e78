/**
 * Bots taking seats and the defaults for the absent (issue 5; RULES.md §5.1 "If a person does not come
 * back, the organizer pauses the game or irrevocably hands the seat to a bot … After a seat is handed
 * to a bot, the old return code no longer works"; §2.6 "whoever has not voted gives the vote to the
 * last nominated candidate"; §2.10 "one different choice or one missing choice is a miss").
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { Client, connect, connectAs, postJson, scheduledAlarm, storedGame, tableStub, until } from "./helpers.ts";
import { bySeat, control, fullTable, gameOf, logOf, seatOf, settle, versionOf, type Table } from "./fixture.ts";

let open: Client[] = [];
afterEach(() => {
  for (const c of open) c.close();
  open = [];
});

const clients = (t: Table) => t.seated.map((s) => s.client).filter((c) => !c.closed);

describe("bot takeover", () => {
  it("is irrevocable: old return code and tokens stop at once, the open socket is closed (4001), everyone sees a bot", async () => {
    const t = await fullTable();
    open.push(...t.open);
    const organizer = t.seated[0]!.client;
    const victim = t.seated[5]!;
    const seat = seatOf(victim.client);

    // Not the organizer; not the organizer's own seat.
    expect(await control(victim.client, "b0", { type: "seat-to-bot", seat })).toMatchObject({ type: "error", code: "not-organizer" });
    expect(await control(organizer, "b1", { type: "seat-to-bot", seat: seatOf(organizer) })).toMatchObject({ type: "error", code: "not-allowed" });

    // The victim's phone is still open (a sleeping phone looks connected): the organizer hands it over anyway.
    expect(await control(organizer, "b2", { type: "seat-to-bot", seat })).toMatchObject({ type: "ack", ref: "b2" });
    await until(() => victim.client.closed, 15_000, "victim socket closed");
    expect(victim.client.closeCode).toBe(4001);
    expect(victim.client.frames.filter((m) => m.type === "error").at(-1)).toMatchObject({ code: "seat-taken-by-bot", ref: null });

    // The seat is a bot to everyone: lobby, engine seat view, log.
    const [view] = await settle(t.code, [organizer]);
    expect(view!.lobby[5]).toMatchObject({ bot: true, connected: true, awaySince: null });
    expect(view!.game!.seats[seat - 1]!.bot).toBe(true);
    expect(view!.game!.log.some((e) => e.type === "seat-to-bot" && e.data.seat === seat)).toBe(true);

    // Old return code: 403; old token: bad-token; no digest left in storage.
    const ret = await postJson(`/api/tables/${t.code}/return`, { returnCode: victim.join.returnCode });
    expect(ret.status).toBe(403);
    const again = await connect(t.code, "old token");
    open.push(again);
    again.send({ type: "hello", token: victim.join.token });
    expect(await again.next((m) => m.type === "error")).toMatchObject({ code: "bad-token" });
    // It may say hello again, as a spectator (an un-greeted socket would be waiting for its hello timeout).
    again.send({ type: "hello" });
    expect(await again.next((m) => m.type === "welcome")).toMatchObject({ identity: { kind: "spectator" } });
    const stored = await runInDurableObject(tableStub(t.code), (_i, state) => ({
      tokens: state.storage.sql.exec("SELECT COUNT(*) AS n FROM tokens WHERE player_id = ?", victim.join.playerId).one().n,
      ret: state.storage.sql.exec("SELECT return_hash FROM players WHERE player_id = ?", victim.join.playerId).one().return_hash,
    }));
    expect(stored).toEqual({ tokens: 0, ret: null });

    // A second takeover of the same seat is refused.
    expect(await control(organizer, "b3", { type: "seat-to-bot", seat })).toMatchObject({ type: "error", code: "already-acted" });

    // The bot plays through the same inputs as people: its think delay is the earliest thing the alarm waits for.
    const row = await storedGame(t.code);
    const alarm = await scheduledAlarm(t.code);
    expect(alarm).toBeLessThan(row.alarm_at!);
    expect(await runDurableObjectAlarm(tableStub(t.code))).toBe(true);
    await settle(t.code, [organizer]);
    expect(logOf(organizer, "card-taken").map((e) => e.data.seat)).toEqual([seat]);
    const log = await runInDurableObject(tableStub(t.code), (_i, state) =>
      state.storage.sql.exec("SELECT input FROM input_log ORDER BY seq").toArray().map((r) => JSON.parse(String(r.input))),
    );
    expect(log.at(-1)).toMatchObject({ kind: "act", playerId: victim.join.playerId, action: { type: "take-card" } });
    // Nothing more for the bot to do: the alarm is back on the engine's deadline.
    expect(await scheduledAlarm(t.code)).toBe(row.alarm_at);
  });

  it("a bot-played seat plays to the end: an all-bot table finishes by itself (a result, every role shown)", async () => {
    const t = await fullTable({ settings: { autoDeal: true } });
    open.push(...t.open);
    const organizer = t.seated[0]!.client;
    // Everyone but the organizer walks away; the organizer hands every other seat to a bot.
    for (const s of t.seated.slice(1)) s.client.close();
    for (const s of t.seated.slice(1)) await until(() => s.client.closed, 15_000, "closed");
    const seats = t.seated.slice(1).map((s) => s.client.lastView().game!.you!.seat);
    for (const [i, seat] of seats.entries()) {
      expect(await control(organizer, `bot${i}`, { type: "seat-to-bot", seat })).toMatchObject({ type: "ack" });
    }
    // The organizer's own seat: hand the rights away first is impossible (no person left), so they just
    // play by timeouts: the alarm drives deadlines and bot moves alike.
    let steps = 0;
    while (gameOf(organizer).result === null && steps < 600) {
      expect(await runDurableObjectAlarm(tableStub(t.code))).toBe(true);
      await settle(t.code, [organizer]);
      steps++;
    }
    const end = gameOf(organizer);
    expect(end.result).not.toBeNull();
    expect(end.result!.roles).toHaveLength(10);
    expect((await storedGame(t.code)).status).toBe("ended");
  });

  it("casual tables: a bot takes over after botAfterMinutesAway minutes away", async () => {
    const t = await fullTable({ botAfterMinutesAway: 1 });
    open.push(...t.open);
    const organizer = t.seated[0]!.client;
    expect(organizer.lastView().options.botAfterMinutesAway).toBe(1);
    const gone = t.seated[3]!;
    const seat = seatOf(gone.client);
    const from = organizer.frames.length;
    gone.client.close();
    const closedView = await organizer.next((m) => m.type === "view" && m.view.lobby[3]?.connected === false, from);
    const awaySince = (closedView as Extract<typeof closedView, { type: "view" }>).view.lobby[3]!.awaySince!;

    // The alarm is the earliest of: dealing deadline (15 s) and the takeover (60 s away).
    const dealing = (await storedGame(t.code)).alarm_at!;
    expect(await scheduledAlarm(t.code)).toBe(dealing);
    expect(await runDurableObjectAlarm(tableStub(t.code))).toBe(true); // dealing → acquaintance (60 s)
    await settle(t.code, [organizer]);
    // Now the takeover (awaySince + 60 s) comes before the acquaintance deadline.
    expect(await scheduledAlarm(t.code)).toBe(awaySince + 60_000);
    expect(await runDurableObjectAlarm(tableStub(t.code))).toBe(true);
    const [view] = await settle(t.code, [organizer]);
    expect(view!.lobby[3]!.bot).toBe(true);
    expect(view!.game!.seats[seat - 1]!.bot).toBe(true);
    const again = await connect(t.code, "old token");
    open.push(again);
    again.send({ type: "hello", token: gone.join.token });
    expect(await again.next((m) => m.type === "error")).toMatchObject({ code: "bad-token" });
  });

  it("a pause holds the away countdown: no takeover while paused", async () => {
    const t = await fullTable({ botAfterMinutesAway: 1 });
    open.push(...t.open);
    const organizer = t.seated[0]!.client;
    const from = organizer.frames.length;
    t.seated[3]!.client.close();
    await organizer.next((m) => m.type === "view" && m.view.lobby[3]?.connected === false, from);
    expect(await control(organizer, "p", { type: "pause", absentSeat: seatOf(t.seated[3]!.client) })).toMatchObject({ type: "ack" });
    expect(await scheduledAlarm(t.code)).toBeNull();
    expect(await runDurableObjectAlarm(tableStub(t.code))).toBe(false);
    expect(await control(organizer, "o", { type: "options", botAfterMinutesAway: null })).toMatchObject({ type: "ack" });
    expect((await settle(t.code, [organizer]))[0]!.options.botAfterMinutesAway).toBeNull();
  });
});

describe("defaults for the absent (never random)", () => {
  it("unused votes go to the last nominee; a missing shot is a miss; a missing check is no check", async () => {
    const t = await fullTable({ settings: { autoDeal: true } });
    open.push(...t.open);
    const stub = tableStub(t.code);
    const all = () => clients(t);
    expect(gameOf(t.seated[0]!.client).phase).toBe("acquaintance");
    expect(await runDurableObjectAlarm(stub)).toBe(true); // → day 1, seat 1 speaks
    await settle(t.code, all());

    // Seat 1 nominates 3, seat 2 nominates 5; everyone ends their speech.
    for (let seat = 1; seat <= 10; seat++) {
      const c = bySeat(t, seat).client;
      expect(gameOf(c).speaker).toBe(seat);
      if (seat === 1) expect(await c.act(`n${seat}`, { type: "nominate", target: 3 })).toMatchObject({ type: "ack" });
      if (seat === 2) expect(await c.act(`n${seat}`, { type: "nominate", target: 5 })).toMatchObject({ type: "ack" });
      expect(await c.act(`e${seat}`, { type: "end-speech" })).toMatchObject({ type: "ack" });
      await settle(t.code, all());
    }
    expect(gameOf(t.seated[0]!.client).phase).toBe("voting");
    // Only seat 1 votes (for 3); nobody else does before the deadline.
    expect(await bySeat(t, 1).client.act("v1", { type: "vote", target: 3 })).toMatchObject({ type: "ack" });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await settle(t.code, all());
    const counted = logOf(t.seated[0]!.client, "vote-counted").at(-1)!;
    const ballots = counted.data.ballots as Array<{ voter: number; target: number; auto: boolean }>;
    expect(ballots.find((b) => b.voter === 1)).toEqual({ voter: 1, target: 3, auto: false });
    for (const b of ballots.filter((x) => x.voter !== 1)) expect(b).toEqual({ voter: b.voter, target: 5, auto: true });

    // Day 1, break-at-zero off: the leader speaks and stays (§2.8); then night.
    expect(gameOf(t.seated[0]!.client).phase).toBe("leader-speech");
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await settle(t.code, all());
    expect(gameOf(t.seated[0]!.client).phase).toBe("night-shot");

    // One black shooter shoots; the others do not: a miss. Nobody checks.
    const black = t.seated.filter((s) => gameOf(s.client).you!.team === "black");
    expect(black).toHaveLength(3);
    const target = t.seated.find((s) => gameOf(s.client).you!.team === "red")!;
    expect(await black[0]!.client.act("shot", { type: "use", ability: "mafia-shot", targets: [seatOf(target.client)] })).toMatchObject({ type: "ack" });
    expect(await runDurableObjectAlarm(stub)).toBe(true); // shot resolves
    await settle(t.code, all());
    expect(gameOf(t.seated[0]!.client).phase).toBe("night-check");
    expect(await runDurableObjectAlarm(stub)).toBe(true); // checks time out → morning
    await settle(t.code, all());
    const first = t.seated[0]!.client;
    expect(logOf(first, "shot-missed")).toHaveLength(1);
    expect(logOf(first, "killed")).toHaveLength(0);
    expect(gameOf(first).seats.every((s) => s.alive)).toBe(true);
    for (const s of t.seated) expect(gameOf(s.client).you!.checks).toEqual([]);
    expect(gameOf(first).phase).toBe("speech");
    void versionOf;
  });
});

void connectAs;
