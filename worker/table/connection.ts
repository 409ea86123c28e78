/**
 * What the table remembers about one WebSocket, kept in its hibernation attachment (≤ 2 KB) so that
 * it survives eviction: who it is, the refs it recently used, and its rate-limit bucket.
 * Pure helpers; the Durable Object reads and writes the attachment.
 */
import { RATE_LIMIT, REFUSAL_LIMIT } from "../../shared/protocol/messages.ts";

export type ConnectionIdentity =
  | { kind: "player"; playerId: string }
  /** RULES.md §7.10: the consigliere of the seat of `playerId` (sees exactly that seat's view). */
  | { kind: "consigliere"; playerId: string }
  | { kind: "spectator" }
  /** The creator holding the organizer rights without a seat (organizer token). */
  | { kind: "organizer" }
  /** The live host (organizer token of a `host: "live"` table). */
  | { kind: "host" };

export interface Attachment {
  v: 1;
  /** null until a valid `hello`. */
  identity: ConnectionIdentity | null;
  /** The most recent `act` refs of this connection, newest last (bounded: REFS_KEPT). */
  refs: string[];
  /** Token bucket: tokens left and when it was last refilled (epoch ms). */
  bucket: { tokens: number; at: number };
  /** The signal frames' own bucket (SIGNAL_RATE_LIMIT); absent until the first signal. */
  signalBucket?: { tokens: number; at: number };
  connectedAt: number;
  /** Refused frames in the current window (REFUSAL_LIMIT); absent on attachments written before it. */
  refusals?: { count: number; since: number };
  /** Which credential the `hello` used (a seat token's digest prefix, or "organizer"), for the limit
   *  of sockets per credential; absent for spectators and before `hello`. */
  credential?: string;
  /** This socket holds its player's media (its latest signal `hello`; "Two tabs of one player"). */
  media?: true;
  /** A spectator socket's media peer (SPECTATOR_PEER_BASE + the table's counter), given at its welcome. */
  peer?: number;
  /** This spectator socket listens on the mesh (its first signal hello; at most MESH_LISTENERS_MAX). */
  listening?: true;
  /** The SFU plane: a spectator socket's own key for its receiving session (worker/table/sfu.ts); absent until it joins. */
  sfuId?: string;
  /** The client address bucket the socket was opened from (security/address.ts addressOf): the chat's
   *  per-address budget. Server-side only; absent on attachments written before it ("none"). */
  address?: string;
  /** A spectator socket's chat number ("Spectator N", key `v<N>`), given at its first line. */
  chatN?: number;
  /** The chat channel and era whose history this socket last got (`table:1`); absent: none. */
  chat?: string;
}

/** 16 refs × ≤ 64 chars stays well inside the 2 KB attachment limit. */
export const REFS_KEPT = 16;

export function newAttachment(now: number): Attachment {
  return { v: 1, identity: null, refs: [], bucket: { tokens: RATE_LIMIT.burst, at: now }, connectedAt: now };
}

/** Read an attachment defensively (an older or foreign shape counts as a fresh, un-greeted socket). */
export function readAttachment(raw: unknown, now: number): Attachment {
  if (raw && typeof raw === "object" && (raw as Attachment).v === 1) return raw as Attachment;
  return newAttachment(now);
}

/**
 * Token bucket: refill by elapsed time (capped at the burst), then take one token.
 * Returns the new bucket and whether the frame may pass.
 */
export function takeToken(
  bucket: { tokens: number; at: number },
  now: number,
  limit: { burst: number; perSecond: number } = RATE_LIMIT,
): { bucket: { tokens: number; at: number }; allowed: boolean } {
  const elapsed = Math.max(0, now - bucket.at);
  const tokens = Math.min(limit.burst, bucket.tokens + (elapsed * limit.perSecond) / 1000);
  if (tokens < 1) return { bucket: { tokens, at: now }, allowed: false };
  return { bucket: { tokens: tokens - 1, at: now }, allowed: true };
}

/** Remember `ref`; false if the connection already used it recently. */
export function rememberRef(refs: string[], ref: string): { refs: string[]; fresh: boolean } {
  if (refs.includes(ref)) return { refs, fresh: false };
  const next = [...refs, ref];
  while (next.length > REFS_KEPT) next.shift();
  return { refs: next, fresh: true };
}

/**
 * Count one refused frame (REFUSAL_LIMIT): the window opens at the first refusal; `close` once this is
 * the `max`-th refusal of the window.
 */
export function countRefusal(
  refusals: { count: number; since: number } | undefined,
  now: number,
  limit: { max: number; windowMs: number } = REFUSAL_LIMIT,
): { refusals: { count: number; since: number }; close: boolean } {
  const current = refusals && now - refusals.since < limit.windowMs ? refusals : { count: 0, since: now };
  const next = { count: current.count + 1, since: current.since };
  return { refusals: next, close: next.count >= limit.max };
}

/** Socket opens of one address bucket in a fixed window (memory; TableObject SOCKET_OPENS). */
export interface OpenWindow {
  start: number;
  opens: number;
}

/**
 * Count one socket open of `bucket` in its fixed window; returns the opens in the window, this one
 * included, and when the window ends. Ended windows are dropped once the map holds many buckets.
 */
export function countOpen(windows: Map<string, OpenWindow>, bucket: string, now: number, windowMs: number): { opens: number; until: number } {
  let w = windows.get(bucket);
  if (!w || now - w.start >= windowMs) {
    if (windows.size >= 1024) for (const [k, x] of windows) if (now - x.start >= windowMs) windows.delete(k);
    w = { start: now, opens: 0 };
    windows.set(bucket, w);
  }
  w.opens++;
  return { opens: w.opens, until: w.start + windowMs };
}

/**
 * The table's sockets and each one's attachment (connection state), as the object keeps them. The
 * parts of the table (table.ts) reach sockets only through this.
 */
export interface Sockets {
  /** Every socket of the table. */
  all(): Iterable<WebSocket>;
  /** A socket's attachment: read once per instance, then kept in memory with every change made to it. */
  attachmentOf(ws: WebSocket, now: number): Attachment;
  /** Store a socket's attachment (survives hibernation and eviction) and keep it in memory. */
  save(ws: WebSocket, att: Attachment): void;
}

/** Hibernatable sockets of a Durable Object, their attachments through serializeAttachment. */
export class HibernatingSockets implements Sockets {
  private readonly attachments = new WeakMap<WebSocket, Attachment>();

  constructor(private readonly ctx: DurableObjectState) {}

  all(): Iterable<WebSocket> {
    return this.ctx.getWebSockets();
  }

  attachmentOf(ws: WebSocket, now: number): Attachment {
    let att = this.attachments.get(ws);
    if (!att) {
      att = readAttachment(ws.deserializeAttachment(), now);
      this.attachments.set(ws, att);
    }
    return att;
  }

  save(ws: WebSocket, att: Attachment): void {
    ws.serializeAttachment(att);
    this.attachments.set(ws, att);
  }
}
