/**
 * Presence, return and pause (issue 5; RULES.md §5.1 "Return: by the saved link on the same device, or
 * by room code + personal return code on another"; "Pause stops all game timers. When the player
 * whose absence caused the pause returns, the game resumes by itself"; §1 Timers "Pausing stops all
 * game timers and resumes them with the time that was left").
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { ReturnResponse } from "../../shared/protocol/http.ts";
import { Client, connectAs, evict, createTable, postJson, scheduledAlarm, storedGame, tableStub, until } from "./helpers.ts";
import { bySeat, control, fullTable, gameOf, joinOk, seatOf, settle, versionOf } from "./fixture.ts";

let open: Client[] = [];
afterEach(() => {
  for (const c of open) c.close();
  open = [];
});

async function returnWith(code: string, returnCode: string): Promise<ReturnResponse> {
  const res = await postJson(`/api/tables/${code}/return`, { returnCode });
  expect(res.status).toBe(200);
  return res.json();
}

describe("connection state per seat", () => {
  it("is visible to all (connected / away since), kept in SQLite across eviction", async () => {
    const { code } = await createTable();
    const ann = await joinOk(code, { nickname: "Ann" });
    const watcher = await connectAs(code, undefined, "watcher");
    open.push(watcher);
    // Joined but never connected: away since the join.
    let lobby = watcher.lastView().lobby;
    expect(lobby[0]).toMatchObject({ nickname: "Ann", connected: false, neverConnected: true });
    expect(lobby[0]!.awaySince).toEqual(expect.any(Number));

    const phone = await connectAs(code, ann.token, "Ann");
    lobby = (await watcher.viewAtLeast(await versionOf(code))).lobby;
    expect(lobby[0]).toMatchObject({ connected: true, awaySince: null, neverConnected: false });

    const before = Date.now();
    const from = watcher.frames.length;
    phone.close();
    const closed = await watcher.next((m) => m.type === "view" && m.view.lobby[0]?.connected === false, from);
    const away = (closed as Extract<typeof closed, { type: "view" }>).view.lobby[0]!.awaySince!;
    expect(away).toBeGreaterThanOrEqual(before - 5);
    // Issue 13: once connected, an absence is "away", never again "not here yet".
    expect((closed as Extract<typeof closed, { type: "view" }>).view.lobby[0]!.neverConnected).toBe(false);

    // Eviction: presence is stored, not rebuilt from memory.
    await evict(tableStub(code));
    const late = await connectAs(code, undefined, "late");
    open.push(late);
    expect(late.lastView().lobby[0]).toMatchObject({ connected: false, awaySince: away, neverConnected: false });
  });

  it("a player returning on another device with the return code gets the full current view", async () => {
    const t = await fullTable();
    open.push(...t.open);
    expect(await runDurableObjectAlarm(tableStub(t.code))).toBe(true); // dealing → acquaintance
    await settle(t.code, t.seated.map((s) => s.client));
    const bea = t.seated[4]!;
    const mine = gameOf(bea.client).you!;
    expect(mine.role).toBeTruthy();
    const watcher = t.seated[0]!.client;
    const from = watcher.frames.length;
    bea.client.close();
    await watcher.next((m) => m.type === "view" && m.view.lobby[4]?.connected === false, from);

    const back = await returnWith(t.code, bea.join.returnCode);
    expect(back.playerId).toBe(bea.join.playerId);
    const laptop = await connectAs(t.code, back.token, "laptop");
    open.push(laptop);
    const g = gameOf(laptop);
    expect(g.you).toEqual(mine);
    expect(g.phase).toBe("acquaintance");
    // Everyone sees the seat connected again.
    await watcher.next((m) => m.type === "view" && m.view.lobby[4]?.connected === true, from + 1);
  });
});

describe("pause and resume (organizer)", () => {
  it("pause stops the alarm and every timer; resume gives back exactly the time that was left", async () => {
    const t = await fullTable();
    open.push(...t.open);
    const organizer = t.seated[0]!.client;
    const other = t.seated[1]!.client;
    expect(organizer.lastView()).toMatchObject({ organizing: true, organizer: { kind: "player", place: 1 } });
    expect(other.lastView().organizing).toBe(false);
    expect(other.lastView().lobby[0]!.organizer).toBe(true);

    const deadline = gameOf(organizer).deadline!;
    expect(await scheduledAlarm(t.code)).toBe(deadline);

    // Only the organizer may pause.
    expect(await control(other, "p0", { type: "pause" })).toMatchObject({ type: "error", code: "not-organizer", ref: "p0" });
    const watcher = await connectAs(t.code, undefined, "watcher");
    open.push(watcher);
    expect(await control(watcher, "p0", { type: "pause" })).toMatchObject({ type: "error", code: "not-organizer" });

    expect(await control(organizer, "p1", { type: "pause" })).toMatchObject({ type: "ack", ref: "p1" });
    const [view] = await settle(t.code, [other]);
    const paused = view!.game!.paused!;
    expect(paused).toMatchObject({ by: "Player 1", reason: "organizer" });
    expect(view!.pause).toMatchObject({ by: "Player 1", reason: "organizer", absentSeat: null });
    expect(view!.game!.deadline).toBeNull();
    // No timer runs: the stored engine deadline and the runtime alarm are gone.
    expect((await storedGame(t.code)).alarm_at).toBeNull();
    expect(await scheduledAlarm(t.code)).toBeNull();
    expect(await runDurableObjectAlarm(tableStub(t.code))).toBe(false);
    // Nobody acts while paused.
    expect(await other.act("take", { type: "take-card", card: 0 })).toMatchObject({ type: "error", code: "paused" });
    expect(await control(organizer, "p2", { type: "pause" })).toMatchObject({ type: "error", code: "paused" });

    await new Promise((r) => setTimeout(r, 60));
    expect(await control(organizer, "r1", { type: "resume" })).toMatchObject({ type: "ack" });
    const [after] = await settle(t.code, [other]);
    const resumed = after!.game!.log.filter((e) => e.type === "resumed").at(-1)!;
    expect(after!.game!.paused).toBeNull();
    expect(after!.pause).toBeNull();
    // The deadline moved by exactly the paused time: remaining time is what was left at the pause.
    expect(after!.game!.deadline! - resumed.at).toBe(paused.remainingMs);
    expect(after!.game!.deadline).toBeGreaterThan(deadline);
    expect(await scheduledAlarm(t.code)).toBe(after!.game!.deadline);
    expect(await control(organizer, "r2", { type: "resume" })).toMatchObject({ type: "error", code: "not-allowed" });
    // And the timer still ends the phase.
    expect(await runDurableObjectAlarm(tableStub(t.code))).toBe(true);
    expect((await settle(t.code, [other]))[0]!.game!.phase).toBe("acquaintance");
  });

  it("a pause for a player's absence ends by itself when that player returns (another device, return code)", async () => {
    const t = await fullTable();
    open.push(...t.open);
    const organizer = t.seated[0]!.client;
    expect(await runDurableObjectAlarm(tableStub(t.code))).toBe(true); // acquaintance
    await settle(t.code, t.seated.map((s) => s.client));
    const gone = t.seated[6]!;
    const goneSeat = seatOf(gone.client);

    // A connected player is not absent.
    expect(await control(organizer, "a0", { type: "pause", absentSeat: goneSeat })).toMatchObject({ type: "error", code: "not-allowed" });

    const from = organizer.frames.length;
    gone.client.close();
    await organizer.next((m) => m.type === "view" && m.view.lobby[6]?.connected === false, from);
    expect(await control(organizer, "a1", { type: "pause", absentSeat: goneSeat })).toMatchObject({ type: "ack" });
    const [paused] = await settle(t.code, [organizer]);
    expect(paused!.pause).toMatchObject({ reason: "absence", absentSeat: goneSeat, by: "Player 1" });
    expect(paused!.game!.paused).toMatchObject({ reason: "absence" });
    expect(await scheduledAlarm(t.code)).toBeNull();
    const remaining = paused!.game!.paused!.remainingMs;

    // Evicted meanwhile: the pause record is in SQLite.
    await evict(tableStub(t.code));

    const back = await returnWith(t.code, gone.join.returnCode);
    const phone = await connectAs(t.code, back.token, "back");
    open.push(phone);
    // The returning player's very first view is already the resumed game.
    expect(gameOf(phone).paused).toBeNull();
    expect(phone.lastView().pause).toBeNull();
    const [view] = await settle(t.code, [organizer]);
    expect(view!.game!.paused).toBeNull();
    const resumed = view!.game!.log.filter((e) => e.type === "resumed").at(-1)!;
    expect(view!.game!.deadline! - resumed.at).toBe(remaining);
    expect(await scheduledAlarm(t.code)).toBe(view!.game!.deadline);
  });

  it("an absence pause is not ended by someone else's return", async () => {
    const t = await fullTable();
    open.push(...t.open);
    const organizer = t.seated[0]!.client;
    const a = t.seated[2]!;
    const b = t.seated[3]!;
    const from = organizer.frames.length;
    a.client.close();
    b.client.close();
    await organizer.next((m) => m.type === "view" && m.view.lobby[2]?.connected === false && m.view.lobby[3]?.connected === false, from);
    expect(await control(organizer, "a", { type: "pause", absentSeat: seatOf(a.client) })).toMatchObject({ type: "ack" });
    const bBack = await connectAs(t.code, b.join.token, "b again");
    open.push(bBack);
    expect(gameOf(bBack).paused).not.toBeNull();
    const aBack = await connectAs(t.code, a.join.token, "a again");
    open.push(aBack);
    expect(gameOf(aBack).paused).toBeNull();
  });
});

describe("organizer rights", () => {
  it("the creator sitting down is one identity: the organizer token is spent; rights are transferable", async () => {
    const t = await fullTable();
    open.push(...t.open);
    const [one, two] = [t.seated[0]!.client, t.seated[1]!.client];
    // The organizer token no longer opens anything on its own.
    const res = await (await import("./helpers.ts")).connect(t.code, "token");
    open.push(res);
    res.send({ type: "hello", token: t.organizerToken });
    expect(await res.next((m) => m.type === "error")).toMatchObject({ code: "bad-token" });
    expect((await joinOkOrStatus(t.code, { nickname: "Zed", organizerToken: t.organizerToken })).status).toBe(409); // table full first

    expect(await control(one, "t0", { type: "transfer-organizer", place: 99 })).toMatchObject({ type: "error", code: "bad-message" });
    expect(await control(one, "t1", { type: "transfer-organizer", place: 2 })).toMatchObject({ type: "ack" });
    const [v1, v2] = await settle(t.code, [one, two]);
    expect(v1!.organizing).toBe(false);
    expect(v2!.organizing).toBe(true);
    expect(v2!.organizer).toEqual({ kind: "player", place: 2 });
    expect(await control(one, "t2", { type: "pause" })).toMatchObject({ type: "error", code: "not-organizer" });
    expect(await control(two, "t3", { type: "pause" })).toMatchObject({ type: "ack" });
  });

  it("a creator who does not sit organizes from a seatless socket until they hand the rights to a player", async () => {
    const t = await fullTable({}, { creatorSits: false });
    open.push(...t.open);
    const org = await connectAs(t.code, t.organizerToken, "organizer");
    open.push(org);
    expect(org.frames.find((m) => m.type === "welcome")).toMatchObject({ identity: { kind: "organizer" } });
    const view = org.lastView();
    expect(view).toMatchObject({ organizing: true, organizer: { kind: "creator" } });
    expect(view.game!.you).toBeNull();
    expect(await org.act("x", { type: "take-card", card: 1 })).toMatchObject({ type: "error", code: "not-seated" });
    expect(await control(org, "s", { type: "start" })).toMatchObject({ type: "error", code: "not-allowed" }); // sport starts when full
    expect(await control(org, "p", { type: "pause" })).toMatchObject({ type: "ack" });

    expect(await control(org, "t", { type: "transfer-organizer", place: 3 })).toMatchObject({ type: "ack" });
    await until(() => org.closed, 15_000, "organizer socket closed");
    expect(org.frames.some((m) => m.type === "error" && m.code === "organizer-transferred")).toBe(true);
    expect(org.closeCode).toBe(4002);
    const third = t.seated[2]!.client;
    expect((await settle(t.code, [third]))[0]!.organizing).toBe(true);
    expect(await control(third, "r", { type: "resume" })).toMatchObject({ type: "ack" });
  });
});

async function joinOkOrStatus(code: string, body: Record<string, unknown>): Promise<Response> {
  return (await import("./helpers.ts")).joinWith(code, body);
}

describe("one person, one seat", () => {
  it("the same device cannot take a second seat unless the organizer allows it (typed 409)", async () => {
    const { code, organizerToken } = await createTable();
    const device = "device-aaaaaaaaaaaaaaaa";
    const ann = await joinOk(code, { nickname: "Ann", deviceId: device, organizerToken });
    const second = await joinOkOrStatus(code, { nickname: "Ann 2", deviceId: device });
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: { code: string } }).error.code).toBe("same-device");
    // Another device is fine; a malformed device id is a 400.
    await joinOk(code, { nickname: "Bea", deviceId: "device-bbbbbbbbbbbbbbbb" });
    expect((await joinOkOrStatus(code, { nickname: "Cy", deviceId: "short" })).status).toBe(400);

    const org = await connectAs(code, ann.token, "Ann");
    open.push(org);
    expect(org.lastView().options.allowSameDevice).toBe(false);
    expect(await control(org, "o", { type: "options", allowSameDevice: true })).toMatchObject({ type: "ack" });
    expect((await settle(code, [org]))[0]!.options.allowSameDevice).toBe(true);
    await joinOk(code, { nickname: "Ann 2", deviceId: device });

    // A table created allowing it from the start.
    const open2 = await createTable({ presetId: "sport", allowSameDevice: true });
    await joinOk(open2.code, { nickname: "A", deviceId: device });
    await joinOk(open2.code, { nickname: "B", deviceId: device });
  });
});

describe("organizer's start", () => {
  it("sport starts by itself when full; the start command is refused there and before/after", async () => {
    const { code, organizerToken } = await createTable();
    const ann = await joinOk(code, { nickname: "Ann", organizerToken });
    const c = await connectAs(code, ann.token, "Ann");
    open.push(c);
    expect(await control(c, "s1", { type: "start" })).toMatchObject({ type: "error", code: "not-allowed" });
    // Pause before the game: nothing to pause.
    expect(await control(c, "p1", { type: "pause" })).toMatchObject({ type: "error", code: "phase-closed" });
    expect(await control(c, "b1", { type: "seat-to-bot", seat: 1 })).toMatchObject({ type: "error", code: "phase-closed" });
  });
});

void bySeat;
