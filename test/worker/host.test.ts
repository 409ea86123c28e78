/**
 * The live host and spectators (issue 5; RULES.md §5.7 "The host creates the room and takes no seat.
 * After the deal the host sees the real roles, who is connected … Automatic voice-over is off in this
 * mode … Night, voting and revoting do not end by themselves: the host confirms the transition …
 * The host screen must never be shown to the table"; §8 "spectators see only public information").
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerMessage, TableView } from "../../shared/protocol/messages.ts";
import { Client, connect, connectAs, drained, createTable, joinWith, scheduledAlarm, summary, tableStub } from "./helpers.ts";
import { alarmsUntil, bySeat, control, fullTable, gameOf, hostInput, joinOk, settle } from "./fixture.ts";

let open: Client[] = [];
afterEach(() => {
  for (const c of open) c.close();
  open = [];
});

type ViewFrame = Extract<ServerMessage, { type: "view" }>;
const viewFrames = (c: Client) => c.frames.filter((m): m is ViewFrame => m.type === "view");

/** Every role fact in a frame: [seat, role]. */
function roleFacts(view: TableView): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  for (const s of view.game?.seats ?? []) if (s.role) out.push([s.seat, s.role]);
  return out;
}

describe("live host", () => {
  it("takes no seat and no role, sees every role and presence; narration is off; players never get the host's view", async () => {
    const created = await createTable({ presetId: "sport", host: "live" });
    // The host cannot sit down.
    const sit = await joinWith(created.code, { nickname: "Host", organizerToken: created.organizerToken });
    expect(sit.status).toBe(409);
    expect(((await sit.json()) as { error: { code: string } }).error.code).toBe("host-cannot-sit");
    expect(await summary(created.code)).toMatchObject({ host: "live", seats: { taken: 0 } });

    const host = await connectAs(created.code, created.organizerToken, "host");
    open.push(host);
    expect(host.frames.find((m) => m.type === "welcome")).toMatchObject({ identity: { kind: "host" } });
    expect(host.lastView()).toMatchObject({ host: "live", narration: false, organizing: true, organizer: { kind: "host" }, hostConnected: true });

    const players: Client[] = [];
    for (let i = 1; i <= 10; i++) {
      const j = await joinOk(created.code, { nickname: `P${i}` });
      const c = await connectAs(created.code, j.token, `P${i}`);
      players.push(c);
      open.push(c);
    }
    const spectator = await connectAs(created.code, undefined, "spectator");
    open.push(spectator);
    // Dealing → acquaintance; the connects' presence window can fall due first on a slow machine.
    await alarmsUntil(created.code, [host, ...players, spectator], () => gameOf(host).phase !== "dealing", "dealing → acquaintance");
    const [hv, ...pv] = await settle(created.code, [host, ...players, spectator]);
    expect(hv!.game!.phase).toBe("acquaintance");
    expect(hv!.game!.you).toBeNull();
    expect(roleFacts(hv!)).toHaveLength(10); // every real role
    expect(hv!.lobby.every((p) => p.connected)).toBe(true); // who is connected
    for (const v of pv) expect(v).toMatchObject({ host: "live", narration: false, hostConnected: true, organizing: false });

    // Players and spectators: only what they are entitled to, in every frame ever.
    const truth = new Map(roleFacts(hv!));
    for (const c of players) {
      const me = gameOf(c).you!;
      const black = me.team === "black";
      for (const f of viewFrames(c)) {
        expect(f.view.organizing).toBe(false);
        for (const [seat, role] of roleFacts(f.view)) {
          const ok = seat === me.seat || (black && ["don", "mafia"].includes(truth.get(seat)!));
          expect(ok, `${c.name} (seat ${me.seat}, ${me.role}) saw seat ${seat} = ${role} in ${f.view.game?.phase} v${f.version}; truth ${JSON.stringify([...truth])}`).toBe(true);
        }
      }
    }
    for (const f of viewFrames(spectator)) expect(roleFacts(f.view)).toEqual([]);

    // The host neither acts nor is a player; players cannot send host input.
    expect(await host.act("a", { type: "end-speech" })).toMatchObject({ type: "error", code: "not-seated" });
    expect(await hostInput(players[0]!, "h", { type: "confirm" })).toMatchObject({ type: "error", code: "not-host" });
    expect(await hostInput(spectator, "h", { type: "confirm" })).toMatchObject({ type: "error", code: "not-host" });
    // The host organizes: pause and resume; the rights are not transferable at a live table.
    expect(await control(host, "p", { type: "pause" })).toMatchObject({ type: "ack" });
    expect((await settle(created.code, [players[0]!]))[0]!.pause).toMatchObject({ by: "host", reason: "organizer" });
    expect(await control(host, "r", { type: "resume" })).toMatchObject({ type: "ack" });
    expect(await control(host, "t", { type: "transfer-organizer", place: 1 })).toMatchObject({ type: "error", code: "not-allowed" });

    // The host leaving is visible to the table.
    const from = players[0]!.frames.length;
    host.close();
    await players[0]!.next((m) => m.type === "view" && m.view.hostConnected === false, from);
  });

  it("night, voting and revoting end only on the host's confirmation (never by themselves)", async () => {
    const t = await fullTable({ host: "live", settings: { autoDeal: true } }, { creatorSits: false });
    open.push(...t.open);
    const host = await connectAs(t.code, t.organizerToken, "host");
    open.push(host);
    const stub = tableStub(t.code);
    const everyone = () => [host, ...t.seated.map((s) => s.client)];
    const hostGame = () => gameOf(host) as ReturnType<typeof gameOf> & { host?: { canConfirm: boolean; waiting: boolean; pending: number[] } };
    // Acquaintance and speeches are not gated (§5.7 names night, voting and revoting).
    expect(await hostInput(host, "c0", { type: "confirm" })).toMatchObject({ type: "error", code: "phase-closed" });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await settle(t.code, everyone());
    for (let seat = 1; seat <= 10; seat++) {
      const c = bySeat(t, seat).client;
      if (seat === 1) await c.act("n1", { type: "nominate", target: 3 });
      if (seat === 2) await c.act("n2", { type: "nominate", target: 5 });
      expect(await c.act(`e${seat}`, { type: "end-speech" })).toMatchObject({ type: "ack" });
      await settle(t.code, everyone());
    }
    expect(hostGame().phase).toBe("voting");
    expect(hostGame().host).toMatchObject({ canConfirm: true, waiting: false, pending: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });

    // Everyone votes: in a server-hosted game that counts at once; here the vote waits for the host.
    for (let seat = 1; seat <= 10; seat++) {
      expect(await bySeat(t, seat).client.act(`v${seat}`, { type: "vote", target: seat <= 6 ? 3 : 5 })).toMatchObject({ type: "ack" });
    }
    await settle(t.code, everyone());
    expect(hostGame().phase).toBe("voting");
    expect(hostGame().host).toMatchObject({ waiting: true, pending: [] });
    expect(hostGame().deadline).toBeNull();
    expect(await scheduledAlarm(t.code)).toBeNull();
    // Players cannot confirm; the host can.
    expect(await hostInput(t.seated[0]!.client, "x", { type: "confirm" })).toMatchObject({ type: "error", code: "not-host" });
    expect(await hostInput(host, "c1", { type: "confirm" })).toMatchObject({ type: "ack" });
    await settle(t.code, everyone());
    expect(hostGame().log.some((e) => e.type === "vote-counted")).toBe(true);
    expect(hostGame().phase).toBe("leader-speech"); // day 1: the leader speaks and stays (§2.8)
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await settle(t.code, everyone());
    expect(hostGame().phase).toBe("night-shot");

    // The night shot's time runs out: the night does not move on by itself.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await settle(t.code, everyone());
    expect(hostGame().phase).toBe("night-shot");
    expect(hostGame().host!.waiting).toBe(true);
    expect(await scheduledAlarm(t.code)).toBeNull();
    expect(await runDurableObjectAlarm(stub)).toBe(false);
    expect(await hostInput(host, "c2", { type: "confirm" })).toMatchObject({ type: "ack" });
    await settle(t.code, everyone());
    expect(hostGame().phase).toBe("night-check");
    expect(await runDurableObjectAlarm(stub)).toBe(true); // checks' time is up → waits
    await settle(t.code, everyone());
    expect(hostGame().phase).toBe("night-check");
    expect(await hostInput(host, "c3", { type: "confirm" })).toMatchObject({ type: "ack" });
    await settle(t.code, everyone());
    expect(hostGame().phase).toBe("speech"); // a miss (nobody shot): the day begins
    // The host's panel is the host's only.
    for (const s of t.seated) for (const f of viewFrames(s.client)) expect((f.view.game as { host?: unknown } | null)?.host).toBeUndefined();
  });
});

describe("spectators", () => {
  it("watch by code with the public view only; never counted; every input refused", async () => {
    const t = await fullTable();
    open.push(...t.open);
    const watcher = await connectAs(t.code, undefined, "watcher");
    open.push(watcher);
    expect(watcher.frames.find((m) => m.type === "welcome")).toMatchObject({ identity: { kind: "spectator" } });
    expect(await summary(t.code)).toMatchObject({ seats: { taken: 10 } });
    const v = watcher.lastView();
    expect(v.game!.you).toBeNull();
    expect(v.organizing).toBe(false);
    expect(v.delayMs).toBe(0);
    expect(await watcher.act("a", { type: "take-card", card: 0 })).toMatchObject({ type: "error", code: "not-seated" });
    expect(await control(watcher, "c", { type: "seat-to-bot", seat: 1 })).toMatchObject({ type: "error", code: "not-organizer" });
    expect(await hostInput(watcher, "h", { type: "confirm" })).toMatchObject({ type: "error", code: "not-host" });
  });

  it("with a delay: spectators get each public view only once it is N seconds old; players get theirs at once", async () => {
    const created = await createTable({ presetId: "sport", spectatorDelaySeconds: 30 });
    const spectator = await connectAs(created.code, undefined, "spectator");
    open.push(spectator);
    const first = viewFrames(spectator)[0]!;
    expect(first.view).toMatchObject({ delayMs: 30_000, lobby: [] });
    expect(first.serverNow).toBeLessThan(Date.now() - 29_000); // the moment the view shows

    const ann = await joinOk(created.code, { nickname: "Ann" });
    const annSocket = await connectAs(created.code, ann.token, "Ann");
    open.push(annSocket);
    expect(annSocket.lastView().lobby).toHaveLength(1);
    await drained(spectator);
    // Nothing new reached the spectator yet.
    expect(viewFrames(spectator)).toHaveLength(1);

    // When the alarm comes (30 s after the change), the spectator sees the table as it was then.
    expect(await runDurableObjectAlarm(tableStub(created.code))).toBe(true);
    const late = await spectator.next((m) => m.type === "view" && m.view.lobby.length === 1, 1);
    expect((late as ViewFrame).view.delayMs).toBe(30_000);
    expect((late as ViewFrame).view.lobby[0]!.nickname).toBe("Ann");
    // A sync gives the same delayed view, never the live one.
    const from = spectator.frames.length;
    spectator.send({ type: "sync" });
    const synced = (await spectator.next((m) => m.type === "view", from)) as ViewFrame;
    expect(synced.version).toBeLessThanOrEqual((late as ViewFrame).version);
    expect(synced.view.delayMs).toBe(30_000);
    // Players are never delayed.
    expect(annSocket.lastView().delayMs).toBe(0);
    void connect;
  });
});
