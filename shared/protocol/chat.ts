/**
 * Issue 35 "Chat where the floor allows it": the chat's limits (worker/table/chat.ts, docs/PROTOCOL.md
 * "Chat"). A module of constants only (no valibot), so the table page's main chunk can read them; the
 * schemas are in messages.ts.
 */

/** The longest chat line, after trimming (UTF-16 units). */
export const CHAT_MAX = 300;
/** Issue 35: a connection's own chat budget (on top of RATE_LIMIT): a burst of 5, then one per 2 s (5 per 10 s). */
export const CHAT_RATE_LIMIT = { burst: 5, perSecond: 0.5 } as const;
/** Issue 35: how many lines each channel keeps (older ones are deleted). */
export const CHAT_KEPT = 100;
/** Issue 35: a chat sender's public mute key — `p<place>` a seat's player, `c<place>` its consigliere, `v<n>` a spectator socket, `h` the live host, `o` the organizer. Never an id or a token. */
export const CHAT_KEY = /^(?:[pcv][1-9][0-9]{0,5}|h|o)$/;
