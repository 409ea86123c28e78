/**
 * Issue 20: the strong and novice bots. They decide from their own view only — the delta frames a
 * connection at their seat receives — and the leak oracle checks those very views; a fresh bot given the
 * full view at the same moment decides the same (what the table object does: worker/table/bots.ts); and
 * they play their roles on purpose (scenario properties read from the game records).
 */
import { describe, expect, it } from "vitest";
import { viewFor } from "../../../shared/engine/index.ts";
import { allPresetIds } from "../../../shared/engine/presets/index.ts";
import { playGame, strongBot, type BotKind } from "../../../shared/bots/index.ts";
import { assertEntitled } from "../engine/entitlement.ts";

interface Ev { seq: number; day: number; type: string; data: Record<string, unknown>; audience: { kind: string; seats?: number[] } }
interface Pl { id: string; seat: number; role: string; team: string }
interface St { result: { winner: string } | null; events: Ev[]; players: Pl[] }

const kinds = (seats: number, g: number): BotKind[] => Array.from({ length: seats }, (_, i) => (g % 3 === 2 && i % 3 === 0 ? "novice" : "strong"));

describe("issue 20: strong and novice bots read nothing beyond their own view", () => {
  for (const preset of allPresetIds()) {
    it(`${preset}: every view a bot is given passes the leak oracle, is the delta its connection would get, and a fresh bot on the full view decides the same`, () => {
      let views = 0;
      let compared = 0;
      for (let g = 0; g < 12; g++) {
        const seats = preset === "club" ? 12 : preset === "host-classic" ? 8 + (g % 5) : preset === "custom" ? 10 : undefined;
        const given = new Map<string, number>();
        const logs = new Map<string, unknown[]>();
        let pending: { id: string; action: unknown } | null = null;
        const r = playGame({
          presetId: preset, seed: `strong-views-${preset}-${g}`, ...(seats ? { seats } : {}), bots: kinds(seats ?? 12, g), mode: "view",
          onView: (state, id, view) => {
            views++;
            // A delta continues exactly where the previous view of that seat stopped.
            expect(view.logAfter ?? 0).toBe(given.get(id) ?? 0);
            given.set(id, view.logUpTo);
            // The oracle walks every entry the bot is given, in the context of what it was given before.
            const log = [...(logs.get(id) ?? []), ...view.log];
            logs.set(id, log);
            assertEntitled(state, id, { ...view, log }, log.length - view.log.length);
            if (views % 25 === 0) expect(log).toEqual(viewFor(state, { kind: "player", playerId: id }).log);
            // The bot the table object would make (fresh, on the full view) must decide what this one does.
            if (view.you && view.you.actions.length) {
              const kind = kinds(seats ?? 12, g)[Number(id.slice(1)) - 1] as "strong" | "novice";
              pending = { id, action: strongBot(`strong-views-${preset}-${g}/${id}`, kind).decide(viewFor(state, { kind: "player", playerId: id })) };
            }
          },
          onInput: (_state, input) => {
            if (input.kind !== "act" || !pending || input.playerId !== pending.id) return;
            expect(input.action).toEqual(pending.action);
            compared++;
            pending = null;
          },
        });
        expect(r.rejections, `${preset} game ${g}: a bot's input was refused`).toBe(0);
        expect((r.state as unknown as St).result, `${preset} game ${g} did not end`).not.toBeNull();
      }
      expect(views).toBeGreaterThan(12 * 15);
      expect(compared).toBeGreaterThan(12 * 15);
    });
  }
});
