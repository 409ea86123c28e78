/**
 * Issue 16, the create form's profile screen (RULES.md §5.5) and the profiles' texts (§5.6):
 *  - the five profiles are one text family (web/src/i18n/families.ts), checked against the engine;
 *  - the form of a profile: its seats, its own setting lines (`setting.profiles.*`), Custom's role counts
 *    apart from the ordinary settings (city's `setting.mafia` is a choice, Custom's `mafia` a count);
 *  - every §5.6 role has its line in en/uk/ru, the one the role card shows in a profile game;
 *  - the composition shown and Custom's checks (web/src/home/composition.ts) agree with the engine:
 *    what the editor accepts is what `startRefusal` accepts (both read `startProblem`), and the table
 *    deals what the editor shows.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { getPreset, listPresets, presetOf, startRefusal } from "../../shared/engine/presets/index.ts";
import { classic, CUSTOM_ROLES, custom, darkCity, extended, fast } from "../../shared/engine/presets/profiles.ts";
import { composition, countSettings, EDITOR_ROLES, problems, setRoleCount, startingCounts, tally, total } from "../../web/src/home/composition.ts";
import { formOf, settingKeys, settingsToSend } from "../../web/src/home/presets.ts";
import { isProfile, textFamily } from "../../web/src/i18n/families.ts";
import { en } from "../../web/src/i18n/en.ts";
import { ru } from "../../web/src/i18n/ru.ts";
import { uk } from "../../web/src/i18n/uk.ts";
import { roleInfoKeys } from "../../web/src/table/logText.ts";

const PROFILE_IDS = [classic, extended, fast, darkCity, custom].map((p) => p.id);
const formFor = (id: string) => formOf(listPresets().find((p) => p.id === id)!);
const CATS: Record<string, Record<string, string>> = { en, uk, ru };

describe("§5 the profiles are listed and share one set of texts", () => {
  it("the text family is exactly the engine's five profiles", () => {
    expect(listPresets().map((p) => p.id).filter(isProfile)).toEqual(PROFILE_IDS);
    for (const id of PROFILE_IDS) expect(textFamily(id)).toBe("profiles");
    expect(textFamily("sport")).toBe("sport");
    expect(isProfile("city")).toBe(false);
  });
  it("§5.5 the profile screen's data: seats per profile, Fast's organizer plays, Custom's role counts", () => {
    expect(Object.fromEntries(PROFILE_IDS.map((id) => [id, formFor(id).seats]))).toEqual({
      classic: { min: 6, max: 20 }, extended: { min: 8, max: 20 }, fast: { min: 6, max: 8 }, "dark-city": { min: 9, max: 15 }, custom: { min: 6, max: 20 },
    });
    expect(PROFILE_IDS.filter((id) => formFor(id).organizerPlays)).toEqual(["fast"]);
    expect(formFor("custom").roles).toEqual([...CUSTOM_ROLES]);
    expect(formFor("city").profile).toBe(false);
    expect(formFor("classic").profile).toBe(true);
  });
  it("§5.5 what may be changed: Classic and Extended the tempo; Fast and Dark City nothing; Custom the tempo and the vote — its counts are in the role editor", () => {
    expect(formFor("classic").settings.map((s) => s.label)).toEqual(["setting.profiles.tempo"]);
    expect(formFor("fast").settings).toEqual([]);
    expect(formFor("dark-city").settings).toEqual([]);
    expect(formFor("custom").settings.map((s) => s.key)).toEqual(["tempo", "voting", "majority", "onTie"]);
    // City's Mafia count keeps its own line; Custom's never reaches `setting.mafia`.
    expect(formFor("city").settings.find((s) => s.key === "mafia")?.label).toBe("setting.mafia");
    expect(formFor("custom").settings.flatMap(settingKeys).filter((k) => !k.startsWith("setting.profiles."))).toEqual([]);
  });
  it("§5.5 the settings Custom sends (day rules + the counts) parse as the engine's and deal the composition shown", () => {
    const f = formFor("custom");
    const counts = { ...startingCounts("custom", 12), civilian: 4, blocker: 1, mistress: 1 };
    const sent = { ...settingsToSend(f, { voting: "closed" }), ...countSettings(counts) };
    expect(sent).not.toHaveProperty("civilian");
    const parsed = v.parse(custom.settingsSchema, sent) as Record<string, unknown>;
    expect(parsed.voting).toBe("closed");
    const dealt = Object.fromEntries(tally(custom.composition(12, parsed)).map((r) => [r.role, r.count]));
    expect(dealt).toEqual(Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0)));
  });
});

describe("§5.6 every role has its one line in en, uk and ru — the role card's text in a profile game", () => {
  const ROLES = ["civilian", ...CUSTOM_ROLES];
  it("18 roles, each with roleinfo.profiles.<role> first for every profile", () => {
    expect(ROLES).toHaveLength(18);
    for (const id of PROFILE_IDS) for (const r of ROLES) expect(roleInfoKeys(id, r)[0]).toBe(`roleinfo.profiles.${r}`);
    for (const [lang, cat] of Object.entries(CATS)) for (const r of ROLES) expect(cat[`roleinfo.profiles.${r}`]?.trim(), `${lang} ${r}`).toBeTruthy();
  });
  it("the profile's Doctor may heal the same player again and himself once (not city's 'two nights running')", () => {
    expect(en["roleinfo.profiles.doctor"]).not.toMatch(/two nights/);
    expect(en["roleinfo.profiles.doctor"]).toMatch(/once a game/);
    expect(uk["roleinfo.profiles.doctor"]).toMatch(/раз за гру/);
    expect(ru["roleinfo.profiles.doctor"]).toMatch(/раз за игру/);
  });
  it("the Don looks for the Commissar; the Maniac wins among the last two (§5.4)", () => {
    expect(en["roleinfo.profiles.don"]).toMatch(/Commissar/);
    expect(uk["roleinfo.profiles.don"]).toMatch(/Комісар/);
    expect(ru["roleinfo.profiles.don"]).toMatch(/Комиссар/);
    expect(en["roleinfo.profiles.maniac"]).toMatch(/last two/);
  });
  it("every profile screen line exists in every language (profile.changes.<id> for each profile)", () => {
    for (const cat of Object.values(CATS)) for (const id of PROFILE_IDS) expect(cat[`profile.changes.${id}`]?.trim()).toBeTruthy();
  });
});

describe("§5.5 the composition shown and Custom's checks", () => {
  it("changing the seats recomputes the recommended composition (Classic 10: Don, 2 Mafia, Commissar, Doctor, 5 Civilians)", () => {
    expect(composition("classic", 10)).toEqual([
      { role: "don", count: 1 }, { role: "mafia", count: 2 }, { role: "commissar", count: 1 }, { role: "doctor", count: 1 }, { role: "civilian", count: 5 },
    ]);
    expect(composition("classic", 6).find((r) => r.role === "don")).toBeUndefined();
    expect(composition("dark-city", 9).find((r) => r.role === "maniac")).toEqual({ role: "maniac", count: 1 });
    for (const id of PROFILE_IDS) {
      const p = getPreset(id)!;
      for (let n = p.seats.min; n <= p.seats.max; n++) expect(composition(id, n).reduce((a, r) => a + r.count, 0), `${id} ${n}`).toBe(n);
    }
  });
  it("Custom's editor starts from the recommended composition, every role listed", () => {
    const c = startingCounts("custom", 9);
    expect(Object.keys(c)).toEqual([...EDITOR_ROLES]);
    expect(total(c)).toBe(9);
    expect(problems("custom", c, 9)).toEqual([]);
  });
  it("role counts must equal the seats: the difference is told both ways", () => {
    const c = startingCounts("custom", 10);
    expect(problems("custom", { ...c, blocker: 2 }, 10)).toEqual([{ kind: "too-many", n: 2 }]);
    expect(problems("custom", { ...c, civilian: c.civilian! - 3 }, 10)).toEqual([{ kind: "too-few", n: 3 }]);
  });
  it("issue 38.7: adding or removing a role takes or gives back a Civilian, so the seats' total stays and the composition stays playable", () => {
    const c = startingCounts("custom", 12);
    const civ = c.civilian!;
    const added = setRoleCount(c, "blocker", 1);
    expect(added.blocker).toBe(1);
    expect(added.civilian).toBe(civ - 1);
    expect(total(added)).toBe(12);
    expect(problems("custom", added, 12)).toEqual([]); // the balance meter keeps playing it
    const back = setRoleCount(added, "blocker", 0);
    expect(back).toEqual(c);
    // More roles than Civilians: the Civilians run out at 0 and then the total moves (the difference is told).
    const many = setRoleCount(c, "doctor", c.doctor! + civ + 2);
    expect(many.civilian).toBe(0);
    expect(problems("custom", many, 12)).toEqual([{ kind: "too-many", n: 2 }]);
    // The Civilians' own count is as typed; out-of-range input is clamped.
    expect(setRoleCount(c, "civilian", civ - 1).civilian).toBe(civ - 1);
    expect(setRoleCount(c, "maniac", -3).maniac).toBe(0);
  });
  it("no holder of the mafia's shot, and a black team as large as the red at the deal, are refused", () => {
    const none = { ...startingCounts("custom", 8), don: 0, mafia: 0, civilian: 6 };
    expect(problems("custom", none, 8)).toEqual([{ kind: "no-shot" }]);
    const black = { ...startingCounts("custom", 8), mafia: 3, blocker: 1, civilian: 1 };
    expect(problems("custom", black, 8)).toEqual([{ kind: "parity", black: 5, red: 3, seats: 8 }]);
    // Unusual but playable (warned by the meter, not refused): four Doctors and one Mafia at six seats.
    expect(problems("custom", { ...startingCounts("custom", 6), mafia: 1, commissar: 0, doctor: 4, civilian: 1 }, 6)).toEqual([]);
  });
  it("what the editor accepts is exactly what the engine's startRefusal accepts (random compositions)", () => {
    let seed = 7;
    const rnd = (k: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % k);
    const seen = { ok: 0, refused: 0 };
    for (let i = 0; i < 400; i++) {
      const seats = 6 + rnd(15);
      const counts: Record<string, number> = Object.fromEntries(EDITOR_ROLES.map((r) => [r, 0]));
      for (let s = 0; s < seats; s++) {
        const r = EDITOR_ROLES[rnd(3) === 0 ? 0 : rnd(EDITOR_ROLES.length)]!;
        counts[r]!++;
      }
      const editorOk = problems("custom", counts, seats).length === 0;
      const engineOk = startRefusal("custom", { ...presetOf("custom").defaultSettings, ...countSettings(counts) }, seats) === null;
      expect(editorOk, JSON.stringify({ seats, counts })).toBe(engineOk);
      seen[engineOk ? "ok" : "refused"]++;
    }
    // Both answers occur: the comparison is not one-sided.
    expect(seen.ok).toBeGreaterThan(20);
    expect(seen.refused).toBeGreaterThan(20);
  });
});
