/**
 * Issue 13 (part D): the how-to-play texts and the create form's folding, as data.
 * - uk and ru tell the same thing as en: the same topics, sections, list shapes and item counts, none empty;
 * - the English texts use the settled names: "Consort", never "Putana"; "vote to lift everyone tied",
 *   never "lift vote"; nothing points to the rules book outside the repository;
 * - city's create form shows its essentials (speech, Mafia count, the Maniac's side; RULES.md §3) and
 *   folds the six night timers and sport's five rules under "More settings" (issue 31.6: "Advanced rules");
 *   sport's own form folds its five rules too, and Custom everything but its tempo.
 * - issue 14: the form is made from the engine's setting descriptors (kinds, values, bounds, defaults)
 *   and the preset's own `requiresAccount`; nothing is copied by hand.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { en, type HowTopic } from "../../web/src/howto/en.ts";
import { ru } from "../../web/src/howto/ru.ts";
import { uk } from "../../web/src/howto/uk.ts";
import { listPresets } from "../../shared/engine/presets/index.ts";
import { textFamily } from "../../web/src/i18n/families.ts";
import { formOf, settingsToSend } from "../../web/src/home/presets.ts";
import { readFileSync } from "node:fs";
import { FORMAT_SECTION, ruleAnchor, rulesPath } from "../../web/src/rules/anchors.ts";
import { ruleHeadings } from "../support/rules-doc.ts";

/** The create form's formats, as the build hands them to the client (web/vite.config.ts virtual:preset-settings). */
const PRESETS = listPresets().map(formOf);

const TOPICS: HowTopic[] = ["basics", "sport", "city", "profiles", "tatar", "host-classic", "club"];
const all = (x: typeof en) => TOPICS.flatMap((t) => [x[t].title, x[t].lead, ...x[t].sections.flatMap((s) => [s.title, ...s.items])]);

describe("how to play (issue 13)", () => {
  for (const [name, texts] of [["uk", uk], ["ru", ru]] as const) {
    it(`${name} has en's shape: topics, sections, list flags, item counts`, () => {
      for (const t of TOPICS) {
        expect(texts[t].sections.map((s) => [!!s.list, s.items.length]), `${name} ${t}`).toEqual(en[t].sections.map((s) => [!!s.list, s.items.length]));
      }
    });
  }
  it("every preset the site offers has its how-to page (its text family's), in every language", () => {
    for (const p of listPresets()) for (const x of [en, uk, ru]) expect(Object.keys(x), p.id).toContain(textFamily(p.id));
  });
  it("no text is empty, in any language", () => {
    for (const x of [en, uk, ru]) for (const s of all(x)) expect(s.trim().length).toBeGreaterThan(0);
  });
  it("English uses the settled names (Consort; vote to lift everyone tied) and no link out of the repository", () => {
    const text = all(en).join("\n");
    expect(text).toMatch(/Consort/);
    expect(text).not.toMatch(/Putana/i);
    expect(text).not.toMatch(/lift vote/i);
    expect(text).toMatch(/vote to lift everyone tied/);
    for (const x of [en, uk, ru]) expect(all(x).join("\n")).not.toMatch(/RULES\.md|\.\.\/shared|https?:/);
  });
  it("city's Mafia bound is told in every language (RULES.md §3: at most 2 at 10–11 seats, 3 at 12)", () => {
    for (const x of [en, uk, ru]) expect(x.city.sections.flatMap((s) => s.items).join(" ")).toMatch(/2\D+10\D+11\D+3\D+12/);
  });
});

describe("how to play links to the rules book (issue 35)", () => {
  const headings = ruleHeadings(readFileSync(new URL("../../docs/RULES.md", import.meta.url), "utf8"));
  it("every how-to page (basics and each format's) names its section of docs/RULES.md, and that section is a heading", () => {
    for (const topic of TOPICS) {
      const section = FORMAT_SECTION[topic];
      expect(section, topic).toBeDefined();
      expect(headings.has(section!), `${topic} → §${section}`).toBe(true);
    }
    expect(FORMAT_SECTION).toMatchObject({ sport: "2", city: "3", "host-classic": "4", profiles: "5", club: "6", tatar: "7" });
    expect(rulesPath("2")).toBe(`/rules#${ruleAnchor("2")}`);
  });
  it("every preset's page exists (host-classic, club, tatar, the profiles as well as basics, sport, city)", () => {
    for (const x of [en, uk, ru]) for (const t of TOPICS) expect(x[t].sections.length, t).toBeGreaterThan(1);
  });
});

describe("create form folding (issue 13)", () => {
  const city = PRESETS.find((p) => p.id === "city")!;
  const sport = PRESETS.find((p) => p.id === "sport")!;
  it("city: essentials first, the six night timers and sport's rules under More settings", () => {
    expect(city.settings.filter((s) => !s.advanced).map((s) => s.key)).toEqual(["speech", "mafia", "maniac"]);
    // The folded ones in the preset's own order (its settings schema): sport's five, then the night timers.
    expect(city.settings.filter((s) => s.advanced).map((s) => s.key)).toEqual([
      "autoDeal", "agreement", "voting", "breakAtZero", "liftAtZero",
      "mafiaSeconds", "putanaSeconds", "doctorSeconds", "commissarSeconds", "maniacSeconds", "donSeconds",
    ]);
  });
  it("issue 14: kinds, values, bounds and defaults come from the engine's descriptors", () => {
    const byKey = new Map(city.settings.map((s) => [s.key, s]));
    expect(byKey.get("speech")).toMatchObject({ kind: "choice", options: [30, 45, 60], default: 60, label: "setting.speech" });
    // No default in the schema: "by table size" first, and the key is left out when sent.
    expect(byKey.get("mafia")).toMatchObject({ kind: "choice", options: ["auto", 1, 2, 3], default: "auto" });
    expect(byKey.get("mafiaSeconds")).toMatchObject({ kind: "integer", min: 10, max: 60, default: 20 });
    expect(byKey.get("doctorSeconds")).toMatchObject({ kind: "integer", min: 5, max: 30, default: 10 });
    expect(byKey.get("autoDeal")).toMatchObject({ kind: "boolean", default: false });
    expect(sport.settings.map((s) => [s.key, s.kind, s.default])).toEqual([
      ["autoDeal", "boolean", false], ["agreement", "choice", "sound"], ["voting", "choice", "closed"], ["breakAtZero", "boolean", false], ["liftAtZero", "boolean", false],
    ]);
  });
  it("issue 14: 'needs an account' is the preset's own requiresAccount (one source of truth)", () => {
    for (const p of listPresets()) expect(formOf(p).needsAccount, p.id).toBe(p.requiresAccount === true);
    expect(city.needsAccount).toBe(true);
    expect(sport.needsAccount).toBe(false);
  });
  it("the settings sent: the defaults parse as the preset's own defaults; 'auto' is left out; numbers clamped", () => {
    const defaults = (f: typeof city) => Object.fromEntries(f.settings.map((s) => [s.key, s.default]));
    for (const p of listPresets()) {
      const f = formOf(p);
      const sent = settingsToSend(f, defaults(f));
      expect(sent, p.id).not.toHaveProperty("mafia");
      expect(v.parse(p.settingsSchema, sent), p.id).toEqual(p.defaultSettings);
    }
    expect(settingsToSend(city, { ...defaults(city), mafia: 2, mafiaSeconds: 999, donSeconds: 4.6 })).toMatchObject({ mafia: 2, mafiaSeconds: 60, donSeconds: 5 });
  });
  it("issue 31.6 basics first: sport's five rules fold under Advanced rules (the usual values set); Custom keeps its tempo in view", () => {
    expect(sport.settings).toHaveLength(5);
    expect(sport.settings.filter((s) => !s.advanced)).toEqual([]);
    const custom = PRESETS.find((p) => p.id === "custom")!;
    expect(custom.settings.filter((s) => !s.advanced).map((s) => s.key)).toEqual(["tempo"]);
    expect(custom.settings.filter((s) => s.advanced).map((s) => s.key)).toEqual(["voting", "majority", "onTie"]);
  });
});
