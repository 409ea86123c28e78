/**
 * Issue 18, the create form's role counts for the club (RULES.md §6 "the composition is set for each
 * game by the creator", 12–15 seats; web/src/home/role-counts.ts, rendered by RoleCounts.tsx): the
 * form's checks agree with the engine — Create is on exactly when `seatRange` finds a table size the
 * composition starts at (the server refuses the rest, worker/api/tables.ts), the sizes it names are the
 * engine's, and every composition the form turns off says a specific reason in every language.
 */
import { describe, expect, it } from "vitest";
import { getPreset, listPresets, presetOf, seatRange, startRefusal } from "../../shared/engine/presets/index.ts";
import { CLUB_ROLES } from "../../shared/engine/presets/club.ts";
import { formOf } from "../../web/src/home/presets.ts";
import { checkCounts, countFields, defaultCounts, type Counts } from "../../web/src/home/role-counts.ts";
import { en } from "../../web/src/i18n/en.ts";
import { ru } from "../../web/src/i18n/ru.ts";
import { uk } from "../../web/src/i18n/uk.ts";

const CATS: Record<string, Record<string, string>> = { en, uk, ru };

/** Every club composition within the settings' bounds (each role 0–1, the Mafia 0–6). */
function everyComposition(): Counts[] {
  const fields = countFields("club");
  const out: Counts[] = [{}];
  for (const f of fields) {
    const next: Counts[] = [];
    for (const c of out) for (let n = f.min; n <= f.max; n++) next.push({ ...c, [f.role]: n });
    out.splice(0, out.length, ...next);
  }
  return out;
}

describe("RULES.md §6 the club's role counts on the create form", () => {
  it("§6 the form counts the engine's roles, with the settings' bounds and defaults; the club is not a §5 profile, so the form shows these (not the profile screen)", () => {
    expect(countFields("club").map((f) => f.role)).toEqual([...CLUB_ROLES]);
    expect(countFields("club").find((f) => f.role === "mafia")).toEqual({ role: "mafia", min: 0, max: 6, default: 2 });
    expect(defaultCounts("club")).toEqual(Object.fromEntries(CLUB_ROLES.map((r) => [r, getPreset("club")!.defaultSettings[r]])));
    const form = formOf(listPresets().find((p) => p.id === "club")!);
    expect(form.profile).toBe(false);
    expect(form.roles).toEqual([...CLUB_ROLES]);
    // The counts are not among the ordinary settings (the form would show them twice).
    expect(form.settings.filter((s) => CLUB_ROLES.includes(s.key as never))).toEqual([]);
    expect(countFields("sport")).toEqual([]);
  });

  it("§6 the default composition starts at every size, 12–15", () => {
    expect(checkCounts("club", defaultCounts("club"))).toEqual({ range: { min: 12, max: 15 }, full: true, problems: [], roles: 6 });
  });

  it("§6 no Boss: refused, with the engine's typed reason naming the role", () => {
    const c = checkCounts("club", { ...defaultCounts("club"), boss: 0 });
    expect(c).toMatchObject({ range: null, problems: [{ kind: "needs-role", role: "boss" }] });
  });

  it("§6.8 parity: six Mafia and every other role leave the black team (7) as large as the red (6) even at 15 — refused; five Mafia start only at 14–15", () => {
    const all = Object.fromEntries(CLUB_ROLES.map((r) => [r, r === "mafia" ? 6 : 1]));
    expect(checkCounts("club", all)).toMatchObject({ range: null, problems: [{ kind: "parity", black: 7, red: 6, seats: 15 }], roles: 15 });
    const five = { ...defaultCounts("club"), mafia: 5 };
    expect(checkCounts("club", five)).toMatchObject({ range: { min: 14, max: 15 }, full: false, problems: [] });
  });

  it("counts out of their bounds are refused (never reach the server)", () => {
    expect(checkCounts("club", { ...defaultCounts("club"), mafia: 7 })).toMatchObject({ range: null, problems: [{ kind: "settings" }] });
  });

  it("§6 over every composition within the bounds: Create is on exactly when the engine starts a game at some size, at exactly those sizes; every refusal has a specific reason", () => {
    const p = presetOf("club");
    const kinds = new Set<string>();
    let on = 0;
    for (const counts of everyComposition()) {
      const c = checkCounts("club", counts);
      const settings = { ...p.defaultSettings, ...counts };
      const sizes: number[] = [];
      for (let n = p.seats.min; n <= p.seats.max; n++) if (startRefusal("club", settings, n) === null) sizes.push(n);
      expect(c.range, JSON.stringify(counts)).toEqual(seatRange("club", settings));
      expect(c.range ? [c.range.min, c.range.max] : null).toEqual(sizes.length ? [sizes[0], sizes.at(-1)] : null);
      expect(c.problems.length === 0, JSON.stringify(counts)).toBe(c.range !== null);
      for (const x of c.problems) kinds.add(x.kind);
      if (c.range) on++;
    }
    expect(on).toBeGreaterThan(0);
    // No composition within the bounds is refused without saying why (nor can any be more roles than 15 seats).
    expect([...kinds].sort()).toEqual(["needs-role", "parity"]);
  });

  it("every line the form can show is in en, uk and ru, with the same placeholders", () => {
    const keys = ["create.counts", "create.counts.about", "create.counts.total", "create.counts.range", "create.counts.tooMany", "create.counts.needs", "create.counts.parity", "create.counts.refused", "create.counts.reset", "profile.whatItDoes", "profile.less", "profile.more"];
    for (const [lang, cat] of Object.entries(CATS)) for (const k of keys) expect(cat[k], `${lang} ${k}`).toBeTruthy();
    for (const r of CLUB_ROLES) for (const [lang, cat] of Object.entries(CATS)) expect(cat[`role.${r}`], `${lang} role.${r}`).toBeTruthy();
  });
});
