/**
 * Issue 38.7 and issue 31.10, the small texts of the trial: each line as a person reads it, rendered by
 * the catalogues' own plural rule (web/src/i18n/plural.ts, the one t() and the club screens' tc() use).
 */
import { describe, expect, it } from "vitest";
import { zoneLabel } from "../../shared/clubs/time.ts";
import { CLUB_CATALOGUES } from "../../web/src/clubs/catalogue.ts";
import { TOURNAMENT_CATALOGUES } from "../../web/src/tournaments/catalogue.ts";
import { en } from "../../web/src/i18n/en.ts";
import { render, type PluralLang } from "../../web/src/i18n/plural.ts";
import { ru } from "../../web/src/i18n/ru.ts";
import { uk } from "../../web/src/i18n/uk.ts";
import { roleAboutKeys } from "../../web/src/table/logText.ts";
import { botNumber } from "../../web/src/lib/bot-name.ts";
import { personalResult } from "../../web/src/table/personal.ts";
import { botNickname } from "../../worker/table/lobby.ts";

const MAIN: Record<PluralLang, Record<string, string>> = { en, uk, ru };
const tl = (l: PluralLang, key: string, params?: Record<string, string | number>) => render(MAIN[l][key]!, l, params);
const tc = (l: PluralLang, key: string, params?: Record<string, string | number>) => render((CLUB_CATALOGUES[l] as Record<string, string>)[key]!, l, params);

describe("issue 38.7 / 31.10: a table or format of one size says its size once", () => {
  it("'once 11 players sit', never 'from 11 to 11' (the waiting room)", () => {
    expect(tl("en", "wait.organizerStarts.exact", { n: 11 })).toBe("The organizer starts the game once 11 players sit.");
    expect(tl("uk", "wait.organizerStarts.exact", { n: 11 })).toBe("Організатор починає гру, коли сядуть 11 гравців.");
    expect(tl("uk", "wait.organizerStarts.exact", { n: 22 })).toBe("Організатор починає гру, коли сядуть 22 гравці.");
    expect(tl("ru", "wait.organizerStarts.exact", { n: 12 })).toBe("Организатор начинает игру, когда сядут 12 игроков.");
    for (const l of ["en", "uk", "ru"] as const) expect(tl(l, "create.counts.exact", { n: 12 })).toMatch(/\b12\b/);
  });
  it("a club format of one size: '12 players', not '12–12'; a range stays a range", () => {
    expect(tc("en", "evening.seats.exact", { n: 12 })).toBe("12 players");
    expect(tc("uk", "evening.seats.exact", { n: 10 })).toBe("10 гравців");
    expect(tc("ru", "evening.seats.exact", { n: 12 })).toBe("12 игроков");
    expect(tc("uk", "new.evening.seats.about", { seats: tc("uk", "evening.seats.exact", { n: 12 }) })).toContain("розрахований на 12 гравців.");
  });
});

describe("issue 38.7: counts take their plural forms", () => {
  it("the champion table: 'грають 4 гри', 'играют 4 игры', '5 ігор', '1 гру'", () => {
    const about = (l: PluralLang, total: number, m: number) =>
      tc(l, "season.champion.about", { top: 10, after: tc(l, "season.champion.after", { n: total }), games: tc(l, "season.champion.games", { n: m }) });
    expect(about("uk", 20, 4)).toContain("Після 20 рейтингових ігор сезону топ-10 грають 4 гри за чемпіонським столом.");
    expect(about("uk", 21, 5)).toContain("Після 21 рейтингової гри сезону топ-10 грають 5 ігор");
    expect(about("uk", 20, 1)).toContain("грають 1 гру ");
    expect(about("ru", 20, 4)).toContain("После 20 рейтинговых игр сезона топ-10 играют 4 игры за чемпионским столом.");
    expect(about("ru", 20, 5)).toContain("играют 5 игр ");
    expect(about("en", 1, 1)).toContain("After the season's 1 rating game the top 10 play 1 game at");
    expect(about("en", 20, 4)).toContain("After the season's 20 rating games the top 10 play 4 games at");
  });
  it("the table's results in words, not 'Solo 1'", () => {
    expect(tl("en", "series.won.solo", { n: 1 })).toBe("a solo player won 1 game");
    expect(tl("en", "series.won.draw", { n: 2 })).toBe("2 draws");
    expect(tl("uk", "series.won.red", { n: 3 })).toBe("місто виграло 3 гри");
    expect(tl("uk", "series.won.black", { n: 5 })).toBe("мафія виграла 5 ігор");
    expect(tl("ru", "series.won.solo", { n: 1 })).toBe("игрок сам за себя выиграл 1 игру");
    expect(tl("ru", "series.won.draw", { n: 2 })).toBe("2 ничьи");
    for (const l of ["en", "uk", "ru"] as const) expect(MAIN[l]["series.wins"]).not.toMatch(/Wins|Перемоги|Победы/);
  });
});

describe("issue 31.10, RULES.md §5.6: the Commissar's text names the Lawyer only where one is dealt", () => {
  const about = (l: PluralLang, role: "commissar" | "agent" | "lawyer", lawyer: boolean) =>
    roleAboutKeys("custom", role, lawyer ? ["commissar", "lawyer"] : ["commissar"], (k) => k in MAIN[l]).map((k) => MAIN[l][k]).join(" ");
  it("a profile table without a Lawyer: the Commissar and the Agent read no word of him; with one, the cover is told", () => {
    for (const l of ["en", "uk", "ru"] as const) {
      for (const role of ["commissar", "agent"] as const) {
        expect(about(l, role, false), `${l} ${role}`).not.toMatch(/Lawyer|Адвокат/);
        expect(about(l, role, true), `${l} ${role}`).toMatch(/Lawyer|Адвокат/);
      }
    }
    expect(about("en", "commissar", true)).toBe("Red. Each night you check one player: red or black. You see the answer at once and keep it through the day. A mafioso covered by the Lawyer shows as peaceful.");
    // Classic's Commissar (no Lawyer in its composition) and another format's text are unchanged.
    expect(roleAboutKeys("classic", "commissar", ["civilian", "mafia", "commissar", "doctor"], (k) => k in en)).toEqual(["roleinfo.profiles.commissar"]);
    expect(roleAboutKeys("sport", "sheriff", ["lawyer"], (k) => k in en)).toEqual(["roleinfo.sport.sheriff"]);
  });
});

describe("issue 31.9: the end screen's personal line", () => {
  const roles = [
    { seat: 1, nickname: "Ann", role: "mafia", team: "black" },
    { seat: 2, nickname: "Bob", role: "sheriff", team: "red" },
    { seat: 3, nickname: "Cy", role: "maniac", team: "solo" },
  ] as const;
  const result = (winner: "red" | "black" | "solo" | "draw") => ({ winner, reason: "all-black-eliminated", roles: roles.map((r) => ({ ...r })) }) as never;
  it("'You — Mafia · You won' for the winning side, 'You lost' for the others, a draw for all; none for a spectator", () => {
    expect(personalResult(result("black"), 1)).toEqual({ role: "mafia", team: "black", outcome: "won" });
    expect(personalResult(result("black"), 2)).toEqual({ role: "sheriff", team: "red", outcome: "lost" });
    expect(personalResult(result("solo"), 3)?.outcome).toBe("won");
    expect(personalResult(result("draw"), 2)?.outcome).toBe("draw");
    expect(personalResult(result("red"), null)).toBeNull();
    expect(personalResult(result("red"), 9)).toBeNull();
    expect(tl("en", "end.you", { role: "Mafia", outcome: tl("en", "end.you.won") })).toBe("You — Mafia · You won");
    expect(tl("uk", "end.you", { role: "Мафія", outcome: tl("uk", "end.you.lost") })).toBe("Ви — Мафія · Ви програли");
    expect(tl("ru", "end.protocol.summary", { n: 3 })).toBe("Весь протокол: 3 записи");
    expect(tl("uk", "end.protocol.summary", { n: 125 })).toBe("Увесь протокол: 125 записів");
  });
});

describe("issue 31.8: bots are named in the page's language", () => {
  it("the server's 'Bot 3' reads 'Бот 3' in uk and ru, 'Bot 3' in en; a person's name is never rewritten", () => {
    expect(botNumber(botNickname(3))).toBe(3);
    expect(tl("uk", "seat.botName", { n: botNumber(botNickname(3))! })).toBe("Бот 3");
    expect(tl("ru", "seat.botName", { n: 12 })).toBe("Бот 12");
    expect(tl("en", "seat.botName", { n: 3 })).toBe("Bot 3");
    expect(botNumber("Bot 3", false)).toBeNull(); // a person's seat (the flag says so)
    for (const name of ["Botany", "Bot", "Robot 1", "Ann", "", null]) expect(botNumber(name), String(name)).toBeNull();
  });
});

describe("issue 38.7: an evening's state reads after 'Sign-up:' (gender agreement)", () => {
  it("'Запись: Вечер начался', not 'Запись: Начался'", () => {
    expect(tc("ru", "status.started")).toBe("Вечер начался");
    expect(tc("uk", "status.started")).toBe("Вечір розпочався");
    expect(tc("ru", "status.cancelled")).toBe("Вечер отменён");
    expect(tc("en", "status.started")).toBe("The evening has started");
  });
});

describe("issue 38.7: a zone by its name, not its id", () => {
  it("Europe/Kyiv reads as Intl's name for it in each language; an id Intl cannot name reads as its city", () => {
    const at = Date.UTC(2026, 0, 10, 12);
    expect(zoneLabel("Europe/Kyiv", "en-GB", at)).toBe("Eastern European Time");
    expect(zoneLabel("Europe/Kyiv", "uk-UA", at)).toMatch(/східноєвропейськ/);
    for (const locale of ["en-GB", "uk-UA", "ru-RU"]) {
      const name = zoneLabel("Europe/Kyiv", locale, at);
      expect(name, locale).not.toContain("/");
      expect(name, locale).not.toBe("Europe/Kyiv");
    }
    expect(zoneLabel("Not/A_Zone", "en-GB", at)).toBe("A Zone");
    expect(zoneLabel("UTC", "en-GB", at)).not.toContain("/");
  });
});

describe("RULES.md §6.11 / §7.11 the review form: each field is the seat's total, the win points already in it", () => {
  it("the note counts the club's win points with the unit's plural ('1 балл', '1.5 балла'), never '1 клуба'; the field is labelled a total", () => {
    const more = "1 + 0.5 = 1.5";
    expect(tc("ru", "review.prefilled", { n: 1, more })).toContain("уже включает 1 балл за победу");
    expect(tc("ru", "review.prefilled", { n: 1.5, more })).toContain("1.5 балла за победу");
    expect(tc("ru", "review.prefilled", { n: 5, more })).toContain("5 баллов за победу");
    expect(tc("uk", "review.prefilled", { n: 1, more })).toContain("вже містить 1 бал за перемогу");
    expect(tc("uk", "review.prefilled", { n: 2, more })).toContain("2 бали за перемогу");
    expect(tc("en", "review.prefilled", { n: 1, more })).toContain("the club's 1 point for a win");
    expect(tc("en", "review.prefilled", { n: 2, more })).toContain("2 points for a win");
    for (const l of ["en", "uk", "ru"] as const) {
      const line = tc(l, "review.prefilled", { n: 1, more });
      expect(line, l).toContain(more);
      expect(line, l).not.toMatch(/клуба за|клубу за|add the extras|додайте решту|добавьте остальное/);
      expect(tc(l, "review.points"), l).toMatch(/total|разом|всего/i);
    }
  });
});

const tn = (l: PluralLang, key: string, params?: Record<string, string | number>) => render((TOURNAMENT_CATALOGUES[l] as Record<string, string>)[key]!, l, params);

describe("RULES.md §9 the tournament page's counts and waits", () => {
  it("'1 qualifying round', never '1 rounds', in all three languages (the catalogue's plural rule)", () => {
    expect(tn("en", "tn.rounds.n", { n: 1 })).toBe("1 qualifying round");
    expect(tn("en", "tn.rounds.n", { n: 6 })).toBe("6 qualifying rounds");
    expect(tn("uk", "tn.rounds.n", { n: 1 })).toBe("1 відбірковий тур");
    expect(tn("uk", "tn.rounds.n", { n: 3 })).toBe("3 відбіркові тури");
    expect(tn("uk", "tn.rounds.n", { n: 6 })).toBe("6 відбіркових турів");
    expect(tn("ru", "tn.rounds.n", { n: 1 })).toBe("1 отборочный тур");
    expect(tn("ru", "tn.rounds.n", { n: 2 })).toBe("2 отборочных тура");
    expect(tn("ru", "tn.rounds.n", { n: 5 })).toBe("5 отборочных туров");
    for (const l of ["en", "uk", "ru"] as const) {
      const line = tn(l, "tn.summary", { preset: "Sport", seats: 10, rounds: tn(l, "tn.rounds.n", { n: 1 }), final: "—" });
      expect(line, l).not.toMatch(/\b1 rounds|турів: 1|туров: 1/);
      // §9.6 the final's wait names the final, not "round 2".
      expect(tn(l, "tn.waitFinal", { prev: 1 }), l).not.toMatch(/\{|round 2|тур 2/i);
      expect(tn(l, "tn.champion", { nick: "Оля" }), l).toContain("Оля");
    }
  });
});
