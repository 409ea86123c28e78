/**
 * RULES.md §8 Verifiable deal. At the deal the table publishes SHA-256 of the game's seed (the view's
 * `dealCommitment`, the `seats-drawn` entry's `commitment`); the finished game's record publishes the
 * seed, the commitment as the table logged it, the roles as dealt (by seat) and every random draw the
 * log shows. Anyone then checks (a) that the seed hashes to the commitment and (b) that replaying the
 * record's inputs from that seed with the same engine deals the same roles and draws the same cards,
 * lots and glances, to the same end.
 *
 * The worker builds the record's part from the events it stored when it published them (`dealOf`);
 * the record page replays (shared/replay.ts) and hashes the seed with the browser's own crypto.subtle,
 * then calls `checkDeal`. Pure: no I/O, no clock.
 */
import { eventsFrom, seatedPlayers, viewFor, type GameEvent } from "./engine/index.ts";
import type { TableGameRecord } from "./protocol/http.ts";
import type { ReplayStep } from "./replay.ts";

/** The log entries that are random draws after the seat draw and the deck: a card given at the deal's timeout, a tie drawn by lot, an acquaintance glance. */
const DRAW_TYPES: ReadonlySet<string> = new Set(["card-given", "tie-drawn", "witnessed"]);

export interface DealPart {
  /** SHA-256 (hex) of the seed as the table published it at the deal. Absent: a game from before commitments. */
  dealCommitment?: string;
  /** Each seat's role as dealt. */
  deal: Array<{ seat: number; role: string }>;
  /** Every random draw in the log, in order. */
  draws: Array<{ type: string; data: unknown }>;
}

/** The record's deal part from a game's events (the table's stored ones, or a replay's). */
export function dealOf(events: readonly GameEvent[]): DealPart {
  let dealCommitment: string | undefined;
  const deal: DealPart["deal"] = [];
  const draws: DealPart["draws"] = [];
  for (const e of events) {
    if (e.type === "seats-drawn" && dealCommitment === undefined && typeof e.data.commitment === "string") dealCommitment = e.data.commitment;
    else if (e.type === "role-dealt") deal.push({ seat: e.data.seat, role: e.data.role });
    else if (DRAW_TYPES.has(e.type)) draws.push({ type: e.type, data: e.data });
  }
  deal.sort((a, b) => a.seat - b.seat);
  return { ...(dealCommitment !== undefined ? { dealCommitment } : {}), deal, draws };
}

/** Where a record and its replay part (the first difference found, in this order). */
export type DealCheck =
  | { ok: true }
  | { ok: false; where: "no-commitment" }
  | { ok: false; where: "commitment"; published: string; computed: string }
  /** Input number `step` (1-based) of the record is refused by the engine, or yields a draw the log does not show. */
  | { ok: false; where: "step"; step: number }
  | { ok: false; where: "seat"; seat: number }
  | { ok: false; where: "role"; seat: number; recorded: string | null; replayed: string | null }
  | { ok: false; where: "result" };

/**
 * Checks a record against its replay (`replayRecord(rec)`) and the seed's SHA-256 hex as the caller
 * computed it (the page: crypto.subtle; anyone: their own SHA-256).
 */
export function checkDeal(rec: TableGameRecord, replay: { steps: ReplayStep[]; refused: string[] }, seedHash: string): DealCheck {
  if (!rec.dealCommitment) return { ok: false, where: "no-commitment" };
  if (seedHash !== rec.dealCommitment) return { ok: false, where: "commitment", published: rec.dealCommitment, computed: seedHash };
  const firstRefused = replay.refused.length ? Number(/^#(\d+)/.exec(replay.refused[0]!)?.[1] ?? 0) : null;
  const last = replay.steps[replay.steps.length - 1]!.state;
  const events = eventsFrom(last, 0);
  const mine = dealOf(events);
  // The seat draw: each player sits where the seed put them.
  const drawn = new Map(seatedPlayers(replay.steps[0]!.state).map((x) => [x.seat, x.playerId]));
  for (const p of rec.players) if (drawn.get(p.seat) !== p.id) return { ok: false, where: "seat", seat: p.seat };
  // The deck: each seat's role as dealt.
  const seats = new Set([...(rec.deal ?? []).map((d) => d.seat), ...mine.deal.map((d) => d.seat)]);
  for (const seat of [...seats].sort((a, b) => a - b)) {
    const recorded = rec.deal?.find((d) => d.seat === seat)?.role ?? null;
    const replayed = mine.deal.find((d) => d.seat === seat)?.role ?? null;
    if (recorded !== replayed) return { ok: false, where: "role", seat, recorded, replayed };
  }
  // Every later draw, in order: the first that differs names the input after which the replay drew it.
  const recorded = rec.draws ?? [];
  const n = Math.max(recorded.length, mine.draws.length);
  for (let i = 0; i < n; i++) {
    if (JSON.stringify(recorded[i] ?? null) === JSON.stringify(mine.draws[i] ?? null)) continue;
    const step = i < mine.draws.length ? stepOfDraw(replay.steps, i) : replay.steps.length - 1;
    return { ok: false, where: "step", step: firstRefused !== null ? Math.min(firstRefused + 1, step) : step };
  }
  if (firstRefused !== null) return { ok: false, where: "step", step: firstRefused + 1 };
  const result = viewFor(last, { kind: "spectator" }).result;
  if (!result || result.winner !== rec.winner || result.reason !== rec.reason) return { ok: false, where: "result" };
  return { ok: true };
}

/**
 * The replay step after which the replay's draw `i` first appears: step k follows the record's k-th
 * input (0: the game's creation) — the same numbering as the record's inputs up to the first refused one.
 */
function stepOfDraw(steps: ReplayStep[], i: number): number {
  for (let k = 0; k < steps.length; k++) {
    if (dealOf(eventsFrom(steps[k]!.state, 0)).draws.length > i) return k;
  }
  return steps.length - 1;
}
