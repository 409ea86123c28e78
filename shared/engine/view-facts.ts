/**
 * Public facts of a game the views state outright, read from the engine's own event list once per
 * state (view.ts publicPart), so a page renders them and rebuilds nothing from its log:
 *   - the cursed seats (RULES.md §6.3 "the curse is permanent", announced each morning);
 *   - today's vote for defence (§6.5 the candidates, §6.7 those who dropped out);
 *   - the seat marks the legend explains for this game (its format's and its dealt roles');
 *   - the composition announced at the deal (§6);
 *   - a player's own: the night's private notices and the Witness's seat.
 */
import { presetOf } from "./presets/index.ts";
import { getRole } from "./roles/index.ts";
import type { EngineState } from "./state.ts";
import { LEGEND_MARKS, type GameEvent, type GameView, type LegendMark, type NightNote, type RoleId, type Seat } from "./types.ts";

type You = NonNullable<GameView["you"]>;

/** §6.3 every seat cursed so far, in the order cursed. */
export function cursedOf(s: EngineState): Seat[] {
  const out: Seat[] = [];
  for (const e of s.events) if (e.type === "cursed" && e.audience.kind === "public" && !out.includes(e.data.seat)) out.push(e.data.seat);
  return out;
}

/**
 * §6.5–§6.7 today's vote for defence: the candidates named since the day began (after a drop, those
 * left) and every seat that dropped out today. Null by night, at the end, or before the candidates
 * are named. (§6.6 "more than four candidates: nobody leaves" sends the table to the night at once.)
 */
export function defenceOf(s: EngineState): GameView["defence"] | null {
  if (s.result) return null;
  let named: Seat[] | null = null;
  let left: Seat[] | null = null;
  const dropped: Seat[] = [];
  for (let i = s.events.length - 1; i >= 0; i--) {
    const e = s.events[i]!;
    if (e.audience.kind !== "public") continue;
    if (e.type === "night-fell") return null;
    if (e.type === "day-started") break;
    if (e.type === "candidates" && named === null) named = e.data.seats.slice();
    else if (e.type === "dropped") {
      if (left === null) left = e.data.left.slice();
      for (const x of e.data.seats) if (!dropped.includes(x)) dropped.unshift(x);
    }
  }
  return named === null ? null : { candidates: left ?? named, dropped };
}

/** §6 the composition announced at the deal (the flow's deal step with `announce`), zeros left out; null: none. */
export function compositionOf(s: EngineState): GameView["composition"] | null {
  const announces = presetOf(s.presetId).flow.entries.some((e) => e.module === "deal" && (e.params as { announce?: unknown } | null)?.announce);
  if (!announces) return null;
  for (const e of s.events) {
    if (e.type === "composition" && e.audience.kind === "public") return Object.entries(e.data.counts).filter(([, n]) => n > 0).map(([role, count]) => ({ role, count }));
  }
  return null;
}

/**
 * A player's private notices of the latest night (GameView.you.notes): the entries addressed to `seat`
 * since the latest nightfall — frozen (§3 / §7.6), and its own check frozen (§5.3). The caller leaves
 * them out once the player is out or the game is over.
 */
export function nightNotesOf(s: EngineState, seat: Seat): NightNote[] {
  const out: NightNote[] = [];
  for (let i = s.events.length - 1; i >= 0; i--) {
    const e = s.events[i]!;
    if (e.type === "night-fell") return out;
    if (e.audience.kind !== "seats" || !e.audience.seats.includes(seat)) continue;
    if (e.type === "frozen" && e.data.seat === seat) out.unshift({ type: "frozen" });
    else if (e.type === "check-frozen" && e.data.by === seat) out.unshift({ type: "check-frozen", target: e.data.target });
  }
  return [];
}

/** §6 (decision) the black seat a Witness learned at the acquaintance night (the entry addressed to him alone). */
export function witnessedOf(s: EngineState, seat: Seat): Seat | null {
  for (const e of s.events) if (e.type === "witnessed" && e.data.by === seat && e.audience.kind === "seats" && e.audience.seats.includes(seat)) return e.data.target;
  return null;
}

/** The events since the latest nightfall that `seat` may see (all of them when no night fell yet), oldest first. */
function sinceNightfall(s: EngineState, seat: Seat): GameEvent[] {
  const out: GameEvent[] = [];
  for (let i = s.events.length - 1; i >= 0; i--) {
    const e = s.events[i]!;
    if (e.type === "night-fell") break;
    if (e.audience.kind === "public" || (e.audience.kind === "seats" && e.audience.seats.includes(seat))) out.push(e);
  }
  return out.reverse();
}

/** The night's private facts of one player (GameView.you): the team's tally while the shot runs, and the Tracker's and Watcher's results. */
export function nightFactsOf(s: EngineState, seat: Seat, night: boolean, teamShot: boolean): Pick<You, "shotTally" | "reports"> {
  const out: Pick<You, "shotTally" | "reports"> = {};
  const latest = new Map<"tracked" | "watched", NonNullable<You["reports"]>[number]>();
  for (const e of sinceNightfall(s, seat)) {
    if (teamShot && e.type === "shot-tally") out.shotTally = { tally: e.data.tally.map((x) => ({ ...x })), agreed: e.data.agreed };
    // The engine tells a result again in the morning only when it changed: once the night is over, the last one told is final.
    if ((e.type === "tracked" || e.type === "watched") && e.data.by === seat) latest.set(e.type, { kind: e.type, target: e.data.target, seats: e.data.seats.slice(), final: e.data.final || !night });
  }
  if (latest.size) out.reports = [...latest.values()];
  return out;
}

/** §5.1 (decision) the nights `seat` was attacked and survived, with what saved them (its own `saved` entries). */
export function savedOf(s: EngineState, seat: Seat): NonNullable<You["saved"]> {
  return (savedBySeat(s).get(seat) ?? []).map((x) => ({ night: x.night, with: x.with.slice() }));
}

/**
 * Every seat's `saved` entries from one pass over the events, kept per events list: a version's views
 * are built for every viewer from the same state, so the list is read once, not once per viewer. The
 * list only grows, so a longer one is read again.
 */
const savedIndex = new WeakMap<EngineState["events"], { length: number; bySeat: Map<Seat, NonNullable<You["saved"]>> }>();
function savedBySeat(s: EngineState): Map<Seat, NonNullable<You["saved"]>> {
  const hit = savedIndex.get(s.events);
  if (hit && hit.length === s.events.length) return hit.bySeat;
  const bySeat = new Map<Seat, NonNullable<You["saved"]>>();
  for (const e of s.events) {
    if (e.type !== "saved") continue;
    const list = bySeat.get(e.data.seat) ?? [];
    list.push({ night: e.data.night, with: e.data.with });
    bySeat.set(e.data.seat, list);
  }
  savedIndex.set(s.events, { length: s.events.length, bySeat });
  return bySeat;
}

/** §2.13, §7.9 whether `seat` left by fouls: its last foul came right before it left (no technical vote between). */
export function removedForFoulsOf(s: EngineState, seat: Seat): boolean {
  for (let i = s.events.length - 1; i >= 0; i--) {
    const e = s.events[i]!;
    if (e.type !== "left" || e.data.seat !== seat) continue;
    for (let j = i - 1; j >= 0; j--) {
      const x = s.events[j]!;
      if (x.type === "tech-vote-ended") return false;
      if (x.type === "fouled") return x.data.seat === seat;
    }
    return false;
  }
  return false;
}

/** §7.3 the fouls of the voter in turn for letting this turn's time run out (null: none this turn). */
export function lateFoulsOf(s: EngineState, voter: Seat): number | null {
  for (let i = s.events.length - 1; i >= 0; i--) {
    const e = s.events[i]!;
    if ((e.type === "voter-called" && e.data.seat === voter) || e.type === "voting-started") return null;
    if (e.type === "fouled" && e.data.seat === voter && e.data.cause === "late-vote") return e.data.fouls;
  }
  return null;
}

/** A flow entry's parameters, as far as the legend reads them. */
type Params = { mode?: unknown } | null | undefined;

/** The roles the composition deals, each once, in its order (public: settings and seat count decide them, §5.5). */
export function dealtOf(s: EngineState): RoleId[] {
  return [...new Set(presetOf(s.presetId).composition(s.players.length, s.settings))];
}

/**
 * The seat marks any viewer of this game can meet, in the legend's order: the format's (§7.3 the voter
 * in turn where a ballot runs in turn, §7.10 the consigliere where the format binds them, §6.10
 * immunity, §6.5 candidates where the flow names them) and those of the roles the composition deals
 * (RoleModule.marks; the composition follows from the public settings and the seat count). The black
 * team's own marks (§2.2) are added per viewer (`withTeamMarks`).
 */
export function gameMarks(s: EngineState, dealt: readonly RoleId[]): Set<LegendMark> {
  const p = presetOf(s.presetId);
  const out = new Set<LegendMark>(["nominated", "speaking", "votes", "checks", "fouls", "talking", "away", "bot"]);
  for (const e of p.flow.entries) {
    if ((e.params as Params)?.mode === "in-turn") out.add("voter");
    if (e.module === "candidacy") out.add("candidate");
  }
  if (p.consigliere) out.add("consigliere");
  if (p.immunity) out.add("immune");
  for (const role of dealt) for (const m of getRole(role).marks ?? []) out.add(m);
  return out;
}

/** The legend's marks for one viewer: the game's, and a black player's teammates and the team's tally (§2.2). */
export function withTeamMarks(marks: ReadonlySet<LegendMark>, black: boolean): LegendMark[] {
  return LEGEND_MARKS.filter((m) => marks.has(m) || (black && (m === "teammate" || m === "tally")));
}
