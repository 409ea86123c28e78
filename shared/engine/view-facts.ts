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
 * Every seat's private facts read from the events, in one pass over them per events list: a
 * version's views are built for every viewer from the same state, so the list is read once, not once
 * per viewer (each viewer's view reads its seat's entries here). The list only grows (a new event
 * makes a new list, an unchanged one is shared by the next state), so a longer one is read again.
 */
interface SeatFacts {
  length: number;
  /** §5.1 each seat's `saved` entries, oldest first. */
  saved: Map<Seat, NonNullable<You["saved"]>>;
  /** §3 / §7.6, §5.3 each seat's notices since the latest nightfall; null before the first night. */
  notes: Map<Seat, NightNote[]> | null;
  /** The Tracker's and Watcher's latest result of each kind since the latest nightfall, by seat (in the order each kind was first told). */
  reports: Map<Seat, Map<"tracked" | "watched", Extract<GameEvent, { type: "tracked" | "watched" }>>>;
  /** The team's tallies since the latest nightfall, oldest first. */
  tallies: Array<Extract<GameEvent, { type: "shot-tally" }>>;
  /** §2.13, §7.9 by seat: whether its last leaving came right after its own foul (no technical vote between). */
  byFouls: Map<Seat, boolean>;
  /** §6 the black seat each Witness learned (the first entry addressed to him). */
  witnessed: Map<Seat, Seat>;
  /** The audience of the latest `black-team` entry addressed to each seat. */
  team: Map<Seat, Seat[]>;
  /** How many events every viewer sees (the public ones), and how many more each seat sees (those addressed to it). */
  publicCount: number;
  seatCount: Map<Seat, number>;
}

const seatFactsIndex = new WeakMap<EngineState["events"], SeatFacts>();

function addressedTo(e: GameEvent, seat: Seat): boolean {
  return e.audience.kind === "seats" && e.audience.seats.includes(seat);
}

function visibleTo(e: GameEvent, seat: Seat): boolean {
  return e.audience.kind === "public" || addressedTo(e, seat);
}

function seatFacts(s: EngineState): SeatFacts {
  const events = s.events;
  const hit = seatFactsIndex.get(events);
  if (hit && hit.length === events.length) return hit;
  const out: SeatFacts = { length: events.length, saved: new Map(), notes: null, reports: new Map(), tallies: [], byFouls: new Map(), witnessed: new Map(), team: new Map(), publicCount: 0, seatCount: new Map() };
  let nightfall = -1;
  let lastFoul: Seat | null = null;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (e.audience.kind === "public") out.publicCount++;
    else if (e.audience.kind === "seats") {
      const seats = e.audience.seats;
      // A seat named twice in one audience still sees the entry once.
      for (let j = 0; j < seats.length; j++) if (seats.indexOf(seats[j]!) === j) out.seatCount.set(seats[j]!, (out.seatCount.get(seats[j]!) ?? 0) + 1);
    }
    switch (e.type) {
      case "night-fell":
        nightfall = i;
        break;
      case "saved": {
        const list = out.saved.get(e.data.seat);
        if (list) list.push({ night: e.data.night, with: e.data.with });
        else out.saved.set(e.data.seat, [{ night: e.data.night, with: e.data.with }]);
        break;
      }
      case "fouled":
        lastFoul = e.data.seat;
        break;
      case "tech-vote-ended":
        lastFoul = null;
        break;
      case "left":
        out.byFouls.set(e.data.seat, lastFoul === e.data.seat);
        break;
      case "witnessed":
        if (!out.witnessed.has(e.data.by) && addressedTo(e, e.data.by)) out.witnessed.set(e.data.by, e.data.target);
        break;
      case "black-team":
        if (e.audience.kind === "seats") for (const x of e.audience.seats) out.team.set(x, e.audience.seats);
        break;
    }
  }
  if (nightfall >= 0) out.notes = new Map();
  for (let i = nightfall + 1; i < events.length; i++) {
    const e = events[i]!;
    if (e.type === "shot-tally") out.tallies.push(e);
    else if (e.type === "tracked" || e.type === "watched") {
      if (!visibleTo(e, e.data.by)) continue;
      let latest = out.reports.get(e.data.by);
      if (!latest) out.reports.set(e.data.by, (latest = new Map()));
      latest.set(e.type, e);
    } else if (out.notes !== null && (e.type === "frozen" || e.type === "check-frozen")) {
      const seat = e.type === "frozen" ? e.data.seat : e.data.by;
      if (!addressedTo(e, seat)) continue;
      const note: NightNote = e.type === "frozen" ? { type: "frozen" } : { type: "check-frozen", target: e.data.target };
      const list = out.notes.get(seat);
      if (list) list.push(note);
      else out.notes.set(seat, [note]);
    }
  }
  seatFactsIndex.set(events, out);
  return out;
}

/**
 * How many entries a viewer's log holds (view.ts canSee): every event for one who sees all (the live
 * host, everyone at the end), else the public ones and those addressed to the viewer's seat.
 */
export function logCountOf(s: EngineState, seat: Seat | null, all: boolean): number {
  if (all) return s.events.length;
  const facts = seatFacts(s);
  return facts.publicCount + (seat === null ? 0 : (facts.seatCount.get(seat) ?? 0));
}

/**
 * A player's private notices of the latest night (GameView.you.notes): the entries addressed to `seat`
 * since the latest nightfall — frozen (§3 / §7.6), and its own check frozen (§5.3); none before the
 * first night. The caller leaves them out once the player is out or the game is over.
 */
export function nightNotesOf(s: EngineState, seat: Seat): NightNote[] {
  return (seatFacts(s).notes?.get(seat) ?? []).map((n) => ({ ...n }));
}

/** §6 (decision) the black seat a Witness learned at the acquaintance night (the entry addressed to him alone). */
export function witnessedOf(s: EngineState, seat: Seat): Seat | null {
  return seatFacts(s).witnessed.get(seat) ?? null;
}

/**
 * Seats of the black team `seat` met: the audience of the latest `black-team` entry addressed to it
 * (the acquaintance night's, or §6 a later one when a Werewolf turned or a Swindler took a black card).
 */
export function metTeamOf(s: EngineState, seat: Seat): Seat[] {
  return seatFacts(s).team.get(seat)?.slice() ?? [];
}

/** The night's private facts of one player (GameView.you): the team's tally while the shot runs, and the Tracker's and Watcher's results. */
export function nightFactsOf(s: EngineState, seat: Seat, night: boolean, teamShot: boolean): Pick<You, "shotTally" | "reports"> {
  const facts = seatFacts(s);
  const out: Pick<You, "shotTally" | "reports"> = {};
  if (teamShot) {
    for (let i = facts.tallies.length - 1; i >= 0; i--) {
      const e = facts.tallies[i]!;
      if (!visibleTo(e, seat)) continue;
      out.shotTally = { tally: e.data.tally.map((x) => ({ ...x })), agreed: e.data.agreed };
      break;
    }
  }
  const latest = facts.reports.get(seat);
  // The engine tells a result again in the morning only when it changed: once the night is over, the last one told is final.
  if (latest) out.reports = [...latest.values()].map((e) => ({ kind: e.type, target: e.data.target, seats: e.data.seats.slice(), final: e.data.final || !night }));
  return out;
}

/** §5.1 (decision) the nights `seat` was attacked and survived, with what saved them (its own `saved` entries). */
export function savedOf(s: EngineState, seat: Seat): NonNullable<You["saved"]> {
  return (seatFacts(s).saved.get(seat) ?? []).map((x) => ({ night: x.night, with: x.with.slice() }));
}

/** §2.13, §7.9 whether `seat` left by fouls: its last foul came right before it left (no technical vote between). */
export function removedForFoulsOf(s: EngineState, seat: Seat): boolean {
  return seatFacts(s).byFouls.get(seat) ?? false;
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
