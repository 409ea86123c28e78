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
import { DEEP, FULL } from "../deep.ts";


/** The profiles (RULES.md §5.5): the tempo, and for Custom a composition of §5.6 roles that varies with the game. */
const PROFILES = new Set(["classic", "extended", "fast", "dark-city", "custom"]);
const CUSTOM_MIXES: Array<Record<string, number>> = [
  { mafia: 1, blocker: 1, mistress: 1, tracker: 1, watcher: 1, bodyguard: 1, lawyer: 1 },
  { don: 1, blackmailer: 1, jailer: 1, agent: 1, immortal: 1, avenger: 1, judge: 1, doctor: 1 },
  { mafia: 2, maniac: 1, commissar: 1, doctor: 1, lawyer: 1, agent: 1, tracker: 1 },
  {},
];

/** RULES.md §6 club: compositions set by the creator (the defaults, every role, many black, solo players only). */
const CLUB_MIXES: Array<Record<string, number>> = [
  {},
  { curser: 1, swindler: 1, werewolf: 1, kamikaze: 1, witness: 1 },
  { mafia: 3, curser: 1, swindler: 1, witness: 1 },
  { mafia: 1, commissar: 0, doctor: 0, curser: 1, werewolf: 1, kamikaze: 1 },
];

export function settingsFor(g: number, presetId = "sport"): Record<string, unknown> {
  if (presetId === "club") return CLUB_MIXES[g % CLUB_MIXES.length]!;
  if (presetId === "fast" || presetId === "dark-city" || presetId === "tatar" || presetId === "host-classic") return {};
  if (presetId === "classic" || presetId === "extended") return { tempo: [180, 300, 480][g % 3] };
  if (presetId === "custom") {
    return { tempo: 180, majority: g % 2 ? "absolute" : "plurality", voting: g % 3 === 0 ? "closed" : "open", onTie: (["nobody", "all", "random"] as const)[g % 3], ...CUSTOM_MIXES[g % CUSTOM_MIXES.length] };
  }
  const base = { voting: g % 2 ? "open" : "closed", autoDeal: g % 5 === 0, breakAtZero: g % 3 === 0, liftAtZero: g % 4 === 0 };
  if (presetId !== "city") return base;
  // §3 city: the Maniac's side, the Mafia count, the speech length and the night timers vary too.
  return {
    ...base,
    maniac: g % 4 === 1 ? "red" : "solo",
    ...(g % 5 === 2 ? { mafia: 1 + (g % 3) } : {}),
    speech: [30, 45, 60][g % 3],
    ...(g % 6 === 5 ? { mafiaSeconds: 30, putanaSeconds: 5, doctorSeconds: 15 } : {}),
  };
}

/**
 * How many games a run plays (RULES.md §1 Secrets is checked the same way in each):
 * - `npm test`: a fixed, small set per shard (QUICK below), chosen so that every table size, every
 *   variant of settingsFor, the bot mixes, both modes and the live host (§5.7) each come round at least once;
 * - `npm run test:deep` (TEST_DEEP=1, before a release): the first half of each shard's range;
 * - FULL=1: every game of the range, the long run.
 * Seeds are the game numbers, never the clock: a failing game replays from its number.
 */

/**
 * `npm test`'s games per preset. A number is a window of that many consecutive games from the shard's
 * first: every game's variants cycle with g (seats, settings, bots, mode, the live host at g % 7 = 3), so a
 * window as long as the longest cycle it needs meets each value once. A list names the games outright
 * (shards starting at 0) where a whole window would be slow: the 20-seat profiles cost ~10 s a game.
 * - sport 6: voting (g % 2), break and lift at zero (g % 3, g % 4), the auto deal (g % 5), bots and mode (g % 3);
 * - city 7: 10/11/12 seats (g % 3), a live host (g = 3), the red Maniac (g % 4 = 1), the Mafia count (g = 2), the night timers (g = 5);
 * - host-classic 9: every size 8–16 (g % 9), a live host at 3;
 * - club 7: 12–15 seats with each composition (g % 4), a live host at 3; tatar 7: a live host at 3;
 * - fast 7: 6–8 seats, a live host at 3; dark-city 7: every size 9–15; custom 7: 10–16 seats, each §5.6 mix (g % 4),
 *   majority, voting and tie rules (g % 2, g % 3);
 * - classic 0, 5, 10: 6 seats (no Don), 11 (the Don), 16 with a live host; each tempo (g % 3), humans and bots;
 * - extended 0, 3, 5: 8 seats, 11 with a live host (Mistress, Bodyguard, Tracker), 13 (the Watcher, Judge
 *   and Blackmailer); humans and bots.
 */
const QUICK: Record<string, number | number[]> = {
  sport: 6, city: 7, "host-classic": 9, club: 7, tatar: 7, fast: 7, "dark-city": 7, custom: 7,
  classic: [0, 5, 10], extended: [0, 3, 5],
};

/** The games a shard [from, to) plays in this run. */
export function shardGames(from: number, to: number, presetId = "sport"): number[] {
  const span = (a: number, b: number) => Array.from({ length: Math.max(0, b - a) }, (_, i) => a + i);
  if (FULL) return span(from, to);
  if (DEEP) return span(from, from + Math.ceil((to - from) / 2));
  const quick = QUICK[presetId] ?? 7;
  return typeof quick === "number" ? span(from, Math.min(to, from + quick)) : quick.filter((g) => g >= from && g < to);
}
/** A shard test's title: the games it plays in this run. */
export function gamesTitle(from: number, to: number, presetId = "sport"): string {
  const games = shardGames(from, to, presetId);
  const contiguous = games.every((g, i) => i === 0 || g === games[i - 1]! + 1);
  const list = contiguous ? `${games[0]}–${games[games.length - 1]}` : games.join(", ");
  const deep = !DEEP ? `${from}–${from + Math.ceil((to - from) / 2) - 1} with TEST_DEEP=1, ` : "";
  return `games ${list}${FULL ? "" : ` (${deep}${from}–${to - 1} with FULL=1)`}`;
}

/** A loop of seeded games outside the shards: `quick` games in `npm test`, `deep` with TEST_DEEP=1 or FULL=1. */
export function loopGames(quick: number, deep: number): number {
  return DEEP ? deep : quick;
}

/**
 * Plays the shard's games (shardGames) and checks every view after every input. City (§3) games cycle
 * through 10, 11 and 12 seats, and every seventh is run with a live host who confirms each gated stage (§5.7).
 */
export function propertyShard(from: number, full: number, presetId = "sport", minInputsPerGame = 50): void {
  const games = shardGames(from, full, presetId);
  {
    let inputs = 0;
    let views = 0;
    let expectedViews = 0;
    const outcomes: Record<string, number> = {};
    for (const g of games) {
      const seats = presetId === "city" ? 10 + (g % 3) : PROFILES.has(presetId) ? profileSeats(presetId, g) : presetId === "tatar" ? 12 : presetId === "host-classic" ? 8 + (g % 9) : presetId === "club" ? 12 + (g % 4) : 10;
      const ids = Array.from({ length: seats }, (_, i) => `p${i + 1}`);
      const seen = new Map<string | null, number>();
      const bots: BotKind[] = ids.map((_, i) => (g % 3 === 0 && i % 2 ? "heuristic" : "random"));
      const r = playGame({
        presetId,
        seats,
        ...((presetId === "city" || presetId === "tatar" || presetId === "host-classic" || presetId === "club" || PROFILES.has(presetId)) && g % 7 === 3 ? { host: "live" as const } : {}),
        seed: `prop-${presetId === "sport" ? "" : `${presetId}-`}${g}`,
        settings: settingsFor(g, presetId),
        bots,
        mode: g % 3 === 0 ? "view" : "fast", // fast: random-legal policy on actionsFor (== view.you.actions)
        botFlag: g % 2 === 0 ? false : true, // humans: technical votes happen
        onInput: (state) => {
          inputs++;
          expectedViews += ids.length + 1;
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
    expect(inputs).toBeGreaterThan(games.length * minInputsPerGame);
    expect(views).toBe(expectedViews);
  }
}

/** A profile's table sizes in turn (Custom from 10, so every mix of CUSTOM_MIXES fits). */
function profileSeats(presetId: string, g: number): number {
  const range: Record<string, [number, number]> = { classic: [6, 20], extended: [8, 20], fast: [6, 8], "dark-city": [9, 15], custom: [10, 16] };
  const [min, max] = range[presetId]!;
  return min + (g % (max - min + 1));
}
