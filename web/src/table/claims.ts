/**
 * Public claims on the oval: each seat's latest claims, derived from the log this viewer holds
 * (the `claimed` events are public): its latest role claim and its latest other claim (a check, an
 * opinion, a vote). A claim is the seat's word, maybe a lie: its badge asks ("Sheriff?", "5♥?") or names
 * it as the seat's own ("✓5♠" my check, "→5" my vote). Pure (tested in Node: test/unit/table/claims.test.ts).
 */
import type { AnyLogEntry, Claim, RoleId, Seat } from "../../../shared/engine/types.ts";
import { logFold } from "./log-fold.ts";

export interface SeatClaims {
  /** The latest role the seat claimed. */
  role: RoleId | null;
  /** The seat's latest check, opinion or vote. */
  say: Claim | null;
  /** Those two claims' log entries, oldest first (their words, for the seat's accessible label). */
  entries: AnyLogEntry[];
}

type Claimed = Extract<AnyLogEntry, { type: "claimed" }>;
/** Each seat's latest role claim and latest other claim, as log entries. */
type Latest = Map<Seat, { role?: Claimed; say?: Claimed }>;

/**
 * Each seat's latest claims, kept over a page's frames (log-fold.ts): a call reads only the entries
 * added since the last, and the map is the same object until a new claim arrives — what reads it (every
 * seat on the oval) runs again only then.
 */
export function latestClaimsFold(): (log: readonly AnyLogEntry[]) => Map<Seat, SeatClaims> {
  const fold = logFold<Latest>(() => new Map(), addClaim);
  let from: Latest | undefined;
  let out = new Map<Seat, SeatClaims>();
  return (log) => {
    const latest = fold(log);
    if (latest !== from) {
      from = latest;
      out = shown(latest);
    }
    return out;
  };
}

/** One entry onto the claims: a claim replaces the seat's latest of its kind (a new map); else the same map. */
function addClaim(latest: Latest, e: AnyLogEntry): Latest {
  if (e.type !== "claimed") return latest;
  const next = new Map(latest);
  next.set(e.data.seat, { ...latest.get(e.data.seat), [e.data.claim.kind === "role" ? "role" : "say"]: e });
  return next;
}

function shown(latest: Latest): Map<Seat, SeatClaims> {
  const out = new Map<Seat, SeatClaims>();
  for (const [seat, c] of latest) {
    const role = c.role?.data.claim.kind === "role" ? c.role.data.claim.role : null;
    out.set(seat, { role, say: c.say?.data.claim ?? null, entries: [c.role, c.say].filter((x): x is Claimed => !!x).sort((a, b) => a.seq - b.seq) });
  }
  return out;
}

/** A check, an opinion or a vote in short: "✓5♠" (my check: black), "5♥?" (red to me), "→5" (my vote). */
export function claimMark(c: Exclude<Claim, { kind: "role" }>): string {
  if (c.kind === "vote") return `→${c.target}`;
  const mark = c.result === "black" ? "♠" : "♥";
  return c.kind === "check" ? `✓${c.target}${mark}` : `${c.target}${mark}?`;
}
