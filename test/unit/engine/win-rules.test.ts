/**
 * Issue 33, win rules as modules (shared/engine/win): each rule names its reason and its catalogue
 * keys; a preset lists its rules; a solo role declares its own. The formats' win scenarios themselves
 * are in the preset suites (sport §2.12, city §5.4, club §6.8, tatar §7.8) and run through these rules.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { en } from "../../../web/src/i18n/en.ts";
import { ru } from "../../../web/src/i18n/ru.ts";
import { uk } from "../../../web/src/i18n/uk.ts";
import { listPresets } from "../../../shared/engine/index.ts";
import { presetOf } from "../../../shared/engine/presets/index.ts";
import { addRole, getRole, ROLE_IDS } from "../../../shared/engine/roles/index.ts";
import type { EngineState } from "../../../shared/engine/state.ts";
import { addWinRule, firstWin, resultReasons, ROLE_RULES, winRule, winRules } from "../../../shared/engine/win/index.ts";
import { Table } from "./harness.ts";

describe("issue 33: win rules as modules", () => {
  it("every rule's catalogue keys are in en, uk and ru", () => {
    for (const r of winRules()) for (const k of r.keys) for (const cat of [en, uk, ru] as Array<Record<string, string>>) expect(cat[k], `${r.id}: ${k}`).toBeTruthy();
  });

  it("every result reason is a rule's, or one of the three that end a game outside the win rules (draw by quiet rounds, technical defeat, server error)", () => {
    const byRules = new Set(winRules().map((r) => r.reason));
    expect(resultReasons().filter((r) => !byRules.has(r)).sort()).toEqual(["server-error", "technical-defeat", "three-quiet-rounds"]);
  });

  it("every preset's list names registered rules; the solo roles (and only they) declare their own", () => {
    for (const p of listPresets()) for (const id of presetOf(p.id).win) if (id !== ROLE_RULES) expect(() => winRule(id), `${p.id}: ${id}`).not.toThrow();
    const declaring = ROLE_IDS.filter((r) => getRole(r).win !== undefined).sort();
    expect(declaring).toEqual(ROLE_IDS.filter((r) => getRole(r).team === "solo").sort());
    for (const r of declaring) expect(() => winRule(getRole(r).win!)).not.toThrow();
  });

  it("a registered id cannot be replaced; a new rule is checked where a list names it", () => {
    expect(() => addWinRule({ ...winRule("mafia-parity") })).toThrow(/exists/);
    // A fixture rule: the town wins as soon as the Sheriff is the last red player standing with one black.
    addWinRule({ id: "fixture-sheriff-duel", reason: "town-eliminated-mafia", keys: ["reason.town-eliminated-mafia"], check: (l) => (l.living === 2 && l.players.some((p) => p.role === "sheriff") ? "red" : null) });
    const s = new Table({ roles: "DMMSCCCCCC" }).state as unknown as EngineState;
    for (const p of s.players) p.alive = p.seat === 1 || p.seat === 4;
    expect(firstWin(["fixture-sheriff-duel", "mafia-parity"], s)).toEqual({ winner: "red", reason: "town-eliminated-mafia" });
    expect(firstWin(["mafia-parity"], s)).toEqual({ winner: "black", reason: "mafia-parity" });
  });

  it("§5.4 no built-in win rule names a role id: the rules read teams and what the roles declare (passives, their own rule)", () => {
    const source = readFileSync(resolve(__dirname, "../../../shared/engine/win/rules.ts"), "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
    const named = ROLE_IDS.filter((r) => source.includes(`"${r}"`) || source.includes(`'${r}'`));
    expect(named).toEqual([]);
  });

  it("§6 8, §7 8: a role joins a built-in rule by its own data — a passive the rule reads", () => {
    addRole({ id: "fixture-hexer", team: "red", abilities: [], appearsAs: {}, passives: ["blocks-red-win", "lone-killer"], knowsTeam: false });
    const s = new Table({ roles: "DMMSCCCCCC" }).state as unknown as EngineState;
    for (const p of s.players) p.alive = p.seat >= 4;
    expect(firstWin(["town-eliminated-all"], s)).toEqual({ winner: "red", reason: "town-eliminated-all" });
    // §6 8 "while the Curser sits at the table red cannot win": so while the hexer (declaring `blocks-red-win`) lives.
    s.players[4]!.role = "fixture-hexer";
    expect(firstWin(["town-eliminated-all"], s)).toBeNull();
    // §7 8: black ≥ red is a guaranteed win only with no `lone-killer` alive.
    for (const p of s.players) p.alive = p.seat === 1 || p.seat === 5;
    expect(firstWin(["black-guaranteed"], s)).toBeNull();
    s.players[4]!.role = "civilian";
    expect(firstWin(["black-guaranteed"], s)).toEqual({ winner: "black", reason: "black-guaranteed" });
  });
});
