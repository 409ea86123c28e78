/**
 * Issue 12 finding 4, "Reconnect floods fan out to everyone": 30 open / hello / close cycles of one
 * seat token in 1.4 s made every other connection receive 60 full views. Now:
 * - presence changes are coalesced (PRESENCE_WINDOW_MS): the first change after a quiet window goes
 *   out at once, later ones wait for the window's end (the table's one alarm, due kind `presence`) and
 *   go out together in one view;
 * - one credential holds at most SOCKETS_PER_CREDENTIAL sockets: a further hello closes the oldest
 *   (error `replaced`, close 4003);
 * - one client address opens at most SOCKET_OPENS.perSeat × seatsPerAddress sockets to a table per
 *   SOCKET_OPENS.windowMs; beyond that the upgrade is a 429.
 */
import { runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { CLOSE_CODES, SOCKETS_PER_CREDENTIAL } from "../../shared/protocol/messages.ts";
import { SOCKET_OPENS } from "../../worker/table/socket-opens.ts";
import { PRESENCE_WINDOW_MS } from "../../worker/table/schedule.ts";
import { Client, api, connect, connectAs, createTable, evict, tableStub } from "./helpers.ts";
import { fullTable, type Table } from "./fixture.ts";
import { openTable, playToEnd, type TableRun } from "./play.ts";

let open: Client[] = [];
let run: TableRun | null = null;
afterEach(() => {
  for (const c of open) c.close();
  open = [];
  run?.close();
  run = null;
});

/** The table's pending presence broadcast (game.presence_at), as the object reports it. */
async function presencePending(code: string): Promise<number | null> {
  return runInDurableObject(tableStub(code), (_i, state) => (state.storage.sql.exec("SELECT * FROM game").one().presence_at ?? null) as number | null);
}

/** Wait until the object has no presence view waiting (the coalescing window has been flushed). */
async function presenceSettled(code: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while ((await presencePending(code)) !== null) {
    if (Date.now() > deadline) throw new Error("presence never flushed");
    await new Promise((r) => setTimeout(r, 50));
  }
}

const placeOf = (t: Table, i: number) => t.seated[i]!.client.lastView().lobby.find((p) => p.nickname === t.seated[i]!.nickname)!.place;


/** `n` open / hello / close cycles of one token, each socket closed before the next opens; returns the flood's ms. */
async function reconnectCycles(code: string, token: string, n: number, who: (i: number) => [name: string, address?: string]): Promise<number> {
  const t0 = Date.now();
  for (let i = 0; i < n; i++) {
    const [name, address] = who(i);
    const c = await connect(code, name, address);
    c.send({ type: "hello", token });
    await c.next((m) => m.type === "welcome");
    c.close();
    await new Promise<void>((resolve) => (c.closed ? resolve() : c.ws.addEventListener("close", () => resolve())));
  }
  return Date.now() - t0;
}

describe("reconnect floods (issue 12 finding 4)", () => {
  it("30 open/hello/close cycles of one seat token: each honest connection gets at most 2 + ⌈flood time / window⌉ views, not 60", async () => {
    const t = await fullTable();
    open.push(...t.open);
    const flooded = t.seated[4]!;
    const place = placeOf(t, 4);
    const honest = t.seated.filter((s) => s !== flooded).map((s) => s.client);
    // The seat's own player is gone first, so every cycle flips its presence (connected ↔ away).
    flooded.client.close();
    for (const c of honest) await c.next((m) => m.type === "view" && m.view.lobby[place - 1]?.connected === false);
    await presenceSettled(t.code);

    const marks = honest.map((c) => c.frames.length);
    // From 30 networks, so that the per-address open limit (below) does not cut the flood short.
    const floodMs = await reconnectCycles(t.code, flooded.join.token, 30, (i) => ["flood", `198.18.0.${i + 1}`]);
    await presenceSettled(t.code);
    // Presence is not lost: everyone ends up seeing the seat away again.
    await Promise.all(honest.map((c, i) => c.next((m) => m.type === "view" && m.view.lobby[place - 1]?.connected === false, marks[i])));
    for (const c of honest) expect(c.lastView().lobby[place - 1]!.connected).toBe(false);

    const bound = 2 + Math.ceil(floodMs / PRESENCE_WINDOW_MS);
    const views = honest.map((c, i) => c.frames.slice(marks[i]).filter((m) => m.type === "view").length);
    console.log(`reconnect flood: 30 cycles in ${floodMs} ms → views per honest connection ${Math.min(...views)}–${Math.max(...views)} (bound ${bound}; 60 before the fix)`);
    for (const n of views) expect(n).toBeLessThanOrEqual(bound);
    expect(Math.max(...views)).toBeLessThan(10);
  });

  it("during a vote, 12 reconnects of one seat: the honest players get at most 2 + ⌈flood time / window⌉ views (23 before), and the vote goes on to a result", async () => {
    run = await openTable({ seed: "vote-flood", spectators: 1, mix: 0, capture: false });
    await playToEnd(run, { until: (g) => g.phase === "voting" });
    expect(run.seated[0]!.client.lastView().game!.phase).toBe("voting");
    const x = run.seated[2]!;
    const seat = x.client.lastView().game!.you!.seat;
    const honest = () => run!.all().filter((c) => c !== x.client);
    x.client.close();
    for (const c of honest()) await c.next((m) => m.type === "view" && !m.view.connected.includes(seat));
    await presenceSettled(run.code);
    const marks = honest().map((c) => c.frames.length);
    const floodMs = await reconnectCycles(run.code, x.join.token, 12, () => [x.nickname]);
    await presenceSettled(run.code);
    const bound = 2 + Math.ceil(floodMs / PRESENCE_WINDOW_MS);
    const views = honest().map((c, i) => c.frames.slice(marks[i]).filter((m) => m.type === "view").length);
    console.log(`vote flood: 12 reconnects in ${floodMs} ms → views per honest connection ${Math.min(...views)}–${Math.max(...views)} (bound ${bound}; 23 before the fix)`);
    for (const n of views) expect(n).toBeLessThanOrEqual(bound);
    // The player comes back for real and the game goes on to its end.
    x.client = await connectAs(run.code, x.join.token, x.nickname);
    await playToEnd(run);
    expect(run.seated[0]!.client.lastView().game!.result).not.toBeNull();
  }, 60_000);

  it(`a credential holds ${SOCKETS_PER_CREDENTIAL} sockets: a further hello closes the oldest with 4003 "replaced"; the seat stays connected`, async () => {
    const t = await fullTable();
    open.push(...t.open);
    const ann = t.seated[0]!;
    const place = placeOf(t, 0);
    const watcher = t.seated[1]!.client;
    const mark = watcher.frames.length;
    const second = await connectAs(t.code, ann.join.token, ann.nickname);
    open.push(second);
    expect(ann.client.closed).toBe(false);
    const third = await connectAs(t.code, ann.join.token, ann.nickname);
    open.push(third);
    // The oldest (the original socket) is told why, then closed.
    await ann.client.next((m) => m.type === "error" && m.code === "replaced");
    await new Promise<void>((resolve) => (ann.client.closed ? resolve() : ann.client.ws.addEventListener("close", () => resolve())));
    expect(ann.client.closeCode).toBe(CLOSE_CODES.replaced);
    expect(ann.client.closeReason).toBe("replaced");
    expect(second.closed).toBe(false);
    expect(third.closed).toBe(false);
    // The two newest still play: a sync answers on both.
    for (const c of [second, third]) {
      const from = c.frames.length;
      c.send({ type: "sync" });
      await c.next((m) => m.type === "view", from);
    }
    // Nobody else saw the seat leave.
    await presenceSettled(t.code);
    for (const m of watcher.frames.slice(mark)) if (m.type === "view") expect(m.view.lobby[place - 1]!.connected).toBe(true);
  });

  it("a player who really leaves shows as away to everyone after the window; the waiting view survives an eviction (the table's alarm, not a timer)", async () => {
    const t = await fullTable();
    open.push(...t.open);
    const [a, b] = [t.seated[6]!, t.seated[7]!];
    const [placeA, placeB] = [placeOf(t, 6), placeOf(t, 7)];
    const watcher = t.seated[0]!.client;
    await presenceSettled(t.code);
    // The first leave after a quiet spell goes out at once.
    a.client.close();
    await watcher.next((m) => m.type === "view" && m.view.lobby[placeA - 1]?.connected === false);
    // A second one within the window waits for the window's end: the object schedules it.
    const before = Date.now();
    b.client.close();
    let pending: number | null = null;
    for (const until = Date.now() + 15_000; pending === null && Date.now() < until; ) pending = await presencePending(t.code);
    expect(pending, "no presence view was scheduled").not.toBeNull();
    expect(pending!).toBeGreaterThan(before - PRESENCE_WINDOW_MS);
    expect(pending!).toBeLessThanOrEqual(before + PRESENCE_WINDOW_MS);
    expect(watcher.lastView().lobby[placeB - 1]!.connected).toBe(true);
    const mark = watcher.frames.length;
    await evict(tableStub(t.code));
    const seen = await watcher.next((m) => m.type === "view" && m.view.lobby[placeB - 1]?.connected === false, mark, PRESENCE_WINDOW_MS + 4000);
    const away = (seen as Extract<typeof seen, { type: "view" }>).view.lobby[placeB - 1]!.awaySince!;
    expect(away).toBeGreaterThanOrEqual(before - 5);
    expect(away).toBeLessThanOrEqual(pending!);
    expect(await presencePending(t.code)).toBeNull();
  });

  it(`one address opens at most ${SOCKET_OPENS.perSeat} × seatsPerAddress sockets to a table per ${SOCKET_OPENS.windowMs / 1000} s; the excess upgrade is a 429, other addresses are served`, async () => {
    const { code } = await createTable();
    const ip = "203.0.113.44";
    const limit = SOCKET_OPENS.perSeat * 2;
    const upgrade = (address: string) => api(`/api/tables/${code}/socket`, { headers: { Upgrade: "websocket", "cf-connecting-ip": address } });
    for (let i = 0; i < limit; i++) {
      const res = await upgrade(ip);
      expect(res.status, `open ${i + 1}`).toBe(101);
      res.webSocket!.accept();
      res.webSocket!.close(1000, "done");
    }
    const refused = await upgrade(ip);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate-limited");
    const retry = Number(refused.headers.get("retry-after"));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(SOCKET_OPENS.windowMs / 1000);
    // Another network is unaffected; a room table allows its whole room.
    const other = await connectAs(code, undefined, "other", "198.51.100.44");
    open.push(other);
    const room = await createTable({ presetId: "sport", seatsPerAddress: 10 });
    for (let i = 0; i < limit + 1; i++) {
      const c = await connect(room.code, "room", ip);
      c.close();
    }
  });
});
