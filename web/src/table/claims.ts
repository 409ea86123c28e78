/**
 * Public claims on the oval: each seat's latest claims, derived from the log this viewer holds
 * (the `claimed` events are public): its latest role claim and its latest other claim (a check, an
 * opinion, a vote). A claim is the seat's word, maybe a lie: its badge asks ("Sheriff?", "5♥?") or names
 * it as the seat's own ("✓5♠" my check, "→5" my vote). Pure (tested in Node: test/unit/table/claims.test.ts).
 */
import type { AnyLogEntry, Claim, RoleId, Seat } from "../../../shared/engine/types.ts";

export interface SeatClaims {
  /** The latest role the seat claimed. */
  role: RoleId | null;
  /** The seat's latest check, opinion or vote. */
  say: Claim | null;
  /** Those two claims' log entries, oldest first (their words, for the seat's accessible label). */
  entries: AnyLogEntry[];
}

export function latestClaims(log: readonly AnyLogEntry[]): Map<Seat, SeatClaims> {
  const last = new Map<Seat, { role?: AnyLogEntry; say?: AnyLogEntry }>();
  for (const e of log) {
    if (e.type !== "claimed") continue;
    const c = last.get(e.data.seat) ?? {};
    c[e.data.claim.kind === "role" ? "role" : "say"] = e;
    last.set(e.data.seat, c);
  }
  const out = new Map<Seat, SeatClaims>();
  for (const [seat, c] of last) {
    const role = c.role?.type === "claimed" && c.role.data.claim.kind === "role" ? c.role.data.claim.role : null;
    const say = c.say?.type === "claimed" ? c.say.data.claim : null;
    out.set(seat, { role, say, entries: [c.role, c.say].filter((e): e is AnyLogEntry => !!e).sort((a, b) => a.seq - b.seq) });
  }
  return out;
}

/** A check, an opinion or a vote in short: "✓5♠" (my check: black), "5♥?" (red to me), "→5" (my vote). */
export function claimMark(c: Exclude<Claim, { kind: "role" }>): string {
  if (c.kind === "vote") return `→${c.target}`;
  const mark = c.result === "black" ? "♠" : "♥";
  return c.kind === "check" ? `✓${c.target}${mark}` : `${c.target}${mark}?`;
}
