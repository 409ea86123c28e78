/**
 * The win rules of RULES.md's formats, one module each (issue 33). Kept in one file of small modules
 * for reading; a new rule may live in its own file and be added with `addWinRule` (index.ts).
 */
import type { WinRule } from "./types.ts";

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

/** §6.8 4: no black, no Maniac and no Curser alive → red ("while the Curser sits at the table red cannot win"). */
export const townEliminatedAll: WinRule = {
  id: "town-eliminated-all", reason: "town-eliminated-all", keys: ["reason.town-eliminated-all", "end.win.red"],
  check: (l) => (l.black === 0 && !l.players.some((p) => p.role === "maniac" || p.role === "curser") ? "red" : null),
};

/** §7.8 3: no red player alive (every non-black counts as red in tatar) → black. */
export const redEliminated: WinRule = {
  id: "red-eliminated", reason: "red-eliminated", keys: ["reason.red-eliminated", "end.win.black"],
  check: (l) => (l.living - l.black === 0 ? "black" : null),
};

/**
 * §7.8 4, early "when victory is guaranteed": no Maniac alive and black ≥ red, or no Doctor alive and
 * red < black. *Decision:* "Maniac" and "Doctor" are the roles (a red Maniac, the Doctor).
 */
export const blackGuaranteed: WinRule = {
  id: "black-guaranteed", reason: "black-guaranteed", keys: ["reason.black-guaranteed", "end.win.black"],
  check(l) {
    const red = l.living - l.black;
    const maniac = l.players.some((p) => p.role === "maniac");
    const doctor = l.players.some((p) => p.role === "doctor");
    return (!maniac && l.black >= red) || (!doctor && red < l.black) ? "black" : null;
  },
};

/** §3, §5.4, §6.8 3: the Maniac playing solo, alive, the only survivor or one of the last two → he wins. */
export const maniacLastStanding: WinRule = {
  id: "maniac-last-standing", priority: 2, reason: "maniac-last-standing", keys: ["reason.maniac-last-standing", "end.win.solo"],
  check: (l) => (l.living <= 2 && l.players.some((p) => p.role === "maniac" && p.team === "solo") ? "solo" : null),
};

/** §6.8 2: the Curser alive and every other living player cursed by him → he wins. */
export const curserCursedAll: WinRule = {
  id: "curser-cursed-all", priority: 1, reason: "curser-cursed-all", keys: ["reason.curser-cursed-all", "end.win.solo"],
  check(l, s) {
    if (!l.players.some((p) => p.role === "curser")) return null;
    const cursed = s.onceTaken?.curse ?? [];
    return l.players.every((p) => p.role === "curser" || cursed.includes(p.seat)) ? "solo" : null;
  },
};
