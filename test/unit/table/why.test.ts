/**
 * Issue 16, the end screen's night "why" (web/src/table/why.ts): each night of `result.nights` as an
 * ordered list of steps in words (RULES.md §5.3 blocks → protection → attacks), every seat named with
 * its role now that the game is over (§2.12). Rendered here through the real catalogues (en, uk, ru)
 * with the web's substitution ({name} placeholders).
 */
import { describe, expect, it } from "vitest";
import type { NightStep, RoleId, Seat } from "../../../shared/engine/types.ts";
import { en } from "../../../web/src/i18n/en.ts";
import { ru } from "../../../web/src/i18n/ru.ts";
import { uk } from "../../../web/src/i18n/uk.ts";
import { type Arg, type Line, rolesFrom } from "../../../web/src/table/logText.ts";
import { nightWhy, stepLine } from "../../../web/src/table/why.ts";
import { night, profileTable, toNight } from "../engine/profiles-helpers.ts";

type Cat = Record<string, string>;
const CATS: Record<string, Cat> = { en, uk, ru };

function resolve(cat: Cat, a: Arg): string {
  if (typeof a === "string" || typeof a === "number") return String(a);
  if ("ref" in a) {
    const line = cat[`${a.ref}.${a.id}`];
    if (line === undefined) throw new Error(`no catalogue line ${a.ref}.${a.id}`);
    return line;
  }
  if ("join" in a) return a.items.map((x) => resolve(cat, x)).join(a.join);
  return render(cat, { type: "", key: a.key, params: a.params });
}
function render(cat: Cat, l: Line): string {
  const msg = cat[l.key];
  if (msg === undefined) throw new Error(`no catalogue line ${l.key}`);
  const out = msg.replace(/\{(\w+)\}/g, (whole, name: string) => (name in l.params ? resolve(cat, l.params[name] as Arg) : whole));
  if (/\{\w+\}/.test(out)) throw new Error(`unfilled placeholder in ${l.key}: ${out}`);
  return out;
}

/**
 * One example of every step kind the type allows, and of each outcome and reason: typed so that a new
 * kind of NightStep fails to compile here until it has its example (and so its line).
 */
const EXAMPLES: { [K in NightStep["kind"]]: Array<Extract<NightStep, { kind: K }>> } = {
  blocked: [{ kind: "blocked", by: 3, ability: "block", target: 6 }],
  cancelled: [{ kind: "cancelled", by: 6, ability: "heal", target: 9 }],
  protected: [{ kind: "protected", by: 5, ability: "guard", target: 10 }],
  attack: [
    { kind: "attack", by: [1, 2], ability: "mafia-shot", target: 10, outcome: "killed" },
    { kind: "attack", by: [8], ability: "kill", target: 10, outcome: "stopped", stoppedBy: 10, stoppedWith: "armour" },
    { kind: "attack", by: [8], ability: "kill", target: 10, outcome: "stopped" },
  ],
  "no-attack": [
    { kind: "no-attack", ability: "mafia-shot", reason: "no-target" },
    { kind: "no-attack", ability: "mafia-shot", reason: "blocked" },
    { kind: "no-attack", ability: "mafia-shot", reason: "no-target", silent: [2] },
  ],
  silenced: [{ kind: "silenced", by: 7, ability: "blackmail", target: 11 }],
  bond: [{ kind: "bond", by: 4, ability: "guest", target: 9 }],
  // RULES.md §6 the club (issue 18)
  cursed: [{ kind: "cursed", by: 12, ability: "curse", target: 9 }],
  swapped: [{ kind: "swapped", by: 13, ability: "swap", target: 11, done: true }, { kind: "swapped", by: 13, ability: "swap", target: 11, done: false }],
  reaction: [{ kind: "reaction", passive: "takes-maniac", by: 14, target: 8 }, { kind: "reaction", passive: "turns-on-mafia-kill", by: 15, target: 15 }],
};
const ROLES = new Map<Seat, RoleId>([[1, "don"], [2, "mafia"], [3, "blocker"], [4, "mistress"], [5, "bodyguard"], [6, "doctor"], [7, "blackmailer"], [8, "maniac"], [9, "civilian"], [10, "immortal"], [11, "civilian"], [12, "curser"], [13, "swindler"], [14, "kamikaze"], [15, "werewolf"]]);

describe("issue 16: the night's why, every step kind in words", () => {
  const all = Object.values(EXAMPLES).flat();
  it("every step kind NightStep allows has an example here", () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(["attack", "blocked", "bond", "cancelled", "cursed", "no-attack", "protected", "reaction", "silenced", "swapped"]);
  });
  for (const lang of ["en", "uk", "ru"]) {
    it(`${lang}: every step kind renders to a full line (no missing key, no unfilled placeholder, no raw id)`, () => {
      for (const step of all) {
        const text = render(CATS[lang]!, stepLine(step, ROLES));
        expect(text.length, JSON.stringify(step)).toBeGreaterThan(8);
        expect(text).not.toMatch(/mafia-shot|no-attack|why\./);
      }
    });
  }
  it("en: the steps say who did what to whom, with roles (§5.3, §2.12)", () => {
    const lines = all.map((s) => render(en, stepLine(s, ROLES)));
    expect(lines).toEqual([
      "Seat 3 (Blocker) — “Block” → seat 6 (Doctor): blocked, their move tonight did not happen",
      "Seat 6 (Doctor) was blocked: “Heal” → seat 9 (Civilian) did not happen",
      "Seat 5 (Bodyguard) — “Guard” → seat 10 (Immortal): took effect",
      "Seats 1 (Don), 2 (Mafia) — “Shoot” → seat 10 (Immortal): killed",
      "Seat 8 (Maniac) — “Kill” → seat 10 (Immortal): stopped by “Armour” of seat 10 (Immortal)",
      "Seat 8 (Maniac) — “Kill” → seat 10 (Immortal): stopped",
      "“Shoot”: no single target, so no attack",
      "“Shoot”: every shooter was blocked, so no attack",
      "“Shoot”: no single target, so no attack; did not shoot: Seat 2 (Mafia)",
      "Seat 7 (Blackmailer) — “Blackmail” → seat 11 (Civilian): no vote in the coming day",
      "Seat 9 (Civilian) died as the guest: seat 4 (Mistress) (“Invite a guest”) died tonight too",
      // RULES.md §6 the club (issue 18)
      "Seat 12 (Curser) — “Curse” → seat 9 (Civilian): cursed for the rest of the game",
      "Seat 13 (Swindler) — “Take their place” → seat 11 (Civilian): took their place, and seat 11 (Civilian) left without a word",
      "Seat 13 (Swindler) — “Take their place” → seat 11 (Civilian): did not happen (one of them died tonight)",
      "Seat 14 (Kamikaze) was killed by the Maniac and took seat 8 (Maniac) along",
      "Seat 15 (Werewolf) was shot by the mafia and turned black instead of dying",
    ]);
  });
});

describe("issue 16: a known game's nights, as the end screen tells them", () => {
  /**
   * 1 Don, 2 Mafia, 3 Blocker, 4 Mistress, 5 Bodyguard, 6 Doctor, 7 Blackmailer, 8 Maniac, 9–12 Civilians.
   * Night 1: the Blocker blocks the Doctor (whose heal on 9 is void), the Mistress's guest is the Maniac
   * (his kill on her is void), the Bodyguard guards 10, the mafia shoots 10 — the guard takes it and
   * dies —, the Blackmailer silences 11. Night 2: the Mistress's guest is 9 and the mafia shoots her: she
   * dies and her guest with her. Night 3: the mafia does not agree — no attack.
   */
  function game() {
    const t = profileTable("DMBLGHEXCCCC");
    toNight(t);
    night(t, { blocker: { 3: 6 }, mistress: { 4: 8 }, mafia: { 1: 10, 2: 10, 7: 10 }, blackmailer: { 7: 11 }, maniac: { 8: 4 }, bodyguard: { 5: 10 }, doctor: { 6: 9 } });
    toNight(t);
    night(t, { mistress: { 4: 9 }, mafia: { 1: 4, 2: 4, 7: 4 } });
    toNight(t);
    night(t, { mafia: { 1: 10, 2: 11 } });
    t.control({ type: "abort", reason: "server-error" });
    const result = t.spectator().result!;
    expect(result).not.toBeNull();
    return nightWhy(result.nights, rolesFrom(result.roles)!);
  }

  it("§5.3 each night in order, its steps in the order they were decided (en)", () => {
    const why = game().map((n) => [render(en, n.title), ...n.lines.map((l) => render(en, l))]);
    expect(why).toEqual([
      [
        "Night 1",
        "Seat 3 (Blocker) — “Block” → seat 6 (Doctor): blocked, their move tonight did not happen",
        "Seat 4 (Mistress) — “Invite a guest” → seat 8 (Maniac): blocked, their move tonight did not happen",
        "Seat 5 (Bodyguard) — “Guard” → seat 10 (Civilian): took effect",
        "Seat 6 (Doctor) was blocked: “Heal” → seat 9 (Civilian) did not happen",
        "Seats 1 (Don), 2 (Mafia), 7 (Blackmailer) — “Shoot” → seat 10 (Civilian): stopped by “Guard” of seat 5 (Bodyguard)",
        "Seats 1 (Don), 2 (Mafia), 7 (Blackmailer) — “Shoot” → seat 5 (Bodyguard): killed",
        "Seat 7 (Blackmailer) — “Blackmail” → seat 11 (Civilian): no vote in the coming day",
        "Seat 8 (Maniac) was blocked: “Kill” → seat 4 (Mistress) did not happen",
      ],
      [
        "Night 2",
        "Seat 4 (Mistress) — “Invite a guest” → seat 9 (Civilian): blocked, their move tonight did not happen",
        "Seats 1 (Don), 2 (Mafia), 7 (Blackmailer) — “Shoot” → seat 4 (Mistress): killed",
        "Seat 9 (Civilian) died as the guest: seat 4 (Mistress) (“Invite a guest”) died tonight too",
      ],
      // Issue 38.6: the seat that chose nobody is named.
      ["Night 3", "“Shoot”: no single target, so no attack; did not shoot: Seat 7 (Blackmailer)"],
    ]);
  });

  for (const lang of ["uk", "ru"]) {
    it(`${lang}: the same nights read in full, with translated roles and abilities`, () => {
      const text = game().flatMap((n) => [render(CATS[lang]!, n.title), ...n.lines.map((l) => render(CATS[lang]!, l))]).join("\n");
      expect(text).toContain(CATS[lang]!["role.blocker"]!);
      expect(text).toContain(CATS[lang]!["ability.guest"]!);
      expect(text).not.toMatch(/[A-Za-z]{3,}/); // no English word left (ids or fallbacks)
    });
  }

  it("a night where nobody acted says so", () => {
    const [n] = nightWhy([{ night: 4, steps: [] }], new Map());
    expect(n!.lines.map((l) => render(en, l))).toEqual(["Nobody acted this night."]);
  });
});
