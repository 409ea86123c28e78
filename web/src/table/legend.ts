/**
 * The rows of the seat marks' legend (MarkLegend.tsx) — plain data, so a unit test reads it. Which marks
 * this viewer can meet in this game is the view's (`GameView.marks`, shared/engine/view-facts.ts: the
 * format's marks, the dealt roles' marks, a black player's own); this only draws each mark's glyph.
 */
import type { GameView, LegendMark } from "../../../shared/engine/types.ts";
import type { MessageKey as Key } from "../i18n/en.ts";

export type Row = readonly [glyph: string, key: Key];

/** Each mark's glyph on the oval (Oval.tsx draws the same). */
const GLYPH: Record<LegendMark, string> = {
  nominated: "⚑", speaking: "◉", votes: "☑2", checks: "✓♠ ✓♥",
  teammate: "♠", tally: "✖2", voter: "☝", consigliere: "☂", immune: "✚", candidate: "⚖",
  cursed: "☠︎", witnessed: "◎♠", judge: "×2",
  fouls: "1", talking: "♪", away: "◌", bot: "⚙",
};

export function legendRows(g: Pick<GameView, "marks">): Row[] {
  return (g.marks ?? []).map((m) => [GLYPH[m], `legend.${m}` as Key] as const);
}
