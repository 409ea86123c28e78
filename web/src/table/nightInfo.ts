/**
 * The profiles' private night and day facts on the table screen (issue 16, RULES.md §5.1–§5.6), pure:
 * derived from this viewer's own view (its log, `you`, the phase) and nothing else, so they run and are
 * tested in Node (test/unit/table/night-info.test.ts). No i18n here; NightPanels.tsx renders them.
 *
 *  - the black team's consensus tally while the mafia step runs (§5.2: how many chose each seat, never
 *    who; whether they agree);
 *  - the Tracker's and the Watcher's live result (§5.1 "update as later night visits happen and become
 *    final at the end of the night");
 *  - "you have no vote today" for a blackmailed player (§5.6 Blackmailer: "sees it when voting opens");
 *  - the Judge named once in open voting, whose vote counts ×2 (§5.6 Judge).
 */
import { isTeamShot } from "../../../shared/engine/phase-kinds.ts";
import type { AnyLogEntry, GameView, LogEntryView, Seat } from "../../../shared/engine/types.ts";

/** Entries since the latest nightfall (the whole log when no night fell yet). */
function sinceNightfall(log: readonly AnyLogEntry[]): AnyLogEntry[] {
  for (let i = log.length - 1; i >= 0; i--) if (log[i]!.type === "night-fell") return log.slice(i + 1);
  return log.slice();
}

export interface TallyPanel {
  /** Seats chosen so far and by how many (anonymous, §5.2), seat order. */
  tally: Array<{ seat: Seat; votes: number }>;
  /** Every living holder names the same seat. */
  agreed: boolean;
  /** This viewer's own current choice (the view's offered shot carries it: `chosen`, only one's own). */
  mine: Seat | null;
}

/**
 * §5.2 the black team's anonymous tally while the mafia's step runs: the latest `shot-tally` of tonight
 * (only the holders receive it, shared/engine/phases/night.ts), shown while the phase is still the
 * shot's. `mine` is this viewer's own current choice, from the offered tally ability's `chosen` (the
 * engine tells each holder only their own; the tally itself never says who chose what), so it survives
 * a reload.
 */
export function tallyPanel(game: Pick<GameView, "log" | "phase" | "result" | "you">): TallyPanel | null {
  if (game.result || !isTeamShot(game.phase)) return null;
  const tonight = sinceNightfall(game.log);
  let last: LogEntryView<"shot-tally"> | null = null;
  for (const e of tonight) if (e.type === "shot-tally") last = e;
  if (!last) return null;
  const tally = last.data.tally.slice().sort((a, b) => a.seat - b.seat);
  let mine: Seat | null = null;
  for (const a of game.you?.actions ?? []) if (a.type === "use" && a.chosen?.length) mine = a.chosen[0]!;
  return { tally, agreed: last.data.agreed, mine };
}

/** The tally as counts per seat (the oval's badges). */
export function tallyBySeat(panel: TallyPanel | null): Map<Seat, number> {
  return new Map((panel?.tally ?? []).map((x) => [x.seat, x.votes] as const));
}

export interface LiveReport {
  /** "tracked": the seats the target visited; "watched": the seats that visited the target. */
  kind: "tracked" | "watched";
  target: Seat;
  seats: Seat[];
  /** Told in the morning: no later visit changes it. */
  final: boolean;
}

/**
 * §5.1 / §5.6 the Tracker's and the Watcher's result of the latest night, from their own entries: the
 * newest `tracked` / `watched` per kind, live while the night runs and final in the morning; shown from
 * that night to the end of the next day (a new nightfall starts over), none once the game is over.
 * A blocked owner gets `check-frozen` instead (mine.ts nightNotes: "result unavailable").
 */
export function liveReports(game: Pick<GameView, "log" | "you" | "result" | "night">): LiveReport[] {
  const you = game.you;
  if (!you || game.result) return [];
  const latest = new Map<"tracked" | "watched", LiveReport>();
  // The engine tells a result again in the morning only when it changed (issue 38.7): once the night is
  // over, the last one told is final.
  const over = !game.night;
  for (const e of sinceNightfall(game.log)) {
    if ((e.type === "tracked" || e.type === "watched") && e.data.by === you.seat) {
      latest.set(e.type, { kind: e.type, target: e.data.target, seats: e.data.seats.slice(), final: e.data.final || over });
    }
  }
  return [...latest.values()];
}

/**
 * RULES.md §5.1 *decision* "a player's own card tells them privately what saved them": the
 * nights this viewer was attacked and survived, with the protections that saved them (ability ids), from
 * their own `saved` entries (the engine sends them to the saved seat only).
 */
export function savedNights(g: Pick<GameView, "you" | "log">): Array<{ night: number; with: string[] }> {
  const me = g.you?.seat;
  if (me === undefined) return [];
  const out: Array<{ night: number; with: string[] }> = [];
  for (const e of g.log) if (e.type === "saved" && e.data.seat === me) out.push({ night: e.data.night, with: e.data.with.slice() });
  return out;
}
