/**
 * The win rules of RULES.md's formats, one module each. Kept in one file of small modules for reading;
 * a new rule may live in its own file and be added with `addWinRule` (index.ts). A rule reads teams and
 * what the roles declare — a passive, or the rule a solo role names as its own — and no role id, so a
 * new role joins a rule through its own data (RULES.md §5.4 "a solo role wins by its own condition").
 */
import { getRole } from "../roles/index.ts";
import type { Living, WinRule } from "./types.ts";

/** Whether a living player's role declares this passive. */
const anyWith = (l: Living, passive: string) => l.players.some((p) => p.passives.includes(passive));

/** *Decision* (§5.4, §6.8, §7.8): nobody alive → a draw. */
export const nobodyAlive: WinRule = {
  id: "nobody-alive", reason: "nobody-alive", keys: ["reason.nobody-alive", "end.win.draw"],
  check: (l) => (l.living === 0 ? "draw" : null),
};

/** §2.12, §7.8: no black player alive → the town wins. */
export const mafiaEliminated: WinRule = {
  id: "mafia-eliminated", reason: "town-eliminated-mafia", keys: ["reason.town-eliminated-mafia", "end.win.red"],
  check: (l) => (l.black === 0 ? "red" : null),
};

/** §2.12, §6.8 5: living black ≥ living red (solo players not counted) → the mafia wins. */
export const mafiaParity: WinRule = {
  id: "mafia-parity", reason: "mafia-parity", keys: ["reason.mafia-parity", "end.win.black"],
  check: (l) => (l.black > 0 && l.black >= l.red ? "black" : null),
};

/** §5.4 (city, profiles): living black ≥ all other living players (*decision:* a solo player counts among them). */
export const mafiaParityAll: WinRule = {
  id: "mafia-parity-all", reason: "mafia-parity", keys: ["reason.mafia-parity", "end.win.black"],
  check: (l) => (l.black > 0 && l.black >= l.living - l.black ? "black" : null),
};

/** §5.4: no black and no solo player alive → the town wins (a red Maniac plays for the town). */
export const townEliminatedMafiaAndManiac: WinRule = {
  id: "town-eliminated-mafia-and-maniac", reason: "town-eliminated-mafia-and-maniac", keys: ["reason.town-eliminated-mafia-and-maniac", "end.win.red"],
  check: (l) => (l.black === 0 && l.solo === 0 ? "red" : null),
};

/**
 * §6 8: red wins "when every black card — including Maniac and Curser — has left"; "while the Curser
 * sits at the table red cannot win". No black player and nobody whose role declares `blocks-red-win`
 * (the Maniac's and the Curser's modules) alive → red.
 */
export const townEliminatedAll: WinRule = {
  id: "town-eliminated-all", reason: "town-eliminated-all", keys: ["reason.town-eliminated-all", "end.win.red"],
  check: (l) => (l.black === 0 && !anyWith(l, "blocks-red-win") ? "red" : null),
};

/** §7.8 3: no red player alive (every non-black counts as red in tatar) → black. */
export const redEliminated: WinRule = {
  id: "red-eliminated", reason: "red-eliminated", keys: ["reason.red-eliminated", "end.win.black"],
  check: (l) => (l.living - l.black === 0 ? "black" : null),
};

/**
 * §7 8, early "when victory is guaranteed": no Maniac alive and black ≥ red, or no Doctor alive and
 * red < black. *Decision:* the Maniac is the town's other killer, the Doctor its healer: the roles that
 * declare `lone-killer` (the Maniac's module) and `healer` (the Doctor's).
 */
export const blackGuaranteed: WinRule = {
  id: "black-guaranteed", reason: "black-guaranteed", keys: ["reason.black-guaranteed", "end.win.black"],
  check(l) {
    const red = l.living - l.black;
    return (!anyWith(l, "lone-killer") && l.black >= red) || (!anyWith(l, "healer") && red < l.black) ? "black" : null;
  },
};

/**
 * §3, §5.4, §6 8: the solo player whose own rule this is (the Maniac's module names it), alive, the only
 * survivor or one of the last two → he wins. A Maniac playing for a side (§3 red) is not solo.
 */
export const maniacLastStanding: WinRule = {
  id: "maniac-last-standing", priority: 2, reason: "maniac-last-standing", keys: ["reason.maniac-last-standing", "end.win.solo"],
  check: (l) => (l.living <= 2 && l.players.some((p) => p.team === "solo" && p.win === "maniac-last-standing") ? "solo" : null),
};

/**
 * §6 8: the player whose own rule this is (the Curser's module names it) alive and every other living
 * player marked by one of his once-per-target abilities (the game's cursed seats, `onceTaken`) → he wins.
 */
export const curserCursedAll: WinRule = {
  id: "curser-cursed-all", priority: 1, reason: "curser-cursed-all", keys: ["reason.curser-cursed-all", "end.win.solo"],
  check(l, s) {
    const holders = l.players.filter((p) => p.win === "curser-cursed-all");
    if (holders.length === 0) return null;
    const marked = new Set<number>();
    for (const h of holders) for (const a of getRole(h.role!).abilities) for (const seat of s.onceTaken?.[a] ?? []) marked.add(seat);
    return l.players.every((p) => p.win === "curser-cursed-all" || marked.has(p.seat)) ? "solo" : null;
  },
};
