/**
 * RULES.md §6.11 "Games are audio-recorded for review; recordings are deleted after 72 hours"
 * (docs/CLUBS.md "Recordings"): /api/tables/:code/games/:n/recording.
 *
 *   PUT  …/recording        the organizer's browser uploads game n's audio (audio/webm or audio/ogg, at
 *                           most RECORDING_MAX_BYTES, with a Content-Length), `Authorization: Bearer
 *                           <organizer token>`. Only at a table opened from an evening of a club that
 *                           records games, while the table's recording switch is on, once game n is over.
 *   GET  …/recording        the audio, for the game's players (their accounts) and the club's owner and
 *                           hosts, signed in; GET …/recording/info: its size and deletion time. Both only
 *                           once game n is over (RULES.md §8: nobody listens before the end, as for the
 *                           record): until then 409 `not-ended` to everyone, before any other check, so
 *                           no credential learns more than the record's own answer.
 *
 *   PUT  …/recording/chunks/:i   the chunked upload: chunk i (0, 1, 2…) of the recording as the
 *                           game goes (while game n runs or after it ended; same auth and types; each at
 *                           most RECORDING_CHUNK_MAX_BYTES, all at most RECORDING_MAX_BYTES; replacing chunk i
 *                           is idempotent). The recording served by GET is the concatenation of the
 *                           contiguous chunks from 0 (MediaRecorder's timeslice chunks make one playable file).
 *   GET  …/recording/chunks  the chunks stored so far, `{ have }`, for the uploader (a reopened page resumes).
 *                           The chunks' numbers only, never their bytes: part of the upload, open while the
 *                           game runs like the upload itself.
 *
 * The table object decides who uploads and schedules the deletion before any byte is stored
 * (worker/table/recordings.ts); this route checks the body, stores it in R2 and writes the D1 row.
 */
import { Hono, type Context } from "hono";
import { RECORDING_CHUNK_MAX_BYTES, RECORDING_MAX_BYTES, chunkIndex, recordingChunkKey, recordingType, type RecordingChunks, type RecordingInfo } from "../../shared/protocol/recordings.ts";
import { readSession } from "../accounts/sessions.ts";
import { apiError } from "../api/errors.ts";
import { roleIn } from "../clubs/store.ts";
import type { Env } from "../env.ts";
import { chunkKeys, recordingInfo, recordingRow, type RecordingRow } from "./store.ts";
import type { UploadGrant } from "../table/recordings.ts";

type AppEnv = { Bindings: Env };
type C = Context<AppEnv>;

/** The table code and game number of the path, or null (nothing is touched for a path that cannot exist). */
type PathGame = (c: C) => { code: string; stub: DurableObjectStub<import("../table/TableObject.ts").TableObject>; game: number } | null;

/** The upload limit: RECORDING_MAX_BYTES, or the tests' smaller one (vitest.worker.config.ts). */
function maxBytes(env: Env): number {
  const test = Number(env.TEST_RECORDING_MAX_BYTES ?? NaN);
  return Number.isInteger(test) && test > 0 ? test : RECORDING_MAX_BYTES;
}

function bearer(c: C): string | null {
  const m = /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(c.req.header("authorization") ?? "");
  return m ? m[1]! : null;
}

/** The recording row and the signed-in listener, or the error to answer (narrow: players and the club's owner and hosts). */
async function listenable(c: C, path: ReturnType<PathGame>): Promise<RecordingRow | Response> {
  // RULES.md §8: nobody listens before the end — the same answer as the record's, whoever asks.
  const over = path ? await path.stub.gameOver(path.game) : "not-found";
  if (over === "not-ended") return apiError(c, "not-ended", "This game is not over yet: its recording opens at the end.");
  const session = await readSession(c);
  if (!session) return apiError(c, "sign-in-required", "Sign in to listen to a recording.");
  const row = path && (await recordingRow(c.env.DB, `rec/${path.code}/${path.game}`));
  // Past its time it is gone, even before the alarm or the sweep has run.
  if (!row || row.expires_at <= Date.now()) return apiError(c, "not-found", "This game has no recording (recordings are deleted after 72 hours).");
  const uid = session.user.id;
  const played = (JSON.parse(row.players) as string[]).includes(uid);
  if (!played) {
    const role = await roleIn(c.env.DB, row.club_id, uid);
    if (role !== "owner" && role !== "host") return apiError(c, "not-allowed", "Only the game's players and the club's owner and hosts may listen to its recording.");
  }
  return row;
}

/** An upload's checked request: the path, the token, its type and length, the recording club; or the error to answer. */
type Upload = { path: NonNullable<ReturnType<PathGame>>; token: string; contentType: string; length: number; clubId: string };

/** The checks every upload shares: the path, the organizer token's form, the type, the length (at most `cap`), a recording club. */
async function uploadOf(c: C, pathGame: PathGame, cap: number): Promise<Upload | Response> {
  const path = pathGame(c);
  if (!path) return apiError(c, "not-found", "No such game at this table.");
  const token = bearer(c);
  if (!token) return apiError(c, "bad-organizer-token", "Only the table's organizer uploads its recordings (Authorization: Bearer <organizer token>).");
  const contentType = c.req.header("content-type") ?? "";
  if (!recordingType(contentType) || contentType.length > 100) return apiError(c, "bad-content-type", "A recording is audio/webm or audio/ogg.");
  const length = Number(c.req.header("content-length") ?? NaN);
  if (!Number.isInteger(length) || length <= 0) return apiError(c, "bad-request", "A recording's upload needs its Content-Length.");
  if (length > cap) return apiError(c, "too-large", `This upload is at most ${cap} bytes.`);
  // §6.11 "when a club enables it": only a table opened from an evening of a club that records games.
  const club = await clubOf(c, path.code);
  if (!club) return apiError(c, "recording-off", "This table's club does not record its games.");
  return { path, token, contentType, length, clubId: club };
}

/** The recording club of the table's evening, or null. */
async function clubOf(c: C, code: string): Promise<string | null> {
  const club = await c.env.DB.prepare("SELECT c.id, c.record_games FROM evenings e JOIN clubs c ON c.id = e.club_id WHERE e.table_code = ?")
    .bind(code)
    .first<{ id: string; record_games: number }>();
  return club && club.record_games === 1 ? club.id : null;
}

/** Store the request's body (exactly `length` bytes) in R2 under `key`; false when it did not match its Content-Length. */
async function store(c: C, u: Upload, key: string, expiresAt: number): Promise<boolean> {
  const body = c.req.raw.body;
  if (!body) return false;
  // Exactly the announced bytes reach R2 (a longer or shorter body fails the stream, and the put).
  const fixed = new FixedLengthStream(u.length);
  const piped = body.pipeTo(fixed.writable).catch(() => undefined);
  try {
    await c.env.RECORDINGS.put(key, fixed.readable, {
      httpMetadata: { contentType: u.contentType },
      // The backstop sweep reads the expiry from the object itself (worker/recordings/sweep.ts).
      customMetadata: { expiresAt: String(expiresAt), table: u.path.code, game: String(u.path.game) },
    });
    return true;
  } catch {
    return false;
  } finally {
    await piped;
  }
}

/** The D1 row of a recording (who may listen, its size and type, when it goes). */
async function writeRow(c: C, u: Upload, grant: Extract<UploadGrant, { ok: true }>, size: number): Promise<void> {
  await c.env.DB.prepare(
    `INSERT INTO recordings (key, table_code, game, club_id, players, size, content_type, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET size = excluded.size, content_type = excluded.content_type, players = excluded.players`,
  )
    .bind(grant.key, u.path.code, u.path.game, u.clubId, JSON.stringify(grant.players), size, u.contentType, grant.createdAt, grant.expiresAt)
    .run();
}

/** A recording's chunks in R2, in order; the contiguous ones from 0 are the recording. */
async function contiguousChunks(bucket: R2Bucket, key: string): Promise<Array<{ key: string; size: number }>> {
  const all = (await chunkKeys(bucket, key)).filter((o) => o.key.startsWith(`${key}/c/`)).sort((a, b) => (a.key < b.key ? -1 : 1));
  const out: Array<{ key: string; size: number }> = [];
  for (const o of all) {
    if (o.key !== recordingChunkKey(key, out.length)) break;
    out.push(o);
  }
  return out;
}

export function recordingRoutes(pathGame: PathGame) {
  return new Hono<AppEnv>()
    .put("/", async (c) => {
      const u = await uploadOf(c, pathGame, maxBytes(c.env));
      if (u instanceof Response) return u;
      const grant = await u.path.stub.recordingGrant(u.token, u.path.game);
      if (!grant.ok) return apiError(c, grant.code, grant.message);
      if (!c.req.raw.body) return apiError(c, "bad-request", "The recording is empty.");
      if (!(await store(c, u, grant.key, grant.expiresAt))) return apiError(c, "bad-request", "The upload did not match its Content-Length.");
      await writeRow(c, u, grant, u.length);
      const info: RecordingInfo = { size: u.length, contentType: u.contentType, createdAt: grant.createdAt, expiresAt: grant.expiresAt };
      return c.json(info, 201);
    })

    /** Chunk i of the recording, as the game goes. */
    .put("/chunks/:i", async (c) => {
      const i = chunkIndex(c.req.param("i"));
      if (i === null) return apiError(c, "not-found", "No such chunk: chunks are numbered 0, 1, 2… below the limit.");
      const u = await uploadOf(c, pathGame, Math.min(RECORDING_CHUNK_MAX_BYTES, maxBytes(c.env)));
      if (u instanceof Response) return u;
      const grant = await u.path.stub.recordingChunkGrant(u.token, u.path.game, i, u.length, maxBytes(c.env));
      if (!grant.ok) return apiError(c, grant.code, grant.message);
      if (!(await store(c, u, recordingChunkKey(grant.key, i), grant.expiresAt))) return apiError(c, "bad-request", "The upload did not match its Content-Length.");
      const stored = await u.path.stub.recordingChunkStored(u.path.game, i);
      await writeRow(c, u, grant, stored.size);
      const info: RecordingInfo = { size: stored.size, contentType: u.contentType, createdAt: grant.createdAt, expiresAt: grant.expiresAt };
      return c.json(info, 201);
    })

    /** The chunks stored so far (the uploader's rights). */
    .get("/chunks", async (c) => {
      const path = pathGame(c);
      if (!path) return apiError(c, "not-found", "No such game at this table.");
      const token = bearer(c);
      if (!token) return apiError(c, "bad-organizer-token", "Only the table's organizer uploads its recordings (Authorization: Bearer <organizer token>).");
      if (!(await clubOf(c, path.code))) return apiError(c, "recording-off", "This table's club does not record its games.");
      const chunks = await path.stub.recordingChunks(token, path.game);
      if (!chunks.ok) return apiError(c, chunks.code, chunks.message);
      const body: RecordingChunks = { have: chunks.have };
      return c.json(body, 200);
    })

    .get("/info", async (c) => {
      const row = await listenable(c, pathGame(c));
      return row instanceof Response ? row : c.json(recordingInfo(row), 200);
    })

    .get("/", async (c) => {
      const row = await listenable(c, pathGame(c));
      if (row instanceof Response) return row;
      // A chunked recording is its contiguous chunks from 0, one after another; else the whole file.
      const chunks = await contiguousChunks(c.env.RECORDINGS, row.key);
      let body: ReadableStream;
      let size: number;
      if (chunks.length) {
        size = chunks.reduce((n, o) => n + o.size, 0);
        const out = new FixedLengthStream(size);
        const bucket = c.env.RECORDINGS;
        const pipe = async () => {
          for (const [n, o] of chunks.entries()) {
            const part = await bucket.get(o.key);
            if (!part) throw new Error(`recording chunk ${o.key} went missing`);
            await part.body.pipeTo(out.writable, { preventClose: n < chunks.length - 1 });
          }
        };
        c.executionCtx.waitUntil(pipe().catch((err) => out.writable.abort(err).catch(() => undefined)));
        body = out.readable;
      } else {
        const object = await c.env.RECORDINGS.get(row.key);
        if (!object) return apiError(c, "not-found", "This game has no recording (recordings are deleted after 72 hours).");
        body = object.body;
        size = object.size;
      }
      return new Response(body, {
        status: 200,
        headers: {
          "content-type": row.content_type,
          "content-length": String(size),
          // Personal data (§6.11): never in a shared cache; not kept by the browser either.
          "cache-control": "private, no-store",
          "content-disposition": `inline; filename="mafia-${row.table_code}-${row.game}.${row.content_type.startsWith("audio/ogg") ? "ogg" : "webm"}"`,
        },
      });
    });
}
