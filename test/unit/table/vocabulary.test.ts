/**
 * The page's generic words for the engine's open vocabulary (web/src/table/vocabulary.ts), read from real
 * engine views of the fixture preset (test/fixtures/solo-preset.ts), whose roles, effect and win reason
 * no catalogue knows: the Trapper's snare (effect "trap", RULES.md §5.3) and the Hermit's own win
 * (§5.4 "a solo role wins by its own condition"). Rendered through the real catalogues (en, uk, ru)
 * with the web's own substitution.
 */
import { describe, expect, it } from "vitest";
import { HERMIT_REASON } from "../../fixtures/solo-preset.ts";
import { viewFor } from "../../../shared/engine/index.ts";
import { playGame } from "../../../shared/bots/index.ts";
import type { AvailableAction, GameView } from "../../../shared/engine/types.ts";
import { en } from "../../../web/src/i18n/en.ts";
import { fill } from "../../../web/src/i18n/plural.ts";
import { ru } from "../../../web/src/i18n/ru.ts";
import { uk } from "../../../web/src/i18n/uk.ts";
import { nameOf, reasonText, winnerText, type Words } from "../../../web/src/table/vocabulary.ts";

const CATALOGUES = { en, uk, ru } as Record<string, Record<string, string>>;
const wordsOf = (cat: Record<string, string>): Words => (key, params) => (Object.hasOwn(cat, key) ? fill(cat[key]!, params) : null);

/** The end of the first bot game of the fixture preset the Hermit wins (with his own reason). */
function hermitWin(): NonNullable<GameView["result"]> {
  for (let g = 0; g < 60; g++) {
    const r = playGame({ presetId: "fixture-priest", seats: 10, seed: `words-${g}`, bots: "random", mode: "fast" });
    const result = viewFor(r.state, { kind: "spectator" }).result;
    if (result?.winner === "solo") return result;
  }
  throw new Error("no Hermit win in 60 games");
}

describe("the open vocabulary on the page: an id no catalogue knows reads in its own words (§5.3, §5.4)", () => {
  it("§5.4 the Hermit's win: the winner line names the solo role, the reason line reads his rule's own words, in en, uk and ru", () => {
    const result = hermitWin();
    expect(result.reason).toBe(HERMIT_REASON);
    for (const [lang, cat] of Object.entries(CATALOGUES)) {
      const words = wordsOf(cat);
      expect(cat[`reason.${HERMIT_REASON}`], lang).toBeUndefined();
      expect(winnerText(words, result), lang).toBe(fill(cat["end.win.solo.own"]!, { role: "Hermit" }));
      expect(reasonText(words, result), lang).toBe(fill(cat["reason.own"]!, { rule: "hermit outlasted" }));
      expect(reasonText(words, result), lang).toContain("hermit outlasted");
    }
    expect(winnerText(wordsOf(en), result)).toBe("Hermit wins alone");
  });

  it("§5.4 a reason the catalogue knows keeps its format's lines (the Maniac's last stand, the town's win)", () => {
    const words = wordsOf(en);
    const roles = [{ seat: 1, nickname: "a", role: "maniac", team: "solo" as const }];
    expect(winnerText(words, { winner: "solo", reason: "maniac-last-standing", roles })).toBe(en["end.win.solo"]);
    expect(reasonText(words, { reason: "maniac-last-standing" })).toBe(en["reason.maniac-last-standing"]);
    expect(winnerText(words, { winner: "red", reason: "town-eliminated-mafia", roles })).toBe(en["end.win.red"]);
  });

  it("§5.3 the Trapper's snare (effect \"trap\"): its offer is named by the ability's own label; a shipped ability by its catalogue line", () => {
    type Use = Extract<AvailableAction, { type: "use" }>;
    let offer: Use | undefined;
    playGame({
      presetId: "fixture-priest", seats: 10, seed: "words-snare", bots: "random", mode: "fast",
      onInput: (state) => {
        for (let n = 1; n <= 10 && !offer; n++) offer = viewFor(state, { kind: "player", playerId: `p${n}` }).you?.actions.find((a): a is Use => a.type === "use" && a.effect === "trap");
      },
    });
    expect(offer).toMatchObject({ ability: "snare", label: "ability.snare", effect: "trap" });
    for (const [lang, cat] of Object.entries(CATALOGUES)) {
      expect(nameOf(wordsOf(cat), offer!.label, offer!.ability), lang).toBe("Snare");
      expect(nameOf(wordsOf(cat), "ability.heal", "heal"), lang).toBe(cat["ability.heal"]);
    }
  });
});
