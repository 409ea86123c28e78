/**
 * "Chat where the floor allows it": the chat's limits (worker/table/chat.ts, docs/PROTOCOL.md
 * "Chat") and what a line may be (`chatLine`). No valibot here, so the table page's main chunk can read
 * it; the schemas are in messages.ts.
 */

/** The longest chat line, after `chatLine` (UTF-16 units). */
export const CHAT_MAX = 300;
/**
 * A sender's chat budget (on top of RATE_LIMIT): a burst of 5, then one per 2 s (5 per 10 s). It is the
 * person's, not the socket's (RULES.md §8 Chat): a seat's player, a seat's consigliere, the organizer
 * or the live host spend one budget over all their sockets; a spectator has no identity but the socket.
 */
export const CHAT_RATE_LIMIT = { burst: 5, perSecond: 0.5 } as const;
/**
 * What one client address (security/address.ts: IPv4, or an IPv6 /64) may post at a table, over all
 * its senders: CHAT_RATE_LIMIT for each seat the table lets one address hold (`seatsPerAddress`, 2 by
 * default: a burst of 10, then one line a second). Spectators cost an address nothing but a socket, so
 * without it one address with 20 spectator sockets posted 100 lines at once — the whole kept history.
 */
export function chatAddressLimit(seatsPerAddress: number): { burst: number; perSecond: number } {
  const n = Math.max(1, seatsPerAddress);
  return { burst: CHAT_RATE_LIMIT.burst * n, perSecond: CHAT_RATE_LIMIT.perSecond * n };
}
/** How many lines each channel keeps (older ones are deleted). */
export const CHAT_KEPT = 100;
/** A chat sender's public mute key — `p<place>` a seat's player, `c<place>` its consigliere, `v<n>` a spectator socket, `h` the live host, `o` the organizer. Never an id or a token. */
export const CHAT_KEY = /^(?:[pcv][1-9][0-9]{0,5}|h|o)$/;

/**
 * Characters that show nothing and are removed from a line: bidirectional controls (an RLO line shows
 * reversed, and could turn the sender's name and the text around it), zero-width and other invisible
 * format characters, and the Hangul and other fillers that render as blank glyphs. The joiners (ZWJ,
 * ZWNJ) and variation selectors stay — emoji and some scripts need them — but never count as visible.
 */
const INVISIBLE = /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0\ufff0-\ufff8\u{1bca0}-\u{1bca3}\u{1d173}-\u{1d17a}]/gu;
/** Line breaks and other controls (C0, C1, U+2028/2029), every Unicode space and the braille blank: one space. */
const BLANKS = /[\p{Cc}\p{Zl}\p{Zp}\s\u2800]+/gu;
/** More than three combining marks in a row stack above and below the line, over its neighbours. */
const STACKED_MARKS = /(\p{M}{3})\p{M}+/gu;
/** What is no visible character on its own (a line of only these is blank). */
const NOT_VISIBLE = /[\s\p{M}\u200c\u200d\ufe00-\ufe0f\u{e0000}-\u{e0fff}\u180b-\u180d\u180f]/gu;

/**
 * A chat line as stored and shown (RULES.md §8 Chat: one line of visible text): invisible characters
 * removed, line breaks and runs of spaces made one space, trimmed. "" if nothing visible is left — the
 * table refuses such a line. The same on the page (its send button) and on the server (the schema).
 */
export function chatLine(text: string): string {
  const line = text.normalize("NFC").replace(INVISIBLE, "").replace(BLANKS, " ").replace(STACKED_MARKS, "$1").trim();
  return line.replace(NOT_VISIBLE, "") === "" ? "" : line;
}
