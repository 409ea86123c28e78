/**
 * Scenario harness: a sport (or city, §3: `preset: "city"`, 10–12 seats) table with a chosen role layout (seats take the cards that carry the
 * wanted roles), a clock, and helpers that read like a game record.
 */
import { expect } from "vitest";
import { apply, createGame, nextDeadline, seatedPlayers, viewFor } from "../../../shared/engine/index.ts";
import type { ControlAction, GameEvent, HostAction, GameState, GameView, PlayerAction, RejectionCode, RoleId, Seat } from "../../../shared/engine/types.ts";

const LETTER: Record<string, RoleId> = {
  D: "don", M: "mafia", S: "sheriff", C: "civilian", K: "commissar", P: "putana", H: "doctor", X: "maniac",
  // RULES.md §5.6 (issue 16; test/unit/engine/profiles-helpers.ts)
  G: "bodyguard", B: "blocker", L: "mistress", J: "jailer", T: "tracker", W: "watcher", I: "immortal", A: "agent",
  Y: "lawyer", E: "blackmailer", V: "avenger", U: "judge",
  // RULES.md §6 the club (issue 18; test/unit/engine/club-helpers.ts)
  O: "boss", Z: "kamikaze", N: "witness", R: "curser", F: "swindler", Q: "werewolf",
};
export { LETTER };

export interface TableOptions {
  /** Preset id (default "sport"). */
  preset?: string;
  /** Number of seats when `roles` is not given (default 10). */
  seats?: number;
  /** RULES.md §5.7 a live host. */
  host?: "live";
  /** Roles by seat 1..N, e.g. "DMMSCCCCCC" (city letters: K Commissar, P Putana, H Doctor, X Maniac). Omit to keep the dealt roles (auto-deal) or leave dealing open. */
  roles?: string;
  settings?: Record<string, unknown>;
  seed?: string;
  /** Seats whose players are bots in the engine (technical-vote counts). */
  bots?: Seat[];
  /** RULES.md §6.10 the players (ids "p1"…) immune on day 1 and night 1 (createGame's `immunity`). */
  immunity?: string[];
  /** Issue 31.2 createGame's `longWindows`: every vote and night-step window doubles. */
  longWindows?: boolean;
  /** RULES.md §9.4 createGame's `bestMove` (absent: the preset's flag). */
  bestMove?: boolean;
  /** Stop after dealing (do not run the acquaintance night). */
  stopAt?: "dealing" | "acquaintance" | "day1";
}

export class Table {
  state: GameState;
  now = 1_000_000;
  ids: string[] = [];
  events: GameEvent[] = [];

  constructor(o: TableOptions = {}) {
    const n = o.roles?.length ?? o.seats ?? 10;
    const players = Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, nickname: `Nick${i + 1}`, bot: false }));
    this.state = createGame(o.preset ?? "sport", o.settings ?? {}, players, o.seed ?? "scenario", this.now, { ...(o.host ? { host: o.host } : {}), ...(o.immunity ? { immunity: o.immunity } : {}), ...(o.longWindows ? { longWindows: true } : {}), ...(o.bestMove !== undefined ? { bestMove: o.bestMove } : {}) });
    this.ids = seatedPlayers(this.state).map((p) => p.playerId);
    for (const b of o.bots ?? []) this.control({ type: "seat-to-bot", seat: b });
    if (o.roles) {
      const deck = (this.state as unknown as { stage: { data: { deck: RoleId[] } } }).stage.data.deck;
      const used = new Set<number>();
      for (let seat = 1; seat <= n; seat++) {
        const want = LETTER[o.roles[seat - 1] as string] as RoleId;
        const card = deck.findIndex((r, i) => r === want && !used.has(i));
        used.add(card);
        this.act(seat, { type: "take-card", card });
      }
      if (o.stopAt === "acquaintance") return;
      this.timeout(); // acquaintance night ends
    }
  }

  id(seat: Seat): string {
    return this.ids[seat - 1] as string;
  }
  get s(): Record<string, unknown> & { stage: { id: string; module: string }; phaseSeq: number } {
    return this.state as never;
  }
  get deadline(): number | null {
    return nextDeadline(this.state);
  }
  view(seat: Seat): GameView {
    return viewFor(this.state, { kind: "player", playerId: this.id(seat) });
  }
  /** RULES.md §5.7 the live host's view. */
  hostView(): GameView {
    return viewFor(this.state, { kind: "host" });
  }
  spectator(): GameView {
    return viewFor(this.state, { kind: "spectator" });
  }
  get phase(): string {
    return this.spectator().phase;
  }
  get speaker(): Seat | null {
    return this.spectator().speaker;
  }

  act(seat: Seat, action: PlayerAction, advanceMs = 100): GameEvent[] {
    this.now += advanceMs;
    const r = apply(this.state, { kind: "act", playerId: this.id(seat), action }, this.now);
    if (!r.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)} rejected: ${r.rejection.code} ${r.rejection.message}`);
    this.state = r.state;
    this.events.push(...r.events);
    return r.events;
  }
  /** Expect a rejection with `code`, and that it changed nothing. */
  reject(seat: Seat, action: PlayerAction, code: RejectionCode): void {
    const before = JSON.stringify(this.state);
    const r = apply(this.state, { kind: "act", playerId: this.id(seat), action }, this.now);
    expect(r.ok ? "accepted" : r.rejection.code).toBe(code);
    expect(JSON.stringify(this.state)).toBe(before);
  }
  control(action: ControlAction): GameEvent[] {
    const r = apply(this.state, { kind: "control", action }, this.now);
    if (!r.ok) throw new Error(`control rejected: ${r.rejection.code}`);
    this.state = r.state;
    this.events.push(...r.events);
    return r.events;
  }
  /** Let the clock run to the next deadline and deliver the timeout. */
  timeout(): GameEvent[] {
    const d = nextDeadline(this.state);
    if (d === null) throw new Error("no deadline");
    this.now = Math.max(this.now, d);
    const r = apply(this.state, { kind: "timeout", phaseSeq: this.s.phaseSeq }, this.now);
    if (!r.ok) throw new Error(`timeout rejected: ${r.rejection.code}`);
    this.state = r.state;
    this.events.push(...r.events);
    return r.events;
  }
  /** Ms left before the next deadline. */
  left(): number {
    return (nextDeadline(this.state) as number) - this.now;
  }
  /** Each day speaker ends at once (optionally nominating), until the phase is no longer "speech". */
  speeches(nominations: Record<number, Seat> = {}): void {
    while (this.phase === "speech") {
      const sp = this.speaker as Seat;
      if (nominations[sp] !== undefined) this.act(sp, { type: "nominate", target: nominations[sp] as Seat });
      this.act(sp, { type: "end-speech" });
    }
  }
  /** End every speech of the current kind (farewell, tie, last words...). */
  /** The speaker `seat` ends their speech. */
  end(seat: Seat): void {
    this.act(seat, { type: "end-speech" });
  }
  endSpeeches(phase: string): void {
    while (this.phase === phase) this.act(this.speaker as Seat, { type: "end-speech" });
  }
  /** Everyone living votes: `ballots[voter] = candidate`; missing voters don't vote. */
  vote(ballots: Record<number, Seat>): void {
    for (const [voter, target] of Object.entries(ballots)) this.act(Number(voter), { type: "vote", target });
  }
  /** A whole ballot in either mode: closed — all cast then the clock; open — each call in turn. */
  ballot(ballots: Record<number, Seat>): void {
    const phase = this.phase;
    const v = this.spectator().ballot!;
    if (v.mode === "closed") {
      this.vote(ballots);
      if (this.phase === phase) this.timeout();
      return;
    }
    while (this.phase === phase) {
      const b = this.spectator().ballot!;
      const calling = b.kind === "lift" ? 0 : (b.calling as Seat);
      for (const [voter, target] of Object.entries(ballots)) if (target === calling) this.act(Number(voter), { type: "vote", target });
      if (this.phase === phase) this.timeout();
    }
  }
  living(): Seat[] {
    return this.spectator().seats.filter((s) => s.alive).map((s) => s.seat);
  }
  /** Night: shots by seat, then checks by seat (each step ends early once all acted, else by timeout). */
  night(shots: Record<number, Seat>, checks: Record<number, Seat> = {}): void {
    expect(this.phase).toBe("night-shot");
    for (const [seat, target] of Object.entries(shots)) this.act(Number(seat), this.use(Number(seat), target));
    if (this.phase === "night-shot") this.timeout();
    for (const [seat, target] of Object.entries(checks)) this.act(Number(seat), this.use(Number(seat), target));
    if (this.phase === "night-check") this.timeout();
  }
  /**
   * §3 a night in turns: in each turn the given seats choose (turn ids: shot, freeze, heal, check
   * (Commissar), kill (Maniac), don); every turn runs out its clock (it never ends early).
   */
  turns(t: Partial<Record<"shot" | "freeze" | "heal" | "check" | "kill" | "don", Record<number, Seat>>> = {}): void {
    const order = [["shot", "night-shot"], ["freeze", "night-freeze"], ["heal", "night-heal"], ["check", "night-check"], ["kill", "night-kill"], ["don", "night-don-check"]] as const;
    for (const [key, phase] of order) {
      expect(this.phase).toBe(phase);
      for (const [seat, target] of Object.entries(t[key] ?? {})) this.act(Number(seat), this.use(Number(seat), target));
      expect(this.phase).toBe(phase);
      this.timeout();
    }
  }
  /**
   * A night choice of `seat` on `target` (issue 14: `{type: "use", ability, targets}`): the ability the
   * seat is offered now, else the one this phase runs for the seat's role (so a refused use names a
   * real ability of the step), else the step's first.
   */
  use(seat: Seat, target: Seat): PlayerAction {
    const offered = this.view(seat).you!.actions.find((a) => a.type === "use");
    if (offered && offered.type === "use") return { type: "use", ability: offered.ability, targets: [target] };
    const role = this.view(seat).you!.role;
    const byPhase: Record<string, string[]> = {
      "night-shot": ["mafia-shot"], "night-check": ["don-check", "sheriff-check", "commissar-check"], "night-freeze": ["freeze"],
      "night-heal": ["heal"], "night-kill": ["kill"], "night-don-check": ["don-commissar-check"],
    };
    const mine: Record<string, string> = { don: "don-check", sheriff: "sheriff-check", commissar: "commissar-check" };
    const step = byPhase[this.phase] ?? ["mafia-shot"];
    const ability = this.phase === "night-check" && role && mine[role] ? mine[role] : step[0]!;
    return { type: "use", ability, targets: [target] };
  }
  /** The night's remaining steps run out their clocks; the last words of the killed, if any, end. */
  restOfNight(): void {
    while (this.phase.startsWith("night-")) this.timeout();
    this.endSpeeches("last-words");
  }
  /** RULES.md §5.7 the live host confirms the current stage. */
  confirm(): GameEvent[] {
    const r = apply(this.state, { kind: "host", action: { type: "confirm" } }, this.now);
    if (!r.ok) throw new Error(`confirm rejected: ${r.rejection.code}`);
    this.state = r.state;
    this.events.push(...r.events);
    return r.events;
  }
  /** RULES.md §5.7 any input of the live host (end-now, a foul, undo…); throws when refused. */
  host(action: HostAction): GameEvent[] {
    const r = apply(this.state, { kind: "host", action }, this.now);
    if (!r.ok) throw new Error(`host ${action.type} rejected: ${r.rejection.code} ${r.rejection.message}`);
    this.state = r.state;
    this.events.push(...r.events);
    return r.events;
  }
  /** The log of one seat's view, as [type, data] pairs of the given types. */
  seen(seat: Seat, ...types: string[]): Array<[string, Record<string, unknown>]> {
    return this.view(seat).log.filter((e) => types.includes(e.type)).map((e) => [e.type, e.data]);
  }
  publicTypes(): string[] {
    return this.spectator().log.map((e) => e.type);
  }
  result() {
    return this.spectator().result;
  }
}

/** Standard layout used by most scenarios: 1 Don, 2–3 Mafia, 4 Sheriff, 5–10 Civilians. */
export const LAYOUT = "DMMSCCCCCC";

/** Effects of the abilities (night/abilities.ts), written out so the expectations below do not read the engine's table. */
const EFFECT: Record<string, string> = {
  "mafia-shot": "attack", kill: "attack", heal: "protect", freeze: "block",
  "sheriff-check": "check", "don-check": "check", "commissar-check": "check", "don-commissar-check": "check",
};

/** The `use` action a view should offer for `ability` on `seats` (one target; city's steps may be skipped, §7.6). */
export function offer(ability: string, seats: Seat[], skip = false) {
  return { type: "use", ability, label: `ability.${ability}`, effect: EFFECT[ability], targets: { min: 1, max: 1, seats }, skip };
}
