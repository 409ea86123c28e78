/**
 * The player's own state on the table screen, pure: whether they are out and how, the
 * private night notices that still apply, their marks for the oval, and the Don's planned target
 * for tonight. Everything comes from this player's own view (`you`); nothing here decides a rule.
 */
import type { GameView, NightNote, Seat, SeatView } from "../../../shared/engine/types.ts";


type You = NonNullable<GameView["you"]>;

/** A seated player whose seat has left the game: how (RULES.md §2.7 voted out, §2.9 lifted, §2.10/§3 killed, §2.13 removed). */
export function outState(game: Pick<GameView, "you" | "seats" | "result">): { how: NonNullable<SeatView["out"]> | "out" } | null {
  const you = game.you;
  if (!you || game.result) return null;
  const seat = game.seats.find((s) => s.seat === you.seat);
  if (!seat || seat.alive) return null;
  return { how: seat.out ?? "out" };
}

/**
 * Private per-night notices of this player (city, RULES.md §3 / §7.6: Putana froze them; their check
 * was frozen): the view's `you.notes` — only those of the latest night, from nightfall to the end of the
 * next day, none once the player is out (shared/engine/view-facts.ts nightNotesOf).
 */
export function nightNotes(game: Pick<GameView, "you">): NightNote[] {
  return game.you?.notes ?? [];
}

export interface SeatMark {
  /** This player's check results on that seat (oldest first). */
  checks: string[];
  /** A black teammate (met at the acquaintance night, §2.2). */
  teammate: boolean;
  /** §6 (decision) the black seat this Witness learned at the acquaintance night (club.ts witnessedSeat). */
  witnessed?: true;
}

/**
 * This player's private marks by seat: own checks (§2.10), teammates (§2.2) and, for the Witness, the black
 * seat he saw (§6). The teammates are always marked — a black player is told at the acquaintance night to
 * remember the team's seats and needs them at every shot (RULES.md §2.2, §2.10) — exactly as the view
 * gives them (`you.teammates`, empty for everyone else); the checks and the Witness's seat only while
 * `all` (the card face up with "show my marks" on).
 */
export function marksOf(you: Pick<You, "checks" | "teammates"> | null, witnessed: Seat | null = null, all = true): Map<Seat, SeatMark> {
  const m = new Map<Seat, SeatMark>();
  if (!you) return m;
  const at = (seat: Seat) => {
    let x = m.get(seat);
    if (!x) m.set(seat, (x = { checks: [], teammate: false }));
    return x;
  };
  for (const s of you.teammates) at(s).teammate = true;
  if (!all) return m;
  for (const c of you.checks) at(c.target).checks.push(c.result);
  if (witnessed !== null) at(witnessed).witnessed = true;
  return m;
}

/**
 * Tonight's target from the Don's shooting plan (§2.2, 002): the first seat of the plan still among
 * the shot's legal targets and not on the black team (the reading the heuristic bot uses; the strong bots,
 * shared/bots/strong.ts, shoot a revealed checker first, and follow a teammate who chose tonight before
 * them, so a person's choice is followed). Null without a plan or when none of it applies.
 */
export function planTarget(you: Pick<You, "shootingPlan" | "teammates" | "seat"> | null, targets: Seat[]): Seat | null {
  if (!you?.shootingPlan) return null;
  for (const seat of you.shootingPlan) if (targets.includes(seat) && seat !== you.seat && !you.teammates.includes(seat)) return seat;
  return null;
}
