/**
 * The production media plane (docs/MEDIA.md §6): a typed client of Cloudflare Realtime's
 * Connection API (the SFU), written against its published OpenAPI schema
 * (https://developers.cloudflare.com/realtime/static/realtime-api-2024-05-21.yaml). Only the table
 * object uses it, with the app secret; no client ever talks to the SFU's API.
 *
 * - Every request: `Authorization: Bearer <app secret>`, `Content-Type: application/json`.
 * - One session's calls never overlap: `exclusive(sessionId, fn)` runs `fn` after the previous
 *   exclusive work of that session settled; different sessions run in parallel.
 * - An SFU offer is answered (`renegotiate`) before the session's next pull; only a forced close may
 *   run while the endpoint's answer is awaited ("Forced closure skips that exchange; it does not
 *   complete a pending negotiation", CloseTracksRequest) — so a listener who never answers cannot
 *   hold off the close of what its floor no longer allows. A session whose offer was never answered
 *   takes no more pulls (`stalled`).
 * - At most MAX_TRACKS_PER_CALL tracks a call: pulls and closes are split into batches.
 * - A response's per-track `errorCode` / `errorDescription` are handed back per track; a request-level
 *   failure (an HTTP error, a top-level `errorCode`, an unreadable body) throws SfuError.
 */
import * as v from "valibot";

/** The Connection API's base URL (the schema's `servers`). */
export const SFU_API = "https://rtc.live.cloudflare.com/v1";
/** The documented limit of tracks in one call (developers.cloudflare.com/realtime/sfu/platform/limits/). */
export const MAX_TRACKS_PER_CALL = 64;
/** No call waits longer than this for the SFU. */
export const SFU_TIMEOUT_MS = 10_000;

/**
 * The API base: `SFU_API_BASE` is honoured only when it names a local stand-in (loopback, `localhost`
 * or a reserved `.test` / `.localhost` name: the worker tests, local development), so a deployment can
 * never be pointed at another host that would receive the app secret.
 */
export function apiBase(override: string | undefined): string {
  if (!override) return SFU_API;
  try {
    const u = new URL(override);
    const h = u.hostname;
    if (h === "localhost" || h === "127.0.0.1" || h === "[::1]" || h.endsWith(".test") || h.endsWith(".localhost")) return override.replace(/\/+$/, "");
  } catch {
    /* below */
  }
  console.error("SFU_API_BASE names no local stand-in; it is ignored");
  return SFU_API;
}

export type Kind = "audio" | "video";
export interface SessionDescription {
  type: "offer" | "answer";
  sdp: string;
}
/** A track to publish from the session's own offer (`location: "local"`). */
export interface LocalTrack {
  mid: string;
  trackName: string;
}
/** A track another session published, to pull into this one (`location: "remote"`). */
export interface RemoteTrack {
  sessionId: string;
  trackName: string;
  /** A simulcast publication's layer to forward (its RID); absent: the track is pulled as published. */
  preferredRid?: string;
}
/** A pulled track's new simulcast layer (`tracks/update` on its mid). */
export interface LayerChange extends RemoteTrack {
  mid: string;
  preferredRid: string;
}

/**
 * The simulcast object of a pull or a layer change: the preferred layer; when the receiver's bandwidth
 * cannot carry it (`priorityOrdering`) or the publisher does not send it (`ridNotAvailable`), the next
 * layer in a–z order — with the layers "h" (high) and "l" (low), the other one.
 */
function simulcastOf(rid: string | undefined): { simulcast?: { preferredRid: string; priorityOrdering: "asciibetical"; ridNotAvailable: "asciibetical" } } {
  return rid ? { simulcast: { preferredRid: rid, priorityOrdering: "asciibetical", ridNotAvailable: "asciibetical" } } : {};
}
/** One track's outcome in a response (TracksResponse.tracks / CloseTracksResponse.tracks). */
export interface TrackResult {
  mid?: string;
  sessionId?: string;
  trackName?: string;
  errorCode?: string;
  errorDescription?: string;
}

/** A request-level failure of the SFU. */
export class SfuError extends Error {
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly errorCode: string | null,
    description: string,
  ) {
    super(`SFU ${operation}: ${status} ${errorCode ?? ""} ${description}`.trim());
  }
}

/* The responses as this client reads them (lenient: extra keys are the SFU's business). */
const Description = v.object({ type: v.picklist(["offer", "answer"]), sdp: v.string() });
const Item = v.object({
  mid: v.optional(v.string()),
  sessionId: v.optional(v.string()),
  trackName: v.optional(v.string()),
  errorCode: v.optional(v.string()),
  errorDescription: v.optional(v.string()),
});
const Failure = { errorCode: v.optional(v.string()), errorDescription: v.optional(v.string()) };
const NewSession = v.object({ ...Failure, sessionId: v.string() });
const Tracks = v.object({ ...Failure, requiresImmediateRenegotiation: v.optional(v.boolean()), sessionDescription: v.optional(Description), tracks: v.optional(v.array(Item)) });
const Renegotiate = v.object({ ...Failure, sessionDescription: v.optional(Description) });

export type Fetcher = (input: string, init: RequestInit) => Promise<Response>;

/** The outcome of publishing: the SFU's answer and each track's result. */
export interface Published {
  answer: SessionDescription;
  tracks: TrackResult[];
}
/** One batch of pulled tracks, before its renegotiation: the SFU's offer and each requested track's result (same order). */
export interface PullBatch {
  offer: SessionDescription | null;
  requested: RemoteTrack[];
  tracks: TrackResult[];
}

export class SfuApi {
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Sessions with an SFU offer out, waiting for the endpoint's answer. */
  private readonly negotiating = new Set<string>();
  /** Sessions whose offer was never answered: no more pulls (closes only). */
  readonly stalled = new Set<string>();

  constructor(
    readonly appId: string,
    private readonly secret: string,
    readonly base: string = SFU_API,
    /** Tests may hand in a fetcher; by default the runtime's own fetch. */
    private readonly fetcher: Fetcher = (input, init) => fetch(input, init),
  ) {}

  /**
   * Run `fn` once every earlier exclusive work of `sessionId` settled (whatever its outcome), and
   * before any later one: one session's calls and SDP exchanges never overlap.
   */
  exclusive<T>(sessionId: string, fn: () => Promise<T>): Promise<T> {
    const before = this.queues.get(sessionId) ?? Promise.resolve();
    const run = before.then(fn, fn);
    const tail = run.catch(() => {});
    this.queues.set(sessionId, tail);
    void tail.then(() => {
      if (this.queues.get(sessionId) === tail) this.queues.delete(sessionId);
    });
    return run;
  }

  /** Resolves when no work is queued on any session (tests, and a shutdown). */
  async idle(): Promise<void> {
    while (this.queues.size) await Promise.all([...this.queues.values()]);
  }

  /** `POST /apps/{appId}/sessions/new` without a body: a new session's id. */
  async newSession(): Promise<string> {
    const out = await this.call("sessions/new", "POST", `/apps/${this.appId}/sessions/new`, undefined, NewSession);
    return out.sessionId;
  }

  /** Publish the session's own tracks from the endpoint's offer (`tracks/new`, location local). */
  publish(sessionId: string, offer: SessionDescription, tracks: LocalTrack[]): Promise<Published> {
    if (tracks.length < 1 || tracks.length > MAX_TRACKS_PER_CALL) throw new RangeError(`publish takes 1–${MAX_TRACKS_PER_CALL} tracks`);
    return this.exclusive(sessionId, async () => {
      const out = await this.call("tracks/new", "POST", this.path(sessionId, "tracks/new"), {
        sessionDescription: offer,
        tracks: tracks.map((t) => ({ location: "local", mid: t.mid, trackName: t.trackName })),
      }, Tracks);
      if (!out.sessionDescription || out.sessionDescription.type !== "answer") throw new SfuError("tracks/new", 200, null, "publishing returned no answer");
      return { answer: out.sessionDescription, tracks: out.tracks ?? [] };
    });
  }

  /**
   * Pull remote tracks into this session, in batches of at most MAX_TRACKS_PER_CALL: per batch
   * `tracks/new` (location remote); when the SFU asks for it (requiresImmediateRenegotiation), its
   * offer goes to `exchange`, which returns the endpoint's answer (null: the endpoint did not answer),
   * and the answer goes to `renegotiate` — all before the session's next call. Returns every track's
   * result (a track with an errorCode was not pulled).
   */
  async pull(sessionId: string, tracks: RemoteTrack[], exchange: (batch: PullBatch) => Promise<SessionDescription | null>): Promise<TrackResult[]> {
    if (this.negotiating.has(sessionId) || this.stalled.has(sessionId)) throw new SfuError("tracks/new", 0, null, "the session's last offer is not answered");
    this.negotiating.add(sessionId);
    try {
      const results: TrackResult[] = [];
      for (let i = 0; i < tracks.length; i += MAX_TRACKS_PER_CALL) {
        const batch = tracks.slice(i, i + MAX_TRACKS_PER_CALL);
        const out = await this.exclusive(sessionId, () => this.call("tracks/new", "POST", this.path(sessionId, "tracks/new"), {
          tracks: batch.map((t) => ({ location: "remote", sessionId: t.sessionId, trackName: t.trackName, ...simulcastOf(t.preferredRid) })),
        }, Tracks));
        const items = out.tracks ?? [];
        // Each requested track's result: the item naming its session and track, else the item at its
        // place if that one names no session; a track the response does not mention counts as failed.
        const got: TrackResult[] = batch.map((t, j) => {
          const at = items[j];
          const found = items.find((x) => x.sessionId === t.sessionId && x.trackName === t.trackName) ?? (at && at.sessionId === undefined && at.trackName === t.trackName ? at : undefined);
          return found ? { ...found } : { ...t, errorCode: "missing", errorDescription: "not in the response" };
        });
        const offer = out.requiresImmediateRenegotiation && out.sessionDescription?.type === "offer" ? out.sessionDescription : null;
        if (offer) {
          // Not exclusive: a forced close may run while the endpoint answers.
          const answer = await exchange({ offer, requested: batch, tracks: got });
          if (!answer) {
            this.stalled.add(sessionId);
            for (const g of got) if (!g.errorCode) Object.assign(g, { errorCode: "no-answer", errorDescription: "the endpoint did not answer the offer" });
            results.push(...got, ...tracks.slice(i + MAX_TRACKS_PER_CALL).map((t) => ({ ...t, errorCode: "no-answer", errorDescription: "not asked: an earlier offer was not answered" })));
            return results;
          }
          await this.exclusive(sessionId, () => this.call("renegotiate", "PUT", this.path(sessionId, "renegotiate"), { sessionDescription: answer }, Renegotiate));
        }
        results.push(...got);
      }
      return results;
    } finally {
      this.negotiating.delete(sessionId);
    }
  }

  /**
   * Switch pulled tracks to another simulcast layer on their own transceivers (`tracks/update`, location
   * remote, the same mid, publisher and track name, a new `simulcast.preferredRid`), in batches of at
   * most MAX_TRACKS_PER_CALL: the receiver keeps its track, so the video switches without a gap. A layer
   * change needs no SDP exchange (the documented answer is `requiresImmediateRenegotiation: false`); if
   * the SFU asks for one all the same, its offer goes through `exchange` as a pull's does. Returns every
   * track's result.
   */
  async update(sessionId: string, tracks: LayerChange[], exchange: (batch: PullBatch) => Promise<SessionDescription | null>): Promise<TrackResult[]> {
    if (this.negotiating.has(sessionId) || this.stalled.has(sessionId)) throw new SfuError("tracks/update", 0, null, "the session's last offer is not answered");
    this.negotiating.add(sessionId);
    try {
      const results: TrackResult[] = [];
      for (let i = 0; i < tracks.length; i += MAX_TRACKS_PER_CALL) {
        const batch = tracks.slice(i, i + MAX_TRACKS_PER_CALL);
        const out = await this.exclusive(sessionId, () => this.call("tracks/update", "PUT", this.path(sessionId, "tracks/update"), {
          tracks: batch.map((t) => ({ location: "remote", mid: t.mid, sessionId: t.sessionId, trackName: t.trackName, ...simulcastOf(t.preferredRid) })),
        }, Tracks));
        const items = out.tracks ?? [];
        const got: TrackResult[] = batch.map((t) => {
          const found = items.find((x) => x.mid === t.mid);
          return found ? { ...found, mid: t.mid } : { mid: t.mid, errorCode: "missing", errorDescription: "not in the response" };
        });
        const offer = out.requiresImmediateRenegotiation && out.sessionDescription?.type === "offer" ? out.sessionDescription : null;
        if (offer) {
          const answer = await exchange({ offer, requested: batch, tracks: got });
          if (!answer) {
            this.stalled.add(sessionId);
            return [...results, ...got.map((g) => (g.errorCode ? g : { ...g, errorCode: "no-answer", errorDescription: "the endpoint did not answer the offer" }))];
          }
          await this.exclusive(sessionId, () => this.call("renegotiate", "PUT", this.path(sessionId, "renegotiate"), { sessionDescription: answer }, Renegotiate));
        }
        results.push(...got);
      }
      return results;
    } finally {
      this.negotiating.delete(sessionId);
    }
  }

  /**
   * Close tracks of this session by mid, without an SDP exchange (`tracks/close`, force: true), in
   * batches of at most MAX_TRACKS_PER_CALL. A `close_track_error` (absent or already closed) counts as
   * closed; other per-track errors are returned.
   */
  close(sessionId: string, mids: string[]): Promise<TrackResult[]> {
    if (!mids.length) return Promise.resolve([]);
    return this.exclusive(sessionId, async () => {
      const failed: TrackResult[] = [];
      for (let i = 0; i < mids.length; i += MAX_TRACKS_PER_CALL) {
        const batch = mids.slice(i, i + MAX_TRACKS_PER_CALL);
        const out = await this.call("tracks/close", "PUT", this.path(sessionId, "tracks/close"), { tracks: batch.map((mid) => ({ mid })), force: true }, Tracks);
        for (const t of out.tracks ?? []) if (t.errorCode && t.errorCode !== "close_track_error") failed.push(t);
      }
      return failed;
    });
  }

  private path(sessionId: string, op: string): string {
    return `/apps/${this.appId}/sessions/${encodeURIComponent(sessionId)}/${op}`;
  }

  private async call<T extends v.GenericSchema>(operation: string, method: string, path: string, body: unknown, schema: T): Promise<v.InferOutput<T>> {
    const res = await this.fetcher(this.base + path, {
      method,
      headers: { Authorization: `Bearer ${this.secret}`, "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(SFU_TIMEOUT_MS),
    });
    let json: unknown = null;
    try {
      json = await res.json();
    } catch {
      /* below */
    }
    const err = json && typeof json === "object" ? (json as { errorCode?: unknown; errorDescription?: unknown }) : {};
    const code = typeof err.errorCode === "string" ? err.errorCode : null;
    const description = typeof err.errorDescription === "string" ? err.errorDescription : "";
    if (!res.ok || code) throw new SfuError(operation, res.status, code, description);
    const parsed = v.safeParse(schema, json);
    if (!parsed.success) throw new SfuError(operation, res.status, null, `unexpected response: ${parsed.issues[0]?.message ?? "shape"}`);
    return parsed.output;
  }
}
