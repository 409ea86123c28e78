/**
 * A socket frame's path (docs/ARCHITECTURE.md "A frame's path"): token bucket → text? → size → no
 * U+FFFD → JSON → schema → hello/identity → the sender's right to send it → fresh ref → the part that
 * handles it (organizer, series, or the engine through the match). A refusal answers the sender
 * only and is counted in its connection state: the REFUSAL_LIMIT-th within its window closes the
 * socket (1008). `hello` authenticates the socket: a seat token, the organizer token, or nothing (a
 * spectator).
 */
import * as v from "valibot";
import {
  CLOSE_CODES, ClientMessageSchema, MAX_CLIENT_MESSAGE_BYTES, MAX_SIGNAL_BYTES, SFU_PREFIX, SIGNAL_PREFIX, SIGNAL_RATE_LIMIT, type ClientMessage, type ErrorCode, type HostMessage, type Identity,
} from "../../shared/protocol/messages.ts";
import { duplicateKey } from "../../shared/protocol/json-keys.ts";
import { digest, findByDigest, sameDigest } from "../security/hash.ts";
import { ORGANIZER_DOMAIN, TOKEN_DOMAIN } from "./admission.ts";
import { countRefusal, rememberRef, takeToken, type Attachment, type ConnectionIdentity } from "./connection.ts";
import { apply, type Input } from "./engine.ts";
import type { SeriesPort, ChatPort, ConsiglieriPort, FanoutPort, MatchPort, MediaPort, OrganizerPort, PresencePort, PublicationPort, Refused, SfuPort, TableCore } from "./ports.ts";
import type { Sockets } from "./connection.ts";
import type { TableStore } from "./storage.ts";

/** A refusal of a socket command: answered to the sender only, nothing changed. */

/** What handling one frame came to: REFUSED when the sender got an error answer (counted, REFUSAL_LIMIT). */
const REFUSED = "refused";
type FrameOutcome = void | typeof REFUSED;

/** What a decoder puts in place of invalid UTF-8 (U+FFFD). */
const REPLACEMENT_CHARACTER = "\ufffd";

const encoder = new TextEncoder();
function utf8Length(s: string, cap: number): number {
  if (s.length > cap) return s.length; // at least one byte per UTF-16 unit
  if (s.length * 3 <= cap) return s.length; // cannot exceed the cap
  return encoder.encode(s).byteLength;
}

/** The `ref` of a frame, if it has a usable one (for error replies to frames we otherwise refuse). */
function refOf(raw: unknown): string | null {
  if (raw && typeof raw === "object" && !Array.isArray(raw)) {
    const r = (raw as Record<string, unknown>).ref;
    if (typeof r === "string" && r.length > 0 && r.length <= 64) return r;
  }
  return null;
}

function refOfText(text: string): string | null {
  if (text.length > MAX_SIGNAL_BYTES) return null;
  try {
    return refOf(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Whether a binary frame is valid UTF-8 (invalid data closes the socket with 1007). */
const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
function isUtf8(data: ArrayBuffer | ArrayBufferView): boolean {
  try {
    strictUtf8.decode(data);
    return true;
  } catch {
    return false;
  }
}

/** A seat token's key for the sockets-per-credential limit: a prefix of its digest (no secret). */
function credentialKey(tokenHash: Uint8Array): string {
  let hex = "";
  for (const b of tokenHash.subarray(0, 8)) hex += b.toString(16).padStart(2, "0");
  return `t:${hex}`;
}

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface FramesDeps extends Pick<TableCore, "afterChange" | "config" | "now"> {
  readonly series: Pick<SeriesPort, "playAgain">;
  readonly chat: Pick<ChatPort, "mute" | "refresh" | "send">;
  readonly consiglieri: Pick<ConsiglieriPort, "bound" | "tokenOwner" | "whisper">;
  readonly fanout: Pick<FanoutPort, "closeSocket" | "send" | "sendCurrentView" | "sendError">;
  readonly match: Pick<MatchPort, "commit" | "forget" | "state">;
  readonly media: Pick<MediaPort, "afterRelay" | "peerOf" | "relay" | "spectatorsMayListen" | "welcome">;
  readonly organizer: Pick<OrganizerPort, "command" | "isOrganizer">;
  readonly presence: Pick<PresencePort, "greeted" | "hostConnected">;
  readonly publication: Pick<PublicationPort, "beforeRead">;
  readonly sfu: Pick<SfuPort, "frame">;
  readonly sockets: Pick<Sockets, "attachmentOf" | "save">;
  readonly store: Pick<TableStore, "control" | "game" | "players" | "tokens">;
}

export class Frames {
  constructor(private readonly t: FramesDeps) {}

  /** One frame from a socket. Never throws: a failure is logged and answered with `internal`. */
  async message(ws: WebSocket, message: string | ArrayBuffer | ArrayBufferView): Promise<void> {
    try {
      if ((await this.handle(ws, message)) === REFUSED) this.onRefused(ws);
    } catch (err) {
      this.t.match.forget(); // re-read what was really committed
      console.error("table: message handler failed", err);
      this.t.fanout.sendError(ws, "internal", "The server failed to handle that message; nothing changed.", null);
    }
  }

  /**
   * The ordered checks every frame meets (docs/ARCHITECTURE.md "A frame's path"): 1. flood control,
   * 2. shape (`decode`), then its route in ROUTES (a table per message type): 3. who is
   * speaking (`hello` first), 4. the sender's right to send this type, 5. a fresh ref where the type
   * takes one, 6. the part that handles it.
   */
  private async handle(ws: WebSocket, message: string | ArrayBuffer | ArrayBufferView): Promise<FrameOutcome> {
    const now = this.t.now();
    const att = this.t.sockets.attachmentOf(ws, now);
    const decoded = this.decode(ws, att, message, now);
    if (decoded === REFUSED || decoded === undefined) return decoded;
    const { msg, text } = decoded;
    const route = ROUTES[msg.type] as Route<ClientMessage>;
    // 3. Who is speaking.
    const identity = att.identity;
    if (route.who !== "anyone" && !identity) return this.refuse(ws, "hello-first", "Send hello first.", refOfMessage(msg));
    // 4. The sender's right to send this type.
    if (identity && route.may) {
      const refused = route.may(this.t, identity);
      if (refused) return this.refuse(ws, refused.code, refused.message, refOfMessage(msg));
    }
    // 5. A fresh ref (the types that change the table).
    if (route.ref === "fresh") {
      const ref = refOfMessage(msg)!;
      const remembered = rememberRef(att.refs, ref);
      if (!remembered.fresh) return this.refuse(ws, "duplicate-ref", "This ref was already used on this connection.", ref);
      att.refs = remembered.refs;
      this.t.sockets.save(ws, att);
    }
    // 6. The part that handles it.
    return route.handle({ frames: this, t: this.t, ws, att, identity: identity!, msg, text, now });
  }

  /** 1–2: flood control, then shape (text, size before parsing, JSON, one key once, schema). */
  private decode(ws: WebSocket, att: Attachment, message: string | ArrayBuffer | ArrayBufferView, now: number): { msg: ClientMessage; text: string } | FrameOutcome {
    // 1. Flood control first: every frame costs a token, garbage included.
    // The bucket lives in the cached attachment (memory); it is stored with the next ref below. After a
    // hibernation it restarts from the stored one, refilled by the time passed — and an object only
    // hibernates after seconds of silence, in which any bucket refills completely.
    // A signal frame spends its own budget: opening links to nine peers takes dozens of frames.
    // The SFU plane's `sfu` frames share that budget and size limit.
    const signal = typeof message === "string" && (message.startsWith(SIGNAL_PREFIX) || message.startsWith(SFU_PREFIX));
    const taken = signal ? takeToken(att.signalBucket ?? { tokens: SIGNAL_RATE_LIMIT.burst, at: now }, now, SIGNAL_RATE_LIMIT) : takeToken(att.bucket, now);
    if (signal) att.signalBucket = taken.bucket;
    else att.bucket = taken.bucket;
    if (!taken.allowed) {
      return this.refuse(ws, "rate-limited", "Too many messages; slow down.", typeof message === "string" ? refOfText(message) : null);
    }

    // 2. Shape: text, size before parsing, JSON, schema.
    if (typeof message !== "string") {
      if (!isUtf8(message)) return this.close(ws, CLOSE_CODES.invalidData, "invalid UTF-8");
      return this.refuse(ws, "bad-message", "Binary frames are not accepted.", null);
    }
    const cap = signal ? MAX_SIGNAL_BYTES : MAX_CLIENT_MESSAGE_BYTES;
    if (utf8Length(message, cap) > cap) {
      return this.refuse(ws, "too-large", `A message may be at most ${cap} bytes.`, null);
    }
    // The runtime hands over a text frame of invalid UTF-8 with U+FFFD in place of the bad bytes (seen on
    // wrangler dev); no client message has a use for U+FFFD, so its presence is taken as invalid data.
    if (message.includes(REPLACEMENT_CHARACTER)) return this.close(ws, CLOSE_CODES.invalidData, "invalid UTF-8");
    let raw: unknown;
    try {
      raw = JSON.parse(message);
    } catch {
      return this.refuse(ws, "bad-json", "The message is not valid JSON.", null);
    }
    // The budget and the size limit above were chosen from the frame's first bytes.
    // They must be the parsed type's: a repeated key (`{"type":"signal","type":"sync"}` parses as a sync)
    // is refused, and so is any frame whose parsed type is not the kind its prefix said (a signal-budget
    // frame that is not a signal or sfu; a signal or sfu without its prefix is refused below).
    const repeated = duplicateKey(message);
    if (repeated !== null) return this.refuse(ws, "bad-message", `The key "${repeated.slice(0, 32)}" appears twice.`, null);
    const parsedType = raw !== null && typeof raw === "object" && !Array.isArray(raw) ? (raw as { type?: unknown }).type : undefined;
    if (signal && parsedType !== "signal" && parsedType !== "sfu") return this.refuse(ws, "bad-message", "Only a signal or sfu frame may start like one.", refOf(raw));
    const parsed = v.safeParse(ClientMessageSchema, raw);
    if (!parsed.success) {
      const first = parsed.issues[0];
      const where = first?.path?.map((p) => String(p.key)).join(".") || "message";
      return this.refuse(ws, "bad-message", `Invalid ${where}: ${first?.message ?? "unknown shape"}`, refOf(raw));
    }
    const msg = parsed.output;
    return { msg, text: message };
  }

  /** Answer an accepted relay-type frame that carried a ref. */
  ackRelay(ws: WebSocket, ref: string | undefined): void {
    if (ref !== undefined) this.t.fanout.send(ws, { type: "ack", ref, version: this.t.store.game().version });
  }

  /** The engine decides (a player's action — or their consigliere's — or the live host's input). */
  async engine(ws: WebSocket, identity: ConnectionIdentity, msg: Extract<ClientMessage, { type: "act" | "host" }>, now: number): Promise<FrameOutcome> {
    const t = this.t;
    const state = t.match.state();
    if (!state) return this.refuse(ws, "phase-closed", "The game has not started yet.", msg.ref);
    // The stage the sender acted on (every act and host frame names it; the engine refuses a stale one).
    const stage = { phaseSeq: msg.phaseSeq };
    const input: Input =
      msg.type === "act" && identity.kind === "player"
        ? { kind: "act", playerId: identity.playerId, action: msg.action, ...stage }
        : msg.type === "act" && identity.kind === "consigliere"
          ? { kind: "act", playerId: identity.playerId, action: msg.action, by: "consigliere", ...stage }
          : { kind: "host", action: (msg as HostMessage).action, ...stage };
    const result = apply(state, input, now);
    if (!result.ok) return this.refuse(ws, result.rejection.code, result.rejection.message, msg.ref);
    t.match.commit(result.state, [input], now);
    await t.afterChange(now, { ws, ref: msg.ref });
  }

  /** `hello`: who this socket is — a seat's token, the organizer token, or none (a spectator). */
  async hello(ws: WebSocket, att: Attachment, token: string | undefined): Promise<FrameOutcome> {
    const t = this.t;
    if (att.identity) return this.refuse(ws, "already-hello", "This connection already said hello.", null);
    let identity: ConnectionIdentity = { kind: "spectator" };
    let nickname = "";
    let credential: string | undefined;
    if (token !== undefined) {
      const [hash, organizerHash] = await Promise.all([digest(TOKEN_DOMAIN, token), digest(ORGANIZER_DOMAIN, token)]);
      const row = findByDigest(hash, t.store.tokens(), (r) => r.tokenHash);
      const player = row ? t.store.players().find((p) => p.playerId === row.playerId) : undefined;
      const control = t.store.control();
      const advised = row ? null : t.consiglieri.tokenOwner(hash);
      if (row && player && !player.bot) {
        identity = { kind: "player", playerId: player.playerId };
        nickname = player.nickname;
        credential = credentialKey(hash);
      } else if (advised !== null) {
        // §7.10 the consigliere of that seat: its view, its vote and night action, whispers.
        identity = { kind: "consigliere", playerId: advised };
        nickname = t.consiglieri.bound(advised)?.nickname ?? "";
        credential = credentialKey(hash);
      } else if (control.organizerTokenHash && sameDigest(organizerHash, control.organizerTokenHash)) {
        identity = t.config().host === "live" ? { kind: "host" } : { kind: "organizer" };
        credential = "organizer";
      } else {
        return this.refuse(ws, "bad-token", "This token does not hold a seat here; use your return code or join.", null);
      }
    }
    // A media peer's plane, ICE servers (TURN credentials may be minted: bounded wait, never
    // fails) and peer number — players, the live host, consiglieri, and spectators where they may listen
    // (spectatorsHear: no TURN credentials to anyone who cannot use them); not the seatless organizer.
    const takesPart = identity.kind !== "organizer" && (identity.kind !== "spectator" || t.media.spectatorsMayListen());
    // RULES.md §8: who opted out of publication is asked now, before this socket can get any view.
    const [media] = await Promise.all([takesPart ? t.media.welcome(t.media.peerOf(identity, att, t.match.state())) : null, t.publication.beforeRead(identity)]);
    // Re-read after the await: other frames on this socket may have updated the attachment meanwhile.
    const current = t.sockets.attachmentOf(ws, t.now());
    if (current.identity) return this.refuse(ws, "already-hello", "This connection already said hello.", null);
    const now = t.now();
    const hostWasConnected = identity.kind === "host" && t.presence.hostConnected();
    current.identity = identity;
    if (att.peer !== undefined) current.peer = att.peer;
    if (credential !== undefined) current.credential = credential;
    t.sockets.save(ws, current);

    const welcome: Identity =
      identity.kind === "player" || identity.kind === "consigliere" ? { kind: identity.kind, playerId: identity.playerId, nickname } : { kind: identity.kind };
    t.fanout.send(ws, { type: "welcome", identity: welcome, serverNow: now, ...(media ? { media } : {}) });
    await t.presence.greeted(ws, identity, credential, hostWasConnected, now);
    // Its chat's history, where it has a chat now (a change during greeted may have sent it already).
    t.chat.refresh(t.now(), ws);
  }

  /** Answer a refused frame with its error (nothing changed); the caller counts it (onRefused). */
  refuse(ws: WebSocket, code: ErrorCode, message: string, ref: string | null): typeof REFUSED {
    this.t.fanout.sendError(ws, code, message, ref);
    return REFUSED;
  }

  /** Close a socket for breaking a rule (presence follows in the close hook, as for any close). */
  private close(ws: WebSocket, code: number, reason: string): void {
    this.t.fanout.closeSocket(ws, code, reason);
  }

  /** One more refused frame on this socket: the REFUSAL_LIMIT-th within its window closes it (1008). */
  private onRefused(ws: WebSocket): void {
    if (ws.readyState !== WebSocket.OPEN) return;
    const now = this.t.now();
    const att = this.t.sockets.attachmentOf(ws, now);
    const counted = countRefusal(att.refusals, now);
    att.refusals = counted.refusals;
    this.t.sockets.save(ws, att);
    if (counted.close) this.close(ws, CLOSE_CODES.policy, "too many refused messages");
  }
}

/** What a route's handler gets. */
interface FrameContext<M> {
  frames: Frames;
  t: FramesDeps;
  ws: WebSocket;
  att: Attachment;
  /** The socket's identity (absent only for `hello`, the one route open to anyone). */
  identity: ConnectionIdentity;
  msg: M;
  /** The frame's text as received (the relay types check their prefix on it). */
  text: string;
  now: number;
}

/**
 * One row per client message type — who may send it ("anyone": before `hello` too; else an
 * identified socket, narrowed by `may`), whether it takes a fresh ref (the types that change the
 * table), and the part that handles it. `handle()` runs the checks in that order for every type.
 */
interface Route<M> {
  who: "anyone" | "identified";
  may?: (t: FramesDeps, identity: ConnectionIdentity) => Refused | null;
  ref: "fresh" | "none";
  handle(c: FrameContext<M>): FrameOutcome | Promise<FrameOutcome>;
}

const seatedOrAdvising = (t: FramesDeps, id: ConnectionIdentity): Refused | null =>
  // §7.10 a consigliere acts for the seat they advise (the engine checks it as the seat's `by: "consigliere"`).
  id.kind === "player" || (id.kind === "consigliere" && t.consiglieri.bound(id.playerId)) ? null : { code: "not-seated", message: "Only a seated player (or their consigliere) can act." };

/** Signalling (`signal`: the mesh; `sfu`: the SFU plane), relayed at once and never stored. */
function relay(kind: "signal" | "sfu"): Route<Extract<ClientMessage, { type: "signal" | "sfu" }>> {
  const prefix = kind === "signal" ? SIGNAL_PREFIX : SFU_PREFIX;
  return {
    who: "identified",
    ref: "none",
    handle({ frames, t, ws, att, identity, msg, text, now }) {
      if (!text.startsWith(prefix)) return frames.refuse(ws, "bad-message", `A ${msg.type} frame starts with ${prefix}.`, msg.ref ?? null);
      // The SFU plane decides itself whether a spectator may listen (sfu.ts); on the mesh every media peer
      // (a seat, the live host, a consigliere, a listening spectator) is decided by media.ts.
      const refused = msg.type === "sfu" ? t.sfu.frame(ws, identity, att, msg) : t.media.relay(ws, att, identity, msg);
      if (refused) return frames.refuse(ws, refused.code, refused.message, msg.ref ?? null);
      t.sockets.save(ws, att);
      frames.ackRelay(ws, msg.ref);
      if (msg.type === "signal") return t.media.afterRelay(now);
    },
  };
}

const ROUTES: { [K in ClientMessage["type"]]: Route<Extract<ClientMessage, { type: K }>> } = {
  hello: { who: "anyone", ref: "none", handle: ({ frames, ws, att, msg }) => frames.hello(ws, att, msg.token) },
  sync: {
    who: "identified",
    ref: "none",
    async handle({ t, ws, identity }) {
      await t.publication.beforeRead(identity); // RULES.md §8: the opt-outs as they are at this reading
      const now = t.now();
      t.fanout.sendCurrentView(ws, identity, now);
      t.chat.refresh(now, ws, true); // The chat's history again, where the socket has a chat
    },
  },
  signal: relay("signal"),
  sfu: relay("sfu"),
  // RULES.md §7.10: a whisper goes at once to the other of the pair (never stored); acked when it has a ref.
  whisper: {
    who: "identified",
    ref: "none",
    handle({ frames, t, ws, identity, msg, now }) {
      const refused = t.consiglieri.whisper(identity, msg, now);
      if (refused) return frames.refuse(ws, refused.code, refused.message, msg.ref ?? null);
      frames.ackRelay(ws, msg.ref);
    },
  },
  // A chat line to the sender's channel (chat.ts decides whether it has one now); acked when it has a ref.
  chat: {
    who: "identified",
    ref: "none",
    handle({ frames, t, ws, att, identity, msg, now }) {
      const refused = t.chat.send(ws, att, identity, msg, now);
      if (refused) return frames.refuse(ws, refused.code, refused.message, msg.ref ?? null);
      frames.ackRelay(ws, msg.ref);
    },
  },
  // The organizer (or the live host) mutes or unmutes a chat sender by their public key.
  "chat-mute": {
    who: "identified",
    may: (t, id) => (t.organizer.isOrganizer(id) ? null : { code: "not-organizer", message: "Only the organizer can do that." }),
    ref: "fresh",
    handle({ frames, t, ws, msg, now }) {
      t.chat.mute(msg, now);
      frames.ackRelay(ws, msg.ref);
    },
  },
  act: { who: "identified", may: seatedOrAdvising, ref: "fresh", handle: ({ frames, ws, identity, msg, now }) => frames.engine(ws, identity, msg, now) },
  // The live host's input: the confirm (§5.7), a foul or a remark (§7.9; the engine refuses them where its preset gives the host none).
  host: {
    who: "identified",
    may: (t, id) => (id.kind === "host" && t.config().host === "live" ? null : { code: "not-host", message: "Only the live host can do that." }),
    ref: "fresh",
    handle: ({ frames, ws, identity, msg, now }) => frames.engine(ws, identity, msg, now),
  },
  control: {
    who: "identified",
    may: (t, id) => (t.organizer.isOrganizer(id) ? null : { code: "not-organizer", message: "Only the organizer can do that." }),
    ref: "fresh",
    async handle({ frames, t, ws, identity, msg, now }) {
      const refused = await t.organizer.command(identity, msg.action, now, { ws, ref: msg.ref });
      if (refused) return frames.refuse(ws, refused.code, refused.message, msg.ref);
    },
  },
  table: {
    who: "identified",
    may: (_t, id) => (id.kind === "player" ? null : { code: "not-seated", message: "Only a seated player can do that." }),
    ref: "fresh",
    async handle({ frames, t, ws, identity, msg, now }) {
      if (identity.kind !== "player") return;
      const refused = await t.series.playAgain(identity.playerId, msg.action, now, { ws, ref: msg.ref });
      if (refused) return frames.refuse(ws, refused.code, refused.message, msg.ref);
    },
  },
};

/** The ref a parsed message carries, if any. */
function refOfMessage(msg: ClientMessage): string | null {
  return "ref" in msg && typeof msg.ref === "string" ? msg.ref : null;
}
