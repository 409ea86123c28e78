/**
 * The open vocabulary: roles, abilities, an effect, a win rule and its reason, and a preset the engine
 * does not ship, registered from test fixtures only, played through the engine, the leak oracle, the
 * views and the protocol's check of every frame (RULES.md §5.3, §5.4 "a solo role wins by its own
 * condition").
 *
 * The fixtures (nothing under shared/, worker/ or web/, no catalogue line):
 *   test/fixtures/priest.ts       — the role "Priest" and its ability "sanctuary" (`protect` as data)
 *   test/fixtures/trap.ts         — the effect "trap", its resolution in its own module (addEffect)
 *   test/fixtures/trapper.ts      — the role "Trapper" and its ability "snare" of effect "trap"
 *   test/fixtures/hermit.ts       — the solo role "Hermit", his own win rule and result reason (addWinRule)
 *   test/fixtures/solo-preset.ts  — the preset "fixture-priest" that deals them (registerPreset)
 *
 * The Priest (red): once a game, at his own choice, he protects himself from one attack — target rules as
 * data (`self: "only"`, `timesPerGame: 1`) of the shipped `protect` effect (shared/engine/night/effects/).
 * The Trapper (red): each night a snare at another seat; whoever visits it tonight is attacked.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { HERMIT_REASON, HERMIT_RULE, fixturePreset } from "../../fixtures/solo-preset.ts";
import { GameViewSchema } from "../../../shared/protocol/messages.ts";
import { viewFor } from "../../../shared/engine/index.ts";
import { playGame } from "../../../shared/bots/index.ts";
import type { EngineState } from "../../../shared/engine/state.ts";
import type { GameView, PlayerAction, Seat } from "../../../shared/engine/types.ts";
import { firstWin, winRule } from "../../../shared/engine/win/index.ts";
import { assertEntitled } from "./entitlement.ts";
import { LETTER, Table } from "./harness.ts";

// The harness deals by letter: the fixture roles get lower-case ones.
LETTER.p = "priest";
LETTER.h = "hermit";
LETTER.t = "trapper";
/** 1 Don, 2 Mafia, 3 Priest, 4 Commissar, 5 Hermit, 6 Trapper, 7–10 Civilians. */
const LAYOUT = "DMpKhtCCCC";
const PRIEST = 3;
const TRAPPER = 6;

const use = (ability: string, ...targets: Seat[]): PlayerAction => ({ type: "use", ability, targets });
const step = (t: Table) => (t.s.stage as unknown as { data: { step: number } }).data.step;
const sanctuaryOffer = (v: GameView) => v.you!.actions.find((a) => a.type === "use" && a.ability === "sanctuary");
const alive = (t: Table, seat: Seat) => t.spectator().seats[seat - 1]!.alive;

/** Night falls after the day's speeches (no nomination); the mafia's step is running. */
function toNight(t: Table): void {
  t.speeches();
  expect(t.phase).toBe("night-turn");
  expect(step(t)).toBe(0);
}

/** Every viewer but the Priest: his ability (his choice, its use) is nowhere in their view while the game runs (the step itself is public: "priest"). */
function othersNeverSee(t: Table): void {
  for (let seat = 1; seat <= 10; seat++) if (seat !== PRIEST) expect(JSON.stringify(t.view(seat)), `seat ${seat}`).not.toContain("sanctuary");
  expect(JSON.stringify(t.spectator())).not.toContain("sanctuary");
}

/** Lets the clock run out, step after step, until `done` holds (a bounded number of steps). */
function until(t: Table, done: () => boolean): void {
  for (let i = 0; i < 200 && !done(); i++) t.timeout();
  expect(done()).toBe(true);
}

/** The frame check the protocol makes of a view (test/worker/helpers.ts checks every frame with the same schema). */
function onTheWire(view: GameView): void {
  const r = v.safeParse(GameViewSchema, view);
  expect(r.success, r.issues ? JSON.stringify(r.issues.map((i) => [i.path?.map((p) => p.key).join("."), i.message])) : "").toBe(true);
}

describe("the open vocabulary: roles, an effect and a win reason from fixtures only (§5.3, §5.4)", () => {
  it("the fixtures are not shipped: no file under shared/, worker/ or web/ imports test/fixtures", () => {
    const root = resolve(__dirname, "../../..");
    const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return f === "node_modules" || f === "dist" ? [] : statSync(p).isDirectory() ? files(p) : /\.(ts|tsx|js|mjs)$/.test(f) ? [p] : [];
    });
    const shipped = ["shared", "worker", "web"].flatMap((d) => files(join(root, d)));
    expect(shipped.length).toBeGreaterThan(100);
    expect(shipped.filter((f) => /fixtures\/(priest|trap|trapper|hermit|solo-preset)/.test(readFileSync(f, "utf8")))).toEqual([]);
  });

  it("the Priest protects himself the night he is shot and survives; he cannot name another seat; a second self-protection is refused", () => {
    const t = new Table({ preset: "fixture-priest", roles: LAYOUT });
    expect(t.view(PRIEST).you!.role).toBe("priest");
    toNight(t);
    t.act(1, use("mafia-shot", PRIEST));
    t.act(2, use("mafia-shot", PRIEST));
    t.timeout();
    expect(step(t)).toBe(1);
    // Self-only: the offer lists his own seat alone; another seat is refused and changes nothing.
    expect(sanctuaryOffer(t.view(PRIEST))).toMatchObject({ effect: "protect", targets: { min: 1, max: 1, seats: [PRIEST] }, skip: true });
    for (let seat = 1; seat <= 10; seat++) if (seat !== PRIEST) expect(sanctuaryOffer(t.view(seat)), `seat ${seat}`).toBeUndefined();
    t.reject(PRIEST, use("sanctuary", 4), "illegal-target");
    t.act(PRIEST, use("sanctuary", PRIEST));
    expect(t.seen(PRIEST, "used")).toEqual([["used", { by: PRIEST, ability: "sanctuary", target: PRIEST, night: 1 }]]);
    othersNeverSee(t);
    while (t.phase === "night-turn") t.timeout();
    // The morning: the shot was stopped — nobody killed, the Priest lives.
    expect(alive(t, PRIEST)).toBe(true);
    expect(t.publicTypes()).toContain("nobody-killed");
    othersNeverSee(t);

    // Night 2: once a game — no offer, a self-protection is refused, and this time the shot kills him.
    t.speeches();
    expect(t.phase).toBe("night-turn");
    t.act(1, use("mafia-shot", PRIEST));
    t.act(2, use("mafia-shot", PRIEST));
    t.timeout();
    expect(step(t)).toBe(1);
    expect(sanctuaryOffer(t.view(PRIEST))).toBeUndefined();
    t.reject(PRIEST, use("sanctuary", PRIEST), "illegal-target");
    while (t.phase === "night-turn") t.timeout();
    expect(alive(t, PRIEST)).toBe(false);
    expect(t.spectator().log.filter((e) => e.type === "killed").map((e) => e.data)).toEqual([{ seat: PRIEST }]);
  });

  it("a skip keeps the sanctuary for a later night (only an effective use counts)", () => {
    const t = new Table({ preset: "fixture-priest", roles: LAYOUT });
    toNight(t);
    t.timeout();
    t.act(PRIEST, { type: "skip", ability: "sanctuary" });
    while (t.phase === "night-turn") t.timeout();
    t.speeches();
    t.timeout();
    expect(sanctuaryOffer(t.view(PRIEST))).toMatchObject({ targets: { seats: [PRIEST] } });
  });

  it("§5.3 the Trapper's snare (an effect the engine does not ship) attacks the mafia's shooters who visit the snared seat; the offer carries the effect \"trap\" to the wire", () => {
    const t = new Table({ preset: "fixture-priest", roles: LAYOUT });
    toNight(t);
    t.act(1, use("mafia-shot", 7));
    t.act(2, use("mafia-shot", 7));
    t.timeout();
    t.timeout();
    expect(step(t)).toBe(2);
    const offer = t.view(TRAPPER).you!.actions.find((a) => a.type === "use" && a.ability === "snare");
    expect(offer).toMatchObject({ effect: "trap", label: "ability.snare", targets: { min: 1, max: 1 }, skip: true });
    expect(offer!.type === "use" && offer!.targets.seats).not.toContain(TRAPPER);
    onTheWire(t.view(TRAPPER));
    t.act(TRAPPER, use("snare", 7));
    expect(t.seen(TRAPPER, "used")).toEqual([["used", { by: TRAPPER, ability: "snare", target: 7, night: 1 }]]);
    for (let seat = 1; seat <= 10; seat++) if (seat !== TRAPPER) expect(JSON.stringify(t.view(seat)), `seat ${seat}`).not.toContain("snare");
    while (t.phase === "night-turn") t.timeout();
    // The morning: the shot's victim and both shooters (they visited seat 7) are killed.
    expect(t.spectator().log.filter((e) => e.type === "killed").map((e) => e.data.seat).sort()).toEqual([1, 2, 7]);
    until(t, () => t.spectator().result !== null);
    const end = t.spectator();
    expect(end.result!.nights![0]!.steps).toEqual(expect.arrayContaining([
      { kind: "attack", by: [TRAPPER], ability: "snare", target: 1, outcome: "killed" },
      { kind: "attack", by: [TRAPPER], ability: "snare", target: 2, outcome: "killed" },
    ]));
    onTheWire(end);
  });

  it("§5.3 a snare nobody visits attacks nobody; the Priest's sanctuary stops the snare's attack as it stops a shot", () => {
    const t = new Table({ preset: "fixture-priest", roles: LAYOUT });
    toNight(t);
    t.act(1, use("mafia-shot", 7));
    t.act(2, use("mafia-shot", 7));
    t.timeout();
    t.timeout();
    t.act(TRAPPER, use("snare", 8));
    while (t.phase === "night-turn") t.timeout();
    expect(t.spectator().log.filter((e) => e.type === "killed").map((e) => e.data.seat)).toEqual([7]);
    // Night 2: the Priest visits the Trapper's snare (his sanctuary names himself, but a visit to the snare is a visit):
    // the Priest sits in the snare — he shields himself, and the snare's attack takes that shield.
    until(t, () => t.phase === "night-turn" && step(t) === 1);
    t.act(PRIEST, use("sanctuary", PRIEST));
    t.timeout();
    t.act(TRAPPER, use("snare", PRIEST));
    while (t.phase === "night-turn") t.timeout();
    expect(alive(t, PRIEST)).toBe(true);
    const steps = (t.state as unknown as EngineState).nights!.at(-1)!.steps;
    expect(steps).toContainEqual({ kind: "attack", by: [TRAPPER], ability: "snare", target: PRIEST, outcome: "stopped", stoppedBy: PRIEST, stoppedWith: "sanctuary" });
    // Night 1's snare on seat 8, which nobody visited, attacked nobody.
    expect((t.state as unknown as EngineState).nights![0]!.steps.filter((x) => x.kind === "attack" && x.ability === "snare")).toEqual([]);
  });

  it("§5.4 the Hermit's own win rule (registered by the fixture) ends the game with his own reason where the preset's list says \"roles\"", () => {
    expect(winRule(HERMIT_RULE).id).toBe(HERMIT_RULE);
    const s = new Table({ preset: "fixture-priest", roles: LAYOUT }).state as unknown as EngineState;
    for (const p of s.players) p.alive = [1, 3, 5].includes(p.seat);
    expect(firstWin(fixturePreset.win, s)).toEqual({ winner: "solo", reason: HERMIT_REASON });
    // Without the Hermit the town's and the mafia's rules decide as in city (§5.4).
    for (const p of s.players) p.alive = [1, 3, 4].includes(p.seat);
    expect(firstWin(fixturePreset.win, s)).toBeNull();
    for (const p of s.players) p.alive = [1, 3].includes(p.seat);
    expect(firstWin(fixturePreset.win, s)).toEqual({ winner: "black", reason: "mafia-parity" });
  });

  it("bot games of the fixture preset: every view after every input passes the leak oracle and the protocol's frame check; the Priest protects himself, the snare kills, the Hermit wins with his own reason", () => {
    let sanctuaries = 0;
    let snared = 0;
    let hermit = 0;
    for (let g = 0; g < 40; g++) {
      const ids = Array.from({ length: 10 }, (_, i) => `p${i + 1}`);
      const seen = new Map<string | null, number>();
      const r = playGame({
        presetId: "fixture-priest", seats: 10, seed: `priest-${g}`, bots: g % 2 ? "heuristic" : "random", mode: g % 2 ? "view" : "fast",
        onInput: (state) => {
          for (const id of [...ids, null]) {
            const view = viewFor(state, id ? { kind: "player", playerId: id } : { kind: "spectator" });
            seen.set(id, assertEntitled(state, id, view, seen.get(id) ?? 0));
            // The wire: the first games' every frame (the checks cost more than the games).
            if (g < 6) onTheWire(view);
          }
        },
      });
      expect(r.rejections).toBe(0);
      const s = r.state as unknown as { result: { winner: string } | null; events: Array<{ type: string; data: Record<string, unknown> }> };
      expect(s.result, `game ${g} did not end`).not.toBeNull();
      sanctuaries += s.events.filter((e) => e.type === "used" && e.data.ability === "sanctuary").length;
      const end = viewFor(r.state, { kind: "spectator" });
      onTheWire(end);
      snared += (end.result!.nights ?? []).flatMap((n) => n.steps).filter((x) => x.kind === "attack" && x.ability === "snare" && x.outcome === "killed").length;
      if (s.result!.winner === "solo") {
        hermit++;
        expect(end.result!.reason).toBe(HERMIT_REASON);
      }
    }
    expect(sanctuaries).toBeGreaterThan(0);
    expect(snared).toBeGreaterThan(0);
    expect(hermit).toBeGreaterThan(0);
  }, 120_000);

  it("the protocol checks the vocabulary against the registries: an effect or a result reason nobody registered is refused", () => {
    const t = new Table({ preset: "fixture-priest", roles: LAYOUT });
    toNight(t);
    t.timeout();
    t.timeout();
    const view = t.view(TRAPPER);
    onTheWire(view);
    const offer = view.you!.actions.find((a) => a.type === "use")!;
    expect(v.safeParse(GameViewSchema, { ...view, you: { ...view.you!, actions: [{ ...offer, effect: "no-such-effect" }] } }).success).toBe(false);
    const roles = [{ seat: 1, nickname: "a", role: "hermit", team: "solo" as const }];
    expect(v.safeParse(GameViewSchema, { ...view, result: { winner: "solo", reason: HERMIT_REASON, roles } }).success).toBe(true);
    expect(v.safeParse(GameViewSchema, { ...view, result: { winner: "solo", reason: "no-such-reason", roles } }).success).toBe(false);
  });
});
