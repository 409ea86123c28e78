/**
 * Issue 19 (RULES.md §6.11 "Games are audio-recorded for review; recordings are deleted after 72 hours"):
 * a club game's audio recording — the limits and the shapes of PUT/GET /api/tables/:code/games/:n/recording
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

/** 201 from the upload; 200 from GET …/recording/info (for the people who may listen). */
export interface RecordingInfo {
  size: number;
  contentType: string;
  /** UTC ms. */
  createdAt: number;
  /** UTC ms: the server deletes it then (createdAt + RECORDING_TTL_MS). */
  expiresAt: number;
}
