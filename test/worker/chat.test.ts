/**
 * Issue 35 "Chat where the floor allows it" through the real table object (worker/table/chat.ts): the
 * lobby chat while the table fills, the spectators' chat during the game (the dead join it where the
 * table lets the dead hear, RULES.md §1 Secrets: the living never receive a chat frame), the after-game
 * chat; the length limit, the chat's own rate limit, the organizer's mute, refusals that store nothing.
 *
 * The leak oracle: every frame every seated connection received is recorded; a `chat` frame is allowed
 * only where the latest view that connection held before it shows no game running, or its own seat out
 * of the game at a table whose `deadHear` is on.
 */
import { afterEach, describe, expect, it } from "vitest";
import { runInDurableObject } from "cloudflare:test";
import type { GameView } from "../../shared/engine/types.ts";
import { CHAT_MAX } from "../../shared/protocol/chat.ts";
import { CHAT_KEPT, CHAT_RATE_LIMIT, type ServerMessage, type TableView } from "../../shared/protocol/messages.ts";
import { control } from "./fixture.ts";
import { type Client, connectAs, createTable, join, tableStub } from "./helpers.ts";
import { openTable, playToEnd, type OpenedTable } from "./play.ts";

type ChatFrame = Extract<ServerMessage, { type: "chat" }>;
const chats = (c: Client, from = 0): ChatFrame[] => c.frames.slice(from).filter((m): m is ChatFrame => m.type === "chat");
const lines = (c: Client, from = 0): string[] => chats(c, from).flatMap((f) => f.entries.map((e) => e.text));

let seq = 0;
/** Send a chat line with a ref; the ack or error that answers it. */
async function say(c: Client, text: string): Promise<ServerMessage> {
  const ref = `chat${++seq}`;
  const from = c.frames.length;
  c.send({ type: "chat", ref, text });
  return c.next((m) => (m.type === "ack" || m.type === "error") && m.ref === ref, from);
}

async function mute(c: Client, key: string, muted: boolean): Promise<ServerMessage> {
  const ref = `mute${++seq}`;
  const from = c.frames.length;
  c.send({ type: "chat-mute", ref, key, muted });
  return c.next((m) => (m.type === "ack" || m.type === "error") && m.ref === ref, from);
}

async function stored(code: string): Promise<Array<{ channel: string; era: number; key: string; text: string }>> {
  return runInDurableObject(tableStub(code), (_i, state) =>
    state.storage.sql.exec("SELECT channel, era, key, text FROM chat ORDER BY id").toArray().map((r) => ({ channel: String(r.channel), era: Number(r.era), key: String(r.key), text: String(r.text) })),
  );
}

const dead = (g: GameView) => g.seats.filter((s) => !s.alive).map((s) => s.seat);

/**
 * The oracle over one seated connection's frames: each chat frame follows a view with no game running,
 * or a view in which this connection's own seat is out (and the dead hear). Every view's `chat` (the page
 * shows the chat from it alone, issue 35) says the same: the table's channel between games; during one,
 * none for a living seat, the spectators' for a dead one where the dead hear; and a chat frame's channel is
 * the one its latest view names.
 */
function checkNoChatWhileAlive(c: Client): { allowed: number } {
  let view: TableView | null = null;
  let allowed = 0;
  for (const f of c.frames) {
    if (f.type === "view") {
      view = f.view;
      const g = view.game;
      const me = g?.you ? g.seats.find((s) => s.seat === g.you!.seat) : undefined;
      const expected = view.status !== "playing" ? { channel: "table", write: true } : me && !me.alive && view.options.deadHear ? { channel: "spectators", write: true } : null;
      expect(view.chat, `${c.name}: the view's chat at version ${f.version} (${view.status}, alive ${me?.alive})`).toEqual(expected);
    }
    if (f.type !== "chat") continue;
    expect(view, `${c.name}: a chat frame before any view`).not.toBeNull();
    expect(view!.chat?.channel, `${c.name}: a chat frame of a channel its view does not show`).toBe(f.channel);
    if (view!.status === "playing") {
      const g = view!.game!;
      const me = g.you ? g.seats.find((s) => s.seat === g.you!.seat) : undefined;
      expect(me, `${c.name}: a chat frame during the game without a seat in view`).toBeDefined();
      expect(me!.alive, `${c.name}: a chat frame reached a living player during the game: ${JSON.stringify(f)}`).toBe(false);
      expect(view!.options.deadHear, `${c.name}: a chat frame reached a dead player while the dead do not hear`).toBe(true);
      expect(f.channel).toBe("spectators");
    }
    allowed++;
  }
  return { allowed };
}

const extra: Client[] = [];
let run: OpenedTable | null = null;
afterEach(() => {
  for (const c of extra.splice(0)) c.close();
  run?.close();
  run = null;
});

describe("issue 35: the table's chat", () => {
  it("lobby: everyone reads and writes; plain lines with the sender's public key; length limit, mute, the chat's own rate limit; a late socket gets the history", async () => {
    const created = await createTable({ presetId: "sport" });
    const code = created.code;
    const ann = await join(code, "Ann");
    const a = await connectAs(code, ann.token, "Ann");
    const s1 = await connectAs(code, undefined, "spectator 1");
    const org = await connectAs(code, created.organizerToken, "organizer");
    extra.push(a, s1, org);
    // Each got the (empty) history of the table channel at hello.
    for (const c of [a, s1, org]) expect(await c.next((m) => m.type === "chat")).toMatchObject({ channel: "table", entries: [], reset: true });

    const link = "see https://example.com <b>bold</b>";
    expect(await say(s1, `  ${link}  `)).toMatchObject({ type: "ack" });
    for (const c of [a, s1, org]) {
      const f = await c.next((m) => m.type === "chat" && m.entries.some((e) => e.text === link));
      // Trimmed, stored as written (the page renders it as text), named by the socket's spectator number.
      expect((f as ChatFrame).entries).toEqual([{ id: expect.any(Number), at: expect.any(Number), name: "", key: "v1", text: link }]);
    }
    expect(await say(a, "hello from Ann")).toMatchObject({ type: "ack" });
    const fromAnn = (await s1.next((m) => m.type === "chat" && m.entries[0]?.text === "hello from Ann")) as ChatFrame;
    expect(fromAnn.entries[0]).toMatchObject({ name: "Ann", key: "p1" });
    // No id or token in any chat frame.
    for (const c of [a, s1, org]) for (const raw of c.raw.filter((r) => r.startsWith('{"type":"chat"'))) {
      for (const secret of [ann.playerId, ann.token, created.organizerToken]) expect(raw.includes(secret)).toBe(false);
    }

    // Length: 1..CHAT_MAX after trimming; refused lines store nothing.
    expect(await say(s1, "x".repeat(CHAT_MAX + 1))).toMatchObject({ type: "error", code: "bad-message" });
    expect(await say(s1, "   ")).toMatchObject({ type: "error", code: "bad-message" });
    expect(await say(s1, "y".repeat(CHAT_MAX))).toMatchObject({ type: "ack" });
    expect((await stored(code)).map((r) => r.key)).toEqual(["v1", "p1", "v1"]);

    // Mute: only the organizer; the muted sender is refused, nothing stored; the list reaches the organizer only.
    expect(await mute(a, "v1", true)).toMatchObject({ type: "error", code: "not-organizer" });
    expect(await mute(org, "v1", true)).toMatchObject({ type: "ack" });
    await org.next((m) => m.type === "chat" && (m.muted ?? []).includes("v1"));
    expect(await say(s1, "still here?")).toMatchObject({ type: "error", code: "chat-muted" });
    expect((await stored(code)).length).toBe(3);
    expect(await mute(org, "v1", false)).toMatchObject({ type: "ack" });
    for (const c of [a, s1]) expect(c.raw.some((r) => r.includes('"muted"'))).toBe(false);

    // Ann's budget (a burst of 5, refilled at 0.5 a second): she has used 1, so at least 4 more land and then
    // a line is refused — at most the burst plus what refilled meanwhile (a busy machine is slow, not wrong).
    const from = Date.now();
    let landed = 0;
    let refused: { text: string; answer: unknown } | null = null;
    for (let i = 0; i < 12 && !refused; i++) {
      const answer = await say(a, `line ${i}`);
      if (answer.type === "ack") landed++;
      else refused = { text: `line ${i}`, answer };
    }
    expect(refused?.answer).toMatchObject({ type: "error", code: "rate-limited" });
    expect(landed).toBeGreaterThanOrEqual(CHAT_RATE_LIMIT.burst - 1);
    expect(landed).toBeLessThanOrEqual(CHAT_RATE_LIMIT.burst + Math.ceil(((Date.now() - from) / 1000) * CHAT_RATE_LIMIT.perSecond));
    expect((await stored(code)).some((r) => r.text === refused!.text)).toBe(false);

    // A socket that comes later gets the history (a reconnecting spectator is a new number).
    const s2 = await connectAs(code, undefined, "spectator 2");
    extra.push(s2);
    const history = (await s2.next((m) => m.type === "chat")) as ChatFrame;
    expect(history).toMatchObject({ channel: "table", reset: true });
    expect(history.entries.map((e) => e.text)).toEqual([link, "hello from Ann", "y".repeat(CHAT_MAX), ...Array.from({ length: landed }, (_, i) => `line ${i}`)]);
    expect(await say(s2, "new here")).toMatchObject({ type: "ack" });
    expect(((await a.next((m) => m.type === "chat" && m.entries[0]?.text === "new here")) as ChatFrame).entries[0]!.key).toBe("v2");

    // The last CHAT_KEPT lines of a channel are kept: with 120 more stored, the next line leaves 100, the newest last.
    await runInDurableObject(tableStub(code), (_i, state) => {
      for (let i = 0; i < 120; i++) state.storage.sql.exec("INSERT INTO chat (channel, era, at, name, key, text) VALUES ('table', 0, 0, '', 'v9', ?)", `old ${i}`);
    });
    expect(await say(s2, "the newest")).toMatchObject({ type: "ack" });
    const kept = await stored(code);
    expect(kept.length).toBe(CHAT_KEPT);
    expect(kept.at(-1)!.text).toBe("the newest");
    expect(kept.some((r) => r.text === "hello from Ann")).toBe(false);
  });

  it("leak oracle: during the game only spectators and the dead (deadHear) get the spectators' chat; the living send nothing and receive nothing; after the end everyone", async () => {
    run = await openTable({ seed: "chat-leak", spectators: 2, capture: false });
    const r = run;
    const org = await connectAs(r.code, r.credentials[0], "organizer");
    extra.push(org);
    const [s1, s2] = r.spectators as [Client, Client];
    // The game started at the 10th join: the lobby's lines are gone for the game.
    expect(await say(s1, "the game is on")).toMatchObject({ type: "ack" });
    for (const c of [s2, org]) await c.next((m) => m.type === "chat" && m.channel === "spectators" && m.entries.some((e) => e.text === "the game is on"));
    // Their views say so (the page derives nothing): spectators and the seatless organizer write in the spectators' chat.
    for (const c of [s1, s2, org]) expect(c.lastView().chat, c.name).toEqual({ channel: "spectators", write: true });

    // A living player's line is refused and stores nothing.
    const living0 = r.seated[0]!.client;
    expect(await say(living0, "psst, I am the sheriff")).toMatchObject({ type: "error", code: "chat-closed" });
    expect((await stored(r.code)).some((x) => x.text.includes("sheriff"))).toBe(false);

    // Play until somebody is out.
    await playToEnd(r, { until: (g) => dead(g).length > 0 && g.result === null });
    const game = living0.lastView().game!;
    const deadSeat = dead(game)[0]!;
    const deadPlayer = r.seated.find((s) => s.client.lastView().game?.you?.seat === deadSeat)!;
    const d = deadPlayer.client;
    // The dead player got the spectators' history when they went out (deadHear is on by default).
    const reset = (await d.next((m) => m.type === "chat" && m.channel === "spectators" && m.reset === true)) as ChatFrame;
    expect(reset.entries.map((e) => e.text)).toContain("the game is on");

    // Spectators and the dead write; both read.
    expect(await say(s2, "spectator line")).toMatchObject({ type: "ack" });
    await d.next((m) => m.type === "chat" && m.entries.some((e) => e.text === "spectator line"));
    expect(await say(d, "I was out")).toMatchObject({ type: "ack" });
    await s1.next((m) => m.type === "chat" && m.entries.some((e) => e.text === "I was out"));

    // A living player who reconnects during the game gets no chat history.
    const livingSeat = r.seated.find((s) => s.client.lastView().game?.seats.find((x) => x.seat === s.client.lastView().game?.you?.seat)?.alive)!;
    const again = await connectAs(r.code, livingSeat.join.token, "living again");
    extra.push(again);
    again.send({ type: "sync" });
    expect(await say(s1, "after the reconnect")).toMatchObject({ type: "ack" });
    await s2.next((m) => m.type === "chat" && m.entries.some((e) => e.text === "after the reconnect"));
    await again.viewAtLeast(again.lastVersion());
    expect(chats(again)).toEqual([]);

    // deadHear off: the dead leave the chat (refused, no more lines); on again: its history again.
    expect(await control(org, "dead-off", { type: "options", deadHear: false })).toMatchObject({ type: "ack" });
    await d.next((m) => m.type === "view" && m.view.options.deadHear === false);
    const mark = d.frames.length;
    expect(await say(d, "can I still?")).toMatchObject({ type: "error", code: "chat-closed" });
    expect(await say(s1, "dead cannot read this")).toMatchObject({ type: "ack" });
    await s2.next((m) => m.type === "chat" && m.entries.some((e) => e.text === "dead cannot read this"));
    expect(chats(d, mark)).toEqual([]);
    expect(await control(org, "dead-on", { type: "options", deadHear: true })).toMatchObject({ type: "ack" });
    const back = (await d.next((m) => m.type === "chat" && m.reset === true, mark)) as ChatFrame;
    expect(back.entries.map((e) => e.text)).toContain("dead cannot read this");

    // To the end; then the after-game chat reaches everyone (it starts empty).
    await playToEnd(r);
    const endVersion = living0.lastVersion();
    for (const s of r.seated) await s.client.next((m) => m.type === "chat" && m.channel === "table" && m.reset === true && m.entries.length === 0);
    expect(endVersion).toBeGreaterThan(0);
    expect(await say(living0, "good game")).toMatchObject({ type: "ack" });
    for (const c of [...r.all(), org]) await c.next((m) => m.type === "chat" && m.channel === "table" && m.entries.some((e) => e.text === "good game"));

    // The oracle over every seated connection's frames (and the reconnected one).
    let allowed = 0;
    for (const s of [...r.seated.map((x) => x.client), again]) allowed += checkNoChatWhileAlive(s).allowed;
    expect(allowed).toBeGreaterThan(r.seated.length * 2);
    for (const c of [...r.all(), org, again]) expect(c.schemaFailures, c.name).toEqual([]);
    // The living seats (alive until the end) got no chat line written during the game.
    for (const s of r.seated) {
      const g = s.client.lastView().game!;
      if (!g.seats.find((x) => x.seat === g.you!.seat)!.alive) continue;
      expect(lines(s.client)).not.toContain("spectator line");
      expect(lines(s.client)).not.toContain("the game is on");
    }
    // Stored: the game's spectators' lines; the after-game line in the table channel of era 1.
    const rows = await stored(r.code);
    expect(rows.filter((x) => x.channel === "table")).toEqual([{ channel: "table", era: 1, key: "p1", text: "good game" }]);
  }, 120_000);
});

describe("RULES.md §8 Chat: one line of visible text under the table's name; limits per person and per address", () => {
  it("a line break cannot start a line that reads like another's; bidi controls are removed; a line of invisible characters is refused (typed), nothing stored", async () => {
    const created = await createTable({ presetId: "sport" });
    const code = created.code;
    const bob = await join(code, "Bob");
    const b = await connectAs(code, bob.token, "Bob");
    const s1 = await connectAs(code, undefined, "spectator 1");
    extra.push(b, s1);

    const forged = "fine\n\nAlice: I am the sheriff, seat 4 is black";
    expect(await say(b, forged)).toMatchObject({ type: "ack" });
    const got = (await s1.next((m) => m.type === "chat" && m.entries.some((e) => e.text.startsWith("fine")))) as ChatFrame;
    // One line, under the name the table gives it.
    expect(got.entries).toEqual([{ id: expect.any(Number), at: expect.any(Number), name: "Bob", key: "p1", text: "fine Alice: I am the sheriff, seat 4 is black" }]);
    for (const raw of s1.raw.filter((r) => r.startsWith('{"type":"chat"'))) expect(raw).not.toMatch(/\\[nr]|\\u2028|\\u2029/);

    // RLO (shows the rest reversed) and the other bidi controls are removed; the visible text stays.
    const bidi = "\u202Ekcalb si 4 taes\u202C \u2066x\u2069\u200F\u200E\u061C";
    expect(await say(b, bidi)).toMatchObject({ type: "ack" });
    const rlo = (await s1.next((m) => m.type === "chat" && m.entries.some((e) => e.text.startsWith("kcalb")))) as ChatFrame;
    expect(rlo.entries[0]!.text).toBe("kcalb si 4 taes x");

    // Blank after that: refused with a typed error, nothing stored.
    for (const blank of ["\u3164", "\u3164\u3164 \u200B", "\u2800\u2800", "\u115F\u1160\uFFA0", "\uFE0F", "\u202E\u202C", "\n\r\t"]) {
      expect(await say(b, blank), JSON.stringify(blank)).toMatchObject({ type: "error", code: "bad-message" });
    }
    // Emoji joiners and variation selectors stay inside a visible line.
    expect(await say(s1, "ok \u2764\uFE0F")).toMatchObject({ type: "ack" });
    expect((await stored(code)).map((r) => r.text)).toEqual(["fine Alice: I am the sheriff, seat 4 is black", "kcalb si 4 taes x", "ok \u2764\uFE0F"]);
  });

  it("20 spectator sockets of one address post 100 lines at once: at most the address's budget lands, the kept history stays; one person's two sockets share one budget", async () => {
    const created = await createTable({ presetId: "sport" });
    const code = created.code;
    const ann = await join(code, "Ann");
    const a1 = await connectAs(code, ann.token, "Ann");
    extra.push(a1);
    expect(await say(a1, "keep me")).toMatchObject({ type: "ack" });

    const address = "203.0.113.77";
    const flood: Client[] = [];
    for (let i = 0; i < 20; i++) flood.push(await connectAs(code, undefined, `flood ${i}`, address));
    extra.push(...flood);
    const started = Date.now();
    const answers = await Promise.all(flood.flatMap((c, i) => Array.from({ length: 5 }, (_, j) => say(c, `flood ${i}.${j}`))));
    const seconds = (Date.now() - started) / 1000;
    const landed = answers.filter((m) => m.type === "ack").length;
    const limited = answers.filter((m) => m.type === "error" && m.code === "rate-limited").length;
    // chatAddressLimit(2): a burst of 10, then one a second.
    const budget = 10 + Math.ceil(seconds * 1);
    console.log(`chat flood: ${landed} of 100 lines landed in ${seconds.toFixed(2)} s (address budget ${budget}); ${limited} rate-limited`);
    expect(landed + limited).toBe(100);
    expect(landed).toBeGreaterThan(0);
    expect(landed).toBeLessThanOrEqual(budget);
    const rows = await stored(code);
    expect(rows.filter((r) => r.text.startsWith("flood")).length).toBe(landed);
    expect(rows.map((r) => r.text)).toContain("keep me");

    // Ann's two sockets spend one budget (a burst of 5, refilled at 0.5 a second while the flood ran): lines
    // sent in turn on both land until that one budget is spent (a budget per socket would land about 9).
    const a2 = await connectAs(code, ann.token, "Ann");
    extra.push(a2);
    const annFrom = Date.now();
    let annLanded = 0;
    let refused: unknown = null;
    for (let i = 0; i < 12 && !refused; i++) {
      const r = await say(i % 2 ? a1 : a2, `Ann ${i}`);
      if (r.type === "ack") annLanded++;
      else refused = r;
    }
    const annSeconds = (Date.now() - annFrom) / 1000;
    console.log(`chat: Ann's two sockets landed ${annLanded} lines in ${annSeconds.toFixed(2)} s before the refusal`);
    expect(refused, "Ann is refused once her one budget is spent").toMatchObject({ type: "error", code: "rate-limited" });
    expect(annLanded).toBeGreaterThan(0);
    expect(annLanded).toBeLessThanOrEqual(CHAT_RATE_LIMIT.burst + Math.ceil(annSeconds * CHAT_RATE_LIMIT.perSecond));
  }, 60_000);
});
