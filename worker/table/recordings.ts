/**
 * RULES.md §6.11 "Games are audio-recorded for review; recordings are deleted after 72 hours"
 * (docs/CLUBS.md "Recordings"): the table's side of its games' recordings. The audio is recorded in the
 * organizer's (the live host's) browser and uploaded through the worker to R2 (worker/recordings/api.ts);
 * the table decides who may upload, and deletes each recording at its time:
 *
 *  - `grant`: an upload of game n's recording is allowed only with the organizer token, while the
 *    table's recording switch is on (the players were told: everyone sees the "Recording" mark), and only
 *    once game n is over. The grant writes the recording's expiry here first, before any byte is stored,
 *    so whatever the upload leaves behind has its deletion scheduled.
 *  - the alarm item "recording-expiry" (schedule.ts) at the earliest expiry: `expire` deletes every
 *    recording whose time has come — the R2 object and its D1 row — with nobody asking. The hourly sweep
 *    (worker/recordings/sweep.ts) deletes anything an alarm missed.
 *  - chunks (`chunkGrant`, `chunkStored`, `chunks`): the recording browser uploads chunk i of
 *    game n while the game runs or after it ended; each chunk's size is reserved at its grant (the total
 *    stays within RECORDING_MAX_BYTES, a replaced chunk counts once) and marked stored once R2 has it;
 *    the recording's expiry is written at the first grant, as for a whole file, and covers every chunk.
 *
 * Times are on the table's clock (clock.ts), as every time the table keeps.
 */
import { RECORDING_TTL_MS, recordingKey } from "../../shared/protocol/recordings.ts";
import { deleteRecordings } from "../recordings/store.ts";
import { digest, sameDigest } from "../security/hash.ts";
import { ORGANIZER_DOMAIN } from "./admission.ts";
import type { AlarmItem, AlarmPort, OrganizerPort, TableCore } from "./ports.ts";
import { dueAt } from "./schedule.ts";
import type { TableStore } from "./storage.ts";
import type { RecordingsRows } from "./repositories/recordings.ts";


export type RecordingRefusalCode = "not-found" | "bad-organizer-token" | "recording-off" | "not-ended" | "recording-expired" | "too-large";

export type UploadGrant =
  | { ok: true; key: string; createdAt: number; expiresAt: number; /** the accounts that played the game */ players: string[] }
  | { ok: false; code: RecordingRefusalCode; message: string };

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface RecordingsDeps extends Pick<TableCore, "config" | "env" | "now"> {
  /** This part's own rows (repositories/recordings.ts). */
  readonly recordingsRows: RecordingsRows;
  readonly alarm: Pick<AlarmPort, "sync">;
  readonly organizer: Pick<OrganizerPort, "isOrganizer">;
  readonly store: Pick<TableStore, "control" | "initialized" | "players" | "series">;
}

export class TableRecordings {
  /** The earliest pending expiry (null: none); undefined: read it again. */
  private next: number | null | undefined = undefined;

  constructor(private readonly t: RecordingsDeps) {}

  /**
   * The alarm's `recording-expiry` item. Run by the table's clock now, never the due time: an early
   * delivery deletes nothing early. Given up, those recordings are left to the hourly sweep
   * (worker/recordings/sweep.ts); later ones stay scheduled.
   */
  readonly alarmItem: AlarmItem = {
    kind: "recording-expiry",
    due: () => dueAt("recording-expiry", this.due()),
    run: async (_due, _at, now) => {
      await this.expire(now);
      await this.t.alarm.sync();
    },
    giveUp: (due) => this.giveUp(due.at),
  };

  /** May this token upload game `game`'s recording now? If so, its expiry is stored (and the alarm armed) first. */
  async grant(token: string, game: number): Promise<UploadGrant> {
    const allowed = await this.allowed(token, game, false);
    return allowed.ok ? this.open(game) : allowed;
  }

  /**
   * May this token upload chunk `i` (of `length` bytes) of game `game`'s recording now — while
   * the game runs or after it ended, within `maxTotal` bytes for all its chunks (chunk i's earlier size
   * not counted: a replacement)? If so, the chunk's size is reserved and the recording's expiry stored first.
   */
  async chunkGrant(token: string, game: number, i: number, length: number, maxTotal: number): Promise<UploadGrant> {
    const allowed = await this.allowed(token, game, true);
    if (!allowed.ok) return allowed;
    const rows = this.t.recordingsRows;
    const others = rows.otherChunksSize(game, i);
    if (others + length > maxTotal) return { ok: false, code: "too-large", message: `A recording is at most ${maxTotal} bytes in all its chunks.` };
    const grant = await this.open(game);
    if (grant.ok) rows.reserveChunk(game, i, length);
    return grant;
  }

  /** Chunk `i` of game `game` is in R2 now; the chunks stored and the bytes of the contiguous ones from 0 (the recording served). */
  chunkStored(game: number, i: number): { have: number[]; size: number } {
    this.t.recordingsRows.chunkStored(game, i);
    return this.stored(game);
  }

  /** The chunks of game `game`'s recording stored so far, for the uploader (same rights as an upload). */
  async chunks(token: string, game: number): Promise<{ ok: true; have: number[] } | { ok: false; code: RecordingRefusalCode; message: string }> {
    const allowed = await this.allowed(token, game, true);
    return allowed.ok ? { ok: true, have: this.stored(game).have } : allowed;
  }

  private stored(game: number): { have: number[]; size: number } {
    const rows = this.t.recordingsRows.storedChunks(game);
    let size = 0;
    for (const [n, r] of rows.entries()) {
      if (r.i !== n) break;
      size += r.size;
    }
    return { have: rows.map((r) => r.i), size };
  }

  /**
   * The rights every upload needs: the organizer token (the live host's at a live-host table), the
   * recording switch on, game `game` at this table — over (a whole file), or running or over (`chunks`).
   */
  private async allowed(token: string, game: number, chunks: boolean): Promise<{ ok: true } | { ok: false; code: RecordingRefusalCode; message: string }> {
    const t = this.t;
    const refuse = (code: RecordingRefusalCode, message: string) => ({ ok: false as const, code, message });
    if (!t.store.initialized()) return refuse("not-found", "No table with this code.");
    const control = t.store.control();
    const hash = await digest(ORGANIZER_DOMAIN, token);
    const identity = t.config().host === "live" ? ({ kind: "host" } as const) : ({ kind: "organizer" } as const);
    if (!control.organizerTokenHash || !sameDigest(hash, control.organizerTokenHash) || !t.organizer.isOrganizer(identity)) {
      return refuse("bad-organizer-token", "Only the table's organizer uploads its recordings.");
    }
    if (!control.recording) return refuse("recording-off", "The table's recording switch is off: nothing may be recorded.");
    const row = t.store.series().find((g) => g.game === game);
    if (!row) return refuse("not-found", "No such game at this table.");
    if (!chunks && row.endedAt === null) return refuse("not-ended", "This game is not over yet: its recording is uploaded at the end.");
    return { ok: true };
  }

  /** The recording of game `game` (allowed): its expiry stored on first use (and the alarm armed), or refused once deleted. */
  private async open(game: number): Promise<UploadGrant> {
    const t = this.t;
    const refuse = (code: RecordingRefusalCode, message: string): UploadGrant => ({ ok: false, code, message });
    const row = t.store.series().find((g) => g.game === game)!;
    const had = t.recordingsRows.recording(game);
    if (had && had.deleted) return refuse("recording-expired", "This game's recording was deleted after 72 hours.");
    // A second upload of the same game (a retry) replaces the audio but never extends its life.
    const createdAt = had ? had.createdAt : t.now();
    const expiresAt = had ? had.expiresAt : createdAt + RECORDING_TTL_MS;
    const key = recordingKey(t.config().code, game);
    if (!had) {
      t.recordingsRows.open(game, key, createdAt, expiresAt);
      this.next = undefined;
      await t.alarm.sync();
    }
    const accounts = new Map(t.store.players().map((p) => [p.playerId, p.userId ?? null]));
    const players = [...new Set(row.players.map((p) => accounts.get(p.id)).filter((u): u is string => typeof u === "string"))];
    return { ok: true, key, createdAt, expiresAt, players };
  }

  /** When the next recording must be gone (the alarm item "recording-expiry"), or null. */
  due(): number | null {
    if (this.next === undefined) {
      this.next = this.t.recordingsRows.nextExpiry();
    }
    return this.next;
  }

  /**
   * Delete every recording whose time has come by `now` (the table's clock — never earlier, even when the
   * runtime delivers the alarm early): the R2 objects and D1 rows first, then they are marked deleted here.
   * A failure throws, and the alarm retries (alarm-failures.ts).
   */
  async expire(now: number): Promise<void> {
    const rows = this.t.recordingsRows;
    const expired = rows.expired(now);
    if (expired.length > 0) {
      await deleteRecordings(this.t.env, expired.map((r) => r.key));
      for (const r of expired) rows.deleted(r.game, now);
    }
    this.next = undefined;
  }

  /**
   * The alarm gave up on the expiry due at `at` after repeated failures (alarm-failures.ts): those
   * recordings leave the table's schedule, so later ones still expire on time, and the hourly sweep
   * (worker/recordings/sweep.ts), which reads D1 and R2 themselves, deletes them instead.
   */
  giveUp(at: number): void {
    this.t.recordingsRows.giveUp(at);
    this.next = undefined;
  }

  /** Rows written behind this object's back (tests) or rolled back: read the next expiry again. */
  forget(): void {
    this.next = undefined;
  }
}
