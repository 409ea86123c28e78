/**
 * Issue 20 ("Difficulty: at least two levels, chosen per table or per handed-over seat"): the level that
 * reaches shared/bots' botFor is the seat's own level (seat-to-bot `level`), else the table's `botLevel`
 * as it is at that move; each decision is a fresh bot seeded by table seed, seat and moment. Both levels
 * are one bot for now, so these tests watch the plumbing (which level botFor is called with), not play.
 * Also: the protocol's and the web's lists of levels are the bots' own list, and every line is filled.
 */
import * as v from "valibot";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { BOT_LEVELS, type BotLevel } from "../../shared/bots/levels.ts";
import { makePlayers } from "../../shared/bots/index.ts";
import { createGame, type GameState } from "../../shared/engine/index.ts";
import { BOT_LEVEL_IDS, CreateTableRequestSchema } from "../../shared/protocol/http.ts";
import { ControlRequestSchema, TableViewSchema } from "../../shared/protocol/messages.ts";
import { botMove, botSeatsOf, nextBotMoveAt } from "../../worker/table/bot-move.ts";
import { BOT_LEVEL_LINES, LEVELS } from "../../web/src/lib/bot-levels.ts";

/** botFor, watched: every call's level and seed, then the real bot. */
const calls: Array<{ level: BotLevel; seed: string }> = [];
vi.mock("../../shared/bots/levels.ts", async (original) => {
  const actual = await original<typeof import("../../shared/bots/levels.ts")>();
  return {
    ...actual,
    botFor: (level: BotLevel, seed: string) => {
      calls.push({ level, seed });
      return actual.botFor(level, seed);
    },
  };
});
beforeEach(() => {
  calls.length = 0;
});

/** A sport table in its deal: every seat has a card to take (a move to decide). */
const dealing = (): GameState => createGame("sport", {}, makePlayers(10, true), "bot-level", 0);

describe("issue 20: the bot level of a seat reaches botFor", () => {
  it("botMove asks botFor for the level it is given, seeded by table seed, seat and moment (a fresh bot per decision)", () => {
    const state = dealing();
    const a = botMove(state, "p1", "seed-x", "novice");
    const b = botMove(state, "p2", "seed-x", "strong");
    expect(calls.map((c) => c.level)).toEqual(["novice", "strong"]);
    expect(calls[0]!.seed).toMatch(/^seed-x\/bot\/p1\//);
    // Stateless: the same view, seed and level decide the same again.
    expect(botMove(state, "p1", "seed-x", "novice")).toEqual(a);
    expect(botMove(state, "p2", "seed-x", "strong")).toEqual(b);
    expect(calls[2]!.seed).toBe(calls[0]!.seed);
  });

  it("the table's bot seats, in seat order: a seat's own level wins, the others play at the table's level of the moment", () => {
    const players = [
      { playerId: "p3", bot: false, seat: 3, botLevel: null }, // a person: never a bot seat
      { playerId: "p2", bot: true, seat: 2, botLevel: null }, // a lobby bot, or handed over without a level
      { playerId: "p1", bot: true, seat: 1, botLevel: "novice" as const }, // handed over with a level of its own
      { playerId: "p4", bot: true, seat: 4 }, // no level field at all
      { playerId: "p9", bot: true, seat: null }, // a lobby bot before the seats are drawn: no move to make
    ];
    expect(botSeatsOf(players, { botLevel: "strong" })).toEqual([
      { playerId: "p1", seat: 1, level: "novice" },
      { playerId: "p2", seat: 2, level: "strong" },
      { playerId: "p4", seat: 4, level: "strong" },
    ]);
    // The organizer switches the table to novice: from the next move the seats without a level follow.
    expect(botSeatsOf(players, { botLevel: "novice" }).map((b) => b.level)).toEqual(["novice", "novice", "novice"]);
    const strong = botSeatsOf([{ playerId: "p1", bot: true, seat: 1, botLevel: "strong" }], { botLevel: "novice" });
    expect(strong).toEqual([{ playerId: "p1", seat: 1, level: "strong" }]);
  });

  it("scheduling asks each bot at its own level (nextBotMoveAt)", () => {
    const state = dealing();
    expect(nextBotMoveAt(state, [{ playerId: "p4", seat: 4, level: "novice" }], "seed-y", 1000, 0, 0)).toBe(1000);
    expect(calls).toEqual([{ level: "novice", seed: expect.stringMatching(/^seed-y\/bot\/p4\//) }]);
  });
});

describe("issue 20: one list of levels everywhere", () => {
  it("the protocol accepts every level of shared/bots and nothing else (create request, options, seat-to-bot)", () => {
    expect([...BOT_LEVEL_IDS]).toEqual([...BOT_LEVELS]);
    for (const level of BOT_LEVELS) {
      expect(v.safeParse(CreateTableRequestSchema, { presetId: "sport", botLevel: level }).success).toBe(true);
      expect(v.safeParse(ControlRequestSchema, { type: "options", botLevel: level }).success).toBe(true);
      expect(v.safeParse(ControlRequestSchema, { type: "seat-to-bot", seat: 3, level }).success).toBe(true);
    }
    for (const bad of ["expert", "", "Strong", 1, null]) {
      expect(v.safeParse(CreateTableRequestSchema, { presetId: "sport", botLevel: bad }).success).toBe(false);
      expect(v.safeParse(ControlRequestSchema, { type: "options", botLevel: bad }).success).toBe(false);
      expect(v.safeParse(ControlRequestSchema, { type: "seat-to-bot", seat: 3, level: bad }).success).toBe(false);
    }
    // The view's schema requires the table's level in its options.
    const options = TableViewSchema.entries.options;
    expect(v.safeParse(options.entries.botLevel, "novice").success).toBe(true);
    expect(v.safeParse(options.entries.botLevel, undefined).success).toBe(false);
  });

  it("the web's choices are the bots' levels, each with its line in uk, ru and en", () => {
    expect([...LEVELS]).toEqual([...BOT_LEVELS]);
    for (const [lang, lines] of Object.entries(BOT_LEVEL_LINES)) {
      for (const key of ["label", "about", ...BOT_LEVELS] as const) expect(lines[key]?.trim(), `${lang} ${key}`).toBeTruthy();
    }
    // Real translations, not English copies.
    expect(BOT_LEVEL_LINES.uk.novice).not.toBe(BOT_LEVEL_LINES.en.novice);
    expect(BOT_LEVEL_LINES.ru.about).not.toBe(BOT_LEVEL_LINES.uk.about);
  });
});
