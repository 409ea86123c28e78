/**
 * The table object end to end, with real hibernating sockets (issue 2 "Must show"):
 * ten seats, ten views, no secret ever sent to a connection not entitled to it (RULES.md §1 Secrets,
 * §2.1 "a player sees only their own role"); timers by alarm (RULES.md §1 Timers), stale and repeated
 * alarms; eviction mid-phase.
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { JoinResponse } from "../../shared/protocol/http.ts";
import type { ServerMessage } from "../../shared/protocol/messages.ts";
import type { TableObject } from "../../worker/table/TableObject.ts";
import type { TableStore } from "../../worker/table/storage.ts";
import { Client, connectAs, drained, evict, everyoneConnected, createTable, join, scheduledAlarm, storedGame, tableStub } from "./helpers.ts";

type Truth = Map<number, { role: string; team: string }>;

interface Seated {
  join: JoinResponse;
  nickname: string;
  client: Client;
}

let open: Client[] = [];
afterEach(() => {
  for (const c of open) c.close();
  open = [];
});

/** create → 10 joins, each followed by its socket; plus one spectator watching from the start. */
async function fullTable(): Promise<{ code: string; seated: Seated[]; spectator: Client }> {
  const { code } = await createTable({ presetId: "sport" });
  const spectator = await connectAs(code, undefined, "spectator");
  open.push(spectator);
  const seated: Seated[] = [];
  for (let i = 1; i <= 10; i++) {
    const nickname = `Player ${i}`;
    const j = await join(code, nickname);
    const client = await connectAs(code, j.token, nickname);
    open.push(client);
    seated.push({ join: j, nickname, client });
  }
  // Every socket gets the dealing view (the game started by itself with the 10th join).
  for (const s of [...seated.map((s) => s.client), spectator]) {
    await s.next((m) => m.type === "view" && m.view.game?.phase === "dealing");
  }
  // And everyone connected (presence is coalesced: the last connects arrive at the window's end).
  await everyoneConnected([...seated.map((s) => s.client), spectator], 10);
  return { code, seated, spectator };
}

const latestGameOf = (c: Client) => {
  const g = c.lastView().game;
  if (!g) throw new Error(`${c.name}: no game view`);
  return g;
};

/** Walk every object in a frame. */
function walk(value: unknown, visit: (obj: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) for (const x of value) walk(x, visit);
  else if (value && typeof value === "object") {
    visit(value as Record<string, unknown>);
    for (const x of Object.values(value)) walk(x, visit);
  }
}

/**
 * Every role or team fact in every frame this client ever received must be one it may know:
 * its own seat; a black teammate once the black team has met (after dealing); anything at the end.
 */
function assertNoLeaks(client: Client, me: { seat: number; team: string } | null, truth: Truth): number {
  let facts = 0;
  for (const frame of client.frames) {
    if (frame.type !== "view") continue;
    const game = frame.view.game;
    const over = game?.result != null;
    if (over) continue;
    const afterDealing = game !== null && game.phase !== "dealing";
    walk(frame.view, (obj) => {
      if (!("role" in obj) && !("team" in obj)) return;
      if (obj.role == null && obj.team == null) return;
      const seat = typeof obj.seat === "number" ? obj.seat : null;
      const entitled =
        me !== null &&
        seat !== null &&
        (seat === me.seat || (afterDealing && me.team === "black" && truth.get(seat)?.team === "black"));
      expect(entitled, `${client.name} saw ${JSON.stringify(obj)} in phase ${game?.phase}`).toBe(true);
      facts++;
    });
    if (game?.you && me?.team !== "black") expect(game.you.teammates).toEqual([]);
  }
  return facts;
}

/** Ground truth from each player's own view once everybody holds a card. */
function truthFrom(seated: Seated[]): Truth {
  const truth: Truth = new Map();
  for (const s of seated) {
    const you = latestGameOf(s.client).you!;
    expect(you.role).toBeTruthy();
    truth.set(you.seat, { role: you.role!, team: you.team! });
  }
  return truth;
}

async function versionOf(code: string) {
  return (await storedGame(code)).version;
}

describe("a sport table with ten sockets", () => {
  it("each socket receives its own view, and none ever receives another seat's secret", async () => {
    const { code, seated, spectator } = await fullTable();

    // Seats 1..10 drawn at random, each player sees their own seat and nickname.
    const seats = seated.map((s) => latestGameOf(s.client).you!.seat);
    expect(new Set(seats)).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    for (const s of seated) {
      const g = latestGameOf(s.client);
      expect(g.seats.find((x) => x.seat === g.you!.seat)?.nickname).toBe(s.nickname);
      expect(g.you!.role).toBeNull();
      expect(g.deadline).toBeGreaterThan(Date.now());
    }
    expect(latestGameOf(spectator).you).toBeNull();

    // §2.1 five players take cards; each sees only their own role.
    for (let i = 0; i < 5; i++) {
      const reply = await seated[i]!.client.act(`take-${i}`, { type: "take-card", card: i });
      expect(reply.type, JSON.stringify(reply)).toBe("ack");
    }
    const afterTaking = await versionOf(code);
    for (const s of [...seated.map((s) => s.client), spectator]) await s.viewAtLeast(afterTaking);
    for (let i = 0; i < 10; i++) {
      const you = latestGameOf(seated[i]!.client).you!;
      if (i < 5) expect(you.role).toBeTruthy();
      else expect(you.role).toBeNull();
    }

    // The deadline: the alarm deals the rest at random and the acquaintance night begins (§2.1, §2.2).
    expect(await runDurableObjectAlarm(tableStub(code))).toBe(true);
    const v2 = await versionOf(code);
    for (const c of [...seated.map((s) => s.client), spectator]) {
      const view = await c.viewAtLeast(v2);
      expect(view.game?.phase).toBe("acquaintance");
    }
    const truth = truthFrom(seated);
    expect([...truth.values()].filter((t) => t.team === "black")).toHaveLength(3);

    // Black players now know their teammates (§2.2); red players know nobody.
    for (const s of seated) {
      const you = latestGameOf(s.client).you!;
      const black = [...truth].filter(([, t]) => t.team === "black").map(([seat]) => seat).sort();
      if (you.team === "black") expect([...you.teammates, you.seat].sort()).toEqual(black);
      else expect(you.teammates).toEqual([]);
    }

    // The whole record: no frame to anyone carried a fact they may not know.
    const seed = await runInDurableObject(tableStub(code), (_i, state) => String(state.storage.sql.exec("SELECT seed FROM config").one().seed));
    const secrets = [seed, ...seated.flatMap((s) => [s.join.token, s.join.returnCode])];
    for (const s of seated) {
      const you = latestGameOf(s.client).you!;
      // The checker did see role facts (the player's own, at least), so it is not vacuous.
      expect(assertNoLeaks(s.client, { seat: you.seat, team: you.team! }, truth)).toBeGreaterThan(0);
      expect(s.client.schemaFailures).toEqual([]);
      for (const text of s.client.raw) {
        for (const secret of secrets) expect(text.includes(secret)).toBe(false);
        expect(text).not.toMatch(/"(rng|seed|deck)"/);
      }
    }
    assertNoLeaks(spectator, null, truth);
    expect(spectator.schemaFailures).toEqual([]);
    for (const text of spectator.raw) expect(text).not.toMatch(/"role":"/);

    // Versions only go up, on every socket.
    for (const c of [...seated.map((s) => s.client), spectator]) {
      const versions = c.views().map((m) => m.version);
      expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    }
  });

  it("presence: a player's connection is visible to all; closing it bumps the version", async () => {
    const { code } = await createTable();
    const ann = await join(code, "Ann");
    const watcher = await connectAs(code, undefined, "watcher");
    open.push(watcher);
    const c = await connectAs(code, ann.token, "Ann");
    open.push(c);
    let v = await versionOf(code);
    expect((await watcher.viewAtLeast(v)).lobby).toEqual([
      { place: 1, seat: null, nickname: "Ann", bot: false, connected: true, awaySince: null, neverConnected: false, organizer: false },
    ]);
    c.close();
    await watcher.next((m) => m.type === "view" && m.version > v && m.view.lobby[0]?.connected === false);
  });
});

describe("timers", () => {
  it("an alarm advances the phase; a repeated alarm and a stale alarm change nothing", async () => {
    const { code, seated } = await fullTable();
    const stub = tableStub(code);
    const dealing = await storedGame(code);
    expect(await scheduledAlarm(code)).toBe(dealing.alarm_at);
    const dealingSeq = dealing.alarm_phase_seq!;

    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const acq = await storedGame(code);
    expect(acq.version).toBe(dealing.version + 1);
    expect(acq.alarm_phase_seq).toBeGreaterThan(dealingSeq);
    expect(await scheduledAlarm(code)).toBe(acq.alarm_at);
    for (const s of seated) expect((await s.client.viewAtLeast(acq.version)).game?.phase).toBe("acquaintance");

    // A repeated delivery while the real alarm is still ahead: nothing happens.
    await runInDurableObject(stub, (instance: TableObject) => instance.alarm());
    expect(await storedGame(code)).toEqual(acq);

    // A stale alarm (naming the dealing phase) that is due: the engine refuses it, nothing changes,
    // and the alarm is re-armed for the current phase.
    await runInDurableObject(stub, async (instance: TableObject, state) => {
      state.storage.sql.exec("UPDATE game SET alarm_phase_seq = ?", dealingSeq);
      // Written behind the object's back: drop its row caches (worker/table/storage.ts) as a fresh instance would.
      (instance as unknown as { store: TableStore }).store.invalidate();
      await state.storage.deleteAlarm();
      await instance.alarm();
    });
    const after = await storedGame(code);
    expect(after).toEqual(acq);
    expect(await scheduledAlarm(code)).toBe(acq.alarm_at);

    // A stale alarm set for an earlier time: the deadline has moved later, so it only re-arms.
    await runInDurableObject(stub, async (instance: TableObject, state) => {
      state.storage.sql.exec("UPDATE game SET alarm_phase_seq = ?, alarm_at = ?", dealingSeq, dealing.alarm_at);
      // Written behind the object's back: drop its row caches (worker/table/storage.ts) as a fresh instance would.
      (instance as unknown as { store: TableStore }).store.invalidate();
      await state.storage.deleteAlarm();
      await instance.alarm();
    });
    expect(await storedGame(code)).toEqual(acq);
    expect(await scheduledAlarm(code)).toBe(acq.alarm_at);

    // And the real alarm still advances the game: acquaintance → day speeches (§2.2 → §2.3).
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const day = await storedGame(code);
    expect(day.version).toBe(acq.version + 1);
    for (const s of seated) expect((await s.client.viewAtLeast(day.version)).game?.phase).toBe("speech");
    // Exactly one input per timeout in the log.
    const log = await runInDurableObject(stub, (_i, state) => state.storage.sql.exec("SELECT input FROM input_log ORDER BY seq").toArray().map((r) => JSON.parse(String(r.input))));
    expect(log.map((i: { kind: string }) => i.kind)).toEqual(["timeout", "timeout"]);
  });
});

describe("eviction", () => {
  it("after evictDurableObject mid-phase the sockets, seats, state and deadline all survive", async () => {
    const { code, seated, spectator } = await fullTable();
    const stub = tableStub(code);
    expect(await runDurableObjectAlarm(stub)).toBe(true); // into the acquaintance night
    const before = await storedGame(code);
    for (const s of seated) await s.client.viewAtLeast(before.version);
    const seatsBefore = seated.map((s) => latestGameOf(s.client).you);
    const deadlineBefore = latestGameOf(seated[0]!.client).deadline;

    await runInDurableObject(stub, (instance: TableObject) => {
      (instance as unknown as { marker?: boolean }).marker = true;
    });
    await evict(stub);
    // The instance really went away (its in-memory marker is gone)...
    expect(await runInDurableObject(stub, (instance: TableObject) => (instance as unknown as { marker?: boolean }).marker)).toBeUndefined();

    // ...but storage and the pending alarm survived.
    expect(await storedGame(code)).toEqual(before);
    expect(await scheduledAlarm(code)).toBe(before.alarm_at);
    expect(before.alarm_at).toBe(deadlineBefore);

    // The sockets are still open and still know who they are (attachments survived).
    for (const s of seated) {
      expect(s.client.closed).toBe(false);
      const from = s.client.frames.length;
      s.client.send({ type: "sync" });
      const m = await s.client.next((f) => f.type === "view", from);
      const g = (m as Extract<ServerMessage, { type: "view" }>).view.game!;
      expect(m.type === "view" && m.version).toBe(before.version);
      expect(g.you).toEqual(seatsBefore[seated.indexOf(s)]);
      expect(g.phase).toBe("acquaintance");
      expect(g.deadline).toBe(deadlineBefore);
    }

    // An action after eviction is served: the Don writes a shooting plan (§2.2), seen by the black
    // team only. It is a quiet change (§1 Secrets): the version stays, and only the black team gets a
    // frame — the town and the spectator get nothing that could tell them the Don did something.
    const truth = truthFrom(seated);
    const don = seated.find((s) => latestGameOf(s.client).you!.role === "don")!;
    const froms = seated.map((s) => s.client.frames.length);
    const spectatorFrom = spectator.frames.length;
    const reply = await don.client.act("plan", { type: "shooting-plan", plan: [1, 2, 3].filter((x) => truth.get(x)?.team !== "black") });
    expect(reply.type, JSON.stringify(reply)).toBe("ack");
    expect(await versionOf(code)).toBe(before.version);
    for (const [i, s] of seated.entries()) {
      if (truth.get(latestGameOf(s.client).you!.seat)?.team !== "black") continue;
      const m = await s.client.next((f) => f.type === "view" && f.view.game?.you?.shootingPlan != null, froms[i]);
      expect(m.type === "view" && m.version).toBe(before.version);
    }
    // Whatever the change sent them has arrived once a probe's reply has (each socket keeps its order).
    for (const [i, s] of seated.entries()) {
      if (truth.get(latestGameOf(s.client).you!.seat)?.team === "black") continue;
      await drained(s.client);
      expect(s.client.frames.slice(froms[i]).filter((f) => f.type === "view"), "a town player gets no frame").toEqual([]);
    }
    await drained(spectator);
    expect(spectator.frames.slice(spectatorFrom).filter((f) => f.type === "view")).toEqual([]);

    // Evict again, then the alarm still fires for the right phase.
    await evict(stub);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const day = await storedGame(code);
    expect(day.version).toBe(before.version + 1);
    for (const s of seated) expect((await s.client.viewAtLeast(day.version)).game?.phase).toBe("speech");
    for (const s of seated) assertNoLeaks(s.client, { seat: latestGameOf(s.client).you!.seat, team: latestGameOf(s.client).you!.team! }, truth);
  });
});

describe("bad input", () => {
  it("malformed, oversized, out-of-turn and flooding messages get typed errors and change nothing", async () => {
    const { code, seated } = await fullTable();
    await seated[0]!.client.act("take", { type: "take-card", card: 0 });
    const snapshot = await storedGame(code);

    const errorOf = async (c: Client, frame: unknown): Promise<Extract<ServerMessage, { type: "error" }>> => {
      const from = c.frames.length;
      c.send(frame);
      return (await c.next((m) => m.type === "error", from)) as Extract<ServerMessage, { type: "error" }>;
    };

    // Before hello.
    const fresh = await (await import("./helpers.ts")).connect(code, "fresh");
    open.push(fresh);
    expect((await errorOf(fresh, { type: "act", ref: "a", action: { type: "shout" }, phaseSeq: 0 })).code).toBe("hello-first");
    expect((await errorOf(fresh, { type: "hello", token: "x".repeat(43) })).code).toBe("bad-token");
    expect((await errorOf(fresh, { type: "sync" })).code).toBe("hello-first");

    // Malformed and oversized.
    const c = seated[1]!.client;
    expect((await errorOf(c, "{not json")).code).toBe("bad-json");
    expect((await errorOf(c, { type: "act" })).code).toBe("bad-message");
    const wrongType = await errorOf(c, { type: "act", ref: "w1", action: { type: "nominate", target: "3" }, phaseSeq: c.stage() });
    expect(wrongType).toMatchObject({ code: "bad-message", ref: "w1" });
    expect((await errorOf(c, { type: "act", ref: "w2", action: { type: "shout" }, phaseSeq: c.stage(), extra: 1 })).code).toBe("bad-message");
    expect((await errorOf(c, JSON.parse('{"type":"act","ref":"w3","action":{"type":"shout"},"__proto__":{"x":1}}'))).code).toBe("bad-message");
    expect((await errorOf(c, { type: "launch-missiles" })).code).toBe("bad-message");
    expect((await errorOf(c, { type: "act", ref: "big", action: { type: "shout" }, pad: "x".repeat(5000) })).code).toBe("too-large");
    // 2,100 characters but 4,200 bytes of UTF-8: the limit is in bytes.
    expect((await errorOf(c, JSON.stringify({ type: "sync", ref: "ж".repeat(2100) }))).code).toBe("too-large");
    const fromBinary = c.frames.length;
    c.ws.send(new Uint8Array([1, 2, 3]));
    expect(((await c.next((m) => m.type === "error", fromBinary)) as { code: string }).code).toBe("bad-message");
    expect((await errorOf(c, { type: "hello" })).code).toBe("already-hello");

    // Out of turn (the engine's rejections pass through with the ref).
    const d = seated[2]!.client;
    expect(await d.act("n1", { type: "nominate", target: 3 })).toMatchObject({ type: "error", code: "phase-closed", ref: "n1" });
    expect(await d.act("n2", { type: "vote", target: 3 })).toMatchObject({ type: "error", code: "phase-closed", ref: "n2" });
    expect(await d.act("n3", { type: "take-card", card: 0 })).toMatchObject({ type: "error", code: "illegal-target", ref: "n3" });
    expect(await seated[0]!.client.act("again", { type: "take-card", card: 5 })).toMatchObject({ type: "error", code: "already-acted" });
    // A ref used twice on one connection.
    expect(await d.act("n1", { type: "take-card", card: 9 })).toMatchObject({ type: "error", code: "duplicate-ref", ref: "n1" });
    // A spectator cannot act.
    const watcher = await connectAs(code, undefined, "watcher");
    open.push(watcher);
    expect(await watcher.act("s1", { type: "take-card", card: 7 })).toMatchObject({ type: "error", code: "not-seated" });

    // Flooding: 40 frames at once; after the burst of 20 they are refused as rate-limited.
    const e = seated[3]!.client;
    const from = e.frames.length;
    for (let i = 0; i < 40; i++) e.send({ type: "act", ref: `f${i}`, action: { type: "nominate", target: 1 }, phaseSeq: e.stage() });
    await e.next((m) => m.type === "error" && m.ref === "f39", from);
    const replies = e.frames.slice(from).filter((m): m is Extract<ServerMessage, { type: "error" }> => m.type === "error");
    expect(replies).toHaveLength(40);
    const limited = replies.filter((m) => m.code === "rate-limited");
    // About 20 pass as a burst (this socket already spent one token on hello; a few refill at 5/s
    // on a slow machine); the rest are refused.
    expect(limited.length).toBeGreaterThanOrEqual(12);
    expect(limited.length).toBeLessThanOrEqual(21);
    expect(replies.filter((m) => m.code === "phase-closed").length).toBe(40 - limited.length);

    // Nothing changed: same version, same state, same alarm; no acks anywhere; honest players still play.
    expect(await storedGame(code)).toEqual(snapshot);
    expect(c.frames.some((m) => m.type === "ack")).toBe(false);
    const ok = await seated[4]!.client.act("honest", { type: "take-card", card: 4 });
    expect(ok.type).toBe("ack");
  });

  it("old tokens stay valid after a return from another device; both devices are the same seat", async () => {
    const { code } = await createTable();
    const ann = await join(code, "Ann");
    const res = await (await import("./helpers.ts")).postJson(`/api/tables/${code}/return`, { returnCode: ann.returnCode });
    const back = (await res.json()) as { token: string; playerId: string };
    const phone = await connectAs(code, ann.token, "phone");
    const laptop = await connectAs(code, back.token, "laptop");
    open.push(phone, laptop);
    const w1 = phone.frames.find((m) => m.type === "welcome");
    const w2 = laptop.frames.find((m) => m.type === "welcome");
    expect(w1).toMatchObject({ identity: { kind: "player", playerId: ann.playerId, nickname: "Ann" } });
    expect(w2).toMatchObject({ identity: { kind: "player", playerId: ann.playerId, nickname: "Ann" } });
  });
});

