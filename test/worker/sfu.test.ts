/**
 * Issue 15, the SFU plane (docs/MEDIA.md §6) and TURN credentials (§5), against the local stand-in
 * of Cloudflare Realtime's API (sfu-standin.ts), which validates every request against the
 * transcribed OpenAPI schemas (sfu-openapi.ts) and records every call.
 *
 * A sport table is given the SFU's secrets on its own instance (every other table stays on the mesh);
 * nine of its ten people join the media with microphone and camera, one without. Then a whole game is
 * played, and before every step (every phase: dealing, the acquaintance night, speeches, votes, night
 * shots, last words, the end) each listener's pulled tracks in the stand-in must equal what the floor
 * of that listener's own latest view allows — computed here from the view alone.
 */
import { runInDurableObject } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heuristicBot } from "../../shared/bots/index.ts";
import type { Floor, GameView } from "../../shared/engine/types.ts";
import { MAX_SIGNAL_BYTES, type ServerMessage } from "../../shared/protocol/messages.ts";
import { apiBase, SFU_API, SfuApi } from "../../worker/media/sfu-api.ts";
import { onPort53, REUSE_MIN_LEFT_S, TurnCredentials, TURN_TTL_S, withoutPort53 } from "../../worker/media/turn.ts";
import { SfuPlane, type SfuState } from "../../worker/table/sfu.ts";
import type { Table } from "../../worker/table/table.ts";
import type { TableObject } from "../../worker/table/TableObject.ts";
import { control } from "./fixture.ts";
import { Client, connectAs, createTable, join, postJson, tableStub } from "./helpers.ts";
import { playToEnd, syncAll, type SeatedClient, type TableRun } from "./play.ts";
import { SfuStandIn, STANDIN_BASE } from "./sfu-standin.ts";

const APP = "0123456789abcdef0123456789abcdef";
const SECRET = "sfu-app-secret-for-tests";
const TURN = { keyId: "turn-key-id", token: "turn-api-token" };

let standIn: SfuStandIn;
/** Every table given the SFU's secrets here: put back on the mesh before the stand-in goes (the worker
 *  pool's workerd runs other files next, and these tables' alarms still fire). */
const configured: string[] = [];
beforeAll(() => {
  standIn = new SfuStandIn(APP, SECRET, TURN).install();
});
afterAll(async () => {
  for (const code of configured) {
    await runInDurableObject(tableStub(code), async (obj: TableObject) => {
      const self = obj as unknown as { env: Record<string, unknown> };
      const { SFU_APP_ID: _a, SFU_APP_SECRET: _s, SFU_API_BASE: _b, TURN_KEY_ID: _k, TURN_KEY_API_TOKEN: _t, ...rest } = self.env;
      await tableOf(obj).sfu.idle();
      self.env = rest;
    });
  }
  standIn?.uninstall();
});

type SfuFrame = Extract<ServerMessage, { type: "sfu" }>;
const sfuFrames = (c: Client, from = 0) => c.frames.slice(from).filter((m): m is SfuFrame => m.type === "sfu");

/** An offer as a browser's sendonly transceivers would make it (placeholder SDP with the mids). */
const offerSdp = (mids: string[]) => ["v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", ...mids.flatMap((m) => [`m=audio 9 UDP/TLS/RTP/SAVPF 111`, `a=mid:${m}`, "a=sendonly"])].join("\r\n") + "\r\n";
const ANSWER = { type: "answer" as const, sdp: "v=0\r\no=- 2 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n" };

/** The SFU (and TURN) secrets on one table's instance only; the stand-in as the API. */
async function configure(code: string, extra: Record<string, string> = {}): Promise<void> {
  await runInDurableObject(tableStub(code), (obj: TableObject) => {
    const self = obj as unknown as { env: Record<string, unknown> };
    self.env = { ...self.env, SFU_APP_ID: APP, SFU_APP_SECRET: SECRET, SFU_API_BASE: STANDIN_BASE, ...extra };
  });
  configured.push(code);
}

const tableOf = (obj: TableObject) => (obj as unknown as { table: Table }).table;

/** Wait until the table's SFU work is done; its sessions and pulls. */
async function settled(code: string): Promise<SfuState> {
  return runInDurableObject(tableStub(code), async (obj: TableObject) => {
    const t = tableOf(obj);
    await t.sfu.idle();
    return structuredClone(t.sfu.state());
  });
}

/** Answer every pull offer the way the web client does (sfu.ts), with a placeholder answer. */
function autoAnswer(c: Client): void {
  c.ws.addEventListener("message", (e) => {
    const m = JSON.parse(String(e.data)) as ServerMessage;
    if (m.type === "sfu" && m.op === "pull") c.send(JSON.stringify({ type: "sfu", op: "answer", pull: m.pull, answer: ANSWER }));
  });
}

/** Join the media: audio+video (mids "0","1"), or nothing (a listener without devices). */
async function joinMedia(c: Client, publish: boolean): Promise<SfuFrame> {
  const from = c.frames.length;
  const frame = publish
    ? { type: "sfu", op: "join", ref: "join", offer: { type: "offer", sdp: offerSdp(["0", "1"]) }, tracks: [{ mid: "0", kind: "audio" }, { mid: "1", kind: "video" }] }
    : { type: "sfu", op: "join", ref: "join" };
  c.send(JSON.stringify(publish ? frame : { ...frame, tracks: [] }));
  const joined = (await c.next((m) => (m.type === "sfu" && m.op === "joined") || (m.type === "error" && m.ref === "join"), from, 15_000)) as SfuFrame;
  return joined;
}

/** What the floor lets `me` receive from `other` — written from the floor here, not with the shared function. */
function allows(floor: Floor, me: number, other: number, kind: "audio" | "video"): boolean {
  return floor.channels.some((c) => (kind === "audio" ? c.speakers : c.video).includes(other) && (c.listeners === "everyone" || c.listeners.includes(me)));
}

interface Opened extends TableRun {
  organizer: Client;
  /** playerId of each seated client. */
  ids: Map<Client, string>;
  /** A spectator that joined the SFU plane (where the table lets spectators hear). */
  watcher?: Client;
}

async function sfuTable(seed: string, extra: Record<string, string> = {}, options: Record<string, unknown> = {}): Promise<Opened> {
  const created = await createTable({ presetId: "sport", ...options });
  const code = created.code;
  await configure(code, extra);
  const spectators = [await connectAs(code, undefined, `spectator ${seed}`)];
  const organizer = await connectAs(code, created.organizerToken, `organizer ${seed}`);
  const seated: SeatedClient[] = [];
  const ids = new Map<Client, string>();
  for (let i = 0; i < 10; i++) {
    const nickname = `S${i + 1} ${seed}`.slice(0, 24);
    const j = await join(code, nickname);
    const client = await connectAs(code, j.token, nickname);
    ids.set(client, j.playerId);
    seated.push({ nickname, join: j, client, bot: heuristicBot(`${seed}/${i}`) });
  }
  const run: Opened = {
    code, stub: tableStub(code), seated, spectators, organizer, ids,
    all: () => [...seated.map((s) => s.client), ...spectators, organizer],
    close: () => run.all().forEach((c) => c.close()),
  };
  const version = Math.max(...seated.map((s) => s.client.lastVersion()));
  await syncAll(run, version);
  return run;
}

/**
 * Every listener's pulled set (in the stand-in) equals what its own latest view's floor allows, and
 * what the client was told (its mid → seat and kind) matches. Waits for the table to settle (30 s: a failure bound, not an expected wait)
 * on the newest views; returns the phase it checked.
 */
async function checkPulls(run: Opened, why: string): Promise<{ phase: string; pulls: number }> {
  let last = "";
  for (const giveUp = Date.now() + 30_000; Date.now() < giveUp; ) {
    const state = await settled(run.code);
    const people = run.seated.map((s) => ({ c: s.client, id: run.ids.get(s.client)!, game: s.client.lastView().game as GameView }));
    const seatOfId = new Map(people.map((p) => [p.id, p.game.you!.seat]));
    const seatOfPub = new Map<string, number>();
    for (const [id, p] of Object.entries(state.people)) if (p.pub) seatOfPub.set(p.pub.sessionId, seatOfId.get(id)!);
    const problems: string[] = [];
    let pulls = 0;
    for (const p of people) {
      const person = state.people[p.id];
      if (!person?.recv) continue;
      const me = p.game.you!.seat;
      const want = new Set<string>();
      for (const [id, other] of Object.entries(state.people)) {
        if (id === p.id || !other.pub) continue;
        for (const tr of other.pub.tracks) if (allows(p.game.floor, me, seatOfId.get(id)!, tr.kind)) want.add(`${seatOfId.get(id)}:${tr.kind}`);
      }
      const held = standIn.pulled(person.recv.sessionId);
      pulls += held.length;
      const got = new Set(held.map((t) => `${seatOfPub.get(t.from!)}:${t.trackName}`));
      // Each camera at the size this listener shows it: the spotlight (its view's speaker) at the high layer, every tile at the low.
      for (const t of held) {
        const seat = seatOfPub.get(t.from!);
        const rid = t.trackName === "video" ? (seat === p.game.speaker ? "h" : "l") : undefined;
        if (t.rid !== rid) problems.push(`seat ${me} (${p.game.phase}, speaker ${p.game.speaker}): ${seat}:${t.trackName} pulled at layer ${t.rid}, shown at ${rid}`);
      }
      const a = [...want].sort().join(" ");
      const b = [...got].sort().join(" ");
      if (a !== b || got.size !== held.length) problems.push(`seat ${me} (${p.game.phase}): floor allows [${a}], pulled [${b}]`);
      // The client's own map: the mids it was offered, minus those closed, name the same seats and kinds.
      const map = new Map<string, string>();
      for (const f of sfuFrames(p.c)) {
        if (f.op === "pull") for (const t of f.tracks) map.set(t.mid, `${t.seat}:${t.kind}`);
        if (f.op === "closed") for (const mid of f.mids) map.delete(mid);
      }
      const told = [...map.values()].sort().join(" ");
      if (told !== b) problems.push(`seat ${me}: told [${told}], pulled [${b}]`);
    }
    // A listening spectator: the public channel of its own view's floor, nothing else.
    const w = run.watcher;
    const key = Object.keys(state.people).find((k) => k.startsWith("~s:"));
    if (w && key) {
      const floor = w.lastView().game!.floor;
      const want = new Set<string>();
      for (const [id, other] of Object.entries(state.people))
        if (other.pub) for (const tr of other.pub.tracks) if (floor.channels.some((c) => c.listeners === "everyone" && (tr.kind === "audio" ? c.speakers : c.video).includes(seatOfId.get(id)!))) want.add(`${seatOfId.get(id)}:${tr.kind}`);
      const held = standIn.pulled(state.people[key]!.recv!.sessionId);
      pulls += held.length;
      const a = [...want].sort().join(" ");
      const b = held.map((t) => `${seatOfPub.get(t.from!)}:${t.trackName}`).sort().join(" ");
      if (a !== b) problems.push(`spectator (${w.lastView().game!.phase}): public floor [${a}], pulled [${b}]`);
      for (const t of held) {
        const seat = seatOfPub.get(t.from!);
        const rid = t.trackName === "video" ? (seat === w.lastView().game!.speaker ? "h" : "l") : undefined;
        if (t.rid !== rid) problems.push(`spectator: ${seat}:${t.trackName} pulled at layer ${t.rid}, shown at ${rid}`);
      }
    }
    if (!problems.length) return { phase: run.seated[0]!.client.lastView().game!.phase, pulls };
    last = problems.join("; ");
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${why}: ${last}`);
}

describe("issue 15, RULES.md §8 media: the SFU plane", () => {
  let run: Opened;
  beforeAll(async () => {
    // Dead players do not hear the table here (deadHear off): their floor's public listeners are the living.
    run = await sfuTable("sfu", {}, { deadHear: false, spectatorsHear: false });
    for (const s of run.seated) autoAnswer(s.client);
  });
  afterAll(() => run?.close());

  it("a seated player's welcome names the SFU; a spectator's carries no media where spectators do not listen", async () => {
    const welcome = run.seated[0]!.client.frames.find((m) => m.type === "welcome");
    expect(welcome).toMatchObject({ media: { mode: "sfu", iceServers: [] } });
    expect(run.spectators[0]!.frames.find((m) => m.type === "welcome")).not.toHaveProperty("media");
  });

  it("joining creates sessions through the stand-in; a spectator and mesh signals are refused", async () => {
    const before = standIn.calls.length;
    for (const [i, s] of run.seated.entries()) {
      const joined = await joinMedia(s.client, i < 9);
      expect(joined, s.nickname).toMatchObject({ type: "sfu", op: "joined" });
      if (i < 9) expect((joined as { answer?: { type: string } }).answer?.type).toBe("answer");
    }
    const state = await settled(run.code);
    expect(Object.keys(state.people)).toHaveLength(10);
    expect(Object.values(state.people).filter((p) => p.pub)).toHaveLength(9);
    for (const p of Object.values(state.people)) if (p.pub) expect(standIn.published(p.pub.sessionId).map((t) => t.trackName).sort()).toEqual(["audio", "video"]);
    expect(standIn.calls.length).toBeGreaterThan(before);

    const spectator = run.spectators[0]!;
    let from = spectator.frames.length;
    spectator.send(JSON.stringify({ type: "sfu", op: "join", tracks: [] }));
    expect(await spectator.next((m) => m.type === "error", from)).toMatchObject({ code: "not-seated" });
    const a = run.seated[0]!.client;
    from = a.frames.length;
    a.send(JSON.stringify({ type: "signal", to: run.seated[1]!.client.lastView().game!.you!.seat, description: { type: "offer", sdp: "v=0\r\n" } }));
    expect(await a.next((m) => m.type === "error", from)).toMatchObject({ code: "media-mode" });
    expect(sfuFrames(spectator)).toEqual([]);
  });

  it("through a whole game every listener's pulls equal its floor; a red listener never holds a black track; a seat handed to a bot is forgotten", async () => {
    const phases = new Set<string>();
    let closes = standIn.calls.filter((c) => c.op === "tracks/close").length;
    const nightRedChecks: number[] = [];
    let deadChecks = 0;
    const check = async (why: string) => {
      const { phase } = await checkPulls(run, why);
      phases.add(phase);
      // deadHear off: a dead player pulls nothing while the game runs.
      const st = await settled(run.code);
      for (const s of run.seated) {
        const g = s.client.lastView().game!;
        if (g.result || g.seats.find((x) => x.seat === g.you!.seat)!.alive) continue;
        const recv = st.people[run.ids.get(s.client)!]?.recv;
        if (recv) expect(standIn.pulled(recv.sessionId), `dead seat ${g.you!.seat} at ${g.phase}`).toEqual([]), deadChecks++;
      }
      // At night, a red listener's receiving session holds no track of a black player.
      const state = await settled(run.code);
      const black = new Set(run.seated.filter((s) => s.client.lastView().game!.you!.team === "black").map((s) => run.ids.get(s.client)!));
      const blackPubs = new Set(Object.entries(state.people).filter(([id, p]) => black.has(id) && p.pub).map(([, p]) => p.pub!.sessionId));
      for (const s of run.seated) {
        const g = s.client.lastView().game!;
        if (g.you!.team !== "red" || !(g.phase.startsWith("night") || g.phase === "acquaintance")) continue;
        const recv = state.people[run.ids.get(s.client)!]?.recv;
        if (!recv) continue;
        expect(standIn.pulled(recv.sessionId).filter((t) => blackPubs.has(t.from!)), `seat ${g.you!.seat} at ${g.phase}`).toEqual([]);
        nightRedChecks.push(g.you!.seat);
      }
    };
    const hooks = { beforeAct: (i: number) => check(`step ${i}`), beforeAlarm: (i: number) => check(`step ${i} (alarm)`) };
    await check("at the start");
    // Up to the first day speech, where every listener pulls the speaker.
    let stats = await playToEnd(run, { ...hooks, until: (g) => g.phase === "speech" && g.day >= 1 });
    await check("at the first speech");
    const speech = await checkPulls(run, "speech");
    expect(speech.pulls).toBeGreaterThan(0);

    // A seat handed to a bot: its tracks are closed, its sessions forgotten, nobody pulls from it.
    const gone = run.seated[2]!;
    const id = run.ids.get(gone.client)!;
    const person = (await settled(run.code)).people[id]!;
    expect(person.pub && person.recv).toBeTruthy();
    expect(await control(run.organizer, "bot-sfu", { type: "seat-to-bot", seat: gone.client.lastView().game!.you!.seat })).toMatchObject({ type: "ack" });
    await gone.client.next(() => gone.client.closed, 0, 15_000).catch(() => {});
    run.seated.splice(2, 1);
    const state = await settled(run.code);
    expect(state.people[id]).toBeUndefined();
    expect(standIn.published(person.pub!.sessionId)).toEqual([]);
    expect(standIn.pulled(person.recv!.sessionId)).toEqual([]);
    for (const p of Object.values(state.people)) if (p.recv) expect(standIn.pulled(p.recv.sessionId).filter((t) => t.from === person.pub!.sessionId)).toEqual([]);
    await check("after the seat went to a bot");

    stats = await playToEnd(run, hooks);
    await check("at the end");
    const end = run.seated[0]!.client.lastView().game!;
    expect(end.result).not.toBeNull();
    // The end: everyone hears everyone who published.
    const last = await settled(run.code);
    const publishers = Object.values(last.people).filter((p) => p.pub).length;
    for (const s of run.seated) {
      const me = last.people[run.ids.get(s.client)!]!;
      expect(standIn.pulled(me.recv!.sessionId).filter((t) => t.trackName === "audio"), s.nickname).toHaveLength(publishers - (me.pub ? 1 : 0));
    }
    closes = standIn.calls.filter((c) => c.op === "tracks/close").length - closes;
    console.log(`SFU game: ${stats.steps} steps after the first speech, phases ${[...phases].join(", ")}; ${standIn.calls.length} API calls (${closes} closes), max ${Math.max(...standIn.calls.map((c) => c.tracks))} tracks a call, night checks of red listeners ${nightRedChecks.length}`);
    for (const p of ["dealing", "acquaintance", "speech", "voting", "last-words", "game-over"]) expect([...phases], p).toContain(p);
    expect(closes).toBeGreaterThan(0);
    // The spotlight moved from speaker to speaker on the pulled cameras' own transceivers.
    expect(standIn.calls.filter((c) => c.op === "tracks/update" && c.status === 200).length).toBeGreaterThan(0);
    expect(nightRedChecks.length).toBeGreaterThan(0);
    expect(deadChecks).toBeGreaterThan(0);
  });

  it("the sessions and pulls are in the object's storage: a fresh instance of the plane (after an eviction) knows them", async () => {
    const [live, fresh] = await runInDurableObject(tableStub(run.code), async (obj: TableObject) => {
      const t = tableOf(obj);
      await t.sfu.idle();
      return [structuredClone(t.sfu.state()), structuredClone(new SfuPlane(t).state())];
    });
    expect(Object.keys(live.people).length).toBeGreaterThan(5);
    expect(fresh).toEqual(live);
  });

  it("only the table object called the SFU, always with the secret; no call overlapped another on its session; ≤ 64 tracks a call", () => {
    const sfu = standIn.calls.filter((c) => c.op !== "turn");
    expect(sfu.length).toBeGreaterThan(50);
    expect(sfu.every((c) => c.authorized)).toBe(true);
    expect(standIn.maxOverlap).toBe(1);
    expect(Math.max(...sfu.map((c) => c.tracks))).toBeLessThanOrEqual(64);
    expect(standIn.violations).toEqual([]);
  });

  it("no client ever received a session id; a client learns only its own mids", () => {
    const ids = [...standIn.sessions.keys()];
    for (const c of run.all()) for (const raw of c.raw) for (const id of ids) expect(raw.includes(id), c.name).toBe(false);
    for (const c of run.all()) expect(c.schemaFailures, c.name).toEqual([]);
    expect(sfuFrames(run.spectators[0]!)).toEqual([]);
    expect(sfuFrames(run.organizer)).toEqual([]);
  });
});

describe("issue 15: a listener who does not answer its pull offers", () => {
  let run: Opened;
  let silent: Client;
  beforeAll(async () => {
    run = await sfuTable("sfu-silent");
    silent = run.seated[4]!.client;
    for (const s of run.seated) if (s.client !== silent) autoAnswer(s.client);
    await runInDurableObject(tableStub(run.code), (obj: TableObject) => void (tableOf(obj).sfu.answerTimeoutMs = 60_000));
    for (const s of run.seated) expect(await joinMedia(s.client, true), s.nickname).toMatchObject({ op: "joined" });
  });
  afterAll(() => run?.close());

  /** What the silent listener holds in the stand-in that its own floor does not allow now. */
  async function disallowed(): Promise<string[]> {
    const state = await runInDurableObject(tableStub(run.code), (obj: TableObject) => structuredClone(tableOf(obj).sfu.state()));
    const seatOfId = new Map(run.seated.map((s) => [run.ids.get(s.client)!, s.client.lastView().game!.you!.seat]));
    const seatOfPub = new Map(Object.entries(state.people).filter(([, p]) => p.pub).map(([id, p]) => [p.pub!.sessionId, seatOfId.get(id)!]));
    const g = silent.lastView().game!;
    const recv = state.people[run.ids.get(silent)!]!.recv!;
    return standIn.pulled(recv.sessionId).map((t) => ({ seat: seatOfPub.get(t.from!)!, kind: t.trackName as "audio" | "video" })).filter((t) => !allows(g.floor, g.you!.seat, t.seat, t.kind)).map((t) => `${t.seat}:${t.kind}`);
  }

  it("cannot keep what its floor no longer allows by holding back its answer; then its session takes closes only", async () => {
    const closesBefore = standIn.closesWhileAwaiting;
    // Play until the silent listener has been sent a pull offer (the table now waits for its answer).
    const first = await playToEnd(run, { until: () => sfuFrames(silent).some((f) => f.op === "pull"), maxSteps: 400 });
    console.log("silent: first pull after", first.steps, "steps;", JSON.stringify(sfuFrames(silent).map((f) => f.op)), silent.lastView().game!.phase);
    expect(sfuFrames(silent).filter((f) => f.op === "pull")).toHaveLength(1);
    // Every later floor: whatever it no longer allows is closed at once, the answer still awaited.
    let changes = 0;
    await playToEnd(run, {
      maxSteps: 400,
      until: () => changes >= 12,
      beforeAct: async () => {
        changes++;
        await expect.poll(disallowed, { timeout: 30_000, message: `step ${changes}` }).toEqual([]);
      },
    });
    expect(sfuFrames(silent).filter((f) => f.op === "pull")).toHaveLength(1); // no second pull while the first is unanswered
    expect(standIn.closesWhileAwaiting).toBeGreaterThan(closesBefore);
    expect(standIn.violations).toEqual([]);

    // The answer's time runs out: what was pulled for it is closed, the session is stalled, the page is told.
    await runInDurableObject(tableStub(run.code), (obj: TableObject) => void (tableOf(obj).sfu.answerTimeoutMs = 200));
    const from = silent.frames.length;
    silent.send(JSON.stringify({ type: "sfu", op: "join", offer: { type: "offer", sdp: offerSdp(["0", "1"]) }, tracks: [{ mid: "0", kind: "audio" }, { mid: "1", kind: "video" }] }));
    await silent.next((m) => m.type === "sfu" && m.op === "pull", from, 15_000);
    expect(await silent.next((m) => m.type === "error", from, 15_000)).toMatchObject({ code: "media-unavailable" });
    const state = await settled(run.code);
    const recv = state.people[run.ids.get(silent)!]!.recv!;
    expect(recv.stalled).toBe(true);
    expect(standIn.pulled(recv.sessionId)).toEqual([]);
    // Later floors pull nothing more into it, and still close nothing late.
    const pulls = sfuFrames(silent).filter((f) => f.op === "pull").length;
    let more = 0;
    await playToEnd(run, {
      maxSteps: 200,
      until: () => more >= 6,
      beforeAct: async () => {
        more++;
        await settled(run.code);
        expect(await disallowed()).toEqual([]);
      },
    });
    expect(sfuFrames(silent).filter((f) => f.op === "pull")).toHaveLength(pulls);
    expect(standIn.violations).toEqual([]);
  });
});

describe("issue 15: spectators on the SFU plane (spectatorsHear)", () => {
  let run: Opened;
  beforeAll(async () => {
    run = await sfuTable("sfu-watch", {}, { spectatorsHear: true });
    for (const s of run.seated) autoAnswer(s.client);
    for (const [i, s] of run.seated.entries()) expect(await joinMedia(s.client, i % 2 === 0), s.nickname).toMatchObject({ op: "joined" });
  });
  afterAll(() => run?.close());

  it("a listening spectator pulls the public channel only, never publishes, and is forgotten with its socket", async () => {
    const w = run.spectators[0]!;
    autoAnswer(w);
    let from = w.frames.length;
    w.send(JSON.stringify({ type: "sfu", op: "join", offer: { type: "offer", sdp: offerSdp(["0"]) }, tracks: [{ mid: "0", kind: "audio" }] }));
    expect(await w.next((m) => m.type === "error", from)).toMatchObject({ code: "not-seated" });
    from = w.frames.length;
    w.send(JSON.stringify({ type: "sfu", op: "join", tracks: [] }));
    expect(await w.next((m) => m.type === "sfu" && m.op === "joined", from)).toEqual({ type: "sfu", op: "joined" });
    run.watcher = w;
    let spectatorPulls = 0;
    const check = async (why: string) => {
      await checkPulls(run, why);
      const st = await settled(run.code);
      const key = Object.keys(st.people).find((k) => k.startsWith("~s:"))!;
      expect(st.people[key]!.pub).toBeNull();
      spectatorPulls = Math.max(spectatorPulls, standIn.pulled(st.people[key]!.recv!.sessionId).length);
    };
    await check("spectator at the start");
    await playToEnd(run, { beforeAct: (i) => check(`step ${i}`), beforeAlarm: (i) => check(`step ${i} (alarm)`), until: (g) => g.phase === "night-shot" });
    await check("spectator at the night shot");
    expect(spectatorPulls).toBeGreaterThan(0);
    // Its socket closes: its session's pulls are closed and it is forgotten.
    const st = await settled(run.code);
    const key = Object.keys(st.people).find((k) => k.startsWith("~s:"))!;
    const recv = st.people[key]!.recv!.sessionId;
    w.close();
    run.spectators.splice(0, 1);
    run.watcher = undefined;
    await expect.poll(async () => (await settled(run.code)).people[key], { timeout: 30_000 }).toBeUndefined();
    expect(standIn.pulled(recv)).toEqual([]);
    expect(standIn.violations).toEqual([]);
  });

  it("issue 30: with a spectator delay, a spectator listens all the same (its page delays the audio): public channel only, never a publisher", async () => {
    const created = await createTable({ presetId: "sport", spectatorsHear: true, spectatorDelaySeconds: 30 });
    await configure(created.code);
    const watcher = await connectAs(created.code, undefined, "delayed watcher");
    const people: Client[] = [];
    try {
      for (let i = 0; i < 10; i++) {
        const j = await join(created.code, `D${i + 1} delayed`);
        people.push(await connectAs(created.code, j.token, `D${i + 1} delayed`));
      }
      await people[9]!.next((m) => m.type === "view" && m.view.game !== null);
      for (const p of people) autoAnswer(p);
      autoAnswer(watcher);
      for (const p of people) expect(await joinMedia(p, true), p.name).toMatchObject({ op: "joined" });
      let from = watcher.frames.length;
      watcher.send(JSON.stringify({ type: "sfu", op: "join", offer: { type: "offer", sdp: offerSdp(["0"]) }, tracks: [{ mid: "0", kind: "audio" }] }));
      expect(await watcher.next((m) => m.type === "error", from)).toMatchObject({ code: "not-seated" });
      from = watcher.frames.length;
      watcher.send(JSON.stringify({ type: "sfu", op: "join", tracks: [] }));
      expect(await watcher.next((m) => m.type === "sfu" && m.op === "joined", from)).toEqual({ type: "sfu", op: "joined" });
      const state = await settled(created.code);
      const key = Object.keys(state.people).find((k) => k.startsWith("~s:"))!;
      expect(state.people[key]!.pub).toBeNull();
      // Dealing: nobody speaks; the spectator pulls exactly the public floor of the live game (cameras of the table, if any).
      const floor = people[0]!.lastView().game!.floor;
      const seatOfPub = new Map(Object.values(state.people).filter((p) => p.pub).map((p, i) => [p.pub!.sessionId, i]));
      const pulled = standIn.pulled(state.people[key]!.recv!.sessionId);
      expect(pulled.every((t) => seatOfPub.has(t.from!))).toBe(true);
      expect(floor.channels.filter((c) => c.id === "table").flatMap((c) => c.speakers)).toEqual([]);
      expect(pulled.filter((t) => t.trackName === "audio")).toEqual([]);
    } finally {
      [watcher, ...people].forEach((c) => c.close());
    }
  });
});

/** Issue 30: who a listener is among the plane's people — its client, its media peer (a spectator: -1). */
interface Listener {
  c: Client;
  peer: number;
}

/**
 * Issue 30 (RULES.md §8), the listening rule written out here from the floor alone (not the shared
 * function): a spectator hears the public channels ("table", "host") by name; a consigliere (100 + N)
 * hears where it is listed, and by day (`advisers`) where its seat is; the host and seats where listed
 * (or "everyone").
 */
function hearsPeer(floor: Floor, me: number, other: number, kind: "audio" | "video"): boolean {
  const listed = (c: Floor["channels"][number], p: number) => c.listeners === "everyone" || c.listeners.includes(p);
  const listens = (c: Floor["channels"][number]) =>
    me < 0 ? c.id === "table" || c.id === "host" : me > 100 && me < 200 ? listed(c, me) || (!!floor.advisers && listed(c, me - 100)) : listed(c, me);
  return other !== me && floor.channels.some((c) => (kind === "audio" ? c.speakers : c.video).includes(other) && listens(c));
}

describe("issue 30: the live host, a consigliere and spectators on the SFU plane (a live-host tatar table, deadHear off)", () => {
  let run: Opened;
  let host: Client;
  let cons: Client;
  let advisedId: string;
  let watcher: Client;

  beforeAll(async () => {
    const created = await createTable({ presetId: "tatar", host: "live", deadHear: false });
    const code = created.code;
    await configure(code);
    host = await connectAs(code, created.organizerToken, "sfu host");
    watcher = await connectAs(code, undefined, "sfu live watcher");
    const seated: SeatedClient[] = [];
    const ids = new Map<Client, string>();
    let consToken = "";
    for (let i = 0; i < 12; i++) {
      const nickname = `H${i + 1} sfu-host`;
      // Seat of the first joiner gets a consigliere (RULES.md §7.10), bound in the lobby: before the last seat deals the cards.
      if (i === 11) {
        const invite = (await (await postJson(`/api/tables/${code}/consigliere/invite`, { token: seated[0]!.join.token })).json()) as { code: string };
        consToken = ((await (await postJson(`/api/tables/${code}/consigliere`, { code: invite.code, nickname: "sfu Mentor" })).json()) as { token: string }).token;
      }
      const j = await join(code, nickname);
      const client = await connectAs(code, j.token, nickname);
      ids.set(client, j.playerId);
      seated.push({ nickname, join: j, client, bot: heuristicBot(`sfu-host/${i}`) });
    }
    run = {
      code, stub: tableStub(code), seated, spectators: [watcher], organizer: host, ids,
      all: () => [...seated.map((s) => s.client), watcher, host, ...(cons ? [cons] : [])],
      close: () => run.all().forEach((c) => c.close()),
    };
    await syncAll(run, Math.max(...seated.map((s) => s.client.lastVersion())));
    expect(host.lastView().game!.phase).toBe("dealing");
    advisedId = seated[0]!.join.playerId;
    cons = await connectAs(code, consToken, "sfu Mentor");
    for (const c of run.all()) autoAnswer(c);
    for (const c of [host, cons, ...seated.map((s) => s.client)]) expect(await joinMedia(c, true), c.name).toMatchObject({ op: "joined" });
    expect(await joinMedia(watcher, false)).toMatchObject({ op: "joined" });
  }, 120_000);
  afterAll(() => run?.close());

  it("before every step each listener's pulls — the host's, the consigliere's, a spectator's, every seat's — equal what its own floor allows; a red listener never pulls the night channel while the host does; the consigliere pulls nothing at night", async () => {
    const seatOf = (c: Client) => c.lastView().game!.you!.seat;
    const advisedSeat = seatOf(run.seated[0]!.client);
    const counts = { hostNightBlack: 0, consDay: 0, consNight: 0, watcherHost: 0, seatsHost: 0, redNight: 0, steps: 0 };
    const phases = new Set<string>();
    const check = async (why: string) => {
      let last = "";
      for (const giveUp = Date.now() + 30_000; Date.now() < giveUp; ) {
        const state = await settled(run.code);
        const listeners = new Map<string, Listener>();
        for (const s of run.seated) listeners.set(run.ids.get(s.client)!, { c: s.client, peer: seatOf(s.client) });
        listeners.set("~h", { c: host, peer: 0 });
        listeners.set(`~c:${advisedId}`, { c: cons, peer: 100 + advisedSeat });
        const spectatorKey = Object.keys(state.people).find((k) => k.startsWith("~s:"));
        if (spectatorKey) listeners.set(spectatorKey, { c: watcher, peer: -1 });
        const peerOfPub = new Map<string, number>();
        for (const [key, p] of Object.entries(state.people)) if (p.pub) peerOfPub.set(p.pub.sessionId, listeners.get(key)!.peer);
        const problems: string[] = [];
        const held = new Map<string, string[]>();
        for (const [key, l] of listeners) {
          const recv = state.people[key]?.recv;
          if (!recv) continue;
          const floor = l.c.lastView().game!.floor;
          const want = new Set<string>();
          for (const [other, p] of Object.entries(state.people)) {
            if (other === key || !p.pub) continue;
            for (const tr of p.pub.tracks) if (hearsPeer(floor, l.peer, peerOfPub.get(p.pub.sessionId)!, tr.kind)) want.add(`${peerOfPub.get(p.pub.sessionId)}:${tr.kind}`);
          }
          const pulled = standIn.pulled(recv.sessionId).map((t) => `${peerOfPub.get(t.from!)}:${t.trackName}`);
          held.set(key, pulled);
          const a = [...want].sort().join(" ");
          const b = [...pulled].sort().join(" ");
          if (a !== b) problems.push(`${l.c.name} (peer ${l.peer}, ${l.c.lastView().game!.phase}): floor allows [${a}], pulled [${b}]`);
          // What the page was told (mid → peer and kind) matches what it holds.
          const map = new Map<string, string>();
          for (const f of sfuFrames(l.c)) {
            if (f.op === "pull") for (const t of f.tracks) map.set(t.mid, `${t.seat}:${t.kind}`);
            if (f.op === "closed") for (const mid of f.mids) map.delete(mid);
          }
          if ([...map.values()].sort().join(" ") !== b) problems.push(`${l.c.name}: told [${[...map.values()].sort().join(" ")}], pulled [${b}]`);
        }
        if (problems.length) {
          last = problems.join("; ");
          await new Promise((r) => setTimeout(r, 50));
          continue;
        }
        // The rules the floors say, seen in the stand-in.
        const g = host.lastView().game!;
        phases.add(g.phase);
        const night = g.result === null && (g.phase === "acquaintance" || g.phase.startsWith("night"));
        const black = new Set(g.seats.filter((s) => ["don", "mafia", "putana"].includes(String(s.role))).map((s) => s.seat));
        const isBlack = (x: string) => black.has(Number(x.split(":")[0]));
        if (night && (held.get("~h") ?? []).some(isBlack)) counts.hostNightBlack++;
        for (const s of run.seated) {
          const me = seatOf(s.client);
          if (!night || black.has(me) || g.result) continue;
          expect(held.get(run.ids.get(s.client)!)!.filter(isBlack), `red seat ${me} at ${g.phase}`).toEqual([]);
          counts.redNight++;
        }
        const consHeld = held.get(`~c:${advisedId}`) ?? [];
        if (night) expect(consHeld, `the consigliere at ${g.phase}`).toEqual([]), counts.consNight++;
        else if (consHeld.length) counts.consDay++;
        // Nobody but its seat ever holds the consigliere's tracks.
        for (const [key, list] of held) if (key !== run.ids.get(run.seated[0]!.client)) expect(list.filter((x) => x.startsWith(`${100 + advisedSeat}:`)), key).toEqual([]);
        if (spectatorKey && (held.get(spectatorKey) ?? []).some((x) => x.startsWith("0:audio"))) counts.watcherHost++;
        if ([...held].some(([key, list]) => !key.startsWith("~") && list.includes("0:audio"))) counts.seatsHost++;
        counts.steps++;
        return;
      }
      throw new Error(`${why}: ${last}`);
    };
    const confirm = async () => {
      const panel = host.lastView().game?.host;
      if (!panel?.waiting || !panel.canConfirm) return;
      const from = host.frames.length;
      host.send({ type: "host", ref: `confirm-${counts.steps}-${from}`, action: { type: "confirm" }, phaseSeq: host.stage() });
      const reply = await host.next((m) => (m.type === "ack" || m.type === "error") && m.ref === `confirm-${counts.steps}-${from}`, from);
      if (reply.type === "ack") await syncAll(run, reply.version);
    };
    await check("at the start");
    // The bots play a round and into day 2 (the cards, the acquaintance night, day 1, the first night,
    // its last words); whenever the stage waits for the live host (§5.7), the host confirms it.
    const done = () => { const g = host.lastView().game!; return !!g.result || (g.day >= 2 && g.phase === "speech"); };
    for (let k = 0; k < 300 && !done(); k++) {
      await playToEnd(run, {
        maxSteps: 1500,
        beforeAct: (i) => check(`step ${i}`),
        beforeAlarm: (i) => check(`step ${i} (alarm)`),
        until: () => !!host.lastView().game?.host?.waiting || done(),
      });
      await check(`before the host's confirm ${k}`);
      await confirm();
    }
    expect(done()).toBe(true);
    await check("at day 2");
    // The host mutes the speaker (RULES.md §8): every pull of the speaker's microphone is closed, the camera stays.
    const speaker = host.lastView().game!.speaker!;
    const before = await settled(run.code);
    const speakerPub = before.people[run.ids.get(run.seated.find((s) => seatOf(s.client) === speaker)!.client)!]!.pub!.sessionId;
    const holders = () => Object.values(before.people).filter((p) => p.recv && standIn.pulled(p.recv.sessionId).some((t) => t.from === speakerPub && t.trackName === "audio")).length;
    expect(holders(), "the speaker is heard before the mute").toBeGreaterThan(0);
    const from = host.frames.length;
    host.send({ type: "host", ref: "sfu-mute", action: { type: "mute", seat: speaker }, phaseSeq: host.stage() });
    const muted = await host.next((m) => (m.type === "ack" || m.type === "error") && m.ref === "sfu-mute", from);
    expect(muted).toMatchObject({ type: "ack" });
    await syncAll(run, (muted as { version: number }).version);
    await check("after the host's mute");
    expect(host.lastView().game!.floor.muted).toEqual([speaker]);
    expect(holders(), "nobody pulls a muted speaker's microphone").toBe(0);
    console.log(`SFU live host: ${counts.steps} checks, phases ${[...phases].join(", ")}; ${JSON.stringify(counts)}`);
    expect(counts.hostNightBlack, "the host pulled the black team at night").toBeGreaterThan(0);
    expect(counts.redNight).toBeGreaterThan(0);
    expect(counts.consNight).toBeGreaterThan(0);
    expect(counts.consDay, "the consigliere pulled by day").toBeGreaterThan(0);
    expect(counts.watcherHost + counts.seatsHost, "the host was pulled").toBeGreaterThan(0);
    expect(standIn.violations).toEqual([]);
    for (const c of run.all()) expect(c.schemaFailures, c.name).toEqual([]);
  }, 300_000);
});

describe("issue 15: hostile sfu frames", () => {
  let run: Opened;
  beforeAll(async () => {
    run = await sfuTable("sfu-hostile", {}, { spectatorsHear: false });
  });
  afterAll(() => run?.close());

  async function errorFor(c: Client, text: string): Promise<string> {
    const from = c.frames.length;
    c.send(text);
    const m = await c.next((f) => f.type === "error", from);
    return (m as Extract<ServerMessage, { type: "error" }>).code;
  }

  it("oversized, wrong shape, wrong prefix, an unknown pull, a spectator: typed errors, nothing changed", async () => {
    const a = run.seated[0]!.client;
    const calls = standIn.calls.length;
    expect(await errorFor(a, JSON.stringify({ type: "sfu", op: "join", offer: { type: "offer", sdp: "x".repeat(MAX_SIGNAL_BYTES) }, tracks: [{ mid: "0", kind: "audio" }] }))).toBe("too-large");
    expect(await errorFor(a, JSON.stringify({ type: "sfu", op: "join", tracks: [{ mid: "0", kind: "audio" }] }))).toBe("bad-message");
    expect(await errorFor(a, JSON.stringify({ type: "sfu", op: "join", offer: { type: "answer", sdp: "v=0" }, tracks: [{ mid: "0", kind: "audio" }] }))).toBe("bad-message");
    expect(await errorFor(a, JSON.stringify({ type: "sfu", op: "join", offer: { type: "offer", sdp: "v=0" }, tracks: [{ mid: "0", kind: "audio" }, { mid: "1", kind: "audio" }] }))).toBe("bad-message");
    expect(await errorFor(a, JSON.stringify({ type: "sfu", op: "join", tracks: [], sessionId: "x" }))).toBe("bad-message");
    expect(await errorFor(a, JSON.stringify({ type: "sfu", op: "publish", tracks: [] }))).toBe("bad-message");
    expect(await errorFor(a, JSON.stringify({ op: "join", type: "sfu", tracks: [] }))).toBe("bad-message");
    expect(await errorFor(a, JSON.stringify({ type: "sfu", op: "answer", pull: 999, answer: ANSWER }))).toBe("bad-message");
    expect(await errorFor(a, JSON.stringify({ type: "sfu", op: "answer", pull: 1, answer: { type: "offer", sdp: "v=0" } }))).toBe("bad-message");
    expect(await errorFor(run.spectators[0]!, JSON.stringify({ type: "sfu", op: "join", tracks: [] }))).toBe("not-seated");
    expect(await errorFor(run.organizer, JSON.stringify({ type: "sfu", op: "leave" }))).toBe("not-seated");
    expect(standIn.calls.length).toBe(calls);
    expect((await settled(run.code)).people).toEqual({});
  });

  it("at a table on the mesh an sfu frame is refused with media-mode", async () => {
    const created = await createTable({ presetId: "sport" });
    const j = await join(created.code, "Mesh one");
    const c = await connectAs(created.code, j.token, "Mesh one");
    try {
      expect(c.frames.find((m) => m.type === "welcome")).toMatchObject({ media: { mode: "mesh" } });
      expect(await errorFor(c, JSON.stringify({ type: "sfu", op: "join", tracks: [] }))).toBe("media-mode");
    } finally {
      c.close();
    }
  });
});

describe("issue 15: the Connection API client", () => {
  const api = () => new SfuApi(APP, SECRET, STANDIN_BASE);

  it("pulls 150 tracks in batches of at most 64, each batch's offer answered before the next; per-track errors come back per track", async () => {
    const client = api();
    const pubs: string[] = [];
    for (let i = 0; i < 75; i++) {
      const id = await client.newSession();
      await client.publish(id, { type: "offer", sdp: offerSdp(["0", "1"]) }, [{ mid: "0", trackName: "audio" }, { mid: "1", trackName: "video" }]);
      pubs.push(id);
    }
    const recv = await client.newSession();
    const from = standIn.calls.length;
    standIn.failPulls.add("bad-track");
    const tracks = [...pubs.flatMap((s) => [{ sessionId: s, trackName: "audio" }, { sessionId: s, trackName: "video" }]), { sessionId: pubs[0]!, trackName: "bad-track" }];
    let offers = 0;
    const results = await client.pull(recv, tracks, async (batch) => {
      offers++;
      expect(batch.offer?.type).toBe("offer");
      return ANSWER;
    });
    standIn.failPulls.delete("bad-track");
    const calls = standIn.calls.slice(from);
    expect(calls.filter((c) => c.op === "tracks/new").map((c) => c.tracks)).toEqual([64, 64, 23]);
    expect(calls.filter((c) => c.op === "renegotiate")).toHaveLength(3);
    expect(offers).toBe(3);
    expect(results.filter((r) => !r.errorCode)).toHaveLength(150);
    expect(results.filter((r) => r.errorCode)).toEqual([expect.objectContaining({ trackName: "bad-track", errorCode: "not_found" })]);
    expect(standIn.pulled(recv)).toHaveLength(150);
    // Close all 150: three calls, force, none over 64.
    const before = standIn.calls.length;
    expect(await client.close(recv, standIn.pulled(recv).map((t) => t.mid))).toEqual([]);
    expect(standIn.calls.slice(before).map((c) => c.tracks)).toEqual([64, 64, 22]);
    expect(standIn.pulled(recv)).toEqual([]);
    expect(standIn.violations).toEqual([]);
  });

  it("pulled tracks are matched to what was asked even when the response names no sessions", async () => {
    const client = api();
    const pubs = [await client.newSession(), await client.newSession(), await client.newSession()];
    for (const p of pubs) await client.publish(p, { type: "offer", sdp: offerSdp(["0"]) }, [{ mid: "0", trackName: "audio" }]);
    const recv = await client.newSession();
    standIn.omitSessionIds = true;
    try {
      const asked = [pubs[2]!, pubs[0]!, pubs[1]!].map((sessionId) => ({ sessionId, trackName: "audio" }));
      let requested: unknown = null;
      const results = await client.pull(recv, asked, async (b) => ((requested = b.requested), ANSWER));
      expect(requested).toEqual(asked);
      const byMid = new Map(standIn.pulled(recv).map((t) => [t.mid, t.from]));
      expect(results.map((r) => byMid.get(r.mid!))).toEqual(asked.map((a) => a.sessionId));
    } finally {
      standIn.omitSessionIds = false;
    }
  });

  it("one session's calls wait for each other; different sessions' run in parallel", async () => {
    const client = api();
    const [a, b] = [await client.newSession(), await client.newSession()];
    await client.publish(a, { type: "offer", sdp: offerSdp(["0"]) }, [{ mid: "0", trackName: "audio" }]);
    await client.publish(b, { type: "offer", sdp: offerSdp(["0"]) }, [{ mid: "0", trackName: "audio" }]);
    const order: string[] = [];
    await Promise.all([
      ...[1, 2, 3].map((i) => client.close(a, ["9"]).then(() => order.push(`a${i}`))),
      ...[1, 2, 3].map((i) => client.close(b, ["9"]).then(() => order.push(`b${i}`))),
    ]);
    expect(order.filter((x) => x.startsWith("a"))).toEqual(["a1", "a2", "a3"]);
    expect(standIn.maxOverlap).toBe(1);
    expect(standIn.violations).toEqual([]);
  });

  it("the API base can be overridden only by a local stand-in (the app secret never goes elsewhere)", () => {
    expect(apiBase(undefined)).toBe(SFU_API);
    expect(SFU_API).toBe("https://rtc.live.cloudflare.com/v1");
    expect(apiBase("http://sfu.test/v1")).toBe("http://sfu.test/v1");
    expect(apiBase("http://127.0.0.1:8788/v1/")).toBe("http://127.0.0.1:8788/v1");
    expect(apiBase("https://sfu.example.com/v1")).toBe(SFU_API);
    expect(apiBase("https://localhost.evil.com/v1")).toBe(SFU_API);
    expect(apiBase("not a url")).toBe(SFU_API);
  });

  it("a request-level failure throws with the SFU's errorCode", async () => {
    const wrong = new SfuApi(APP, "not-the-secret", STANDIN_BASE);
    await expect(wrong.newSession()).rejects.toThrow(/401 unauthorized/);
    standIn.violations.splice(0); // the stand-in counted the wrong secret as a violation, as it should
  });
});

describe("issue 15: TURN credentials", () => {
  it("a seated player's welcome carries minted TURN servers without port 53, merged with the static list; reused; to a spectator only where spectators listen (issue 30)", async () => {
    const created = await createTable({ presetId: "sport", spectatorsHear: false });
    await configure(created.code, { TURN_KEY_ID: TURN.keyId, TURN_KEY_API_TOKEN: TURN.token, MEDIA_ICE_SERVERS: JSON.stringify([{ urls: "stun:static.example:3478" }]) });
    const before = standIn.calls.filter((c) => c.op === "turn").length;
    const people: Client[] = [];
    try {
      for (const n of ["Turn one", "Turn two"]) {
        const j = await join(created.code, n);
        people.push(await connectAs(created.code, j.token, n));
      }
      const spectator = await connectAs(created.code, undefined, "Turn watcher");
      people.push(spectator);
      const media = people.slice(0, 2).map((c) => (c.frames.find((m) => m.type === "welcome") as Extract<ServerMessage, { type: "welcome" }>).media!);
      for (const m of media) {
        const urls = m.iceServers.flatMap((s) => (Array.isArray(s.urls) ? s.urls : [s.urls]));
        expect(urls[0]).toBe("stun:static.example:3478");
        expect(urls).toContain("turn:turn.cloudflare.com:3478?transport=udp");
        expect(urls).toContain("turns:turn.cloudflare.com:443?transport=tcp");
        expect(urls.filter((u) => /:53(\?|$)/.test(u))).toEqual([]);
        expect(m.iceServers.find((s) => s.username)).toMatchObject({ username: "user-1".replace("1", String(before + 1)), credential: expect.any(String) });
      }
      expect(media[0]).toEqual(media[1]);
      const turnCalls = standIn.calls.filter((c) => c.op === "turn");
      expect(turnCalls.length - before).toBe(1);
      expect(turnCalls.at(-1)).toMatchObject({ authorized: true, body: { ttl: 14_400 } });
      expect(spectator.frames.find((m) => m.type === "welcome")).not.toHaveProperty("media");
      // The organizer lets spectators listen: a spectator greeted now gets the same servers (it must reach the speakers).
      const organizer = await connectAs(created.code, created.organizerToken, "Turn organizer");
      people.push(organizer);
      expect(await control(organizer, "sh-on", { type: "options", spectatorsHear: true })).toMatchObject({ type: "ack" });
      const listener = await connectAs(created.code, undefined, "Turn listener");
      people.push(listener);
      expect((listener.frames.find((m) => m.type === "welcome") as Extract<ServerMessage, { type: "welcome" }>).media).toMatchObject({ mode: "sfu", iceServers: media[0]!.iceServers });
      expect(standIn.violations).toEqual([]);
    } finally {
      people.forEach((c) => c.close());
    }
  });

  it("port 53 is recognised in every URL form and dropped", () => {
    for (const u of ["turn:turn.cloudflare.com:53?transport=udp", "stun:stun.cloudflare.com:53", "turn:[2606:4700::1]:53?transport=tcp"]) expect(onPort53(u), u).toBe(true);
    for (const u of ["turn:turn.cloudflare.com:5349?transport=tcp", "stun:stun.cloudflare.com:3478", "turns:h:443?transport=tcp", "turn:h53:3478"]) expect(onPort53(u), u).toBe(false);
    expect(withoutPort53([{ urls: "stun:a:53" }, { urls: ["turn:a:53", "turn:a:3478"], username: "u", credential: "c" }])).toEqual([{ urls: ["turn:a:3478"], username: "u", credential: "c" }]);
  });

  it("a failed mint is logged and the welcome carries the static list; a credential is minted again only when too little of it is left", async () => {
    let now = 1_000_000;
    const turn = new TurnCredentials(TURN.keyId, TURN.token, STANDIN_BASE, () => now);
    standIn.turnStatus = 500;
    expect(await turn.servers()).toEqual([]);
    standIn.turnStatus = 201;
    expect((await turn.servers()).length).toBe(2);
    expect(turn.calls).toBe(2);
    now += (TURN_TTL_S - REUSE_MIN_LEFT_S) * 1000 - 1;
    await turn.servers();
    expect(turn.calls).toBe(2);
    now += 2;
    await turn.servers();
    expect(turn.calls).toBe(3);

    const created = await createTable({ presetId: "sport" });
    await configure(created.code, { TURN_KEY_ID: TURN.keyId, TURN_KEY_API_TOKEN: TURN.token });
    standIn.turnStatus = 503;
    try {
      const j = await join(created.code, "Turn fails");
      const c = await connectAs(created.code, j.token, "Turn fails");
      expect(c.frames.find((m) => m.type === "welcome")).toMatchObject({ media: { mode: "sfu", iceServers: [] } });
      c.close();
    } finally {
      standIn.turnStatus = 201;
    }
  });
});
