/**
 * RULES.md §6.11 "Games are audio-recorded for review; recordings are deleted after 72 hours": a club
 * game's audio recording — the limits and the shapes of PUT/GET /api/tables/:code/games/:n/recording
 * (docs/CLUBS.md "Recordings"). No valibot here: the web client imports it.
 */

/** A recording is deleted this long after its upload (§6.11), by the server, whether or not anyone opened it. */
export const RECORDING_TTL_MS = 72 * 3600_000;

/** The largest upload: about three hours of Opus speech at the browser's default rate (~48 kbit/s). */
export const RECORDING_MAX_BYTES = 64 * 1024 * 1024;

/** The media types an upload may have (MediaRecorder's audio containers), parameters (codecs) allowed. */
export const RECORDING_TYPES = ["audio/webm", "audio/ogg"] as const;

/** `audio/webm;codecs=opus` → `audio/webm`; null for anything not in RECORDING_TYPES. */
export function recordingType(contentType: string | null | undefined): (typeof RECORDING_TYPES)[number] | null {
  const base = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return (RECORDING_TYPES as readonly string[]).includes(base) ? (base as (typeof RECORDING_TYPES)[number]) : null;
}

/** The R2 key of game `game`'s recording at table `code`. */
export const recordingKey = (code: string, game: number): string => `rec/${code}/${game}`;

/**
 * The chunked upload (PUT …/recording/chunks/:i, docs/MEDIA.md "Recordings"): the recording
 * browser uploads its MediaRecorder's timeslice chunks as the game goes, i = 0, 1, 2…; the recording is
 * the concatenation of the contiguous chunks from 0. At most RECORDING_MAX_CHUNKS chunks (i below it),
 * each at most RECORDING_CHUNK_MAX_BYTES, all together at most RECORDING_MAX_BYTES.
 */
export const RECORDING_MAX_CHUNKS = 4096;
/** One chunk's largest size: about ten minutes of Opus speech (a page uploads every RECORDING_CHUNK_MS). */
export const RECORDING_CHUNK_MAX_BYTES = 4 * 1024 * 1024;

/**
 * How much audio the recording page puts in one chunk (ms): each chunk is one R2 PutObject, a Class A
 * operation, the recording's main cost (docs/PERFORMANCE.md: 120 an hour). The page cuts its recorder
 * every 5 s and keeps the pieces until a chunk's worth is there, or sends them at once when it is hidden
 * or closing (web/src/record/TableRecorder.tsx), so a closed page loses little more than before.
 */
export const RECORDING_CHUNK_MS = 30_000;

/** Whether `i` (a path segment) names a chunk: a decimal integer 0 ≤ i < RECORDING_MAX_CHUNKS, no sign, no leading zero. */
export function chunkIndex(segment: string): number | null {
  if (!/^(0|[1-9][0-9]{0,5})$/.test(segment)) return null;
  const i = Number(segment);
  return i < RECORDING_MAX_CHUNKS ? i : null;
}

/** The R2 key of chunk `i` of a recording (under the recording's own key, zero-padded so they list in order). */
export const recordingChunkKey = (key: string, i: number): string => `${key}/c/${String(i).padStart(6, "0")}`;

/** 200 from GET …/recording/chunks: the chunks stored so far (a reopened page resumes after the contiguous ones). */
export interface RecordingChunks {
  have: number[];
}

/** 201 from the upload; 200 from GET …/recording/info (for the people who may listen). */
export interface RecordingInfo {
  size: number;
  contentType: string;
  /** UTC ms. */
  createdAt: number;
  /** UTC ms: the server deletes it then (createdAt + RECORDING_TTL_MS). */
  expiresAt: number;
}
