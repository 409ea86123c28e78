/**
 * Property: in 1,000+ seeded random games, after every input, every viewer's view (each player and a
 * spectator) contains nothing that viewer is not entitled to (RULES.md §1 Secrets): others' roles
 * before the end, others' checks, night targets, the shooting plan, hidden votes before the count,
 * the seed and the PRNG state. The oracle (entitlement.ts) is independent of viewFor.
 */
import { expect } from "vitest";
import { viewFor } from "../../../shared/engine/index.ts";
import { playGame, type BotKind } from "../../../shared/bots/index.ts";
import { assertEntitled } from "./entitlement.ts";


function settingsFor(g: number): Record<string, unknown> {
  return { voting: g % 2 ? "open" : "closed", autoDeal: g % 5 === 0, breakAtZero: g % 3 === 0, liftAtZero: g % 4 === 0 };
}

/** Plays games [from, to) and checks every view after every input. */
export function propertyShard(from: number, to: number): void {
  {
    let inputs = 0;
    let views = 0;
    const outcomes: Record<string, number> = {};
    for (let g = from; g < to; g++) {
      const ids = Array.from({ length: 10 }, (_, i) => `p${i + 1}`);
      const seen = new Map<string | null, number>();
      const bots: BotKind[] = ids.map((_, i) => (g % 3 === 0 && i % 2 ? "heuristic" : "random"));
      const r = playGame({
        seed: `prop-${g}`,
        settings: settingsFor(g),
        bots,
        mode: g % 3 === 0 ? "view" : "fast", // fast: random-legal policy on actionsFor (== view.you.actions)
        botFlag: g % 2 === 0 ? false : true, // humans: technical votes happen
        onInput: (state) => {
          inputs++;
          for (const id of [...ids, null]) {
            const v = viewFor(state, id ? { kind: "player", playerId: id } : { kind: "spectator" });
            seen.set(id, assertEntitled(state, id, v, seen.get(id) ?? 0));
            views++;
          }
        },
      });
      expect(r.rejections).toBe(0); // every action a view offered was accepted
      const res = (r.state as unknown as { result: { winner: string } | null }).result;
      outcomes[res?.winner ?? "none"] = (outcomes[res?.winner ?? "none"] ?? 0) + 1;
    }
    expect(outcomes.none ?? 0).toBe(0);
    expect(inputs).toBeGreaterThan((to - from) * 50);
    expect(views).toBe(inputs * 11);
  }
}
