/**
 * One role, one name (RULES.md §5.6 role catalogue, §6 club roles, §7.10 the consigliere): the name the
 * table, the editor and the how-to pages show (the catalogues' `role.<id>`, shared/role-names.ts) is the
 * name the rules tests' question banks use, in every language. Every text that names a role in English
 * must name it in Ukrainian and Russian by the catalogue's word (any inflection of it): a second spelling
 * ("Проклинатель" for the catalogue's "Нагнетатель") fails here.
 */
import { describe, expect, it } from "vitest";
import { ROLE_NAMES } from "../../shared/role-names.ts";
import { BANKS } from "../../shared/rules-test/index.ts";
import type { Texts } from "../../shared/rules-test/types.ts";
import { CLUB_CATALOGUES } from "../../web/src/clubs/catalogue.ts";
import { en as howEn } from "../../web/src/howto/en.ts";
import { ru as howRu } from "../../web/src/howto/ru.ts";
import { uk as howUk } from "../../web/src/howto/uk.ts";
import { en } from "../../web/src/i18n/en.ts";
import { ru } from "../../web/src/i18n/ru.ts";
import { uk } from "../../web/src/i18n/uk.ts";
import { RECORD_CATALOGUES } from "../../web/src/record/catalogue.ts";
import { TOURNAMENT_CATALOGUES } from "../../web/src/tournaments/catalogue.ts";

type Lang = "en" | "uk" | "ru";
/** A text in three languages and where it is. */
interface Parallel {
  where: string;
  en: string;
  uk: string;
  ru: string;
}

/** The English word of a role as a whole word ("the Swindler's victim"; never "Don't"). */
const enWord = (name: string) => new RegExp(`\\b${name}(?!\\w|['’]t\\b)`, name === "consigliere" ? "i" : "");

function walk(where: string, a: unknown, b: unknown, c: unknown, out: Parallel[]): void {
  if (typeof a === "string" && typeof b === "string" && typeof c === "string") out.push({ where, en: a, uk: b, ru: c });
  else if (a && typeof a === "object" && b && typeof b === "object" && c && typeof c === "object")
    for (const k of Object.keys(a)) walk(`${where}.${k}`, (a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], (c as Record<string, unknown>)[k], out);
}

function texts(): Parallel[] {
  const out: Parallel[] = [];
  const t3 = (where: string, x: Texts | string) => typeof x !== "string" && out.push({ where, ...x });
  for (const [format, bank] of Object.entries(BANKS))
    for (const q of bank) {
      t3(`bank ${format} ${q.id} text`, q.text);
      q.options.forEach((o, i) => t3(`bank ${format} ${q.id} option ${i}`, o));
      t3(`bank ${format} ${q.id} explanation`, q.explanation);
    }
  walk("howto", howEn, howUk, howRu, out);
  walk("i18n", en, uk, ru, out);
  return out;
}

describe("RULES.md §5.6 one role, one name in every language", () => {
  it("the catalogues' role.<id> are the names of shared/role-names.ts", () => {
    const cats = { en, uk, ru } as Record<Lang, Record<string, string>>;
    for (const [id, names] of Object.entries(ROLE_NAMES)) {
      if (id === "consigliere") continue;
      for (const l of ["en", "uk", "ru"] as const) expect(cats[l][`role.${id}`], `${l} role.${id}`).toBe(names[l]);
    }
  });

  it("every text that names a role in English names it by the catalogue's word in uk and ru (rules-test banks, how-to, every catalogue)", () => {
    const wrong: string[] = [];
    const all = texts();
    expect(all.length).toBeGreaterThan(1000);
    for (const p of all)
      for (const [id, names] of Object.entries(ROLE_NAMES)) {
        if (!enWord(names.en).test(p.en)) continue;
        for (const l of ["uk", "ru"] as const) if (!p[l].toLowerCase().includes(ROLE_NAMES[id as keyof typeof ROLE_NAMES].stem[l])) wrong.push(`${p.where} [${l}] ${names.en} → ${names[l]}: ${p[l]}`);
      }
    expect(wrong).toEqual([]);
  });
});
