/**
 * Every message between a browser (or bot, or test) and a table, as valibot schemas.
 * Used by worker/, web/ and test/ alike; documented in docs/PROTOCOL.md.
 */
import * as v from "valibot";
import type { GameView, PresetId, Seat } from "../engine/types.ts";

/** Hard cap on one client frame (bytes of UTF-8), checked before parsing. */
export const MAX_CLIENT_MESSAGE_BYTES = 4096;

const seat = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(30));
const ref = v.pipe(v.string(), v.minLength(1), v.maxLength(64));

export const PlayerActionSchema = v.variant("type", [
  v.strictObject({ type: v.literal("take-card"), card: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(29)) }),
  v.strictObject({ type: v.literal("end-speech") }),
  v.strictObject({ type: v.literal("nominate"), target: seat }),
  v.strictObject({ type: v.literal("shout") }),
  v.strictObject({ type: v.literal("vote"), target: seat }),
  v.strictObject({ type: v.literal("vote-lift"), lift: v.boolean() }),
  v.strictObject({ type: v.literal("night-action"), target: seat }),
  v.strictObject({ type: v.literal("shooting-plan"), plan: v.pipe(v.array(seat), v.maxLength(30)) }),
  v.strictObject({ type: v.literal("tech-vote-start"), kind: v.picklist(["foul", "defeat", "removal"]), target: seat }),
  v.strictObject({ type: v.literal("tech-vote"), in_favour: v.boolean() }),
]);

export const HostActionSchema = v.variant("type", [v.strictObject({ type: v.literal("confirm") })]);

/** client -> server */
export const ClientMessageSchema = v.variant("type", [
  /** First message on every socket. With a token: a seated player; without: a spectator. */
  v.strictObject({ type: v.literal("hello"), token: v.optional(v.pipe(v.string(), v.minLength(16), v.maxLength(128))) }),
  /** A game action; `ref` is echoed in the ack or error and must be unique per connection. */
  v.strictObject({ type: v.literal("act"), ref, action: PlayerActionSchema }),
  /** Ask for the full current view again (e.g. after a gap in versions). */
  v.strictObject({ type: v.literal("sync"), ref: v.optional(ref) }),
]);
export type ClientMessage = v.InferOutput<typeof ClientMessageSchema>;

export type ErrorCode =
  | "bad-json"
  | "bad-message"
  | "too-large"
  | "rate-limited"
  | "duplicate-ref"
  | "hello-first"
  | "bad-token"
  | "not-seated"
  | "internal"
  | import("../engine/types.ts").RejectionCode;

export interface LobbySeatView {
  /** Join order (1-based) while in the lobby; the preset draws real seats at the start. */
  place: number;
  nickname: string;
  bot: boolean;
  connected: boolean;
}

/** What every connection sees of the table around the game. */
export interface TableView {
  code: string;
  presetId: PresetId;
  settings: Record<string, unknown>;
  status: "lobby" | "playing" | "ended";
  capacity: { min: number; max: number };
  lobby: LobbySeatView[];
  /** Present once the game has been created (status playing/ended). */
  game: GameView | null;
  /** Connection presence per seat once seated. */
  connected: Seat[];
}

export type Identity =
  | { kind: "player"; playerId: string; nickname: string }
  | { kind: "spectator" }
  | { kind: "host" };

/** server -> client */
export type ServerMessage =
  | { type: "welcome"; identity: Identity; serverNow: number }
  | { type: "view"; version: number; serverNow: number; view: TableView }
  | { type: "ack"; ref: string; version: number }
  | { type: "error"; code: ErrorCode; message: string; ref: string | null };
