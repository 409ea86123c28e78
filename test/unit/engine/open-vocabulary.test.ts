/**
 * Issue 33 "proof that the vocabulary is open": a role and a preset the engine does not ship, registered
 * from test fixtures only, played through the engine, the leak oracle and the views.
 *
 * Files this test touched to make it work (nothing under shared/, worker/ or web/, no catalogue line):
 *   test/fixtures/priest.ts       — the role "Priest" and its ability "sanctuary" (addRole, addAbility)
 *   test/fixtures/solo-preset.ts  — the solo role "Hermit", its NEW win rule (addWinRule) and the preset
 *                                   "fixture-priest" (registerPreset)
 *   test/unit/engine/open-vocabulary.test.ts — this file
 * What had to open first (engine and oracle, so that the above is all a new role needs): roles/index.ts
 * `addRole`, night/abilities.ts `addAbility` and `targets.self: "only"`, the night's effects as modules
 * (night/effects/), and the leak oracle's role lists rebuilt when a role is added (entitlement.ts).
 *
 * The Priest (red): once a game, at his own choice, he protects himself from one attack — target rules as
 * data (`self: "only"`, `timesPerGame: 1`) of the shipped `protect` effect (shared/engine/night/effects/).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { HERMIT_RULE, fixturePreset } from "../../fixtures/solo-preset.ts";
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
/** 1 Don, 2 Mafia, 3 Priest, 4 Commissar, 5 Hermit, 6–10 Civilians. */
const LAYOUT = "DMpKhCCCCC";
const PRIEST = 3;

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

describe("issue 33: a role and a win rule from fixtures only", () => {
  it("the fixtures are not shipped: no file under shared/, worker/ or web/ imports test/fixtures", () => {
    const root = resolve(__dirname, "../../..");
    const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return f === "node_modules" || f === "dist" ? [] : statSync(p).isDirectory() ? files(p) : /\.(ts|tsx|js|mjs)$/.test(f) ? [p] : [];
    });
    const shipped = ["shared", "worker", "web"].flatMap((d) => files(join(root, d)));
    expect(shipped.length).toBeGreaterThan(100);
    expect(shipped.filter((f) => /fixtures\/(priest|solo-preset)/.test(readFileSync(f, "utf8")))).toEqual([]);
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

  it("the Hermit's own win rule (registered by the fixture) ends the game where the preset's list says \"roles\"", () => {
    expect(winRule(HERMIT_RULE).id).toBe(HERMIT_RULE);
    const s = new Table({ preset: "fixture-priest", roles: LAYOUT }).state as unknown as EngineState;
    for (const p of s.players) p.alive = [1, 3, 5].includes(p.seat);
    expect(firstWin(fixturePreset.win, s)).toEqual({ winner: "solo", reason: "maniac-last-standing" });
    // Without the Hermit the town's and the mafia's rules decide as in city (§5.4).
    for (const p of s.players) p.alive = [1, 3, 4].includes(p.seat);
    expect(firstWin(fixturePreset.win, s)).toBeNull();
    for (const p of s.players) p.alive = [1, 3].includes(p.seat);
    expect(firstWin(fixturePreset.win, s)).toEqual({ winner: "black", reason: "mafia-parity" });
  });

  it("bot games of the fixture preset: every view of every player and a spectator after every input passes the leak oracle; the Priest protects himself and the Hermit wins some", () => {
    let sanctuaries = 0;
    let hermit = 0;
    for (let g = 0; g < 40; g++) {
      const ids = Array.from({ length: 10 }, (_, i) => `p${i + 1}`);
      const seen = new Map<string | null, number>();
      const r = playGame({
        presetId: "fixture-priest", seats: 10, seed: `priest-${g}`, bots: g % 2 ? "heuristic" : "random", mode: g % 2 ? "view" : "fast",
        onInput: (state) => {
          for (const id of [...ids, null]) seen.set(id, assertEntitled(state, id, viewFor(state, id ? { kind: "player", playerId: id } : { kind: "spectator" }), seen.get(id) ?? 0));
        },
      });
      expect(r.rejections).toBe(0);
      const s = r.state as unknown as { result: { winner: string } | null; events: Array<{ type: string; data: Record<string, unknown> }> };
      expect(s.result, `game ${g} did not end`).not.toBeNull();
      sanctuaries += s.events.filter((e) => e.type === "used" && e.data.ability === "sanctuary").length;
      if (s.result!.winner === "solo") hermit++;
    }
    expect(sanctuaries).toBeGreaterThan(0);
    expect(hermit).toBeGreaterThan(0);
  }, 120_000);
});
