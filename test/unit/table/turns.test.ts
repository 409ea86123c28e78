/**
 * Issue 17, tatar at the table (web/src/table/turns.ts and the tatar lines of logText/announce): the
 * night step's last-seconds warning (RULES.md §7.12), voting in turn (§7.3) with a late voter's fouls, the
 * live host's foul buttons (§7.9) and the lines fouls, remarks and peaceful days read as. Driven by real
 * engine games (test/unit/engine/tatar-helpers.ts: 1 Don, 2–3 Mafia, 4 Putana, 5 Doctor, 6 Commissar,
 * 7 Maniac, 8–12 Civilians), from exactly the views each viewer receives.
 */
import { describe, expect, it } from "vitest";
import type { AnyLogEntry, GameView } from "../../../shared/engine/types.ts";
import { en } from "../../../web/src/i18n/en.ts";
import { ru } from "../../../web/src/i18n/ru.ts";
import { uk } from "../../../web/src/i18n/uk.ts";
import { announcementOf, voteWarning } from "../../../web/src/table/announce.ts";
import { logLines } from "../../../web/src/table/logText.ts";
import { hostFouls, nightWarning, removedForFouls, voterTurn } from "../../../web/src/table/turns.ts";
import { Table } from "../engine/harness.ts";
import { host, inTurn, removeByFouls, tatar, toVote } from "../engine/tatar-helpers.ts";

const CATALOGUES = { en, uk, ru } as Record<string, Record<string, string>>;
/** Every key exists in en, uk and ru. */
function inEveryLanguage(keys: string[]): string[] {
  const missing: string[] = [];
  for (const k of keys) for (const [lang, cat] of Object.entries(CATALOGUES)) if (!cat[k]) missing.push(`${lang} ${k}`);
  return missing;
}
const lineKeys = (v: GameView, type: string) => v.log.filter((e) => e.type === type).map((e) => logLines(e, { seat: v.you?.seat ?? null, roles: null })[0]!.key);
const annKeys = (v: GameView) => v.log.map((e) => announcementOf(e, v.you?.seat ?? null)?.key).filter((k): k is string => !!k);

/** Day 1's vote against seat 12 (everyone but 12 votes 12, 12 votes 11): the night follows. */
function toNight(t: Table): void {
  toVote(t);
  const ballots: Record<number, number> = {};
  for (const s of t.living()) ballots[s] = s === 12 ? 11 : 12;
  inTurn(t, ballots);
  t.end(12);
  expect(t.phase).toBe("night-shot");
}

describe("RULES.md §7.12 the 5 s warning before a night step ends (turns.ts nightWarning)", () => {
  it("§7.12 shown from the server's warnAt until the deadline, on the server clock; never by day, never paused", () => {
    const t = tatar();
    toNight(t);
    const v = t.spectator();
    expect(v.warnAt).toBe(v.deadline! - 5_000);
    expect(nightWarning(v, v.warnAt! - 1)).toBeNull();
    expect(nightWarning(v, v.warnAt!)).toEqual({ seconds: 5 });
    expect(nightWarning(v, v.deadline! - 1)).toEqual({ seconds: 5 });
    expect(nightWarning(v, v.deadline!)).toBeNull();
    // The same for a player of the step and one who sleeps (the field is public: every step has it).
    expect(nightWarning(t.view(1), v.warnAt! + 100)).toEqual({ seconds: 5 });
    expect(nightWarning(t.view(9), v.warnAt! + 100)).toEqual({ seconds: 5 });
    t.control({ type: "pause", by: "host", reason: "organizer" });
    expect(nightWarning(t.spectator(), v.warnAt! + 100)).toBeNull();
    const day = tatar().spectator();
    expect(day.warnAt).toBeUndefined();
    expect(nightWarning(day, t.now)).toBeNull();
    for (const k of ["warn.night"]) expect(inEveryLanguage([k])).toEqual([]);
  });
});

describe("RULES.md §7.3 voting in turn (turns.ts voterTurn)", () => {
  it("§7.3 who votes now, for everyone; the voter's own turn offers a vote against anyone but themselves, no unused-vote warning", () => {
    const t = tatar();
    toVote(t);
    expect(voterTurn(t.spectator())).toEqual({ seat: 2, mine: false, late: null });
    expect(voterTurn(t.view(5))).toEqual({ seat: 2, mine: false, late: null });
    const mine = t.view(2);
    expect(voterTurn(mine)).toEqual({ seat: 2, mine: true, late: null });
    const vote = mine.you!.actions.find((a) => a.type === "vote");
    expect(vote && vote.type === "vote" && vote.targets).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(mine.you!.actions.map((a) => a.type)).not.toContain("skip");
    // §7.3 no abstain, no unused vote: the §2.6 warning ("your vote goes to the last nominee") never shows.
    expect(voteWarning(mine, t.now)).toBeNull();
    expect(voterTurn(t.view(3))!.mine).toBe(false);
  });

  it("§7.3 a late voter: a foul and 5 s more, shown with the count of this turn; the next voter starts clean", () => {
    const t = tatar();
    toVote(t);
    t.timeout();
    expect(voterTurn(t.spectator())).toEqual({ seat: 2, mine: false, late: { fouls: 1, seconds: 5 } });
    t.timeout();
    expect(voterTurn(t.view(2))).toEqual({ seat: 2, mine: true, late: { fouls: 2, seconds: 5 } });
    t.act(2, { type: "vote", target: 5 });
    t.timeout(); // issue 38: the turn passes once the vote can no longer be changed (2 s)
    expect(voterTurn(t.spectator())).toEqual({ seat: 3, mine: false, late: null });
    // The lines: "Seat 2 is late to vote: foul 1" / "You are late to vote: foul 1", in every language.
    expect(lineKeys(t.spectator(), "fouled")).toEqual(["log.fouled.late-vote", "log.fouled.late-vote"]);
    expect(lineKeys(t.view(2), "fouled")).toEqual(["log.fouled.late-vote.you", "log.fouled.late-vote.you"]);
    expect(annKeys(t.spectator())).toContain("ann.fouled.late-vote");
    expect(inEveryLanguage(["log.fouled.late-vote", "log.fouled.late-vote.you", "ann.fouled.late-vote", "vote.turn.mine", "vote.turn.late", "vote.turn.lateMore", "turn.voter.you", "seat.voterTurn"])).toEqual([]);
  });

  it("§7.9 four late fouls remove the voter: the removed player reads 'removed for fouls', the table sees the card", () => {
    const t = tatar();
    toVote(t);
    for (let i = 0; i < 4; i++) t.timeout();
    expect(removedForFouls(t.view(2))).toBe(true);
    expect(removedForFouls(t.view(3))).toBe(false);
    const shown = t.spectator().log.find((e) => e.type === "role-revealed")!;
    expect(announcementOf(shown, null)).toMatchObject({ key: "ann.role-revealed", params: { seat: 2, role: "mafia", team: "black" } });
    expect(inEveryLanguage(["you.out.removed.fouls", "ann.role-revealed"])).toEqual([]);
  });
});

describe("RULES.md §7.9 the live host's fouls (turns.ts hostFouls) and what they read as", () => {
  it("§7.9 a Foul and a Remark per living seat, only for a live host whose preset gives fouls; the removing foul is marked", () => {
    const t = tatar({ host: "live" });
    const rows = hostFouls(t.hostView())!;
    expect(rows.open).toBe(true);
    expect(rows.rows.map((r) => r.seat)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(rows.rows.every((r) => r.fouls === 0 && !r.removes)).toBe(true);
    for (let i = 0; i < 3; i++) host(t, { type: "foul", seat: 6 });
    expect(hostFouls(t.hostView())!.rows.find((r) => r.seat === 6)).toMatchObject({ fouls: 3, removes: true });
    host(t, { type: "foul", seat: 6 });
    expect(hostFouls(t.hostView())!.rows.map((r) => r.seat)).not.toContain(6);
    // Paused: the buttons wait.
    t.control({ type: "pause", by: "host", reason: "organizer" });
    expect(hostFouls(t.hostView())!.open).toBe(false);
    // No buttons: players, a server-hosted tatar table, a sport table's live host.
    expect(hostFouls(t.view(3))).toBeNull();
    expect(hostFouls(tatar().hostView())).toBeNull();
    expect(hostFouls(new Table({ host: "live" }).hostView())).toBeNull();
  });

  it("§7.9 the host's foul and remark, three fouls' automatic vote, the removal: each a line in every language", () => {
    const t = tatar({ host: "live" });
    host(t, { type: "remark", seat: 7 });
    for (let i = 0; i < 3; i++) host(t, { type: "foul", seat: 6 });
    removeByFouls(t, 9);
    expect(lineKeys(t.spectator(), "fouled")).toEqual(Array(7).fill("log.fouled.host"));
    expect(lineKeys(t.view(6), "fouled").slice(0, 3)).toEqual(Array(3).fill("log.fouled.host.you"));
    expect(lineKeys(t.view(7), "remarked")).toEqual(["log.remarked.you"]);
    expect(lineKeys(t.view(8), "remarked")).toEqual(["log.remarked"]);
    t.timeout();
    t.speeches();
    expect(lineKeys(t.view(6), "foul-vote")).toEqual(["log.foul-vote.you"]);
    const keys = annKeys(t.spectator());
    for (const k of ["ann.remarked", "ann.fouled.host", "ann.out.removed", "ann.role-revealed", "ann.foul-vote"]) expect(keys).toContain(k);
    expect(inEveryLanguage([...new Set(keys)])).toEqual([]);
    expect(inEveryLanguage(["host.foul", "host.remark", "host.foul.label", "host.remark.label", "host.foul.removeTitle", "host.foul.removeText", "host.foul.removeConfirm", "host.fouls.title", "host.fouls.closed"])).toEqual([]);
  });

  it("§2.13 a technical vote's foul keeps its own line (no cause); §7.4 a peaceful day is announced with its reason", () => {
    const fouled: AnyLogEntry = { seq: 1, at: 0, day: 1, type: "fouled", data: { seat: 4, fouls: 1 } };
    expect(logLines(fouled, { seat: null, roles: null })[0]!.key).toBe("log.fouled");
    expect(announcementOf(fouled, null)!.key).toBe("ann.fouled");
    for (const why of ["tie-again", "all-one-vote"] as const) {
      const e: AnyLogEntry = { seq: 2, at: 0, day: 1, type: "peaceful-day", data: { why } };
      expect(announcementOf(e, null)!.key).toBe(`ann.peaceful-day.${why}`);
      expect(inEveryLanguage([`ann.peaceful-day.${why}`])).toEqual([]);
    }
    const voted: AnyLogEntry = { seq: 3, at: 0, day: 1, type: "removed-voted-out", data: { seat: 5 } };
    expect(announcementOf(voted, 5)!.key).toBe("ann.removed-voted-out");
    expect(logLines(voted, { seat: 5, roles: null })[0]!.key).toBe("log.removed-voted-out.you");
  });
});
