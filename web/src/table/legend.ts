/** Issue 31.7: the rows of the seat marks' legend (MarkLegend.tsx) — plain data, so a unit test reads it. */
import type { GameView } from "../../../shared/engine/types.ts";
import type { MessageKey as Key } from "../i18n/en.ts";

export type Row = readonly [glyph: string, key: Key];

export function legendRows(g: Pick<GameView, "presetId" | "you">, counts: Readonly<Record<string, number>>): Row[] {
  const black = g.you?.team === "black";
  const rows: Row[] = [
    ["⚑", "legend.nominated"],
    ["◉", "legend.speaking"],
    ["☑2", "legend.votes"],
    ["✓♠ ✓♥", "legend.checks"],
  ];
  if (black) rows.push(["♠", "legend.teammate"], ["✖2", "legend.tally"]);
  if (g.presetId === "tatar") rows.push(["☝", "legend.voter"], ["☂", "legend.consigliere"]);
  if (g.presetId === "club") rows.push(["✚", "legend.immune"], ["⚖", "legend.candidate"]);
  if ((counts["curser"] ?? 0) > 0) rows.push(["☠︎", "legend.cursed"]);
  if ((counts["witness"] ?? 0) > 0) rows.push(["◎♠", "legend.witnessed"]);
  if ((counts["judge"] ?? 0) > 0) rows.push(["×2", "legend.judge"]);
  rows.push(["1", "legend.fouls"], ["♪", "legend.talking"], ["◌", "legend.away"], ["⚙", "legend.bot"]);
  return rows;
}

