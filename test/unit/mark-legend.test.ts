/**
 * The seat marks' legend lists what the view says this viewer can meet (GameView.marks, built by the
 * engine: shared/engine/view-facts.ts) — no tatar mark at a sport table, a black player's teammate and
 * tally only for the black team (RULES.md §2.2), the voter in turn and the consigliere at tatar (§7.3,
 * §7.10), the club's immunity and candidates (§6.10, §6.5), the curse and the witness only where the
 * composition deals them (§6) — and every line exists in uk, ru and en. Driven by real engine games.
 */
import { describe, expect, it } from "vitest";
import type { GameView } from "../../shared/engine/types.ts";
import { legendRows } from "../../web/src/table/legend.ts";
import { en } from "../../web/src/i18n/en.ts";
import { uk } from "../../web/src/i18n/uk.ts";
import { ru } from "../../web/src/i18n/ru.ts";
import { ALL, club } from "./engine/club-helpers.ts";
import { Table } from "./engine/harness.ts";

const keys = (g: GameView) => legendRows(g).map(([, k]) => k.slice("legend.".length));
/** Sport, seats by role: 1 Don, 2–3 Mafia, 4 Sheriff, 5–10 Civilians. */
const sport = () => new Table({ roles: "DMMSCCCCCC" });
const tatar = () => new Table({ preset: "tatar", roles: "DMMPHKXCCCCC" });

describe("the seat marks' legend is the view's (GameView.marks)", () => {
  it("sport, a red player: the common marks, no teammate, no tally, no tatar or club mark", () => {
    const k = keys(sport().view(4));
    expect(k).toEqual(expect.arrayContaining(["nominated", "speaking", "votes", "checks", "fouls", "away", "bot"]));
    for (const x of ["teammate", "tally", "voter", "consigliere", "immune", "candidate", "cursed", "witnessed", "judge"]) expect(k).not.toContain(x);
  });
  it("RULES.md §2.2 sport, a black player: the teammate and the team's tally", () => {
    expect(keys(sport().view(2))).toEqual(expect.arrayContaining(["teammate", "tally"]));
  });
  it("RULES.md §7.3, §7.10 tatar: the voter's turn and the consigliere", () => {
    expect(keys(tatar().view(8))).toEqual(expect.arrayContaining(["voter", "consigliere"]));
  });
  it("RULES.md §6 club: immunity and candidates; the curse and the witness only where the composition deals them", () => {
    const plain = keys(club().view(12));
    expect(plain).toEqual(expect.arrayContaining(["immune", "candidate"]));
    expect(plain).not.toContain("cursed");
    expect(keys(club({ roles: ALL }).view(12))).toEqual(expect.arrayContaining(["cursed", "witnessed"]));
  });
  it("a spectator (no seat): the public marks only", () => {
    expect(keys(sport().spectator())).not.toContain("teammate");
  });
  it("every line in uk, ru and en", () => {
    const all = new Set([...keys(club({ roles: ALL }).view(1)), ...keys(tatar().view(1))]);
    expect(all.size).toBeGreaterThan(10);
    for (const cat of [en, uk, ru] as Array<Record<string, string>>) for (const k of [...all, "title", "open"]) expect(cat[`legend.${k}`], k).toBeTruthy();
  });
});
