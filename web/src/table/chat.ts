/**
 * The chat panel's helpers. Whether this page has a chat now, and may write in it, is not decided
 * here: the table sends it in every view (`TableView.chat`, from worker/table/chat.ts `access`, the one rule).
 */
/** The name a chat line shows: the nickname, or the sender's kind by its public key ("Spectator 3"). */
export function chatKeyKind(key: string): { kind: "spectator" | "host" | "organizer" | "person"; n: number | null } {
  if (key === "h") return { kind: "host", n: null };
  if (key === "o") return { kind: "organizer", n: null };
  if (key.startsWith("v")) return { kind: "spectator", n: Number(key.slice(1)) };
  return { kind: "person", n: null };
}
