/**
 * Issue 13 ("Texts"): every log and protocol line is phrased for its viewer (web/src/table/logText.ts).
 *  - "you" only for the viewer's own actions;
 *  - after the game (RULES.md §2.12 "at the end every role is shown") another player's action names the
 *    acting seat and its role: "Seat 3 (Consort) froze seat 5";
 *  - during the game a viewer reads only what its view carries (shared/engine/view.ts), seats only;
 *  - the city night's turns read as words, never step ids (§3); open voting (§2.6) gets the heading
 *    "Votes against seat N" for its first candidate too.
 * The lines are rendered here through the real catalogues (en, uk, ru) with the same substitution as
 * the web's t(): {name} placeholders, no plural forms needed by these lines.
 */
import { describe, expect, it } from "vitest";
import type { AnyLogEntry, GameView, Seat } from "../../shared/engine/types.ts";
import { en } from "../../web/src/i18n/en.ts";
import { ru } from "../../web/src/i18n/ru.ts";
import { uk } from "../../web/src/i18n/uk.ts";
import { type Arg, type Line, type LogViewer, logLines, rolesFrom } from "../../web/src/table/logText.ts";
import { city, toNight } from "./engine/city-helpers.ts";
import { Table } from "./engine/harness.ts";

type Cat = Record<string, string>;

function resolve(cat: Cat, a: Arg): string {
  if (typeof a === "string" || typeof a === "number") return String(a);
  if ("ref" in a) return cat[`${a.ref}.${a.id}`] ?? a.id;
  if ("join" in a) return a.items.map((x) => resolve(cat, x)).join(a.join);
  return render(cat, { type: "", key: a.key, params: a.params });
}
function render(cat: Cat, l: Line): string {
  const msg = cat[l.key];
  if (msg === undefined) throw new Error(`no catalogue line ${l.key}`);
  return msg.replace(/\{(\w+)\}/g, (whole, name: string) => (name in l.params ? resolve(cat, l.params[name] as Arg) : whole));
}

/** The whole log of a view as this viewer reads it (the web passes the result's roles after the end). */
function read(view: GameView, cat: Cat = en): string[] {
  const viewer: LogViewer = { seat: view.you?.seat ?? null, roles: rolesFrom(view.result?.roles) };
  return view.log.flatMap((e) => logLines(e, viewer)).map((l) => render(cat, l));
}
function keys(view: GameView): string[] {
  const viewer: LogViewer = { seat: view.you?.seat ?? null, roles: rolesFrom(view.result?.roles) };
  return view.log.flatMap((e) => logLines(e, viewer)).map((l) => l.key);
}

/**
 * City, 10 seats (1 Don, 2 Mafia, 3 Putana, 4 Commissar, 5 Doctor, 6 Maniac, 7–10 Civilians): one night
 * in which every role acts — the mafia shoots 7, Putana freezes the Doctor (5), the Doctor heals 8 (void:
 * frozen), the Commissar checks 1, the Maniac kills 9, the Don looks at 4.
 */
function cityNight(): Table {
  const t = city();
  toNight(t);
  t.turns({ shot: { 1: 7, 2: 7 }, freeze: { 3: 5 }, heal: { 5: 8 }, check: { 4: 1 }, kill: { 6: 9 }, don: { 1: 4 } });
  return t;
}
/** The table ends the game (no winner, every role shown: the protocol). */
function end(t: Table): void {
  t.control({ type: "abort", reason: "server-error" });
  expect(t.result()).not.toBeNull();
}

describe("log lines for the viewer (issue 13, RULES.md §1 Secrets, §2.12, §3)", () => {
  it("during the game the viewer's own night action reads 'you' (Putana froze seat 5)", () => {
    const t = cityNight();
    const lines = read(t.view(3));
    expect(lines).toContain("You froze seat 5");
    expect(lines.join("\n")).not.toMatch(/Seat 3 .*froze/);
    expect(read(t.view(5))).toContain("You were frozen tonight");
    expect(read(t.view(5))).toContain("You heal seat 8");
    expect(read(t.view(4))).toContain("You check seat 1: black");
    expect(read(t.view(6))).toContain("You chose to kill seat 9");
  });

  it("during the game a viewer reads only what its view carries: no other player's night actions, and never 'you' for them", () => {
    const t = cityNight();
    for (const view of [t.view(7), t.spectator()]) {
      const lines = read(view);
      expect(lines.some((l) => /froze|heal|frozen|chose to kill|check seat/i.test(l))).toBe(false);
      expect(lines.filter((l) => /^You (froze|heal|chose|check|were frozen|shoot)/.test(l))).toEqual([]);
    }
    // The black team sees its shooters by seat only (roles are named only after the end).
    const black = read(t.view(1));
    expect(black).toContain("You shoot at seat 7");
    expect(black).toContain("Seat 2 shoots at seat 7");
  });

  it("after the end another player's action names the seat and its role; the viewer's own still reads 'you'", () => {
    const t = cityNight();
    end(t);
    const civilian = read(t.view(7));
    expect(civilian).toContain("Seat 3 (Consort) froze seat 5");
    expect(civilian).toContain("Seat 5 (Doctor) heals seat 8");
    expect(civilian).toContain("Seat 5 (Doctor) was frozen tonight");
    expect(civilian).toContain("Seat 4 (Commissar) checks seat 1: black");
    expect(civilian).toContain("Seat 6 (Maniac) chose to kill seat 9");
    expect(civilian).toContain("Seat 1 (Don) checks seat 4: the Commissar");
    expect(civilian).not.toContain("You froze seat 5");
    expect(civilian.filter((l) => /^You (froze|heal|chose|check|were frozen|shoot)/.test(l))).toEqual([]);
    // The Consort's own protocol keeps her "you"; others' lines are named.
    const consort = read(t.view(3));
    expect(consort).toContain("You froze seat 5");
    expect(consort).toContain("Seat 5 (Doctor) was frozen tonight");
    // A spectator's protocol: nobody is "you".
    const watcher = read(t.spectator());
    expect(watcher).toContain("Seat 3 (Consort) froze seat 5");
    expect(watcher.filter((l) => /^(You|Your) /.test(l))).toEqual([]);
  });

  it("the same protocol in uk and ru names the seat and the role (Путана), never 'Ви/Вы' for another's action", () => {
    const t = cityNight();
    end(t);
    expect(read(t.view(7), uk)).toContain("Місце 3 (Путана) заморозило місце 5");
    expect(read(t.view(7), ru)).toContain("Место 3 (Путана) заморозило место 5");
    expect(read(t.view(7), uk).filter((l) => /^Ви (заморозили|лікуєте|вирішили|перевіряєте|стріляєте)/.test(l))).toEqual([]);
    expect(read(t.view(7), ru).filter((l) => /^Вы (заморозили|лечите|решили|проверяете|стреляете)/.test(l))).toEqual([]);
    expect(read(t.spectator(), uk).filter((l) => /^(Ви|Вас|Ваш)/.test(l))).toEqual([]);
    expect(read(t.spectator(), ru).filter((l) => /^(Вы|Вас|Ваш)/.test(l))).toEqual([]);
    expect(read(t.view(3), ru)).toContain("Вы заморозили место 5");
  });

  it("the city night's turns read as words in every language, never as step ids (§3)", () => {
    const t = cityNight();
    const ids = /mafia-shot|commissar-check|don-check|\bfreeze\b|\bheal\b|\bkill\b/;
    for (const cat of [en, uk, ru] as Cat[]) {
      expect(read(t.spectator(), cat).filter((l) => ids.test(l))).toEqual([]);
    }
    expect(keys(t.spectator()).filter((k) => k.startsWith("log.night-turn"))).toEqual([
      "log.night-turn.mafia-shot", "log.night-turn.freeze", "log.night-turn.heal", "log.night-turn.commissar-check", "log.night-turn.kill", "log.night-turn.don-check",
    ]);
    expect(read(t.spectator())).toContain("Night: the Consort's turn");
  });

  it("open voting (§2.6): every called candidate, the first one included, gets the 'Votes against seat N' heading before its votes", () => {
    const t = new Table({ roles: "DMMSCCCCCC", settings: { voting: "open", breakAtZero: true } });
    const first = t.speaker as Seat;
    const next = (s: Seat, k: number) => ((s - 1 + k) % 10) + 1;
    t.speeches({ [first]: 5, [next(first, 1)]: 6, [next(first, 2)]: 8 });
    expect(t.phase).toBe("voting");
    // The last candidate is never called: the votes left go to them (§2.6).
    t.ballot({ 1: 5, 2: 5, 3: 6, 4: 6, 7: 5 });
    const lines = read(t.spectator());
    const start = lines.findIndex((l) => l.startsWith("Voting on seats"));
    expect(start).toBeGreaterThanOrEqual(0);
    expect(lines[start + 1]).toBe("Votes against seat 5");
    const second = lines.indexOf("Votes against seat 6");
    expect(second).toBeGreaterThan(start + 1);
    expect(lines.slice(start + 2, second).sort()).toEqual(["Seat 1 voted against seat 5", "Seat 2 voted against seat 5", "Seat 7 voted against seat 5"]);
    expect(lines.slice(second + 1, second + 3).sort()).toEqual(["Seat 3 voted against seat 6", "Seat 4 voted against seat 6"]);
    expect(lines.filter((l) => l.startsWith("Votes against seat"))).toEqual(["Votes against seat 5", "Votes against seat 6"]);
    // the voter's own ballot reads "you"
    expect(read(t.view(1))).toContain("You voted against seat 5");
    expect(read(t.view(3))).toContain("Seat 1 voted against seat 5");
  });

  it("closed voting has no per-candidate heading", () => {
    const e: AnyLogEntry = { seq: 1, at: 0, day: 1, type: "voting-started", data: { round: "first", mode: "closed", candidates: [3, 5], calling: null } };
    expect(logLines(e, { seat: null, roles: null }).map((l) => l.key)).toEqual(["log.voting-started"]);
  });

  it("an entry about a seat other than the viewer's never uses the 'you' line, whatever the viewer", () => {
    const e: AnyLogEntry = { seq: 1, at: 0, day: 1, type: "nominated", data: { by: 4, target: 6 } };
    expect(logLines(e, { seat: 4, roles: null })[0]?.key).toBe("log.nominated.you");
    expect(logLines(e, { seat: 6, roles: null })[0]?.key).toBe("log.nominated");
    expect(logLines(e, { seat: null, roles: null })[0]?.key).toBe("log.nominated");
    const roles = new Map([[4, "don"]]);
    expect(render(en, logLines(e, { seat: 6, roles })[0] as Line)).toBe("Seat 4 (Don) nominated seat 6");
    expect(render(en, logLines(e, { seat: 4, roles })[0] as Line)).toBe("You nominated seat 6");
  });

  it("§1 open reveal: a departing player's role is shown at once, by seat and role (and team), 'your card' for its owner", () => {
    const e: AnyLogEntry = { seq: 1, at: 0, day: 1, type: "role-revealed", data: { seat: 4, role: "don", team: "black" } };
    expect(render(en, logLines(e, { seat: null, roles: null })[0]!)).toBe("Seat 4's card is shown: Don (Black)");
    expect(render(en, logLines(e, { seat: 4, roles: null })[0]!)).toBe("Your card is shown to the table: Don (Black)");
    // The role is in the line already: never "Seat 4 (Don)" on top of it, even when the roles are known.
    expect(render(en, logLines(e, { seat: null, roles: new Map([[4, "don"]]) })[0]!)).toBe("Seat 4's card is shown: Don (Black)");
    expect(render(uk, logLines(e, { seat: null, roles: null })[0]!)).toBe("Карту місця 4 відкрито: Дон (Чорні)");
    expect(render(ru, logLines(e, { seat: 4, roles: null })[0]!)).toBe("Вашу карту открыли столу: Дон (Чёрные)");
  });

  it("an unknown event type keeps its key (the web shows its id and data, never drops it)", () => {
    // A newer server's event, as it arrives in a frame (the client's types do not know it yet).
    const e: AnyLogEntry = JSON.parse('{"seq":1,"at":0,"day":1,"type":"future-thing","data":{"seat":2}}');
    expect(logLines(e, { seat: 2, roles: null })).toEqual([{ type: "future-thing", key: "log.future-thing", params: { seat: 2 } }]);
  });
});

describe("RULES.md §4.6 host-classic's questions read as themselves (issue 18 noticed: not 'the vote to lift everyone tied')", () => {
  const entry = (type: "lift-vote-started" | "lift-counted", question: "confirm-vote" | "car-crash"): AnyLogEntry =>
    (type === "lift-vote-started"
      ? { seq: 1, at: 0, day: 2, type, data: { candidates: [4, 7], mode: "open", needed: 5, question } }
      : { seq: 2, at: 0, day: 2, type, data: { candidates: [4, 7], ballots: [], inFavour: 6, needed: 5, passed: true, question } }) as AnyLogEntry;
  for (const q of ["confirm-vote", "car-crash"] as const) {
    it(`§4.6 ${q}: its own log lines, in every language`, () => {
      for (const type of ["lift-vote-started", "lift-counted"] as const) {
        const line = logLines(entry(type, q), { seat: null, roles: null })[0]!;
        expect(line.key).toBe(`log.${type}.${q}`);
        for (const cat of [en, uk, ru]) expect((cat as Record<string, string>)[line.key]).toBeTruthy();
      }
    });
  }
});

describe("issue 20: public claims read as the seat's own words", () => {
  it("each kind of claim, in en, uk and ru; the same line for the claimant and for everyone else", () => {
    const t = new Table({ roles: "DMMSCCCCCC" });
    const sp = t.speaker as Seat;
    t.act(sp, { type: "claim", claim: { kind: "role", role: "sheriff" } });
    t.act(sp, { type: "claim", claim: { kind: "check", target: 5, result: "black" } });
    t.act(sp, { type: "claim", claim: { kind: "opinion", target: 2, result: "red" } });
    t.act(sp, { type: "claim", claim: { kind: "vote", target: 5 } });
    const claims = (view: GameView, cat: Cat) => read(view, cat).filter((l) => /[“«]/.test(l));
    expect(claims(t.spectator(), en)).toEqual([
      `Seat ${sp}: “I am the Sheriff”`, `Seat ${sp}: “Seat 5 is black — my check”`, `Seat ${sp}: “Seat 2 is red to me”`, `Seat ${sp}: “I vote for seat 5”`,
    ]);
    expect(claims(t.view(sp), en)).toEqual(claims(t.spectator(), en));
    expect(claims(t.spectator(), uk)).toEqual([
      `Місце ${sp}: «Я — Шериф»`, `Місце ${sp}: «Номер 5 — чорний, це моя перевірка»`, `Місце ${sp}: «Номер 2 для мене червоний»`, `Місце ${sp}: «Я голосую за номер 5»`,
    ]);
    expect(claims(t.spectator(), ru)).toEqual([
      `Место ${sp}: «Я — Шериф»`, `Место ${sp}: «Номер 5 — чёрный, это моя проверка»`, `Место ${sp}: «Номер 2 для меня красный»`, `Место ${sp}: «Я голосую за номер 5»`,
    ]);
  });
  it("a claim of an unknown kind (a newer server) keeps its key, as an unknown event type does", () => {
    const e = { seq: 1, at: 0, day: 1, type: "claimed", data: { seat: 3, claim: { kind: "poem" } } } as unknown as AnyLogEntry;
    expect(logLines(e, { seat: null, roles: null }).map((l) => [l.key, l.params.seat, l.params.claim])).toEqual([["log.claimed", 3, { key: "claim.poem", params: { target: undefined } }]]);
  });
});
