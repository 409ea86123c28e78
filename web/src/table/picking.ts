/**
 * The actions that name seats (nominate, vote, and any ability the server offers as `use`), as data
 * the action bar and the oval share. Pure and free of i18n (labels are catalogue keys), so it runs and
 * is tested in Node (test/unit/table/picking.test.ts).
 *
 * The client knows no role and no preset. An ability arrives as
 * `{type:"use", ability, label, effect, targets:{min,max,seats}, skip}`; its label is the catalogue key
 * it carries (`ability.<id>`), its seats are exactly `targets.seats`, it takes between `min` and `max`
 * of them, and `skip` says whether it may be declined with `{type:"skip", ability}`.
 */
import type { AvailableAction, BallotView, PlayerAction, Seat } from "../../../shared/engine/types.ts";

/** An action that takes seats, with its stable key (for the oval's highlight and the chosen seats). */
export interface Picking {
  /** "nominate", "vote", or `use:<ability id>`. */
  key: string;
  /** Catalogue key of its label. */
  label: string;
  /** Catalogue key of a one-line explanation (may be missing from the catalogue: then none is shown). */
  about: string | null;
  /** What the ability does (attack, check, protect, block), for a glyph; null for nominate and vote. */
  effect: string | null;
  /** The seats that may be named now. */
  targets: Seat[];
  /** Fewest and most seats one use names. */
  min: number;
  max: number;
  /** The action to send with these seats. */
  make: (seats: Seat[]) => PlayerAction;
  /** The explicit "skip", when the action may be declined. */
  skip: PlayerAction | null;
  /** §4.4 crossed hands: seats shown with the choice but not choosable (already saved once this game). */
  barred?: Seat[];
  /** §5.2 a tally choice this player has made (the view's `chosen`): sending it again changes nothing. */
  sent?: Seat[];
}

/** The ability id behind a picking key (null for nominate and vote). */
export function abilityOf(key: string): string | null {
  return key.startsWith("use:") ? key.slice(4) : null;
}

/** The mafia's shot: the Don's shooting plan pre-selects its seat (RULES.md §2.2). */
export const SHOT_KEY = "use:mafia-shot";

/** Stable key of an offered action: one child per key, so a child never sees its action change type. */
export function actionKey(a: AvailableAction): string {
  return a.type === "use" ? `use:${a.ability}` : a.type;
}

export function pickingOf(a: AvailableAction): Picking | null {
  switch (a.type) {
    case "nominate":
      return { key: "nominate", label: "act.nominate", about: null, effect: null, targets: a.targets, min: 1, max: 1, make: ([target]) => ({ type: "nominate", target: target! }), skip: null };
    case "vote":
      return { key: "vote", label: "act.vote", about: null, effect: null, targets: a.targets, min: 1, max: 1, make: ([target]) => ({ type: "vote", target: target! }), skip: null };
    // §4.6 a question to one player during one's own speech (host-classic).
    case "ask":
      return { key: "ask", label: "act.ask", about: "act.ask.about", effect: null, targets: a.targets, min: 1, max: 1, make: ([target]) => ({ type: "ask", target: target! }), skip: null };
    // RULES.md §9.4 the best move: the first night's shot victim names 1–3 seats in their last words.
    case "best-move":
      return { key: "best-move", label: "act.best-move", about: "act.best-move.about", effect: null, targets: a.targets, min: 1, max: a.max, make: (seats) => ({ type: "best-move", seats }), skip: null };
    case "use": {
      const ability = a.ability;
      return {
        key: `use:${ability}`,
        label: a.label,
        about: `${a.label}.about`,
        effect: a.effect,
        targets: a.targets.seats,
        min: a.targets.min,
        max: a.targets.max,
        make: (targets) => ({ type: "use", ability, targets }),
        skip: a.skip ? { type: "skip", ability } : null,
        ...(a.targets.barred?.length ? { barred: a.targets.barred.slice() } : {}),
        ...(a.chosen?.length ? { sent: a.chosen.slice() } : {}),
      };
    }
    default:
      return null;
  }
}

/**
 * One tap sends it: a vote or an ability that takes exactly one seat when only one seat is offered
 * (open voting calls one candidate, RULES.md §2.6; a night move with one legal target). A nomination
 * keeps its confirm: making none is a choice too.
 */
export function isOneTap(p: Picking): boolean {
  return p.key !== "nominate" && p.key !== "ask" && p.key !== "best-move" && p.targets.length === 1 && p.min === 1 && p.max === 1 && !p.barred?.length;
}

/**
 * RULES.md §7.3, tatar: in a vote in turn one tap on a seat votes — no choose-then-confirm
 * (the voter's turn is seconds long).
 */
export function tapVotes(p: Picking, ballot: BallotView | null | undefined): boolean {
  return p.key === "vote" && !!ballot && ballot.kind !== "lift" && ballot.mode === "in-turn";
}

/**
 * The voter in turn who has voted may change the vote until the turn passes — the ballot's
 * `change` seats, offered as the same one-tap `vote` (the server's actions do not list it once cast).
 */
export function withVoteChange(actions: readonly AvailableAction[], ballot: BallotView | null | undefined): AvailableAction[] {
  if (!ballot || ballot.kind === "lift" || !ballot.change?.length || actions.some((a) => a.type === "vote")) return actions.slice();
  return [...actions, { type: "vote", targets: ballot.change.slice() }];
}

/**
 * The seats chosen after a tap on `seat`: a single-seat action replaces its choice (a second tap on
 * the same seat clears it); a multi-seat one adds the seat until `max` and removes it when tapped again.
 * A seat that is not offered changes nothing.
 */
export function toggleSeat(p: Picking, chosen: readonly Seat[], seat: Seat): Seat[] {
  if (!p.targets.includes(seat)) return chosen.slice();
  if (chosen.includes(seat)) return chosen.filter((s) => s !== seat);
  if (p.max <= 1) return [seat];
  if (chosen.length >= p.max) return chosen.slice();
  return [...chosen, seat];
}

/**
 * Whether these chosen seats can be sent: at least `min` (and at least one: none is its own button), at
 * most `max`, and not the choice already made (§5.2: the server refuses it as changing nothing).
 */
export function canSend(p: Picking, chosen: readonly Seat[]): boolean {
  const again = !!p.sent && p.sent.length === chosen.length && p.sent.every((s, i) => s === chosen[i]);
  return chosen.length > 0 && chosen.length >= p.min && chosen.length <= p.max && !again;
}

/** Whether the action may be sent with no seat at all (`min` 0): its own "nobody" button. */
export function takesNobody(p: Picking): boolean {
  return p.min === 0;
}
