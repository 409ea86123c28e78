/**
 * Test support (issue 15): a local stand-in for Cloudflare Realtime's Connection API (the SFU) and its
 * TURN credential call, reachable by the table object under `http://sfu.test/v1` (the SFU_API_BASE the
 * tests give a table's instance). The worker pool runs the table objects in the tests' own isolate, so
 * `install()` routes the runtime's fetch for that origin here (every other URL goes to the real fetch).
 *
 * Every request is validated against the transcribed OpenAPI schemas (sfu-openapi.ts): method, path,
 * `Authorization: Bearer <secret>`, `Content-Type: application/json`, body. It also checks the
 * documented rules the table object must keep: at most 64 tracks a call, one session's calls never
 * overlap, an SFU offer (requiresImmediateRenegotiation) is answered by `renegotiate` before the
 * session's next mutation (a forced close excepted). A request that breaks any of these is answered
 * 400 with the documented error shape and recorded in `violations` — which the tests require to stay
 * empty.
 *
 * It answers with schema-valid responses (session ids, mids, placeholder SDP), and keeps each
 * session's tracks (local publications; remote pulls with the publisher's session and track name,
 * active or closed) so the tests can compare every listener's pulled set with its floor.
 */
import * as v from "valibot";
import { vi } from "vitest";
import { ErrorResponse, OPERATIONS, type Operation } from "./sfu-openapi.ts";

export const STANDIN_BASE = "http://sfu.test/v1";
export const MAX_TRACKS = 64;

export interface StandInTrack {
  mid: string;
  location: "local" | "remote";
  trackName: string;
  /** Remote: the publisher's session. */
  from?: string;
  status: "active" | "inactive";
  /** Remote, from a simulcast publication: the layer asked for (`simulcast.preferredRid`, by pull or update). */
  rid?: string;
}
interface Session {
  id: string;
  nextMid: number;
  tracks: StandInTrack[];
  /** An SFU offer not yet answered through renegotiate. */
  awaitingAnswer: boolean;
  inFlight: number;
}
export interface Call {
  op: string;
  method: string;
  path: string;
  sessionId: string | null;
  body: unknown;
  status: number;
  tracks: number;
  authorized: boolean;
}

const hex = () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
const sdp = (kind: "offer" | "answer", mids: string[]) =>
  ["v=0", `o=- ${Date.now()} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0", `a=group:BUNDLE ${mids.join(" ")}`, ...mids.flatMap((m) => [`m=audio 9 UDP/TLS/RTP/SAVPF 111`, `a=mid:${m}`, kind === "offer" ? "a=sendonly" : "a=recvonly"])].join("\r\n") + "\r\n";

export class SfuStandIn {
  readonly calls: Call[] = [];
  readonly violations: string[] = [];
  readonly sessions = new Map<string, Session>();
  /** Track names whose pulls fail with a per-track errorCode (tests of per-track errors). */
  readonly failPulls = new Set<string>();
  /** Pulls answer their tracks without `sessionId` (optional in the schema): the client must match by place. */
  omitSessionIds = false;
  /** TURN: the status to answer (201, or a failure). */
  turnStatus = 201;
  /** Forced closes that came while their session's SFU offer waited for its answer. */
  closesWhileAwaiting = 0;
  /** The highest number of calls in flight on one session at once (1: never overlapped). */
  maxOverlap = 0;
  private restore: (() => void) | null = null;

  constructor(
    readonly appId: string,
    readonly secret: string,
    readonly turn: { keyId: string; token: string } = { keyId: "turn-key", token: "turn-token" },
    /**
     * A pause inside every call (this many turns of the microtask queue), so overlapping calls would
     * be seen. Not a timer: a timer set while a table object handles a request may wait for the
     * object's next event in the test pool, which a real request's I/O would not.
     */
    readonly yields = 20,
  ) {}

  /** Route the runtime's fetch for STANDIN_BASE to this stand-in (until `uninstall`). */
  install(): this {
    const original = globalThis.fetch;
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.url.startsWith(STANDIN_BASE + "/")) return this.handle(request);
      return original(input, init);
    });
    this.restore = () => spy.mockRestore();
    return this;
  }

  uninstall(): void {
    this.restore?.();
    this.restore = null;
  }

  /** Active remote tracks of a session: the publisher's session and track name, by mid. */
  pulled(sessionId: string): StandInTrack[] {
    return (this.sessions.get(sessionId)?.tracks ?? []).filter((t) => t.location === "remote" && t.status === "active");
  }

  /** Active local tracks (publications) of a session. */
  published(sessionId: string): StandInTrack[] {
    return (this.sessions.get(sessionId)?.tracks ?? []).filter((t) => t.location === "local" && t.status === "active");
  }

  private refuse(call: Call, status: number, errorCode: string, why: string): Response {
    this.violations.push(`${call.method} ${call.path}: ${why}`);
    call.status = status;
    return Response.json(v.parse(ErrorResponse, { errorCode, errorDescription: why }), { status });
  }

  private answer(call: Call, op: Operation, body: unknown): Response {
    const checked = v.safeParse(op.response, body);
    if (!checked.success) this.violations.push(`stand-in answered ${op.name} outside its schema: ${checked.issues[0]?.message}`);
    call.status = op.status;
    return Response.json(body, { status: op.status });
  }

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.slice(new URL(STANDIN_BASE).pathname.length);
    const call: Call = { op: "?", method: request.method, path, sessionId: null, body: null, status: 0, tracks: 0, authorized: false };
    this.calls.push(call);
    const op = OPERATIONS.find((o) => o.path.test(path) && o.method === request.method);
    if (!op) return this.refuse(call, 400, "invalid_params", `no documented operation ${request.method} ${path}`);
    call.op = op.name;
    const groups = op.path.exec(path)!;
    // A session's call is in flight from its arrival to its answer: two at once on one session is a violation.
    const session = op.name === "turn" || op.name === "sessions/new" ? undefined : this.sessions.get(groups[2]!);
    if (session) {
      session.inFlight++;
      this.maxOverlap = Math.max(this.maxOverlap, session.inFlight);
      if (session.inFlight > 1) this.violations.push(`${op.name} on session ${session.id} overlapped another call`);
    }
    try {
      for (let i = 0; i < this.yields; i++) await Promise.resolve();
      return await this.handleOp(request, call, op, groups);
    } finally {
      if (session) session.inFlight--;
    }
  }

  private async handleOp(request: Request, call: Call, op: Operation, groups: RegExpExecArray): Promise<Response> {
    // Security: http bearer — the app secret (the TURN key's API token for TURN).
    const want = op.name === "turn" ? this.turn.token : this.secret;
    call.authorized = request.headers.get("Authorization") === `Bearer ${want}`;
    if (!call.authorized) return this.refuse(call, 401, "unauthorized", "missing or wrong bearer secret");
    if (op.name === "turn" ? groups[1] !== this.turn.keyId : groups[1] !== this.appId) return this.refuse(call, 400, "invalid_params", "unknown app or key id");
    // Body: none where the operation declares none; JSON matching its schema otherwise.
    const text = await request.text();
    let body: unknown = undefined;
    if (op.request === null) {
      if (text.length) return this.refuse(call, 400, "invalid_params", `${op.name} takes no body`);
    } else if (text.length || op.bodyRequired) {
      if (!(request.headers.get("Content-Type") ?? "").startsWith("application/json")) return this.refuse(call, 400, "invalid_params", "Content-Type is not application/json");
      try {
        body = JSON.parse(text);
      } catch {
        return this.refuse(call, 400, "decoding_error", "The request could not be decoded.");
      }
      const checked = v.safeParse(op.request, body);
      if (!checked.success) return this.refuse(call, 400, "invalid_params", `${op.name} body: ${checked.issues.map((i) => `${i.path?.map((p) => p.key).join(".") ?? ""} ${i.message}`).join("; ")}`);
    }
    call.body = body;
    if (op.name === "turn") return this.turnCall(call, op);
    if (op.name === "sessions/new") {
      const id = hex();
      this.sessions.set(id, { id, nextMid: 0, tracks: [], awaitingAnswer: false, inFlight: 0 });
      return this.answer(call, op, { sessionId: id });
    }
    const sessionId = groups[2]!;
    call.sessionId = sessionId;
    const s = this.sessions.get(sessionId);
    if (!s) return this.refuse(call, 400, "invalid_params", `unknown session ${sessionId}`);
    for (let i = 0; i < this.yields; i++) await Promise.resolve();
    if (op.name === "session") return this.answer(call, op, { tracks: s.tracks.map((t) => ({ location: t.location, mid: t.mid, trackName: t.trackName, ...(t.from ? { sessionId: t.from } : {}), status: t.status })) });
    if (op.name === "renegotiate") {
      const b = body as { sessionDescription?: { type?: string; sdp?: string } } | undefined;
      if (!s.awaitingAnswer) return this.refuse(call, 400, "invalid_params", "renegotiate without a pending SFU offer");
      if (b?.sessionDescription?.type !== "answer" || !b.sessionDescription.sdp) return this.refuse(call, 400, "invalid_params", "renegotiate needs the endpoint's answer");
      s.awaitingAnswer = false;
      return this.answer(call, op, {});
    }
    // Only a forced close may come while an SFU offer waits for its answer ("Forced closure skips that
    // exchange; it does not complete a pending negotiation", CloseTracksRequest).
    const forcedClose = op.name === "tracks/close" && (body as { force?: boolean }).force === true;
    if (s.awaitingAnswer && !forcedClose) return this.refuse(call, 400, "invalid_params", `${op.name} before the previous SFU offer was answered`);
    if (s.awaitingAnswer) this.closesWhileAwaiting++;
    if (op.name === "tracks/close") return this.close(call, op, s, body as { tracks: Array<{ mid: string }>; force: boolean; sessionDescription?: unknown });
    if (op.name === "tracks/update") return this.update(call, op, s, (body ?? {}) as { tracks?: Array<Record<string, unknown>>; sessionDescription?: unknown });
    return this.tracksNew(call, op, s, (body ?? {}) as { sessionDescription?: { type?: string; sdp?: string }; tracks?: Array<Record<string, unknown>> });
  }

  private tracksNew(call: Call, op: Operation, s: Session, body: { sessionDescription?: { type?: string; sdp?: string }; tracks?: Array<Record<string, unknown>> }): Response {
    const tracks = body.tracks ?? [];
    call.tracks = tracks.length;
    if (!tracks.length) return this.refuse(call, 400, "invalid_params", "tracks/new without tracks");
    if (tracks.length > MAX_TRACKS) return this.refuse(call, 400, "invalid_params", `${tracks.length} tracks in one call (at most ${MAX_TRACKS})`);
    const local = tracks.filter((t) => t.location === "local");
    const remote = tracks.filter((t) => t.location === "remote");
    if (local.length + remote.length !== tracks.length) return this.refuse(call, 400, "invalid_params", "a track without location");
    if (local.length && remote.length) return this.refuse(call, 400, "invalid_params", "local and remote tracks in one call");
    if (local.length) {
      const offer = body.sessionDescription;
      if (offer?.type !== "offer" || !offer.sdp) return this.refuse(call, 400, "invalid_params", "local tracks need the endpoint's offer");
      for (const t of local) {
        if (typeof t.mid !== "string" || typeof t.trackName !== "string") return this.refuse(call, 400, "invalid_params", "a local track needs mid and trackName");
        if (!offer.sdp.includes(`a=mid:${t.mid}\r\n`)) return this.refuse(call, 400, "invalid_params", `mid ${t.mid} is not in the offer`);
        if (s.tracks.some((x) => x.location === "local" && x.trackName === t.trackName && x.status === "active")) return this.refuse(call, 400, "invalid_params", `track ${t.trackName} already published`);
      }
      for (const t of local) s.tracks.push({ mid: t.mid as string, location: "local", trackName: t.trackName as string, status: "active" });
      return this.answer(call, op, {
        requiresImmediateRenegotiation: false,
        tracks: local.map((t) => ({ trackName: t.trackName, mid: t.mid })),
        sessionDescription: { type: "answer", sdp: sdp("answer", local.map((t) => t.mid as string)) },
      });
    }
    if (body.sessionDescription) return this.refuse(call, 400, "invalid_params", "this project pulls without an offer of its own");
    const out: Array<Record<string, unknown>> = [];
    const mids: string[] = [];
    for (const t of remote) {
      if (typeof t.sessionId !== "string" || typeof t.trackName !== "string") return this.refuse(call, 400, "invalid_params", "a remote track needs sessionId and trackName");
      const publisher = this.sessions.get(t.sessionId);
      const published = publisher?.tracks.some((x) => x.location === "local" && x.trackName === t.trackName && x.status === "active");
      if (!published || this.failPulls.has(t.trackName)) {
        out.push({ sessionId: t.sessionId, trackName: t.trackName, errorCode: "not_found", errorDescription: "The track is not published" });
        continue;
      }
      const mid = String(s.nextMid++);
      mids.push(mid);
      const rid = (t.simulcast as { preferredRid?: string } | undefined)?.preferredRid;
      s.tracks.push({ mid, location: "remote", trackName: t.trackName, from: t.sessionId, status: "active", ...(rid ? { rid } : {}) });
      out.push({ ...(this.omitSessionIds ? {} : { sessionId: t.sessionId }), trackName: t.trackName, mid });
    }
    if (!mids.length) return this.answer(call, op, { requiresImmediateRenegotiation: false, tracks: out });
    s.awaitingAnswer = true;
    return this.answer(call, op, { requiresImmediateRenegotiation: true, tracks: out, sessionDescription: { type: "offer", sdp: sdp("offer", mids) } });
  }

  /**
   * `tracks/update` as this project uses it: a pulled track's simulcast preference changed on its own
   * mid (the same publisher and track name), no SDP (a reuse of the transceiver for another track is not
   * used here and refused). Answered without renegotiation, as the documented example is.
   */
  private update(call: Call, op: Operation, s: Session, body: { tracks?: Array<Record<string, unknown>>; sessionDescription?: unknown }): Response {
    const tracks = body.tracks ?? [];
    call.tracks = tracks.length;
    if (!tracks.length) return this.refuse(call, 400, "invalid_params", "tracks/update without tracks");
    if (tracks.length > MAX_TRACKS) return this.refuse(call, 400, "invalid_params", `${tracks.length} tracks in one call (at most ${MAX_TRACKS})`);
    if (body.sessionDescription) return this.refuse(call, 400, "invalid_params", "this project changes layers without an offer of its own");
    const out: Array<Record<string, unknown>> = [];
    for (const t of tracks) {
      const rid = (t.simulcast as { preferredRid?: string } | undefined)?.preferredRid;
      if (t.location !== "remote" || typeof t.mid !== "string" || typeof t.sessionId !== "string" || typeof t.trackName !== "string" || !rid) return this.refuse(call, 400, "invalid_params", "a layer change names a remote track's mid, publisher, track name and preferredRid");
      const held = s.tracks.find((x) => x.location === "remote" && x.mid === t.mid && x.status === "active");
      if (!held) {
        out.push({ mid: t.mid, errorCode: "not_found", errorDescription: "No active track with this mid" });
        continue;
      }
      if (held.from !== t.sessionId || held.trackName !== t.trackName) return this.refuse(call, 400, "invalid_params", `mid ${t.mid} carries another track: a transceiver reused, not a layer change`);
      held.rid = rid;
      out.push({ mid: t.mid, sessionId: t.sessionId, trackName: t.trackName, simulcast: t.simulcast });
    }
    return this.answer(call, op, { requiresImmediateRenegotiation: false, tracks: out });
  }

  private close(call: Call, op: Operation, s: Session, body: { tracks: Array<{ mid: string }>; force: boolean; sessionDescription?: unknown }): Response {
    call.tracks = body.tracks.length;
    if (body.tracks.length > MAX_TRACKS) return this.refuse(call, 400, "invalid_params", `${body.tracks.length} tracks in one call (at most ${MAX_TRACKS})`);
    if (!body.force && !body.sessionDescription) return this.refuse(call, 400, "invalid_params", "force: false needs the endpoint's offer");
    const out = body.tracks.map(({ mid }) => {
      const t = s.tracks.find((x) => x.mid === mid && x.status === "active");
      if (!t) return { mid, errorCode: "close_track_error", errorDescription: "Track doesn't exist or was already closed" };
      t.status = "inactive";
      return { mid };
    });
    return this.answer(call, op, { requiresImmediateRenegotiation: false, tracks: out });
  }

  private turnCall(call: Call, op: Operation): Response {
    if (this.turnStatus !== 201) {
      call.status = this.turnStatus;
      return Response.json({ errorCode: "internal_error", errorDescription: "stand-in told to fail" }, { status: this.turnStatus });
    }
    const n = this.calls.filter((c) => c.op === "turn").length;
    return this.answer(call, op, {
      iceServers: [
        { urls: ["stun:stun.cloudflare.com:3478", "stun:stun.cloudflare.com:53"] },
        {
          urls: [
            "turn:turn.cloudflare.com:3478?transport=udp",
            "turn:turn.cloudflare.com:53?transport=udp",
            "turn:turn.cloudflare.com:3478?transport=tcp",
            "turn:turn.cloudflare.com:80?transport=tcp",
            "turns:turn.cloudflare.com:5349?transport=tcp",
            "turns:turn.cloudflare.com:443?transport=tcp",
          ],
          username: `user-${n}`,
          credential: `secret-${n}`,
        },
      ],
    });
  }
}
