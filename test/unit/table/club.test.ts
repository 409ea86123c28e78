/**
 * Issue 18, the club at the table (web/src/table/club.ts and the club's lines of announce.ts, mine.ts,
 * the ActionBar's yes/no wording and the host's removal): driven by real engine games
 * (test/unit/engine/club-helpers.ts: CLUB = 1 Boss, 2–3 Mafia; 4 Commissar, 5 Doctor; 6 Maniac; 7–12
 * Civilians; ALL adds 7 Curser, 8 Swindler, 9 Werewolf, 10 Kamikaze, 11 Witness), from exactly the views
 * each viewer receives — so a marker that reads an event the viewer never gets cannot pass.
 */
import { describe, expect, it } from "vitest";
import { apply } from "../../../shared/engine/index.ts";
import { type GameView, type HostAction, REMOVAL_REASONS, type Seat } from "../../../shared/engine/types.ts";
import { HostActionSchema } from "../../../shared/protocol/messages.ts";
import * as v from "valibot";
import { en } from "../../../web/src/i18n/en.ts";
import { ru } from "../../../web/src/i18n/ru.ts";
import { uk } from "../../../web/src/i18n/uk.ts";
import { announcementOf, standingChoice } from "../../../web/src/table/announce.ts";
import { compositionOf, cursedSeats, defenceOf, witnessedSeat } from "../../../web/src/table/club.ts";
import { marksOf } from "../../../web/src/table/mine.ts";
import { keysFor, logLines } from "../../../web/src/table/logText.ts";
import { ALL, byCandidate, club, night, nominate, publicLog, question, seatOf, speeches } from "../engine/club-helpers.ts";
import { Table } from "../engine/harness.ts";

const CATALOGUES = { en, uk, ru } as Record<string, Record<string, string>>;
function inEveryLanguage(keys: string[]): string[] {
  const missing: string[] = [];
  for (const k of keys) for (const [lang, cat] of Object.entries(CATALOGUES)) if (!cat[k]) missing.push(`${lang} ${k}`);
  return missing;
}
const annKeys = (g: GameView) => g.log.map((e) => announcementOf(e, g.you?.seat ?? null)?.key).filter((k): k is string => !!k);
/** Every kind of viewer: each seat, a spectator, the live host (when there is one). */
const viewers = (t: Table, host = false): GameView[] => [...t.living().map((s) => t.view(s)), t.spectator(), ...(host ? [t.hostView()] : [])];

/** Day 1 up to the end of the candidates' defence speeches. */
function toDefenceEnd(t: Table, counts: Record<number, number>): void {
  speeches(t, nominate(t, counts));
  while (t.phase === "defence") t.end(t.speaker!);
}

function host(t: Table, action: HostAction): void {
  const r = apply(t.state, { kind: "host", action }, t.now);
  if (!r.ok) throw new Error(`host ${JSON.stringify(action)} rejected: ${r.rejection.code}`);
  t.state = r.state;
  t.events.push(...r.events);
}

describe("RULES.md §6 the composition line (club.ts compositionOf)", () => {
  it("§6 'announced (counts of each role) at the start': every viewer reads the same counts the whole game, zeros left out", () => {
    const t = club();
    const want = [{ role: "boss", count: 1 }, { role: "mafia", count: 2 }, { role: "commissar", count: 1 }, { role: "doctor", count: 1 }, { role: "maniac", count: 1 }, { role: "civilian", count: 6 }];
    for (const g of viewers(t, true)) expect(compositionOf(g)).toEqual(want);
    speeches(t);
    night(t, { mafia: { 1: 12 } });
    // Day 2: still there (the line shows the whole game, not only the deal's moment).
    for (const g of viewers(t)) expect(compositionOf(g)).toEqual(want);
    expect(inEveryLanguage(["table.composition", "table.composition.item", ...want.map((r) => `role.${r.role}`)])).toEqual([]);
  });

  it("a format that announces no composition has no line (sport)", () => {
    const t = new Table({ roles: "DMMSCCCCCC" });
    expect(compositionOf(t.spectator())).toBeNull();
  });
});

describe("RULES.md §6.5–§6.7 candidates and the car crash on the oval (club.ts defenceOf)", () => {
  it("§6.5 the candidates are marked from the moment they are named; §6.7 the fewest hands drop out and the rest stay marked; night clears it", () => {
    const t = club();
    speeches(t, nominate(t, { 7: 5, 8: 4, 9: 4 }));
    expect(t.phase).toBe("defence");
    for (const g of viewers(t)) expect(defenceOf(g)).toEqual({ candidates: [7, 8, 9], dropped: [] });
    while (t.phase === "defence") t.end(t.speaker!);
    // §6.6 day 1: "expel anyone at all?" — the marks stay through the question.
    expect(t.phase).toBe("expel-anyone");
    expect(defenceOf(t.spectator())).toEqual({ candidates: [7, 8, 9], dropped: [] });
    question(t, t.living());
    byCandidate(t, { 1: 7, 2: 7, 3: 8, 4: 8, 5: 9 });
    expect(publicLog(t, "dropped")).toEqual([["dropped", { seats: [9], left: [7, 8] }]]);
    for (const g of viewers(t)) expect(defenceOf(g)).toEqual({ candidates: [7, 8], dropped: [9] });
    for (const g of viewers(t)) expect(annKeys(g)).toEqual(expect.arrayContaining(["ann.candidates", "ann.dropped"]));
    // The revote ties the two: "expel both?", nobody: the night clears the marks.
    while (t.phase === "defence") t.end(t.speaker!);
    byCandidate(t, { 1: 7, 3: 8 });
    expect(t.phase).toBe("expel-both");
    expect(defenceOf(t.spectator())).toEqual({ candidates: [7, 8], dropped: [9] });
    question(t, []);
    expect(t.phase).toBe("night-don-check");
    for (const g of viewers(t)) expect(defenceOf(g)).toBeNull();
  });

  it("§6.5 before the candidates are named nothing is marked (nominees are not candidates yet); no nominations: nothing", () => {
    const t = club();
    expect(defenceOf(t.spectator())).toBeNull();
    speeches(t);
    expect(defenceOf(t.spectator())).toBeNull();
  });

  it("§6.5 more than four candidates: nobody leaves — said to every viewer as an announcement (the night falls at once)", () => {
    const t = club();
    speeches(t, nominate(t, { 7: 3, 8: 2, 9: 2, 10: 2, 11: 2 }));
    expect(t.phase).toBe("night-don-check");
    for (const g of viewers(t)) {
      expect(defenceOf(g)).toBeNull();
      const a = g.log.map((e) => announcementOf(e, g.you?.seat ?? null)).find((x) => x?.key === "ann.too-many-candidates");
      expect(a?.params).toEqual({ seats: "7, 8, 9, 10, 11" });
    }
    expect(inEveryLanguage(["ann.too-many-candidates", "ann.candidates", "ann.dropped", "turn.candidates", "turn.dropped", "seat.candidate", "seat.dropped"])).toEqual([]);
  });

  it("a game that ended shows no marks", () => {
    const t = club();
    speeches(t, nominate(t, { 7: 5, 8: 4 }));
    expect(defenceOf(t.spectator())).not.toBeNull();
    expect(defenceOf({ ...t.spectator(), result: { winner: "red", reason: "town-eliminated-all", roles: [] } })).toBeNull();
  });
});

describe("RULES.md §6.6–§6.7 the yes/no questions' wording (ActionBar: act.vote-lift.<phase>, act.lift.yes|no.<phase>)", () => {
  it("§6.6 'expel anyone at all?' and §6.7 'expel both?': the phase names the question, the ballot names the seats, and each has its own lines in every language", () => {
    const t = club();
    toDefenceEnd(t, { 7: 5, 8: 4 });
    const seen: string[] = [];
    const check = () => {
      const g = t.view(1);
      expect(g.ballot).toMatchObject({ kind: "lift", candidates: [7, 8] });
      expect(g.you!.actions).toContainEqual({ type: "vote-lift" });
      seen.push(g.phase);
    };
    expect(t.phase).toBe("expel-anyone");
    check();
    question(t, t.living());
    byCandidate(t, { 1: 7, 3: 8 });
    expect(t.phase).toBe("expel-both");
    check();
    expect(seen).toEqual(["expel-anyone", "expel-both"]);
    expect(inEveryLanguage(seen.flatMap((p) => [`act.vote-lift.${p}`, `act.lift.yes.${p}`, `act.lift.no.${p}`]))).toEqual([]);
    for (const [lang, cat] of Object.entries(CATALOGUES)) for (const p of seen) expect(cat[`act.vote-lift.${p}`], `${lang} ${p}`).toContain("{seats}");
  });

  it("§6.6–§6.7 the log and the count's banner name the question and what its answer does, never 'the vote to lift everyone tied'", () => {
    const t = club();
    toDefenceEnd(t, { 7: 5, 8: 4 });
    question(t, t.living()); // expel anyone? yes: the hands follow
    byCandidate(t, { 1: 7, 3: 8 });
    question(t, [1, 2]); // expel both? no: nobody leaves
    for (const g of viewers(t)) {
      const lines = g.log.filter((e) => e.type === "lift-vote-started" || e.type === "lift-counted").map((e) => logLines(e, { seat: g.you?.seat ?? null, roles: null })[0]!.key);
      expect(lines).toEqual(["log.lift-vote-started.expel-anyone", "log.lift-counted.expel-anyone", "log.lift-vote-started.expel-both", "log.lift-counted.expel-both"]);
      const counts = g.log.map((e) => announcementOf(e, g.you?.seat ?? null)).filter((a) => a?.key.startsWith("ann.lift."));
      expect(counts.map((a) => [a!.key, a!.question])).toEqual([["ann.lift.passed.expel-anyone", "expel-anyone"], ["ann.lift.failed.expel-both", "expel-both"]]);
    }
    const keys = [...keysFor("lift-vote-started", []), ...keysFor("lift-counted", []), "ann.lift.passed.expel-anyone", "ann.lift.failed.expel-anyone", "ann.lift.passed.expel-both", "ann.lift.failed.expel-both", "ann.answer.yes", "ann.answer.no"];
    expect(keys).toContain("log.lift-counted.expel-both");
    expect(inEveryLanguage(keys)).toEqual([]);
    for (const [lang, cat] of Object.entries(CATALOGUES)) for (const k of keys.filter((x) => /expel|answer/.test(x))) expect(cat[k], `${lang} ${k}`).not.toMatch(/lift|вибули|вибувають усі, хто має порівну|выбывают ли все/i);
  });

  it("§6.6 answered no: one's own echo, each vote in the log and the result say 'nobody leaves today' — no tie, no 'night without victims'", () => {
    const t = club();
    toDefenceEnd(t, { 7: 5, 8: 4 });
    expect(t.phase).toBe("expel-anyone");
    t.act(1, { type: "vote-lift", lift: false });
    t.act(2, { type: "vote-lift", lift: true });
    // The voter's standing choice on the action bar while the question is open.
    const open1 = t.view(1);
    expect(standingChoice(open1)?.key).toBe("ann.mine.lift.no.expel-anyone");
    expect(standingChoice(t.view(2))?.key).toBe("ann.mine.lift.yes.expel-anyone");
    question(t, [], t.living().filter((s) => s > 2));
    expect(t.phase).toBe("night-don-check");
    const used = new Set<string>();
    for (const g of viewers(t)) {
      const you = g.you?.seat ?? null;
      const casts = g.log.filter((e) => e.type === "lift-vote-cast");
      expect(casts.length).toBe(12);
      for (const e of casts) {
        const key = logLines(e, { seat: you, roles: null })[0]!.key;
        expect(key).toBe(e.data.voter === you ? "log.lift-vote-cast.expel-anyone.you" : "log.lift-vote-cast.expel-anyone");
        used.add(key);
      }
      const echo = g.log.map((e) => announcementOf(e, you)).filter((a) => a?.mine).map((a) => a!.key);
      if (you === 1) expect(echo).toEqual(["ann.mine.lift.no.expel-anyone"]);
      if (you === 2) expect(echo).toEqual(["ann.mine.lift.yes.expel-anyone"]);
      echo.forEach((k) => used.add(k));
      const result = g.log.map((e) => announcementOf(e, you)).find((a) => a?.key.startsWith("ann.lift."));
      expect(result?.key).toBe("ann.lift.failed.expel-anyone");
      used.add(result!.key);
    }
    used.add("narrate.expel-anyone");
    expect(inEveryLanguage([...used])).toEqual([]);
    const NOBODY_TODAY: Record<string, RegExp> = { en: /nobody leaves today/i, uk: /сьогодні ніхто не йде/i, ru: /сегодня никто не уходит/i };
    for (const [lang, cat] of Object.entries(CATALOGUES)) {
      for (const k of used) expect(cat[k]!.replace(/\{\w+\}/g, ""), `${lang} ${k}`).not.toMatch(/lift|tie|порівну|поровну|вивести всіх|вывести всех|без жертв|without a victim/i);
      for (const k of ["ann.mine.lift.no.expel-anyone", "ann.lift.failed.expel-anyone", "narrate.expel-anyone"]) expect(cat[k], `${lang} ${k}`).toMatch(NOBODY_TODAY[lang]!);
    }
  });
});

describe("RULES.md §6 the Witness's seat (club.ts witnessedSeat, mine.ts marksOf)", () => {
  it("§6 (decision) the Witness reads his black seat (never the Boss's) on his card and among his marks, from his own log — after a reload too; nobody else does", () => {
    const t = club({ roles: ALL });
    const witness = seatOf(t, "witness");
    const seat = witnessedSeat(t.view(witness));
    expect([2, 3]).toContain(seat);
    speeches(t);
    night(t, { mafia: { 1: 12 } });
    // Later in the game, and from a full view as a reload gets it (the whole log, no delta).
    const later = t.view(witness);
    expect(later.logAfter).toBeNull();
    expect(witnessedSeat(later)).toBe(seat);
    expect(marksOf(later.you, witnessedSeat(later)).get(seat!)).toMatchObject({ witnessed: true });
    for (const s of t.living().filter((x) => x !== witness)) expect(witnessedSeat(t.view(s)), `seat ${s}`).toBeNull();
    expect(witnessedSeat(t.spectator())).toBeNull();
    // Another player's marks never carry it.
    for (const [, m] of marksOf(t.view(1).you)) expect(m.witnessed).toBeUndefined();
    expect(inEveryLanguage(["card.witnessed", "card.witnessed.seat", "marks.witnessed"])).toEqual([]);
  });
});

describe("RULES.md §6.3 cursed seats (club.ts cursedSeats)", () => {
  it("§6.3 a curse is public in the morning and marks the seat for the rest of the game, for every viewer", () => {
    const t = club({ roles: ALL });
    speeches(t);
    night(t, { curse: 4, mafia: { 1: 12 } });
    for (const g of viewers(t)) {
      expect([...cursedSeats(g)]).toEqual([4]);
      expect(annKeys(g)).toContain("ann.cursed");
    }
    t.endSpeeches("last-words");
    speeches(t);
    night(t, { curse: 5, mafia: { 1: 11 } });
    for (const g of viewers(t)) expect([...cursedSeats(g)].sort()).toEqual([4, 5]);
    expect(inEveryLanguage(["seat.cursed", "ann.cursed"])).toEqual([]);
  });

  it("no curse, no mark (the Curser not dealt)", () => {
    const t = club();
    speeches(t);
    night(t, { mafia: { 1: 12 } });
    expect(cursedSeats(t.spectator()).size).toBe(0);
  });
});

describe("RULES.md §6.9 the live host's removal without warning (HostPanel)", () => {
  it("§6.9 every offence the panel offers passes the protocol, is accepted by the engine, is read by the log and has its line in every language", () => {
    expect([...REMOVAL_REASONS]).toEqual(["peeking", "talking-at-night", "swearing", "oath", "hand-lowered"]);
    const seats: Seat[] = [7, 8, 9, 10, 11];
    REMOVAL_REASONS.forEach((offence, i) => {
      const t = club({ host: "live" });
      const action = { type: "remove", seat: seats[i]!, offence } as const;
      expect(v.safeParse(HostActionSchema, action).success).toBe(true);
      host(t, action);
      expect(publicLog(t, "removed-by-host")).toEqual([["removed-by-host", { seat: seats[i], offence }]]);
      for (const g of viewers(t, true)) expect(g.seats[seats[i]! - 1]).toMatchObject({ alive: false, out: "removed" });
    });
    expect(inEveryLanguage([...REMOVAL_REASONS.map((o) => `offence.${o}`), "host.remove", "host.remove.label", "host.remove.title", "host.remove.text", "host.remove.offence", "host.remove.confirm"])).toEqual([]);
  });

  it("§6.9 the panel's button is labelled by its visible word (WCAG 2.5.3: the label starts with the button's text)", () => {
    for (const [lang, cat] of Object.entries(CATALOGUES)) expect(cat["host.remove.label"]!.startsWith(cat["host.remove"]!), lang).toBe(true);
  });
});
