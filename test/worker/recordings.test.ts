/**
 * Issue 19, RULES.md §6.11 "Games are audio-recorded for review; recordings are deleted after 72 hours"
 * (docs/CLUBS.md "Recordings"). A club that records games opens its evenings' tables with the recording
 * switch on; the live host's browser uploads each finished game's audio (PUT …/games/:n/recording, the
 * organizer token); the game's players and the club's owner and hosts may listen; and the server deletes
 * it after 72 h with nobody asking — the table object's alarm at the exact time (tested with the table's
 * clock moved past 72 h), and the hourly Cron Trigger's sweep as a backstop (its scheduled time moved).
 */
import { createScheduledController, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ClubPage, EveningPage } from "../../shared/protocol/clubs.ts";
import type { CreateTableResponse } from "../../shared/protocol/http.ts";
import { RECORDING_MAX_CHUNKS, RECORDING_TTL_MS, type RecordingInfo } from "../../shared/protocol/recordings.ts";
import type { TableObject } from "../../worker/table/TableObject.ts";
import worker from "../../worker/index.ts";
import { get, nick, post, signUp } from "./accounts-helpers.ts";
import { api, type Client, connectAs, createTable, deviceFor, evict, scheduledAlarm, tableStub, until } from "./helpers.ts";
import { control, settle } from "./fixture.ts";

const HOUR = 3600_000;
const LIMIT = Number((env as unknown as { TEST_RECORDING_MAX_BYTES: string }).TEST_RECORDING_MAX_BYTES); // vitest.worker.config.ts

let open: Client[] = [];
afterEach(() => {
  for (const c of open) c.close();
  open = [];
});

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function errorOf(res: Response): Promise<{ status: number; code: string }> {
  return { status: res.status, code: ((await res.json()) as { error: { code: string } }).error.code };
}

/** Some bytes standing in for a MediaRecorder's WebM (the server stores audio, it does not decode it). */
const audio = (n: number, fill = 7) => new Uint8Array(n).fill(fill);

function upload(code: string, game: number, token: string | null, body: Uint8Array, type = "audio/webm;codecs=opus"): Promise<Response> {
  return api(`/api/tables/${code}/games/${game}/recording`, {
    method: "PUT",
    headers: { "content-type": type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
}

/** Issue 30: chunk `i` of game `game`'s recording (a string: a path segment as sent). */
function chunk(code: string, game: number, i: number | string, token: string | null, body: Uint8Array, type = "audio/webm;codecs=opus"): Promise<Response> {
  return api(`/api/tables/${code}/games/${game}/recording/chunks/${i}`, {
    method: "PUT",
    headers: { "content-type": type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
}
const chunkList = (code: string, game: number, token: string) => api(`/api/tables/${code}/games/${game}/recording/chunks`, { headers: { authorization: `Bearer ${token}` } });
const chunkObjects = async (key: string) => (await env.RECORDINGS.list({ prefix: `${key}/` })).objects.map((o) => o.key);
const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
};

const listen = (code: string, game: number, cookie?: string | null) => get(`/api/tables/${code}/games/${game}/recording`, cookie);
const info = (code: string, game: number, cookie?: string | null) => get(`/api/tables/${code}/games/${game}/recording/info`, cookie);

/** The instance's table (private to TableObject; tests reach in as test-clock.test.ts does). */
type Inside = { table: { clock: { setSkew(ms: number): void; readonly skew: number }; alarm: { sync(): Promise<void> }; deadline: { abort(at: number): Promise<void> }; now(): number } };

/** End the running game now: the engine's abort, the table's own path after repeated deadline failures (issue 11). */
const endGame = (code: string) =>
  runInDurableObject(tableStub(code), async (obj: TableObject) => {
    const t = (obj as unknown as Inside).table;
    await t.deadline.abort(t.now());
  });

/** Move the table's clock forward by `ms` (worker/table/clock.ts), as if that much time had passed. */
const moveClock = (code: string, ms: number) =>
  runInDurableObject(tableStub(code), async (obj: TableObject) => {
    const t = (obj as unknown as Inside).table;
    t.clock.setSkew(ms);
    await t.alarm.sync();
  });

/** The runtime's alarm in real time and the table's clock's lead on real time, both as the object reports them. */
const alarmAndSkew = (code: string) =>
  runInDurableObject(tableStub(code), async (obj: TableObject, state) => ({
    alarm: await state.storage.getAlarm(),
    skew: (obj as unknown as Inside).table.clock.skew,
  }));

/**
 * Close the clients and wait until each reports the server's close back (the table's close handler
 * started, on the table's clock as it is now: whatever it schedules is stamped before a later clock move).
 */
async function closeAll(clients: Client[]): Promise<void> {
  for (const c of clients) c.close();
  await until(() => clients.every((c) => c.closed), 30_000, "the server's close of every socket");
}

/**
 * With the table's clock moved past them, run the table's alarm while `more()` says so: each run must find
 * the runtime's alarm set (the table still waits for an item) and handles the earliest item, which the
 * moved clock has made due — nothing here waits for time to pass.
 */
async function runDueItems(code: string, more: () => Promise<boolean>): Promise<void> {
  while (await more()) expect(await runDurableObjectAlarm(tableStub(code)), "the table's alarm is set while it waits").toBe(true);
}

const stored = async (key: string) => ({
  object: (await env.RECORDINGS.head(key)) !== null,
  row: (await env.DB.prepare("SELECT key FROM recordings WHERE key = ?").bind(key).first()) !== null,
});

interface ClubTable {
  code: string;
  organizerToken: string;
  host: Client;
  player: Client;
  playerToken: string;
}

describe("RULES.md §6.11 recordings: recorded in the host's browser, stored in R2, deleted after 72 h (issue 19)", () => {
  let owner: string;
  let hostCookie: string;
  let playerCookie: string;
  let playerNick: string;
  let stranger: string;
  let recording: ClubPage;
  let silent: ClubPage;

  beforeAll(async () => {
    owner = await signUp(nick("RecOwn"));
    const hostNick = nick("RecHost");
    hostCookie = await signUp(hostNick);
    playerNick = nick("RecPl");
    playerCookie = await signUp(playerNick);
    stranger = await signUp(nick("RecStr"));
    const base = { city: "Kyiv", language: "uk", formats: ["club"], timeZone: "Europe/Kyiv" };
    recording = await json<ClubPage>(await post("/api/clubs", { ...base, name: "Recorded Sundays", recordGames: true }, owner), 201);
    silent = await json<ClubPage>(await post("/api/clubs", { ...base, name: "Quiet Sundays" }, owner), 201);
    await json<ClubPage>(await post(`/api/clubs/${recording.club.id}/hosts`, { nickname: hostNick }, owner));
  });

  /** An evening of `club` with our player signed up, its table opened by the owner (live host), the game started with bots. */
  async function clubTable(club: ClubPage): Promise<ClubTable> {
    const e = await json<EveningPage>(await post(`/api/clubs/${club.club.id}/evenings`, { startsAt: Date.now() + 48 * HOUR, place: "Hall", presetId: "club" }, owner), 201);
    const path = `/api/clubs/${club.club.id}/evenings/${e.evening.id}`;
    await json<EveningPage>(await post(`${path}/signup`, {}, playerCookie));
    const opened = await json<CreateTableResponse>(await post(`${path}/open`, {}, owner), 201);
    const sat = await json<{ token: string }>(await post(`/api/tables/${opened.code}/join`, { nickname: playerNick, deviceId: deviceFor(playerNick) }, playerCookie));
    const host = await connectAs(opened.code, opened.organizerToken, "host");
    const player = await connectAs(opened.code, sat.token, playerNick);
    open.push(host, player);
    expect(await control(host, "fill", { type: "fill-bots" })).toMatchObject({ type: "ack" });
    expect(await control(host, "start", { type: "start" })).toMatchObject({ type: "ack" });
    await settle(opened.code, [host, player]);
    return { code: opened.code, organizerToken: opened.organizerToken, host, player, playerToken: sat.token };
  }

  it("§6.11 the club's setting: 'record games for review' is kept and shown; its tables start with the recording switch on (everyone sees the mark), another club's with it off", async () => {
    expect(recording.club.recordGames).toBe(true);
    expect(silent.club.recordGames).toBe(false);
    expect((await json<ClubPage>(await get(`/api/clubs/${recording.club.id}`))).club.recordGames).toBe(true);
    const on = await clubTable(recording);
    expect(on.player.lastView().options.recording).toBe(true);
    expect(on.host.lastView().options.recording).toBe(true);
    const off = await clubTable(silent);
    expect(off.player.lastView().options.recording).toBe(false);
  });

  it("§6.11 uploads are refused: before the game ends, without the organizer token, with a player's token, not audio, too large, with the switch off, at a club that does not record, at a table of no club", async () => {
    const t = await clubTable(recording);
    expect(await errorOf(await upload(t.code, 1, t.organizerToken, audio(100)))).toEqual({ status: 409, code: "not-ended" });
    await endGame(t.code);
    await settle(t.code, [t.host, t.player]);
    expect(t.player.lastView().status).toBe("ended");
    expect(await errorOf(await upload(t.code, 1, null, audio(100)))).toEqual({ status: 403, code: "bad-organizer-token" });
    expect(await errorOf(await upload(t.code, 1, t.playerToken, audio(100)))).toEqual({ status: 403, code: "bad-organizer-token" });
    expect(await errorOf(await upload(t.code, 1, t.organizerToken, audio(100), "video/webm"))).toEqual({ status: 415, code: "bad-content-type" });
    expect(await errorOf(await upload(t.code, 1, t.organizerToken, audio(100), "application/octet-stream"))).toEqual({ status: 415, code: "bad-content-type" });
    expect(await errorOf(await upload(t.code, 1, t.organizerToken, audio(LIMIT + 1)))).toEqual({ status: 413, code: "too-large" });
    expect(await errorOf(await upload(t.code, 2, t.organizerToken, audio(100)))).toEqual({ status: 404, code: "not-found" });
    // The organizer switches recording off: the players are no longer told, so nothing may be stored.
    expect(await control(t.host, "rec-off", { type: "options", recording: false })).toMatchObject({ type: "ack" });
    expect(await errorOf(await upload(t.code, 1, t.organizerToken, audio(100)))).toEqual({ status: 409, code: "recording-off" });
    expect(await stored(`rec/${t.code}/1`)).toEqual({ object: false, row: false });

    // A club that does not record: even with the switch turned on at its table.
    const q = await clubTable(silent);
    await endGame(q.code);
    expect(await control(q.host, "rec-on", { type: "options", recording: true })).toMatchObject({ type: "ack" });
    expect(await errorOf(await upload(q.code, 1, q.organizerToken, audio(100)))).toEqual({ status: 409, code: "recording-off" });
    // A table of no club (issue 15's switch alone is not a club's consent to keep audio).
    const plain = await createTable({ presetId: "club", host: "live", recording: true });
    expect(await errorOf(await upload(plain.code, 1, plain.organizerToken, audio(100)))).toEqual({ status: 409, code: "recording-off" });
  });

  it("§6.11 the host's upload is stored in R2 with its D1 row; the game's players and the club's owner and hosts may listen, nobody else; deleted by the table's alarm after 72 h — not before — with nobody asking", async () => {
    const t = await clubTable(recording);
    await endGame(t.code);
    const key = `rec/${t.code}/1`;
    const bytes = audio(5000, 42);
    // Issue 38.7: the game's record says whether a recording exists (the record page asks for its info only then).
    const recorded = async () => ((await (await get(`/api/tables/${t.code}/games/1`)).json()) as { recording?: boolean }).recording;
    expect(await recorded()).toBe(false);
    const before = Date.now();
    const up = await json<RecordingInfo>(await upload(t.code, 1, t.organizerToken, bytes), 201);
    expect(await recorded()).toBe(true);
    expect(up.size).toBe(5000);
    expect(up.contentType).toBe("audio/webm;codecs=opus");
    expect(up.expiresAt - up.createdAt).toBe(RECORDING_TTL_MS);
    expect(up.createdAt).toBeGreaterThanOrEqual(before);
    expect(await stored(key)).toEqual({ object: true, row: true });
    const row = await env.DB.prepare("SELECT club_id, game, size, expires_at FROM recordings WHERE key = ?").bind(key).first();
    expect(row).toMatchObject({ club_id: recording.club.id, game: 1, size: 5000, expires_at: up.expiresAt });

    // Who may listen (personal data: narrow).
    const body = await listen(t.code, 1, playerCookie);
    expect(body.status).toBe(200);
    expect(body.headers.get("content-type")).toBe("audio/webm;codecs=opus");
    expect(body.headers.get("cache-control")).toContain("no-store");
    expect(new Uint8Array(await body.arrayBuffer())).toEqual(bytes);
    expect((await listen(t.code, 1, owner)).status).toBe(200);
    expect((await listen(t.code, 1, hostCookie)).status).toBe(200);
    expect(await json<RecordingInfo>(await info(t.code, 1, playerCookie))).toEqual(up);
    expect(await errorOf(await listen(t.code, 1, stranger))).toEqual({ status: 403, code: "not-allowed" });
    expect(await errorOf(await info(t.code, 1, stranger))).toEqual({ status: 403, code: "not-allowed" });
    expect(await errorOf(await listen(t.code, 1))).toEqual({ status: 401, code: "sign-in-required" });

    // A retry replaces the audio but never extends its life.
    const again = await json<RecordingInfo>(await upload(t.code, 1, t.organizerToken, audio(3000, 9)), 201);
    expect(again.expiresAt).toBe(up.expiresAt);
    expect((await env.RECORDINGS.head(key))?.size).toBe(3000);

    // Nobody opens anything from here on. The table's alarm is set for the expiry by itself: the items
    // due around the sockets' close (the presence window) run first — on the table's clock moved 71 h
    // on they are due, and so is nothing else: the alarm then waits for the expiry, 1 h of real time away.
    await closeAll(open);
    await moveClock(t.code, 71 * HOUR);
    await runDueItems(t.code, async () => (await scheduledAlarm(t.code)) !== up.expiresAt - 71 * HOUR);
    expect(await alarmAndSkew(t.code)).toEqual({ alarm: up.expiresAt - 71 * HOUR, skew: 71 * HOUR });
    // Delivered early (71 h in): the table's clock says not yet — nothing is deleted, the alarm stays.
    expect(await runDurableObjectAlarm(tableStub(t.code))).toBe(true);
    expect(await stored(key)).toEqual({ object: true, row: true });
    expect((await listen(t.code, 1, playerCookie)).status).toBe(200);
    expect(await scheduledAlarm(t.code)).toBe(up.expiresAt - 71 * HOUR); // the runtime's alarm is in real time

    // 72 h and a bit later: the alarm deletes the object and the row.
    await moveClock(t.code, RECORDING_TTL_MS + 60_000);
    expect(await runDurableObjectAlarm(tableStub(t.code))).toBe(true);
    expect(await stored(key)).toEqual({ object: false, row: false });
    expect(await errorOf(await listen(t.code, 1, playerCookie))).toEqual({ status: 404, code: "not-found" });
    expect(await errorOf(await info(t.code, 1, owner))).toEqual({ status: 404, code: "not-found" });
    expect(await scheduledAlarm(t.code)).toBe(null); // nothing left to wait for
    // Gone for good: the same game cannot be uploaded again.
    expect(await errorOf(await upload(t.code, 1, t.organizerToken, audio(100)))).toEqual({ status: 410, code: "recording-expired" });
  }, 90_000);

  it("§6.11 the table's alarm is never later than the recording's expiry: a move of the table's clock re-arms it, and a new instance of the object (an eviction) keeps the moved clock", async () => {
    const t = await clubTable(recording);
    await endGame(t.code);
    const up = await json<RecordingInfo>(await upload(t.code, 1, t.organizerToken, audio(100)), 201);
    expect(await alarmAndSkew(t.code), "the alarm waits for the expiry").toEqual({ alarm: up.expiresAt, skew: 0 });
    // The clock moved 71 h on and the alarm told (the clock's own contract: clock.ts setSkew): the expiry is 1 h away in real time.
    await moveClock(t.code, 71 * HOUR);
    expect(await alarmAndSkew(t.code), "the alarm follows the moved clock").toEqual({ alarm: up.expiresAt - 71 * HOUR, skew: 71 * HOUR });
    // The object is evicted; the new instance wakes (an early delivery: nothing is due) and re-arms from its own clock.
    await evict(tableStub(t.code));
    expect(await runDurableObjectAlarm(tableStub(t.code))).toBe(true);
    expect(await stored(`rec/${t.code}/1`)).toEqual({ object: true, row: true });
    expect(await alarmAndSkew(t.code), "a new instance keeps the moved clock: the expiry stays 1 h away, not 72 h").toEqual({ alarm: up.expiresAt - 71 * HOUR, skew: 71 * HOUR });
  });

  it("issue 30: chunked and resumable — the host's page uploads chunks while the game runs; the uploader lists what is stored; GET serves the contiguous chunks from 0 concatenated; replacing a chunk is idempotent; limits; deleted at 72 h with every chunk", async () => {
    const t = await clubTable(recording);
    const key = `rec/${t.code}/1`;
    // While the game runs (a whole file waits for the end; chunks do not).
    expect(t.player.lastView().status).toBe("playing");
    expect(await json<{ have: number[] }>(await chunkList(t.code, 1, t.organizerToken))).toEqual({ have: [] });
    const parts = [audio(1000, 1), audio(1500, 2), audio(700, 3), audio(900, 4)];
    const first = await json<RecordingInfo>(await chunk(t.code, 1, 0, t.organizerToken, parts[0]!), 201);
    expect(first.size).toBe(1000);
    expect(first.expiresAt - first.createdAt).toBe(RECORDING_TTL_MS);
    // Chunk 2 before chunk 1 (a retry pending): stored, but the recording is still chunk 0 only.
    expect((await json<RecordingInfo>(await chunk(t.code, 1, 2, t.organizerToken, parts[2]!), 201)).size).toBe(1000);
    expect(await json<{ have: number[] }>(await chunkList(t.code, 1, t.organizerToken))).toEqual({ have: [0, 2] });
    // RULES.md §8: nobody listens before the end (the next test asks every credential).
    expect(await errorOf(await listen(t.code, 1, playerCookie))).toEqual({ status: 409, code: "not-ended" });
    // The page reopens, reads what is stored, and uploads the missing chunk: 0, 1, 2 concatenated now.
    expect((await json<RecordingInfo>(await chunk(t.code, 1, 1, t.organizerToken, parts[1]!), 201)).size).toBe(3200);
    // Replacing chunk 1 with the same bytes is idempotent: same size, same file, same expiry.
    const again = await json<RecordingInfo>(await chunk(t.code, 1, 1, t.organizerToken, parts[1]!), 201);
    expect(again).toEqual({ ...again, size: 3200, expiresAt: first.expiresAt });

    // Refused, typed, nothing stored: no token, a player's token, not audio, a bad index, past the last index,
    // a chunk over the limit, chunks together over the limit, the switch off.
    const before = await json<{ have: number[] }>(await chunkList(t.code, 1, t.organizerToken));
    expect(await errorOf(await chunk(t.code, 1, 3, null, parts[3]!))).toEqual({ status: 403, code: "bad-organizer-token" });
    expect(await errorOf(await chunk(t.code, 1, 3, t.playerToken, parts[3]!))).toEqual({ status: 403, code: "bad-organizer-token" });
    expect(await errorOf(await chunkList(t.code, 1, t.playerToken))).toEqual({ status: 403, code: "bad-organizer-token" });
    expect(await errorOf(await chunk(t.code, 1, 3, t.organizerToken, parts[3]!, "video/webm"))).toEqual({ status: 415, code: "bad-content-type" });
    for (const bad of ["-1", "01", "1.5", "x", String(RECORDING_MAX_CHUNKS), "99999999"]) {
      expect(await errorOf(await chunk(t.code, 1, bad, t.organizerToken, parts[3]!)), bad).toEqual({ status: 404, code: "not-found" });
    }
    expect(await errorOf(await chunk(t.code, 1, 3, t.organizerToken, audio(LIMIT + 1)))).toEqual({ status: 413, code: "too-large" });
    expect(await errorOf(await chunk(t.code, 1, 3, t.organizerToken, audio(LIMIT - 3200 + 1)))).toEqual({ status: 413, code: "too-large" });
    expect(await errorOf(await chunk(t.code, 2, 0, t.organizerToken, parts[3]!))).toEqual({ status: 404, code: "not-found" });
    expect(await json<{ have: number[] }>(await chunkList(t.code, 1, t.organizerToken))).toEqual(before);
    // Exactly up to the limit is fine (a replaced chunk counts once).
    expect((await json<RecordingInfo>(await chunk(t.code, 1, 3, t.organizerToken, audio(LIMIT - 3200)), 201)).size).toBe(LIMIT);
    expect((await json<RecordingInfo>(await chunk(t.code, 1, 3, t.organizerToken, parts[3]!), 201)).size).toBe(4100);

    // After the end: the contiguous chunks from 0 are the recording; more chunks are still accepted.
    await endGame(t.code);
    const got = await listen(t.code, 1, playerCookie);
    expect(got.headers.get("content-length")).toBe("4100");
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(concat(parts));
    expect((await json<RecordingInfo>(await info(t.code, 1, owner))).size).toBe(4100);
    expect((await json<RecordingInfo>(await chunk(t.code, 1, 4, t.organizerToken, audio(10, 5)), 201)).size).toBe(4110);
    expect((await chunkObjects(key)).length).toBe(5);

    // 72 h after the first chunk: the table's alarm deletes the recording and every chunk, with nobody asking.
    await closeAll(open);
    await moveClock(t.code, RECORDING_TTL_MS + 60_000);
    await runDueItems(t.code, async () => Object.values(await stored(key)).some(Boolean));
    expect(await stored(key)).toEqual({ object: false, row: false });
    expect(await chunkObjects(key)).toEqual([]);
    expect(await errorOf(await listen(t.code, 1, playerCookie))).toEqual({ status: 404, code: "not-found" });
    expect(await errorOf(await chunk(t.code, 1, 5, t.organizerToken, parts[0]!))).toEqual({ status: 410, code: "recording-expired" });
  }, 90_000);

  it("RULES.md §8 nobody listens before the end: while game 1 runs (its chunks uploading) the recording and its info answer 409 not-ended to every credential, as the record does; after the end, its listeners hear it", async () => {
    const t = await clubTable(recording);
    const bytes = audio(1200, 11);
    expect((await json<RecordingInfo>(await chunk(t.code, 1, 0, t.organizerToken, bytes), 201)).size).toBe(1200);
    expect(t.player.lastView().status).toBe("playing");
    const notEnded = { status: 409, code: "not-ended" };
    // The record's own answer before the end.
    expect(await errorOf(await get(`/api/tables/${t.code}/games/1`))).toEqual(notEnded);
    const bearer = (token: string, path: string) => api(`/api/tables/${t.code}/games/1/recording${path}`, { headers: { authorization: `Bearer ${token}` } });
    const askers: Array<[string, (path: string) => Promise<Response>]> = [
      ["the game's player", (p) => get(`/api/tables/${t.code}/games/1/recording${p}`, playerCookie)],
      ["the club's owner (the table's organizer)", (p) => get(`/api/tables/${t.code}/games/1/recording${p}`, owner)],
      ["a club host", (p) => get(`/api/tables/${t.code}/games/1/recording${p}`, hostCookie)],
      ["a stranger", (p) => get(`/api/tables/${t.code}/games/1/recording${p}`, stranger)],
      ["nobody signed in", (p) => get(`/api/tables/${t.code}/games/1/recording${p}`)],
      ["the organizer token (the live host)", (p) => bearer(t.organizerToken, p)],
      ["a seat token", (p) => bearer(t.playerToken, p)],
    ];
    for (const [who, ask] of askers) {
      for (const path of ["", "/info"]) expect(await errorOf(await ask(path)), `${who}: …/recording${path}`).toEqual(notEnded);
    }
    // Uploading goes on meanwhile (by design): chunk 1 is stored.
    expect((await json<RecordingInfo>(await chunk(t.code, 1, 1, t.organizerToken, audio(300, 12)), 201)).size).toBe(1500);

    await endGame(t.code);
    const heard = await listen(t.code, 1, playerCookie);
    expect(heard.status).toBe(200);
    expect(new Uint8Array(await heard.arrayBuffer())).toEqual(concat([bytes, audio(300, 12)]));
    expect((await listen(t.code, 1, owner)).status).toBe(200);
    expect((await json<RecordingInfo>(await info(t.code, 1, hostCookie))).size).toBe(1500);
    expect(await errorOf(await listen(t.code, 1, stranger))).toEqual({ status: 403, code: "not-allowed" });
    expect(await errorOf(await listen(t.code, 1))).toEqual({ status: 401, code: "sign-in-required" });
  }, 90_000);

  it("§6.11 the backstop: the hourly Cron Trigger's sweep deletes every recording past 72 h — rows with their objects and chunks, and an object left without a row — and keeps the younger ones", async () => {
    const now = Date.now();
    const put = async (key: string, expiresAt: number, row: boolean) => {
      await env.RECORDINGS.put(key, audio(10), { httpMetadata: { contentType: "audio/ogg" }, customMetadata: { expiresAt: String(expiresAt) } });
      if (row) {
        await env.DB.prepare("INSERT INTO recordings (key, table_code, game, club_id, players, size, content_type, created_at, expires_at) VALUES (?, ?, 1, ?, '[]', 10, 'audio/ogg', ?, ?)")
          .bind(key, key.split("/")[1], recording.club.id, expiresAt - RECORDING_TTL_MS, expiresAt)
          .run();
      }
    };
    await put("rec/SWEEPA/1", now + RECORDING_TTL_MS, true);
    await put("rec/SWEEPB/1", now + RECORDING_TTL_MS, false); // its row never written (the upload failed half-way)
    await put("rec/SWEEPC/1", now + 80 * HOUR, true); // uploaded 8 h later
    // Issue 30: chunks under a recording's key, each with the recording's expiry.
    await put("rec/SWEEPA/1/c/000000", now + RECORDING_TTL_MS, false);
    await put("rec/SWEEPC/1/c/000000", now + 80 * HOUR, false);
    const sweep = async (at: number) => {
      await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "23 * * * *" }), env as never);
    };

    await sweep(now + 71 * HOUR);
    for (const k of ["rec/SWEEPA/1", "rec/SWEEPC/1"]) expect(await stored(k), k).toEqual({ object: true, row: true });
    expect((await stored("rec/SWEEPB/1")).object).toBe(true);

    expect((await stored("rec/SWEEPA/1/c/000000")).object).toBe(true);
    await sweep(now + 73 * HOUR);
    expect(await stored("rec/SWEEPA/1")).toEqual({ object: false, row: false });
    expect((await stored("rec/SWEEPA/1/c/000000")).object).toBe(false);
    expect((await stored("rec/SWEEPC/1/c/000000")).object).toBe(true);
    expect(await stored("rec/SWEEPB/1")).toEqual({ object: false, row: false });
    expect(await stored("rec/SWEEPC/1")).toEqual({ object: true, row: true });

    await sweep(now + 81 * HOUR);
    expect(await stored("rec/SWEEPC/1")).toEqual({ object: false, row: false });
    expect((await stored("rec/SWEEPC/1/c/000000")).object).toBe(false);
  });
});
