/**
 * Issue 19 (RULES.md §6.11 "Games are audio-recorded for review; recordings are deleted after 72 hours";
 * docs/CLUBS.md "Recordings"): /api/tables/:code/games/:n/recording.
 *
 *   PUT  …/recording        the organizer's browser uploads game n's audio (audio/webm or audio/ogg, at
 *                           most RECORDING_MAX_BYTES, with a Content-Length), `Authorization: Bearer
 *                           <organizer token>`. Only at a table opened from an evening of a club that
 *                           records games, while the table's recording switch is on, once game n is over.
 *   GET  …/recording        the audio, for the game's players (their accounts) and the club's owner and
 *                           hosts, signed in; GET …/recording/info: its size and deletion time.
 *
 * The table object decides who uploads and schedules the deletion before any byte is stored
 * (worker/table/recordings.ts); this route checks the body, stores it in R2 and writes the D1 row.
 */
import { Hono, type Context } from "hono";
import { RECORDING_MAX_BYTES, recordingType, type RecordingInfo } from "../../shared/protocol/recordings.ts";
import { readSession } from "../accounts/sessions.ts";
import { apiError } from "../api/errors.ts";
import { roleIn } from "../clubs/store.ts";
import type { Env } from "../env.ts";
import { recordingInfo, recordingRow, type RecordingRow } from "./store.ts";

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

export function recordingRoutes(pathGame: PathGame) {
  return new Hono<AppEnv>()
    .put("/", async (c) => {
      const path = pathGame(c);
      if (!path) return apiError(c, "not-found", "No such game at this table.");
      const token = bearer(c);
      if (!token) return apiError(c, "bad-organizer-token", "Only the table's organizer uploads its recordings (Authorization: Bearer <organizer token>).");
      const contentType = c.req.header("content-type") ?? "";
      if (!recordingType(contentType) || contentType.length > 100) return apiError(c, "bad-content-type", "A recording is audio/webm or audio/ogg.");
      const length = Number(c.req.header("content-length") ?? NaN);
      if (!Number.isInteger(length) || length <= 0) return apiError(c, "bad-request", "A recording's upload needs its Content-Length.");
      if (length > maxBytes(c.env)) return apiError(c, "too-large", `A recording is at most ${maxBytes(c.env)} bytes.`);
      // §6.11 "when a club enables it": only a table opened from an evening of a club that records games.
      const club = await c.env.DB.prepare("SELECT c.id, c.record_games FROM evenings e JOIN clubs c ON c.id = e.club_id WHERE e.table_code = ?")
        .bind(path.code)
        .first<{ id: string; record_games: number }>();
      if (!club || club.record_games !== 1) return apiError(c, "recording-off", "This table's club does not record its games.");
      const grant = await path.stub.recordingGrant(token, path.game);
      if (!grant.ok) return apiError(c, grant.code, grant.message);
      const body = c.req.raw.body;
      if (!body) return apiError(c, "bad-request", "The recording is empty.");
      // Exactly the announced bytes reach R2 (a longer or shorter body fails the stream, and the put).
      const fixed = new FixedLengthStream(length);
      const piped = body.pipeTo(fixed.writable).catch(() => undefined);
      try {
        await c.env.RECORDINGS.put(grant.key, fixed.readable, {
          httpMetadata: { contentType },
          // The backstop sweep reads the expiry from the object itself (worker/recordings/sweep.ts).
          customMetadata: { expiresAt: String(grant.expiresAt), table: path.code, game: String(path.game) },
        });
      } catch {
        return apiError(c, "bad-request", "The upload did not match its Content-Length.");
      } finally {
        await piped;
      }
      await c.env.DB.prepare(
        `INSERT INTO recordings (key, table_code, game, club_id, players, size, content_type, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET size = excluded.size, content_type = excluded.content_type, players = excluded.players`,
      )
        .bind(grant.key, path.code, path.game, club.id, JSON.stringify(grant.players), length, contentType, grant.createdAt, grant.expiresAt)
        .run();
      const info: RecordingInfo = { size: length, contentType, createdAt: grant.createdAt, expiresAt: grant.expiresAt };
      return c.json(info, 201);
    })

    .get("/info", async (c) => {
      const row = await listenable(c, pathGame(c));
      return row instanceof Response ? row : c.json(recordingInfo(row), 200);
    })

    .get("/", async (c) => {
      const row = await listenable(c, pathGame(c));
      if (row instanceof Response) return row;
      const object = await c.env.RECORDINGS.get(row.key);
      if (!object) return apiError(c, "not-found", "This game has no recording (recordings are deleted after 72 hours).");
      return new Response(object.body, {
        status: 200,
        headers: {
          "content-type": row.content_type,
          "content-length": String(object.size),
          // Personal data (§6.11): never in a shared cache; not kept by the browser either.
          "cache-control": "private, no-store",
          "content-disposition": `inline; filename="mafia-${row.table_code}-${row.game}.${row.content_type.startsWith("audio/ogg") ? "ogg" : "webm"}"`,
        },
      });
    });
}
