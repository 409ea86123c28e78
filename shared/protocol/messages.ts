/**
 * Every message between a browser (or bot, or test) and a table over the table's WebSocket, as
 * valibot schemas. Used by worker/, web/ and test/ alike; documented in docs/PROTOCOL.md.
 *
 * Client → server: ClientMessageSchema (strict: unknown keys are refused).
 * Server → client: ServerMessageSchema (lenient on keys the engine may add to its views, so a newer
 * server does not break an older client; tests use it to check every frame they receive).
 */
import { MAX_MEDIA_PEER } from "../media/peers.ts";
import { CHAT_KEY, CHAT_MAX, chatLine } from "./chat.ts";
export { CHAT_KEPT, CHAT_RATE_LIMIT } from "./chat.ts";
import * as v from "valibot";
import { findEffect } from "../engine/night/effects/index.ts";
import { isResultReason } from "../engine/win/index.ts";
import { LEGEND_MARKS, LOG_TYPES, REMOVAL_REASONS, PHASE_NAMES, type GameView, type HostAction, type PlayerAction, type PresetId, type Seat } from "../engine/types.ts";
import { BOT_LEVELS, type BotLevel } from "../bots/levels.ts";

/** Hard cap on one client frame (bytes of UTF-8), checked before parsing. */
export const MAX_CLIENT_MESSAGE_BYTES = 4096;

/**
 * Media signalling: a `signal` frame may be larger (an SDP offer with audio and video is 2–6
 * kB) and has its own flood budget (a client opening links to nine peers sends about 20–40 frames at
 * once: offers, answers, batches of ICE candidates). A signal frame's text must start with
 * `{"type":"signal"` (SIGNAL_PREFIX; else `bad-message`), which is how the table tells it apart before
 * parsing it.
 */
export const MAX_SIGNAL_BYTES = 16_384;
export const SIGNAL_RATE_LIMIT = { burst: 60, perSecond: 20 } as const;
/** The text every signal frame of this project's client starts with (its own flood budget). */
export const SIGNAL_PREFIX = '{"type":"signal"';
/**
 * The text every `sfu` frame starts with (the SFU plane, docs/MEDIA.md §6): the same size
 * limit (MAX_SIGNAL_BYTES) and the same flood budget (SIGNAL_RATE_LIMIT) as signal frames.
 */
export const SFU_PREFIX = '{"type":"sfu"';

/** Per-connection flood control: a burst of this many frames, then this many frames per second. */
export const RATE_LIMIT = { burst: 20, perSecond: 5 } as const;

/** A socket that has not said a good `hello` this long after it opened is closed (1008 "hello timeout"). */
export const HELLO_TIMEOUT_MS = 10_000;

/**
 * Refused frames one connection may send (every `error` answer to its own frames counts, `rate-limited`
 * included) within a window that opens at the first refusal; the `max`-th refusal closes the socket
 * (1008 "too many refused messages"). An honest client is refused a handful of times a game at most.
 */
export const REFUSAL_LIMIT = { max: 50, windowMs: 60_000 } as const;

const seat = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(30));
/** A media peer (shared/media/peers.ts). */
const mediaPeer = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_MEDIA_PEER));

/** RULES.md §7.10 the longest whisper between a player and their consigliere (UTF-16 units). */
export const WHISPER_MAX = 280;
const ref = v.pipe(v.string(), v.minLength(1), v.maxLength(64));

/* ------------------------------------------------ client → server ------------------------------------------------ */

/** A public claim's words (engine Claim): a closed vocabulary, strict objects. */
const redBlack = v.picklist(["red", "black"]);
export const ClaimSchema = v.variant("kind", [
  v.strictObject({ kind: v.literal("role"), role: v.pipe(v.string(), v.minLength(1), v.maxLength(40)) }),
  v.strictObject({ kind: v.literal("check"), target: seat, result: redBlack }),
  v.strictObject({ kind: v.literal("opinion"), target: seat, result: redBlack }),
  v.strictObject({ kind: v.literal("vote"), target: seat }),
]);

export const PlayerActionSchema = v.variant("type", [
  v.strictObject({ type: v.literal("take-card"), card: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(29)) }),
  v.strictObject({ type: v.literal("end-speech") }),
  v.strictObject({ type: v.literal("nominate"), target: seat }),
  v.strictObject({ type: v.literal("shout") }),
  v.strictObject({ type: v.literal("vote"), target: seat }),
  v.strictObject({ type: v.literal("vote-lift"), lift: v.boolean() }),
  /** Use an ability (night/abilities.ts ids) on up to four seats; skip declines it. */
  v.strictObject({ type: v.literal("use"), ability: v.pipe(v.string(), v.minLength(1), v.maxLength(40)), targets: v.pipe(v.array(seat), v.maxLength(4)) }),
  v.strictObject({ type: v.literal("skip"), ability: v.pipe(v.string(), v.minLength(1), v.maxLength(40)) }),
  v.strictObject({ type: v.literal("shooting-plan"), plan: v.pipe(v.array(seat), v.maxLength(30)) }),
  v.strictObject({ type: v.literal("early-vote") }),
  /** RULES.md §4.6 a question to one player in one's own speech; §4.1 the Maniac's "for the town?" answer. */
  v.strictObject({ type: v.literal("ask"), target: seat }),
  v.strictObject({ type: v.literal("choose-side"), town: v.boolean() }),
  /** RULES.md §6.4 "under a foul": 30 s more of one's own speech for a foul. */
  v.strictObject({ type: v.literal("under-foul") }),
  v.strictObject({ type: v.literal("tech-vote-start"), kind: v.picklist(["foul", "defeat", "removal"]), target: seat }),
  v.strictObject({ type: v.literal("tech-vote"), in_favour: v.boolean() }),
  /** A public claim in one's own speech or free talk. */
  v.strictObject({ type: v.literal("claim"), claim: ClaimSchema }),
  /** RULES.md §9.4 the best move: the first night's shot victim names 1–3 seats in their last words. */
  v.strictObject({ type: v.literal("best-move"), seats: v.pipe(v.array(seat), v.minLength(1), v.maxLength(3)) }),
  /** "ready to vote" in the profiles' free talk; the only person at a table of bots skips a wait. */
  v.strictObject({ type: v.literal("ready-to-vote") }),
  v.strictObject({ type: v.literal("skip-wait") }),
]);

/**
 * What the live host sends (RULES.md §5.7): confirm the stage; where the preset lets the host give
 * fouls (§7.9 tatar; the view's `host.fouls` says when), a foul or a remark to a living seat.
 */
export const HostActionSchema = v.variant("type", [
  /** An ordinary confirm: refused ("actors-remain") while players still have to act (the view's `host.remaining`). */
  v.strictObject({ type: v.literal("confirm") }),
  /** §5.7 "end it now": ends the stage early, never skipping the voter in turn; logged (`ended-early`). */
  v.strictObject({ type: v.literal("end-now") }),
  /** §5.7 withdraw the host's last foul or remark within 10 s (the view's `host.undo`). */
  v.strictObject({ type: v.literal("undo") }),
  v.strictObject({ type: v.literal("foul"), seat }),
  v.strictObject({ type: v.literal("remark"), seat }),
  /** RULES.md §6.9 removal without warning, naming the offence (club). */
  v.strictObject({ type: v.literal("remove"), seat, offence: v.picklist(REMOVAL_REASONS) }),
  /** RULES.md §8 the host mutes a seat's microphone for the rest of the current speech or stage. */
  v.strictObject({ type: v.literal("mute"), seat }),
]);

/**
 * One source for the actions: the engine's `PlayerAction` / `HostAction` unions and these
 * schemas are checked against each other at compile time — both ways, variant by variant, key by key —
 * so a field added to one and not the other fails `npm run typecheck`.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type KeysByType<U extends { type: string }> = { [T in U["type"]]: keyof Extract<U, { type: T }> };
type Agree<S extends { type: string }, E extends { type: string }> = Same<KeysByType<S>, KeysByType<E>> extends true ? (Same<S, E> extends true ? true : [S] extends [E] ? true : false) : false;
const PLAYER_ACTIONS_AGREE: Agree<v.InferOutput<typeof PlayerActionSchema>, PlayerAction> = true;
const HOST_ACTIONS_AGREE: Agree<v.InferOutput<typeof HostActionSchema>, HostAction> = true;

/**
 * The organizer's commands (RULES.md §5.1), sent in a `control` frame. Only the connection holding the
 * organizer rights may send them (`not-organizer` otherwise).
 */
export const ControlRequestSchema = v.variant("type", [
  /** Stop every timer with its remaining time. With `absentSeat`: a pause for that player's absence,
   *  which ends by itself when that player comes back. */
  v.strictObject({ type: v.literal("pause"), absentSeat: v.optional(seat) }),
  /** Timers go on with the time that was left. */
  v.strictObject({ type: v.literal("resume") }),
  /** Irrevocably hand a seat to a bot: its tokens and return code stop working at once. `level`,
   *  the bot's level for this seat (absent: the seat follows the table's `botLevel`). */
  v.strictObject({ type: v.literal("seat-to-bot"), seat, level: v.optional(v.picklist(BOT_LEVELS)) }),
  /** RULES.md §5.7 a live table: the server hosts the rest of the game from now (the host's connection is lost, or they hand it over). */
  v.strictObject({ type: v.literal("server-hosts") }),
  /** Give the organizer rights to another (human) player, named by lobby place (join order). */
  v.strictObject({ type: v.literal("transfer-organizer"), place: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(30)) }),
  /** Start the game (presets whose start is "organizer-command"). */
  v.strictObject({ type: v.literal("start") }),
  /**
   * RULES.md §6.11: "next game of the evening" — at a live-host or club evening's table, after
   * the end, the organizer opens the series' next game with every seat of the last one kept (people and
   * bots, the same rows, tokens and return codes; none has to press "play again"). `not-ended` during a
   * game; `not-allowed` at other tables (there each player chooses to play again).
   */
  v.strictObject({ type: v.literal("next-game") }),
  /** Change the organizer's table options (each key optional). */
  v.strictObject({
    type: v.literal("options"),
    allowSameDevice: v.optional(v.boolean()),
    botAfterMinutesAway: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(120)))),
    /** The recording switch (the organizer's consent; shown to everyone while on). */
    recording: v.optional(v.boolean()),
    /** Dead players hear and see the public floor. */
    deadHear: v.optional(v.boolean()),
    /** Spectators hear and see the public floor (where the media plane can serve them). */
    spectatorsHear: v.optional(v.boolean()),
    /** The next game of the series draws the seats again (formats that keep them by default). */
    redrawSeats: v.optional(v.boolean()),
    /** RULES.md §6.10: the next game starts a new evening — nobody is immune in it. */
    newEvening: v.optional(v.boolean()),
    /** The table's bot level (lobby or game; each bot without a level of its own uses it from its next move). */
    botLevel: v.optional(v.picklist(BOT_LEVELS)),
  }),
  /**
   * RULES.md §6 "the composition is set for each game by the creator": in the lobby (the first
   * game's or the next game's), the role counts of a preset that has them (club). The table's seats
   * become the counts' range (`capacity`); `bad-settings` when they do not fit, can never start, or
   * leave fewer seats than already sit; `not-in-lobby` during a game.
   */
  v.strictObject({ type: v.literal("composition"), counts: v.record(v.pipe(v.string(), v.maxLength(40)), v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(30))) }),
  /* Bots in the lobby (before the start; `not-in-lobby` otherwise). */
  /** Seat a bot at the next free place (`table-full` when none is left). */
  v.strictObject({ type: v.literal("add-bot") }),
  /** Seat bots up to the preset's maximum (start "when-full": the game starts, RULES.md §2); with an
   *  organizer's start (city), up to the minimum if fewer sit, else up to the maximum. */
  v.strictObject({ type: v.literal("fill-bots") }),
  /** Take the bot at this lobby place away (`not-a-bot` for a person). */
  v.strictObject({ type: v.literal("remove-bot"), place: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)) }),
]);
export type ControlRequest = v.InferOutput<typeof ControlRequestSchema>;

export const HelloMessageSchema = v.strictObject({
  type: v.literal("hello"),
  /** The player's token from join/return. Without it the connection is a spectator. */
  token: v.optional(v.pipe(v.string(), v.minLength(16), v.maxLength(128))),
});

/**
 * The `phaseSeq` of the view an act or host input was made on (GameView.phaseSeq), required: an input is
 * bound to the stage it was made at. The engine refuses another stage's with `stale` and changes nothing;
 * a frame without it is `bad-message`.
 */
const PhaseSeqSchema = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));

export const ActMessageSchema = v.strictObject({
  type: v.literal("act"),
  /** Chosen by the client; echoed in the ack or error; unique per connection. */
  ref,
  action: PlayerActionSchema,
  phaseSeq: PhaseSeqSchema,
});

export const SyncMessageSchema = v.strictObject({
  type: v.literal("sync"),
  ref: v.optional(ref),
});

export const ControlMessageSchema = v.strictObject({
  type: v.literal("control"),
  ref,
  action: ControlRequestSchema,
});

/** What any seated player may ask of the table itself (not of the game). */
export const TableActionSchema = v.variant("type", [
  /** After the end: sit at the table's next game (docs/PROTOCOL.md "Rematch and series"). */
  v.strictObject({ type: v.literal("play-again") }),
]);
export type TableAction = v.InferOutput<typeof TableActionSchema>;

export const TableMessageSchema = v.strictObject({
  type: v.literal("table"),
  ref,
  action: TableActionSchema,
});

export const HostMessageSchema = v.strictObject({
  type: v.literal("host"),
  ref,
  action: HostActionSchema,
  phaseSeq: PhaseSeqSchema,
});

/** An ICE candidate as RTCIceCandidate.toJSON() gives it (RTCIceCandidateInit), bounded. */
const IceCandidateSchema = v.strictObject({
  candidate: v.pipe(v.string(), v.maxLength(1024)),
  sdpMid: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
  sdpMLineIndex: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(64)))),
  usernameFragment: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(256)))),
});
export type IceCandidate = v.InferOutput<typeof IceCandidateSchema>;

/** An ICE server as RTCConfiguration.iceServers takes it (STUN, or TURN with short-lived credentials). */
export const IceServerSchema = v.strictObject({
  urls: v.union([v.pipe(v.string(), v.maxLength(512)), v.pipe(v.array(v.pipe(v.string(), v.maxLength(512))), v.maxLength(8))]),
  username: v.optional(v.pipe(v.string(), v.maxLength(512))),
  credential: v.optional(v.pipe(v.string(), v.maxLength(512))),
});
export type IceServer = v.InferOutput<typeof IceServerSchema>;

/** An SDP offer or answer (RTCSessionDescriptionInit), bounded. */
const SessionDescriptionSchema = v.strictObject({
  type: v.picklist(["offer", "answer"]),
  sdp: v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_SIGNAL_BYTES - 512)),
});
export type SessionDescription = v.InferOutput<typeof SessionDescriptionSchema>;

/**
 * WebRTC signalling for the table's mesh, relayed by the table object only between connected
 * seated players of the running game (never to a spectator, the organizer or the host). Not acked.
 */
export const SignalMessageSchema = v.pipe(
  v.strictObject({
    type: v.literal("signal"),
    /** The media peer the offer, answer or candidates are for (shared/media/peers.ts): a seat
     *  1…99, the live host 0, seat N's consigliere 100 + N, a listening spectator 1000 and up. */
    to: mediaPeer,
    /** A client's own label: with it the relay answers `ack` (or the error); signals are not remembered as refs. */
    ref: v.optional(ref),
    description: v.optional(SessionDescriptionSchema),
    /** Trickled ICE candidates, batched. */
    candidates: v.optional(v.pipe(v.array(IceCandidateSchema), v.minLength(1), v.maxLength(32))),
    /**
     * "My media (re)start on this socket: offer me again" (docs/MEDIA.md "Joining late"). Alone, never
     * with a description or candidates. It also makes this socket its player's media socket (the relay
     * delivers their signals there only; "Two tabs of one player").
     */
    hello: v.optional(v.literal(true)),
  }),
  v.check((m) => (m.hello === true) !== (m.description !== undefined || m.candidates !== undefined), "a signal carries a hello, or a description and/or candidates"),
);

/** A media kind of the SFU plane's tracks. */
const mediaKind = v.picklist(["audio", "video"]);
/** A transceiver's mid as the browser names it (RTCRtpTransceiver.mid). */
const mid = v.pipe(v.string(), v.minLength(1), v.maxLength(32));

/**
 * The SFU plane (docs/MEDIA.md §6): the client's SDP for the table object, which alone talks
 * to the SFU. `join`: start (or restart, after a reload) this player's media — the offer of its
 * sendonly transceivers with their mids (none: a listener without microphone or camera). `answer`:
 * the answer to the server's pull offer `pull`. `leave`: stop this player's media.
 */
export const SfuMessageSchema = v.variant("op", [
  v.pipe(
    v.strictObject({
      type: v.literal("sfu"),
      op: v.literal("join"),
      ref: v.optional(ref),
      offer: v.optional(SessionDescriptionSchema),
      tracks: v.pipe(v.array(v.strictObject({ mid, kind: mediaKind })), v.maxLength(2)),
    }),
    v.check((m) => (m.tracks.length > 0) === (m.offer !== undefined), "an offer comes with its tracks, and tracks with their offer"),
    v.check((m) => m.offer === undefined || m.offer.type === "offer", "join carries an offer"),
    v.check((m) => new Set(m.tracks.map((t) => t.kind)).size === m.tracks.length && new Set(m.tracks.map((t) => t.mid)).size === m.tracks.length, "one track per kind, distinct mids"),
  ),
  v.pipe(
    v.strictObject({
      type: v.literal("sfu"),
      op: v.literal("answer"),
      ref: v.optional(ref),
      pull: v.pipe(v.number(), v.integer(), v.minValue(1)),
      answer: SessionDescriptionSchema,
    }),
    v.check((m) => m.answer.type === "answer", "a pull offer is answered with an answer"),
  ),
  v.strictObject({ type: v.literal("sfu"), op: v.literal("leave"), ref: v.optional(ref) }),
]);
export type SfuMessage = v.InferOutput<typeof SfuMessageSchema>;

/**
 * RULES.md §7.10: a private word between a player and their consigliere, delivered only to
 * the other of the pair; refused (`whisper-closed`) at night and during the player's own speech. With
 * a `ref` it is acked. Not part of the game log.
 */
export const WhisperMessageSchema = v.strictObject({
  type: v.literal("whisper"),
  ref: v.optional(ref),
  text: v.pipe(v.string(), v.transform((s) => s.trim()), v.minLength(1, "a whisper is empty"), v.maxLength(WHISPER_MAX, `a whisper is at most ${WHISPER_MAX} characters`)),
});
export type WhisperMessage = v.InferOutput<typeof WhisperMessageSchema>;

/**
 * "Chat where the floor allows it" (worker/table/chat.ts, docs/PROTOCOL.md "Chat"): a line of
 * text to the connection's chat channel — the table's while no game runs, the spectators' during one.
 * One line of visible text (RULES.md §8 Chat; chat.ts `chatLine`: no line breaks, bidirectional controls or
 * invisible characters), 1..CHAT_MAX characters after that; shown as plain text. With a `ref` it is acked.
 */
export const ChatMessageSchema = v.strictObject({
  type: v.literal("chat"),
  ref: v.optional(ref),
  text: v.pipe(v.string(), v.transform(chatLine), v.minLength(1, "a chat line has no visible text"), v.maxLength(CHAT_MAX, `a chat line is at most ${CHAT_MAX} characters`)),
});
export type ChatMessage = v.InferOutput<typeof ChatMessageSchema>;
/** The organizer (or live host) mutes or unmutes a chat sender by their public key. */
export const ChatMuteMessageSchema = v.strictObject({
  type: v.literal("chat-mute"),
  ref,
  key: v.pipe(v.string(), v.regex(CHAT_KEY, "not a chat key")),
  muted: v.boolean(),
});
export type ChatMuteMessage = v.InferOutput<typeof ChatMuteMessageSchema>;

/** client -> server */
export const ClientMessageSchema = v.variant("type", [
  /** First message on every socket. With a token: a seated player (or, with the organizer token, the
   *  organizer / live host); without: a spectator. */
  HelloMessageSchema,
  /** A game action; `ref` is echoed in the ack or error and must be unique per connection. */
  ActMessageSchema,
  /** Ask for the full current view again (e.g. after a gap in versions). */
  SyncMessageSchema,
  /** An organizer's command (pause, resume, seat-to-bot, transfer-organizer, start, options). */
  ControlMessageSchema,
  /** The live host's input (confirm the transition), RULES.md §5.7. */
  HostMessageSchema,
  /** A seated player's request to the table (play again after the end). */
  TableMessageSchema,
  /** WebRTC signalling to another seated player. */
  SignalMessageSchema,
  /** The SFU plane's SDP for the table object. */
  SfuMessageSchema,
  /** A whisper between a player and their consigliere (RULES.md §7.10). */
  WhisperMessageSchema,
  /** A line to the connection's chat channel; the organizer's mute. */
  ChatMessageSchema,
  ChatMuteMessageSchema,
]);
export type ClientMessage = v.InferOutput<typeof ClientMessageSchema>;
export type HostMessage = v.InferOutput<typeof HostMessageSchema>;
export type SignalMessage = v.InferOutput<typeof SignalMessageSchema>;

/**
 * WebSocket close codes the server uses (≥ 4000: final — do not reconnect with the same credential;
 * below 4000: the connection broke a rule, a well-behaved client may reconnect and say hello at once).
 */
export const CLOSE_CODES = {
  /** Invalid frame data: a binary frame that is not valid UTF-8 (RFC 6455 §7.4.1, 1007). */
  invalidData: 1007,
  /** Policy violation (1008), with the reason "hello timeout" (no good hello within HELLO_TIMEOUT_MS)
   *  or "too many refused messages" (REFUSAL_LIMIT). */
  policy: 1008,
  /** The seat was handed to a bot; this player's tokens and return code no longer work. */
  seatTakenByBot: 4001,
  /** The organizer rights (held without a seat) were given to a player; the organizer token is void. */
  organizerTransferred: 4002,
  /** A newer socket said hello with the same credential (SOCKETS_PER_CREDENTIAL): this, the oldest, was closed. */
  replaced: 4003,
} as const;

/** Open, greeted sockets one credential (a seat token, the organizer or host token) may hold at a
 *  table: two tabs of one browser. A further `hello` with it closes the oldest (CLOSE_CODES.replaced). */
export const SOCKETS_PER_CREDENTIAL = 2;

/* ------------------------------------------------ server → client ------------------------------------------------ */

/** Codes of `error` frames. The engine's RejectionCode values pass through unchanged. */
export type ErrorCode =
  /** The frame is not JSON. */
  | "bad-json"
  /** JSON, but not a ClientMessage (wrong type, unknown keys, wrong field types, binary frame). */
  | "bad-message"
  /** Over MAX_CLIENT_MESSAGE_BYTES (a signal: over MAX_SIGNAL_BYTES). */
  | "too-large"
  /** A signal to a seat that holds no connected person in this game, or to oneself. */
  | "no-peer"
  /** A signal from a socket of a player whose media are on another of their sockets (another tab or
   *  device said a later signal `hello`); also sent, unasked, to the socket that lost the media. */
  | "media-elsewhere"
  /** A frame of the other media plane (a mesh `signal` at a table on the SFU, an `sfu` frame at a table on the mesh). */
  | "media-mode"
  /** The SFU failed or did not answer; the player's media stay as they were (join again to retry). */
  | "media-unavailable"
  /** The floor keeps this media link closed now (a consigliere at night, RULES.md §8). */
  | "media-closed"
  /** The mesh serves no more listening spectators (MESH_LISTENERS_MAX); only the SFU could. */
  | "media-full"
  /** Over the per-connection rate limit (RATE_LIMIT). */
  | "rate-limited"
  /** An `act` reused a `ref` this connection already sent. */
  | "duplicate-ref"
  /** Anything before `hello`. */
  | "hello-first"
  /** A second `hello` on the same connection. */
  | "already-hello"
  /** The token in `hello` is unknown or revoked; the connection stays un-greeted and may retry. */
  | "bad-token"
  /** A game action from a connection that holds no seat (spectator, organizer without a seat, host). */
  | "not-seated"
  /** A `control` frame from a connection without the organizer rights. */
  | "not-organizer"
  /** A `host` frame from a connection that is not the live host. */
  | "not-host"
  /** Sent right before the server closes a socket whose seat was handed to a bot (close 4001). */
  | "seat-taken-by-bot"
  /** Sent right before the server closes the seatless organizer's socket after a transfer (close 4002). */
  | "organizer-transferred"
  /** Sent right before the server closes the oldest socket of a credential that opened one too many (close 4003). */
  | "replaced"
  /** The organizer's start with a player count at which this table's composition would begin at
   *  parity (RULES.md §3: 3 Mafia need 12 seats); the lobby's capacity.min already says how many. */
  | "parity-at-start"
  /** The server failed; nothing changed. */
  | "internal"
  /* Bots in the lobby, rematch. */
  /** A lobby command (add-bot, fill-bots, remove-bot) once the game has started. */
  | "not-in-lobby"
  /** No free seat left (add-bot, fill-bots, play-again). */
  | "table-full"
  /** remove-bot named a place that a person holds (or nobody). */
  | "not-a-bot"
  /** play-again before the game has ended. */
  | "not-ended"
  /** play-again from someone already seated for the next game. */
  | "already-in"
  /** RULES.md §7.10: a whisper at night or during the player's own speech. */
  | "whisper-closed"
  /** A chat line where this connection has no chat now (a living player, a consigliere or the live host during the game). */
  | "chat-closed"
  /** A chat line from a sender the organizer muted. */
  | "chat-muted"
  /** RULES.md §6: a composition (`composition` control) that does not fit the preset, can never
   *  start, or leaves fewer seats than the players already sitting. */
  | "bad-settings"
  /** RULES.md §7.10: the organizer's start while a newcomer at a rating table has no bound consigliere. */
  | "consigliere-required"
  /** RULES.md §7.10 (2026-12-06): the organizer's start while a newcomer's bound consigliere does not count (a guest, or an account without the experience). */
  | "advisor-not-experienced"
  | import("../engine/types.ts").RejectionCode;

export interface LobbySeatView {
  /** Join order (1-based) while in the lobby; the preset draws real seats at the start. */
  place: number;
  /** The drawn seat once the game has started; null in the lobby. */
  seat: Seat | null;
  nickname: string;
  /** A bot plays this seat (handed over by the organizer or after the table's away limit). */
  bot: boolean;
  /** At least one open, greeted socket (a bot seat counts as connected). */
  connected: boolean;
  /** When the player's last socket closed (or when they joined, if they never connected); null while connected. */
  awaySince: number | null;
  /** The player has never had a greeted socket at this table (joined, never opened
   *  it). Public, like `connected`: lets the client say "not here yet" instead of "away just now". */
  neverConnected: boolean;
  /** This seat holds the organizer rights. */
  organizer: boolean;
  /** RULES.md §7.10: the nickname of this seat's consigliere (public); absent without one. */
  consigliere?: string;
  /** RULES.md §7.10: a newcomer at a rating table with no bound consigliere yet — the game waits for one (public). */
  needsConsigliere?: true;
  /** RULES.md §7.10: the organizer or host invited a consigliere for this seat; it binds only once the seat's player consents (public, lobby only). */
  consigliereInvited?: true;
  /** A seat handed to a bot with a level of its own (seat-to-bot `level`); absent: the table's botLevel. */
  botLevel?: BotLevel;
}

/** Who holds the organizer rights (RULES.md §5.1): a player (by lobby place), the creator without a
 *  seat, or the live host. null only when the organizing seat went to a bot and no person is left. */
export type OrganizerView = { kind: "player"; place: number } | { kind: "creator" } | { kind: "host" };

/** Organizer-controlled and create-time table options. */
export interface TableOptionsView {
  /** A bot takes over after this many minutes away; null: never automatically. */
  botAfterMinutesAway: number | null;
  /** Spectators' delay (fixed at creation). */
  spectatorDelaySeconds: number;
  /** One device may take several seats. */
  allowSameDevice: boolean;
  /** The organizer has switched recording on (every client shows a "Recording" mark). */
  recording: boolean;
  /** Dead players hear and see the public floor (when false, the public channel's listeners
   *  are the living seats, in every viewer's floor). */
  deadHear: boolean;
  /** Spectators hear and see the public floor, where the media plane serves them (the SFU,
   *  at a table without a spectator delay). They are never heard. */
  spectatorsHear: boolean;
  /** The next game of the series draws the seats again (used up by that game's start). */
  redrawSeats: boolean;
  /** RULES.md §6.10: the next game starts a new evening (used up by that game's start). */
  newEvening: boolean;
  /** How well the table's bots play — every bot seat without a level of its own (LobbySeatView.botLevel). */
  botLevel: BotLevel;
  /** "Longer windows for beginners" (fixed at creation): every vote and night-step window is doubled. */
  longWindows: boolean;
}

/** Why the game is paused, as the table recorded it (the engine's GameView.paused holds remainingMs). */
export interface PauseView {
  /** Public label of who paused: the organizer's nickname, "host" or "organizer" (seatless creator). */
  by: string;
  reason: "organizer" | "absence";
  /** With reason "absence": the seat whose return resumes the game by itself. */
  absentSeat: Seat | null;
  since: number;
}

/** What every connection sees of the table around the game. */
export interface TableView {
  code: string;
  presetId: PresetId;
  settings: Record<string, unknown>;
  /** Listed in the public lobby (GET /api/tables). */
  public: boolean;
  status: "lobby" | "playing" | "ended";
  capacity: { min: number; max: number };
  /** Everyone who joined, in join order. */
  lobby: LobbySeatView[];
  /** Present once the game has been created (status playing/ended). */
  game: GameView | null;
  /** Seats with at least one open, greeted player connection (empty before the game). */
  connected: Seat[];
  /**
   * The connected media peers beyond the seats (shared/media/peers.ts), sorted: 0 while the live
   * host has an open socket, 100 + N for a connected consigliere of seat N, and every spectator peer that
   * listens on the mesh. Every page opens its links from this and `connected`.
   */
  mediaPeers?: number[];
  /** RULES.md §1 host kind. */
  host: "server" | "live";
  /** Live tables: whether the host has an open socket (false on server-hosted tables). */
  hostConnected: boolean;
  /** §8 automatic voice-over of phases; off with a live host. */
  narration: boolean;
  organizer: OrganizerView | null;
  /** This connection holds the organizer rights (show the organizer's controls). */
  organizing: boolean;
  options: TableOptionsView;
  pause: PauseView | null;
  /** This view shows the table as it was this many ms ago (delayed spectators); 0 otherwise. */
  delayMs: number;
  /** The table's games so far: public results only. */
  series: SeriesView;
  /**
   * RULES.md §7.10: only on a consigliere's connection — the seat they advise (its lobby
   * place, its seat once drawn, its player's nickname). Their `game` is exactly that seat's view.
   */
  advising?: { place: number; seat: Seat | null; nickname: string };
  /** A club evening's table (its seats are the evening's sign-ups): the host's end screen links each game's review. */
  clubEvening?: boolean;
  /**
   * This connection's chat now (the page shows the panel, and its form only with `write`); null — none:
   * a living player or a consigliere during a game (RULES.md §1: only the floor speaks), who gets no chat frame.
   */
  chat: ChatAccess | null;
}

/** One finished game of the table's series. */
export interface SeriesResult {
  game: number;
  winner: "red" | "black" | "solo" | "draw";
  reason: string;
}

export interface SeriesView {
  /** The number (1-based) of the game this view shows. */
  game: number;
  /** Every finished game of the table, oldest first. */
  results: SeriesResult[];
  /**
   * Only for a player who still looks at the end of the last game while the next one gathers (they
   * have not pressed "play again"): that game's number and how many sit in it. null otherwise.
   */
  next: { game: number; seated: number } | null;
  /**
   * RULES.md §6.10: between games of a format with cross-game immunity (after the end, and in
   * the next game's lobby) — the nicknames of the last game's first eliminated, immune on day 1 and
   * night 1 of the next game if they play it; empty when the organizer starts a new evening. Absent
   * otherwise.
   */
  immune?: string[];
  /**
   * The series' next game keeps the last game's seat order for those who stay (RULES.md §1 Seat; sport
   * draws the seats at every start), so the organizer may ask for a redraw (`options` redrawSeats).
   * Absent: every game draws.
   */
  keepsSeats?: true;
}

/** The table's chat while no game runs; the spectators' (and, with deadHear, the dead's) during one. */
export const ChatChannelSchema = v.picklist(["table", "spectators"]);
export type ChatChannel = v.InferOutput<typeof ChatChannelSchema>;
/**
 * The client derives nothing: a connection's chat now — its channel and whether it may
 * write there — as the table decides it (worker/table/chat.ts `access`, the one rule; TableView.chat).
 */
export const ChatAccessSchema = v.strictObject({ channel: ChatChannelSchema, write: v.boolean() });
export type ChatAccess = v.InferOutput<typeof ChatAccessSchema>;
/** One chat line. `name`: the player's or consigliere's nickname; "" for a spectator, the host or the organizer (the page names them by `key`). */
export interface ChatEntry {
  id: number;
  at: number;
  name: string;
  key: string;
  text: string;
}

export type Identity =
  | { kind: "player"; playerId: string; nickname: string }
  /** RULES.md §7.10: the consigliere of the seat of `playerId` (their own `nickname`). */
  | { kind: "consigliere"; playerId: string; nickname: string }
  | { kind: "spectator" }
  /** The creator holding the organizer rights without a seat (server-hosted tables). */
  | { kind: "organizer" }
  /** The live host (RULES.md §5.7). */
  | { kind: "host" };

/** What a seated player's welcome says about the table's media: the plane (mesh or SFU) and the ICE servers. */
export interface WelcomeMedia {
  mode: "mesh" | "sfu";
  iceServers: IceServer[];
  /** This connection's media peer (shared/media/peers.ts) — the seat for a seated player, 0 for
   *  the live host, 100 + N for seat N's consigliere, 1000 and up for a spectator. */
  peer?: number;
}

/**
 * The SFU plane (docs/MEDIA.md §6), server → the one player concerned. `joined`: the SFU's
 * answer to the join offer (absent when nothing was published). `pull`: the SFU's offer adding the
 * tracks this player's floor now allows, each transceiver `mid` with the seat and kind it carries;
 * answered by `{type:"sfu", op:"answer", pull}`. `closed`: these receiving mids no longer carry anything.
 * Session ids never reach a client.
 */
export type SfuServerMessage =
  | { type: "sfu"; op: "joined"; answer?: SessionDescription }
  | { type: "sfu"; op: "pull"; pull: number; offer: SessionDescription; tracks: Array<{ mid: string; seat: Seat; kind: "audio" | "video" }> }
  | { type: "sfu"; op: "closed"; mids: string[] };

/**
 * One operation of a `patch` frame (docs/PROTOCOL.md "View patches"; applied by
 * shared/protocol/view-patch.ts): `[pointer, value]` set, `[pointer]` remove a key,
 * `[pointer, from, items]` keep an array's first `from` elements and append `items`.
 */
export type PatchOp = [path: string] | [path: string, value: unknown] | [path: string, from: number, items: unknown[]];

/** server -> client */
export type ServerMessage =
  /** `media`: for a seated player, the table's media plane and ICE servers (docs/MEDIA.md). */
  | { type: "welcome"; identity: Identity; serverNow: number; media?: WelcomeMedia }
  /** The SFU plane: to the player whose media these are, and nobody else (SfuServerMessage). */
  | SfuServerMessage
  /** A signal from the player at seat `from` (only ever between seated players of the game). */
  | { type: "signal"; from: number; description?: SessionDescription; candidates?: IceCandidate[]; hello?: true }
  /** `ack`: the sender's own input of this ref is accepted, and this is its view (docs/PROTOCOL.md "Acks"). */
  | { type: "view"; version: number; serverNow: number; view: TableView; ack?: string }
  /** The view of `version` as changes to the one of `base` this connection holds (shared/protocol/view-patch.ts); `ack` as on `view`. */
  | { type: "patch"; base: number; version: number; serverNow: number; ops: PatchOp[]; ack?: string }
  /** An accepted input whose sender got no view frame for it (a quiet change that left its view as it was, a relay frame). */
  | { type: "ack"; ref: string; version: number }
  /** RULES.md §7.10: a whisper from the other of the pair; `at`: the server's time it was sent. */
  | { type: "whisper"; from: "player" | "consigliere"; text: string; at: number }
  /** Chat lines of this connection's channel — its history with `reset` (on hello/sync and when its channel changes), then each new line. */
  | { type: "chat"; channel: ChatChannel; entries: ChatEntry[]; reset?: true; muted?: string[] }
  | { type: "error"; code: ErrorCode; message: string; ref: string | null };

/* --------------------------- server → client, as schemas (client-side and test checks) --------------------------- */

const num = v.number();
const nullableNum = v.nullable(v.number());
const team = v.picklist(["red", "black", "solo"]);

export const SeatViewSchema = v.object({
  seat: num,
  nickname: v.string(),
  bot: v.boolean(),
  alive: v.boolean(),
  out: v.nullable(v.string()),
  nominated: v.boolean(),
  immune: v.optional(v.literal(true)),
  speaking: v.boolean(),
  votes: nullableNum,
  fouls: num,
  shoutsLeft: num,
  weight: v.optional(v.literal(2)),
  role: v.optional(v.string()),
  team: v.optional(team),
});

const seats = v.array(num);
const voteMode = v.picklist(["closed", "open", "in-turn"]);

/** The running ballot (GameView.ballot): a vote among candidates, or a yes/no question (the lift vote). */
export const BallotViewSchema = v.variant("kind", [
  v.object({
    kind: v.picklist(["elimination", "revote"]),
    mode: voteMode,
    candidates: seats,
    calling: nullableNum,
    voter: nullableNum,
    votes: v.array(v.object({ voter: num, target: num })),
    mine: nullableNum,
    lateFouls: v.optional(num),
    change: v.optional(seats),
  }),
  v.object({
    kind: v.literal("lift"),
    mode: voteMode,
    candidates: seats,
    needed: num,
    votes: v.array(v.object({ voter: num, lift: v.boolean() })),
    mine: v.nullable(v.boolean()),
  }),
]);

const techVoteKind = v.picklist(["foul", "defeat", "removal"]);

/**
 * The open vocabulary on the wire: an effect id or a result reason is any string its registry knows
 * (night/effects `addEffect`, win `addWinRule`), checked when the frame is checked, so a format's own
 * effect or win reaches the page and an unknown one is still refused (RULES.md §5.3, §5.4).
 */
const effectId = v.pipe(v.string(), v.check((e) => findEffect(e) !== null, "unknown effect"));
const resultReason = v.pipe(v.string(), v.check(isResultReason, "unknown result reason"));

/** One thing the viewer may do now (GameView.you.actions). */
export const AvailableActionSchema = v.variant("type", [
  v.object({ type: v.literal("take-card"), cards: seats }),
  v.object({ type: v.literal("end-speech") }),
  v.object({ type: v.literal("nominate"), targets: seats }),
  v.object({ type: v.literal("shout"), left: num }),
  v.object({ type: v.literal("vote"), targets: seats }),
  v.object({ type: v.literal("vote-lift") }),
  v.object({ type: v.literal("use"), ability: v.string(), label: v.string(), effect: effectId, targets: v.object({ min: num, max: num, seats, barred: v.optional(seats) }), skip: v.boolean(), chosen: v.optional(seats) }),
  v.object({ type: v.literal("shooting-plan"), targets: seats }),
  v.object({ type: v.literal("early-vote"), open: v.boolean() }),
  v.object({ type: v.literal("ask"), targets: seats }),
  v.object({ type: v.literal("choose-side") }),
  v.object({ type: v.literal("under-foul"), left: num }),
  v.object({ type: v.literal("tech-vote-start"), kinds: v.array(techVoteKind), targets: seats }),
  v.object({ type: v.literal("tech-vote"), pressed: v.boolean() }),
  v.object({ type: v.literal("confirm") }),
  v.object({ type: v.literal("claim"), roles: v.array(v.string()), targets: seats, left: num }),
  v.object({ type: v.literal("best-move"), targets: seats, max: num }),
  v.object({ type: v.literal("ready-to-vote"), pressed: v.boolean(), ready: num, of: num }),
  v.object({ type: v.literal("skip-wait") }),
]);

/** Who may be heard and seen by whom (GameView.floor). */
const peers = v.array(num);
export const FloorSchema = v.object({
  channels: v.array(v.object({ id: v.string(), speakers: peers, video: peers, listeners: v.union([v.literal("everyone"), peers]), pushToTalk: v.optional(seats) })),
  advisers: v.optional(v.boolean()),
  muted: v.optional(seats),
});

export const GameViewSchema = v.object({
  presetId: v.string(),
  settings: v.record(v.string(), v.unknown()),
  phase: v.picklist(PHASE_NAMES),
  phaseSeq: num,
  night: v.boolean(),
  deadline: nullableNum,
  timerMs: nullableNum,
  paused: v.nullable(v.object({ by: v.string(), reason: v.string(), remainingMs: num })),
  hosting: v.optional(v.variant("state", [v.object({ state: v.literal("waiting"), until: num }), v.object({ state: v.literal("server") })])),
  day: num,
  round: num,
  seats: v.array(SeatViewSchema),
  speaker: nullableNum,
  shout: v.nullable(v.object({ seat: num, until: num })),
  nominees: seats,
  ballot: v.nullable(BallotViewSchema),
  techVote: v.nullable(v.object({ kind: techVoteKind, target: num, by: num, inFavour: num, needed: num, deadline: num, pressed: seats })),
  floor: FloorSchema,
  /** The roles this game deals (each once; never who holds which). */
  dealt: v.optional(v.array(v.string())),
  /** The seat marks the legend explains for this viewer (LEGEND_MARKS). */
  marks: v.optional(v.array(v.picklist(LEGEND_MARKS))),
  /** §6.3 the cursed seats. */
  cursed: v.optional(seats),
  /** §6.5–§6.7 today's candidates for defence and those who dropped out. */
  defence: v.optional(v.object({ candidates: seats, dropped: seats })),
  /** §6 the composition announced at the deal. */
  composition: v.optional(v.array(v.object({ role: v.string(), count: num }))),
  you: v.nullable(
    v.object({
      seat: num,
      role: v.nullable(v.string()),
      team: v.nullable(team),
      teammates: seats,
      checks: v.array(v.object({ target: num, night: num, result: v.string() })),
      shootingPlan: v.nullable(seats),
      actions: v.array(AvailableActionSchema),
      silenced: v.optional(v.literal(true)),
      advice: v.optional(v.array(AvailableActionSchema)),
      notes: v.optional(v.array(v.variant("type", [v.object({ type: v.literal("frozen") }), v.object({ type: v.literal("check-frozen"), target: num })]))),
      witnessed: v.optional(num),
      shotTally: v.optional(v.object({ tally: v.array(v.object({ seat: num, votes: num })), agreed: v.boolean() })),
      reports: v.optional(v.array(v.object({ kind: v.picklist(["tracked", "watched"]), target: num, seats, final: v.boolean() }))),
      saved: v.optional(v.array(v.object({ night: num, with: v.array(v.string()) }))),
      removedForFouls: v.optional(v.literal(true)),
    }),
  ),
  host: v.optional(v.object({
    canConfirm: v.boolean(), waiting: v.boolean(), pending: seats, remaining: num, endingAfter: v.optional(num),
    undo: v.optional(v.object({ seat: num, kind: v.picklist(["foul", "remark"]), until: num })),
    fouls: v.optional(v.boolean()), foulsToRemove: v.optional(num), lastFoul: v.optional(seats),
  })),
  /** §7.12 the night step's last-seconds warning starts at this server time. */
  warnAt: v.optional(num),
  /** RULES.md §8 Verifiable deal: SHA-256 (hex) of the game's seed, public from the game's first frame. */
  dealCommitment: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))),
  log: v.array(v.object({ seq: num, at: num, day: num, type: v.picklist(LOG_TYPES), data: v.record(v.string(), v.unknown()) })),
  logAfter: v.nullable(num),
  logUpTo: num,
  result: v.nullable(
    v.object({
      winner: v.picklist(["red", "black", "solo", "draw"]),
      reason: resultReason,
      roles: v.array(v.object({ seat: num, nickname: v.string(), role: v.string(), team })),
      /** The night's "why", step by step, at the end only. */
      nights: v.optional(v.array(v.object({ night: num, steps: v.array(v.record(v.string(), v.unknown())) }))),
    }),
  ),
});

export const LobbySeatViewSchema = v.strictObject({
  place: num,
  seat: nullableNum,
  nickname: v.string(),
  bot: v.boolean(),
  connected: v.boolean(),
  awaySince: nullableNum,
  neverConnected: v.boolean(),
  organizer: v.boolean(),
  consigliere: v.optional(v.string()),
  needsConsigliere: v.optional(v.literal(true)),
  consigliereInvited: v.optional(v.literal(true)),
  botLevel: v.optional(v.picklist(BOT_LEVELS)),
});

export const OrganizerViewSchema = v.variant("kind", [
  v.strictObject({ kind: v.literal("player"), place: num }),
  v.strictObject({ kind: v.literal("creator") }),
  v.strictObject({ kind: v.literal("host") }),
]);

export const TableViewSchema = v.strictObject({
  code: v.string(),
  presetId: v.string(),
  settings: v.record(v.string(), v.unknown()),
  public: v.boolean(),
  status: v.picklist(["lobby", "playing", "ended"]),
  capacity: v.strictObject({ min: num, max: num }),
  lobby: v.array(LobbySeatViewSchema),
  game: v.nullable(GameViewSchema),
  connected: v.array(num),
  mediaPeers: v.optional(v.array(num)),
  host: v.picklist(["server", "live"]),
  hostConnected: v.boolean(),
  narration: v.boolean(),
  organizer: v.nullable(OrganizerViewSchema),
  organizing: v.boolean(),
  options: v.strictObject({
    botAfterMinutesAway: nullableNum, spectatorDelaySeconds: num, allowSameDevice: v.boolean(),
    recording: v.boolean(), deadHear: v.boolean(), spectatorsHear: v.boolean(), redrawSeats: v.boolean(), newEvening: v.boolean(),
    botLevel: v.picklist(BOT_LEVELS), longWindows: v.boolean(),
  }),
  pause: v.nullable(v.strictObject({ by: v.string(), reason: v.picklist(["organizer", "absence"]), absentSeat: nullableNum, since: num })),
  delayMs: num,
  series: v.strictObject({
    game: num,
    results: v.array(v.strictObject({ game: num, winner: v.picklist(["red", "black", "solo", "draw"]), reason: v.string() })),
    next: v.nullable(v.strictObject({ game: num, seated: num })),
    immune: v.optional(v.array(v.string())),
    keepsSeats: v.optional(v.literal(true)),
  }),
  advising: v.optional(v.strictObject({ place: num, seat: nullableNum, nickname: v.string() })),
  clubEvening: v.optional(v.boolean()),
  chat: v.nullable(ChatAccessSchema),
});

export const IdentitySchema = v.variant("kind", [
  v.strictObject({ kind: v.literal("player"), playerId: v.string(), nickname: v.string() }),
  v.strictObject({ kind: v.literal("consigliere"), playerId: v.string(), nickname: v.string() }),
  v.strictObject({ kind: v.literal("spectator") }),
  v.strictObject({ kind: v.literal("organizer") }),
  v.strictObject({ kind: v.literal("host") }),
]);

/** @internal Tests check every frame they receive against it; the client trusts the typed union and ships no server schema. */
export const ServerMessageSchema = v.variant("type", [
  v.strictObject({
    type: v.literal("welcome"),
    identity: IdentitySchema,
    serverNow: num,
    media: v.optional(v.strictObject({ mode: v.picklist(["mesh", "sfu"]), iceServers: v.array(IceServerSchema), peer: v.optional(num) })),
  }),
  v.strictObject({ type: v.literal("signal"), from: num, description: v.optional(SessionDescriptionSchema), candidates: v.optional(v.array(IceCandidateSchema)), hello: v.optional(v.literal(true)) }),
  v.strictObject({ type: v.literal("view"), version: num, serverNow: num, view: TableViewSchema, ack: v.optional(v.string()) }),
  /** A view patch; the view it makes is checked with TableViewSchema by whoever applies it. */
  v.strictObject({
    type: v.literal("patch"),
    base: num,
    version: num,
    serverNow: num,
    ops: v.array(v.union([v.strictTuple([v.string(), num, v.array(v.unknown())]), v.strictTuple([v.string(), v.unknown()]), v.strictTuple([v.string()])])),
    ack: v.optional(v.string()),
  }),
  v.strictObject({ type: v.literal("ack"), ref: v.string(), version: num }),
  /** A whisper from the other of the pair (the player, or their consigliere), RULES.md §7.10. */
  v.strictObject({ type: v.literal("whisper"), from: v.picklist(["player", "consigliere"]), text: v.string(), at: num }),
  /** Chat lines of this connection's channel. */
  v.strictObject({
    type: v.literal("chat"),
    channel: ChatChannelSchema,
    entries: v.array(v.strictObject({ id: num, at: num, name: v.string(), key: v.string(), text: v.string() })),
    reset: v.optional(v.literal(true)),
    muted: v.optional(v.array(v.string())),
  }),
  v.variant("op", [
    v.strictObject({ type: v.literal("sfu"), op: v.literal("joined"), answer: v.optional(v.object({ type: v.literal("answer"), sdp: v.string() })) }),
    v.strictObject({ type: v.literal("sfu"), op: v.literal("pull"), pull: num, offer: v.object({ type: v.literal("offer"), sdp: v.string() }), tracks: v.array(v.strictObject({ mid: v.string(), seat: num, kind: mediaKind })) }),
    v.strictObject({ type: v.literal("sfu"), op: v.literal("closed"), mids: v.array(v.string()) }),
  ]),
  v.strictObject({ type: v.literal("error"), code: v.string(), message: v.string(), ref: v.nullable(v.string()) }),
]);
