/**
 * The profiles' private night and day facts on the table screen (RULES.md §5.1–§5.6), pure: read from
 * this viewer's own view (`you`: shared/engine/view-facts.ts states them), so they run and are tested
 * in Node (test/unit/table/night-info.test.ts). No i18n here; NightPanels.tsx renders them.
 *
 *  - the black team's consensus tally while the mafia step runs (§5.2: how many chose each seat, never
 *    who; whether they agree);
 *  - the Tracker's and the Watcher's live result (§5.1 "update as later night visits happen and become
 *    final at the end of the night");
 *  - "you have no vote today" for a blackmailed player (§5.6 Blackmailer: "sees it when voting opens");
 *  - the Judge named once in open voting, whose vote counts ×2 (§5.6 Judge).
 */
import type { GameView, Seat } from "../../../shared/engine/types.ts";

export interface TallyPanel {
  /** Seats chosen so far and by how many (anonymous, §5.2), seat order. */
  tally: Array<{ seat: Seat; votes: number }>;
  /** Every living holder names the same seat. */
  agreed: boolean;
  /** This viewer's own current choice (the view's offered shot carries it: `chosen`, only one's own). */
  mine: Seat | null;
}

/**
 * §5.2 the black team's anonymous tally while the mafia's step runs: the view's `you.shotTally` (only
 * the holders receive it). `mine` is this viewer's own current choice, from the offered tally ability's
 * `chosen` (the engine tells each holder only their own), so it survives a reload.
 */
export function tallyPanel(game: Pick<GameView, "you">): TallyPanel | null {
  const last = game.you?.shotTally;
  if (!last) return null;
  const tally = last.tally.slice().sort((a, b) => a.seat - b.seat);
  let mine: Seat | null = null;
  for (const a of game.you?.actions ?? []) if (a.type === "use" && a.chosen?.length) mine = a.chosen[0]!;
  return { tally, agreed: last.agreed, mine };
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
 * §5.1 / §5.6 the Tracker's and the Watcher's results of the latest night: the view's `you.reports`
 * (live while the night runs, final in the morning, to the end of the next day). A blocked owner gets
 * a notice instead (mine.ts nightNotes: "result unavailable").
 */
export function liveReports(game: Pick<GameView, "you">): LiveReport[] {
  return game.you?.reports?.map((r) => ({ ...r, seats: r.seats.slice() })) ?? [];
}

/**
 * RULES.md §5.1 *decision* "a player's own card tells them privately what saved them": the nights this
 * viewer was attacked and survived, with the protections that saved them (ability ids): `you.saved`.
 */
export function savedNights(g: Pick<GameView, "you">): Array<{ night: number; with: string[] }> {
  return g.you?.saved?.map((x) => ({ night: x.night, with: x.with.slice() })) ?? [];
}
