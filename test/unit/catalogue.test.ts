/**
 * Issue 13 ("Texts"): every id the engine, the protocol or the API can put on a player's screen has
 * its line in each catalogue (en, uk, ru). The ids come from the code itself — the engine's LOG_TYPES
 * (which `emit` is typed against), every preset's night steps and compositions, the role registry,
 * PHASE_NAMES, the result reasons (win/index.ts resultReasons) — or from a Record over a closed union (a new member fails to compile
 * here until it is listed), so a new event type, step, role, phase, reason or error code without a
 * line in every language fails this test. Issue 14: every ability the engine knows (ABILITY_IDS) has
 * its `ability.<id>` label, and every setting a preset describes (its settings descriptors) has its
 * label, explanation and value lines, as the create form renders them.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ABILITY_IDS, LOG_TYPES, PHASE_NAMES, type RejectionCode, type SeatView, type SpeechPurpose, type Team, type TechVoteKind } from "../../shared/engine/index.ts";
import { abilityDef } from "../../shared/engine/night/abilities.ts";
import { resultReasons } from "../../shared/engine/win/index.ts";
import { night } from "../../shared/engine/phases/night.ts";
import { checkResult, ROLE_IDS } from "../../shared/engine/roles/index.ts";
import { allPresetIds, listPresets, presetOf, type Preset } from "../../shared/engine/presets/index.ts";
import { formOf, settingKeys } from "../../web/src/home/presets.ts";
import type { ErrorCode } from "../../shared/protocol/messages.ts";
import { HTTP_ERRORS } from "../../shared/protocol/http.ts";
import { CLUB_ERRORS } from "../../web/src/clubs/catalogue.ts";
import { en } from "../../web/src/i18n/en.ts";
import { ru } from "../../web/src/i18n/ru.ts";
import { uk } from "../../web/src/i18n/uk.ts";
import { keysFor, roleInfoKeys, SHARED_KEYS, SUBJECT } from "../../web/src/table/logText.ts";
import { WHY_KEYS } from "../../web/src/table/why.ts";

const CATALOGUES: Record<string, Record<string, string>> = { en, uk, ru };

/** Closed unions listed as records: adding a member to the union without listing it here fails typecheck. */
const OUT_KINDS: Record<NonNullable<SeatView["out"]>, true> = { "voted-out": true, lifted: true, shot: true, removed: true, killed: true, swapped: true };
const TECH_KINDS: Record<TechVoteKind, true> = { foul: true, defeat: true, removal: true };
const PURPOSES: Record<SpeechPurpose, true> = { day: true, tie: true, leader: true, farewell: true, "last-words": true, defence: true, "extra-word": true };
const TEAMS: Record<Team, true> = { red: true, black: true, solo: true };
const REJECTIONS: Record<RejectionCode, true> = {
  "not-a-player": true, "not-your-turn": true, "phase-closed": true, "illegal-target": true, "already-acted": true, "already-voted": true,
  "no-shouts-left": true, "not-allowed": true, "stale-timeout": true, stale: true, "game-over": true, paused: true,
  // issue 38, RULES.md §5.7
  "actors-remain": true, "too-late": true,
};
const WS_ERRORS: Record<Exclude<ErrorCode, RejectionCode>, true> = {
  "bad-json": true, "bad-message": true, "too-large": true, "rate-limited": true, "duplicate-ref": true, "hello-first": true, "already-hello": true,
  "bad-token": true, "not-seated": true, "not-organizer": true, "not-host": true, "seat-taken-by-bot": true, "organizer-transferred": true,
  replaced: true, internal: true, "parity-at-start": true, "table-full": true, "not-in-lobby": true, "not-a-bot": true, "not-ended": true, "already-in": true,
  "no-peer": true, "media-elsewhere": true,
  "media-mode": true,
  "media-unavailable": true, "media-closed": true, "media-full": true,
  // issue 37: a rating table's start waits for every newcomer's consigliere (RULES.md §7.10)
  "consigliere-required": true,
  "advisor-not-experienced": true,
  // issue 17: the consigliere's whispers (RULES.md §7.10)
  "whisper-closed": true,
  // issue 18: the organizer's composition for the next game (RULES.md §6)
  "bad-settings": true,
  // issue 35: the table's chat
  "chat-closed": true, "chat-muted": true,
};

const presets = listPresets().map((p) => presetOf(p.id));

/** A preset's night steps, read from its flow (the entries run by the night phase module, parsed by its own schema). */
function nightSteps(p: Preset): Array<{ id: string; abilities: readonly string[] }> {
  return p.flow.entries.filter((e) => e.module === night.kind).flatMap((e) => v.parse(night.params, e.params).steps);
}
const steps = [...new Set(presets.flatMap((p) => nightSteps(p).map((s) => s.id)))];

/** Every role a preset can deal, over its table sizes and the settings that change the composition. */
function rolesOf(id: string): Set<string> {
  const p = presetOf(id);
  const out = new Set<string>();
  for (let n = p.seats.min; n <= p.seats.max; n++) {
    for (const mafia of [undefined, 1, 2, 3]) for (const r of p.composition(n, { ...p.defaultSettings, ...(mafia ? { mafia } : {}) })) out.add(r);
  }
  return out;
}

/** Every answer a check can give: each check kind any ability asks, against every role on every team. */
function checkResults(): Set<string> {
  const kinds = new Set<string>();
  for (const id of ABILITY_IDS) {
    const kind = abilityDef(id)?.check?.kind;
    if (kind) kinds.add(kind);
  }
  const out = new Set<string>();
  for (const k of kinds) for (const r of ROLE_IDS) for (const t of [undefined, ...(Object.keys(TEAMS) as Team[])]) out.add(checkResult(k, r, t));
  return out;
}

/** The keys the web needs, each with why (shown when one is missing). */
function required(): Map<string, string> {
  const need = new Map<string, string>();
  const add = (key: string, why: string) => need.has(key) || need.set(key, why);
  for (const type of LOG_TYPES) for (const k of keysFor(type, steps)) add(k, `log event "${type}"`);
  for (const k of SHARED_KEYS) add(k, "log rendering");
  for (const k of WHY_KEYS) add(k, "the end screen's night \"why\" (issue 16)");
  for (const id of ABILITY_IDS) add(`ability.${id}`, `ability "${id}" (the label its \`use\` action carries)`);
  for (const p of presets) {
    for (const s of nightSteps(p)) {
      add(`step.${s.id}`, `night step "${s.id}" of ${p.id}`);
      add(`log.night-turn.${s.id}`, `night step "${s.id}" of ${p.id}`);
      for (const a of s.abilities) add(`ability.${a}`, `ability "${a}" in night step "${s.id}" of ${p.id}`);
    }
    for (const f of formOf(listPresets().find((x) => x.id === p.id)!).settings) for (const k of settingKeys(f)) add(k, `setting "${f.key}" of ${p.id} (its descriptor)`);
    for (const r of rolesOf(p.id)) add(roleInfoKeys(p.id, r)[0] as string, `role text of ${r} in ${p.id} (RULES.md §2/§3)`);
    add(`preset.${p.id}`, "preset name");
    add(`preset.${p.id}.about`, "preset description");
  }
  // Issue 16: the profiles are played before the site offers them — their steps, roles and names have lines already
  // (their settings get theirs with the profile screen).
  for (const id of allPresetIds().filter((x) => !listPresets().some((p) => p.id === x))) {
    const p = presetOf(id);
    for (const st of nightSteps(p)) {
      add(`step.${st.id}`, `night step "${st.id}" of ${id}`);
      add(`log.night-turn.${st.id}`, `night step "${st.id}" of ${id}`);
    }
    for (const r of rolesOf(id)) add(`roleinfo.${r}`, `role text of ${r} in ${id} (RULES.md §5.6: its general line)`);
    add(`preset.${id}`, "preset name");
    add(`preset.${id}.about`, "preset description");
  }
  for (const ph of PHASE_NAMES) {
    add(`phase.${ph}`, `phase "${ph}"`);
    add(`narrate.${ph}`, `narration of phase "${ph}"`);
  }
  for (const r of ROLE_IDS) add(`role.${r}`, `role "${r}"`);
  for (const r of resultReasons()) add(`reason.${r}`, `result reason "${r}"`);
  for (const t of [...Object.keys(TEAMS), "draw"]) {
    add(`team.${t}`, `team "${t}"`);
    add(`end.win.${t}`, `winner "${t}"`);
  }
  for (const o of Object.keys(OUT_KINDS)) add(`out.${o}`, `out kind "${o}"`);
  for (const k of Object.keys(TECH_KINDS)) add(`tech.${k}`, `technical vote "${k}"`);
  for (const p of Object.keys(PURPOSES)) add(`purpose.${p}`, `speech purpose "${p}"`);
  for (const c of checkResults()) add(`check.${c}`, `check result "${c}"`);
  // The club screens' own refusals have their lines in the club chunk's catalogue (checked below), not here.
  for (const c of [...Object.keys(REJECTIONS), ...Object.keys(WS_ERRORS), ...Object.keys(HTTP_ERRORS)]) if (!Object.hasOwn(CLUB_ERRORS.en, c)) add(`error.${c}`, `error code "${c}"`);
  return need;
}

describe("catalogue coverage (issue 13): every event type, step, phase, role, reason and code has a line in uk, ru and en", () => {
  const need = required();

  it("enumerates the engine's vocabularies (the lists are not empty)", () => {
    expect(LOG_TYPES.length).toBeGreaterThan(40);
    expect(steps).toEqual(expect.arrayContaining(["mafia-shot", "checks", "freeze", "heal", "commissar-check", "kill", "don-check"]));
    expect(ABILITY_IDS).toEqual(expect.arrayContaining(["mafia-shot", "sheriff-check", "don-check", "commissar-check", "don-commissar-check", "freeze", "heal", "kill"]));
    expect([...need.keys()].filter((k) => k.startsWith("setting."))).toEqual(expect.arrayContaining(["setting.speech", "setting.speech.45", "setting.mafia.auto", "setting.maniac.red", "setting.donSeconds.about"]));
    expect(need.size).toBeGreaterThan(200);
  });

  for (const [lang, cat] of Object.entries(CATALOGUES)) {
    it(`${lang}: no required key is missing or empty`, () => {
      const missing = [...need].filter(([k]) => typeof cat[k] !== "string" || cat[k].trim() === "").map(([k, why]) => `${k} (${why})`);
      expect(missing).toEqual([]);
    });
  }

  it("the club chunk's error lines (CLUB_ERRORS): HTTP error codes, each filled in uk, ru and en, in no main catalogue twice", () => {
    const codes = Object.keys(CLUB_ERRORS.en);
    expect(codes.length).toBeGreaterThan(5);
    for (const c of codes) expect(Object.hasOwn(HTTP_ERRORS, c), c).toBe(true);
    for (const lang of ["uk", "ru"] as const) expect(Object.keys(CLUB_ERRORS[lang]).sort()).toEqual([...codes].sort());
    for (const lang of ["en", "uk", "ru"] as const) {
      for (const c of codes) {
        expect((CLUB_ERRORS[lang] as Record<string, string>)[c]?.trim(), `${lang} ${c}`).toBeTruthy();
        expect(CATALOGUES[lang]![`error.${c}`], `${lang} error.${c} is in the main catalogue too`).toBeUndefined();
      }
    }
  });

  it("uk and ru lines take the same {placeholders} as the English ones", () => {
    const names = (s: string) => [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort().join(",");
    const wrong: string[] = [];
    for (const [k, v] of Object.entries(en)) {
      for (const lang of ["uk", "ru"]) {
        const other = CATALOGUES[lang]?.[k];
        if (other !== undefined && names(other) !== names(v)) wrong.push(`${lang} ${k}: {${names(other)}} vs en {${names(v)}}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("every subject-bearing event's 'you' line says it to the viewer (no seat placeholder for the subject)", () => {
    const wrong: string[] = [];
    for (const [type, field] of Object.entries(SUBJECT)) {
      for (const [lang, cat] of Object.entries(CATALOGUES)) {
        const you = cat[`log.${type}.you`] ?? "";
        if (you.includes(`{${field}}`)) wrong.push(`${lang} log.${type}.you names {${field}}`);
        if (!(cat[`log.${type}`] ?? "").includes(`{${field}}`)) wrong.push(`${lang} log.${type} does not name {${field}}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("plain names (issue 13 Onboarding, RULES.md §5.6)", () => {
  it("English calls the black freezer the Consort, never Putana (the role id stays putana)", () => {
    expect(en["role.putana"]).toBe("Consort");
    const putana = Object.entries(en).filter(([, v]) => /putana/i.test(v)).map(([k]) => k);
    expect(putana).toEqual([]);
  });
  it("uk and ru keep the traditional name", () => {
    expect(uk["role.putana"]).toBe("Путана");
    expect(ru["role.putana"]).toBe("Путана");
  });
  it("no 'Lift vote' jargon: the English says what the vote does", () => {
    const jargon = Object.entries(en).filter(([, v]) => /lift vote/i.test(v)).map(([k]) => k);
    expect(jargon).toEqual([]);
    expect(en["phase.lift-vote"]).toBe("Vote to lift everyone tied");
  });
});

describe("role texts per preset (RULES.md §2, §3)", () => {
  const about = (cat: Record<string, string>, preset: string, role: string) => {
    const key = roleInfoKeys(preset, role).find((k) => k in cat);
    return key ? (cat[key] as string) : "";
  };
  it("sport's Civilian hunts the black team only: no Maniac in sport (§2)", () => {
    expect(about(en, "sport", "civilian")).not.toMatch(/maniac/i);
    expect(about(uk, "sport", "civilian")).not.toMatch(/маніяк/i);
    expect(about(ru, "sport", "civilian")).not.toMatch(/маньяк/i);
    expect(about(en, "city", "civilian")).toMatch(/Maniac/);
  });
  it("sport's Don looks for the Sheriff (§2.10), city's for the Commissar (§3)", () => {
    expect(about(en, "sport", "don")).toMatch(/Sheriff/);
    expect(about(en, "sport", "don")).not.toMatch(/Commissar/);
    expect(about(uk, "sport", "don")).toMatch(/Шериф/);
    expect(about(ru, "sport", "don")).toMatch(/Шериф/);
    expect(about(en, "city", "don")).toMatch(/Commissar/);
    expect(about(uk, "city", "don")).toMatch(/Комісар/);
    expect(about(ru, "city", "don")).toMatch(/Комиссар/);
  });
  it("the preset's own text is chosen first, the role's general one is the fallback", () => {
    expect(roleInfoKeys("sport", "civilian")).toEqual(["roleinfo.sport.civilian", "roleinfo.civilian"]);
    expect(roleInfoKeys(null, "civilian")).toEqual(["roleinfo.civilian"]);
    expect(about(en, "some-future-preset", "civilian")).toBe(en["roleinfo.civilian"]);
  });
});
