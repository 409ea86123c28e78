/**
 * Issue 13 announcements (web/src/table/announce.ts): which log entries become banners, for whom,
 * for how long, and the countdown warning of RULES.md §2.6 ("whoever has not voted gives the vote
 * to the last nominated candidate"). Driven by real engine games (test/unit/engine/harness.ts): the
 * banners are built from exactly the log each viewer receives.
 */
import { describe, expect, it } from "vitest";
import type { AnyLogEntry, GameView, OutHow } from "../../../shared/engine/types.ts";
import { en } from "../../../web/src/i18n/en.ts";
import { ru } from "../../../web/src/i18n/ru.ts";
import { uk } from "../../../web/src/i18n/uk.ts";
import { activeAnnouncements, announcementOf, TTL, voteWarning } from "../../../web/src/table/announce.ts";
import { LAYOUT, Table } from "../engine/harness.ts";

/** Every announcement a viewer's whole log yields (no time window). */
function all(v: GameView) {
  return v.log.map((e) => announcementOf(e, v.you?.seat ?? null)).filter((a) => a !== null);
}
const keys = (v: GameView) => all(v).map((a) => a.key);
/** The candidate being called in an open ballot (the lift vote calls nobody). */
const calling = (v: GameView) => (v.ballot && v.ballot.kind !== "lift" ? v.ballot.calling : undefined);

function day2(settings: Record<string, unknown> = {}): Table {
  const t = new Table({ roles: LAYOUT, settings });
  t.speeches();
  t.night({ 1: 5, 2: 6 }); // the shooters disagree: a miss
  return t;
}

describe("issue 13 announcements from the log", () => {
  it("§2.10/§2.11 the morning after a miss: 'nobody died' for every viewer", () => {
    const t = day2();
    expect(keys(t.spectator())).toContain("ann.missed");
    expect(keys(t.view(4))).toContain("ann.missed");
  });

  it("§2.6 closed voting: the count with who voted for whom (the unused votes marked), then who is voted out", () => {
    const t = day2();
    t.speeches({ 2: 7, 3: 8 });
    t.vote({ 1: 7, 2: 7, 3: 7, 4: 8 });
    t.timeout();
    const spectator = all(t.spectator());
    const count = spectator.find((a) => a.key === "ann.count")!;
    expect(count.tally).toEqual([{ seat: 7, votes: 3 }, { seat: 8, votes: 7 }]);
    expect(count.params["tally"]).toBe("7: 3 · 8: 7");
    expect(count.ballots!.find((b) => b.voter === 1)).toEqual({ voter: 1, target: 7, auto: false });
    expect(count.ballots!.filter((b) => b.auto).map((b) => b.target)).toEqual([8, 8, 8, 8, 8, 8]);
    const out = spectator.find((a) => a.key === "ann.out.voted-out")!;
    expect(out.params["seat"]).toBe(8);
    expect(out.tone).toBe("out");
  });

  it("issue 38.7, RULES.md §7 tatar: the count lists only the seats with votes, not the whole table's zeros", () => {
    const tally = Array.from({ length: 12 }, (_, i) => ({ seat: i + 1, votes: i + 1 === 4 ? 7 : i + 1 === 9 ? 5 : 0 }));
    const ballots = Array.from({ length: 12 }, (_, i) => ({ voter: i + 1, target: i < 7 ? 4 : 9, auto: false }));
    const entry = { seq: 40, at: 0, day: 1, type: "vote-counted", data: { round: "first", ballots, tally, leaders: [4] } } as unknown as AnyLogEntry;
    const count = announcementOf(entry, null)!;
    expect(count.tally).toEqual([{ seat: 4, votes: 7 }, { seat: 9, votes: 5 }]);
    expect(count.params["tally"]).toBe("4: 7 · 9: 5");
    expect(count.ballots).toHaveLength(12); // who voted for whom: still all there, folded
    const none = announcementOf({ ...entry, data: { round: "first", ballots: [], tally: tally.map((x) => ({ ...x, votes: 0 })), leaders: [] } } as unknown as AnyLogEntry, null)!;
    expect(none.tally).toEqual([]);
    expect(none.params["tally"]).toBe("—");
  });

  it("§2.6 your vote: seat N — only on the voter's own page, never on another's or a spectator's", () => {
    const t = day2();
    t.speeches({ 2: 7, 3: 8 });
    t.vote({ 1: 7 });
    const votes = (v: GameView) => all(v).filter((a) => a.key === "ann.mine.vote");
    expect(votes(t.view(1)).map((a) => [a.mine, a.params["seat"]])).toEqual([[true, 7]]);
    expect(votes(t.view(2))).toEqual([]);
    expect(all(t.spectator()).filter((a) => a.mine)).toEqual([]);
  });

  it("§2.6 open voting: a public vote confirms only the voter's own", () => {
    const t = day2({ voting: "open" });
    t.speeches({ 2: 7, 3: 8 });
    t.act(5, { type: "vote", target: 7 });
    expect(all(t.view(5)).filter((a) => a.mine).map((a) => a.params["seat"])).toEqual([7]);
    expect(all(t.view(6)).filter((a) => a.mine)).toEqual([]);
  });

  it("§2.10 your shot and your check: each shooter and checker sees their own, nobody else's", () => {
    const t = new Table({ roles: LAYOUT });
    t.speeches();
    expect(t.phase).toBe("night-shot");
    t.act(1, t.use(1, 5));
    t.act(2, t.use(2, 5));
    // The black team sees each other's shots in the log (§2.10), but a confirmation is one's own only.
    expect(all(t.view(2)).filter((a) => a.mine).map((a) => [a.key, a.params["seat"]])).toEqual([["ann.mine.shot", 5]]);
    expect(all(t.view(1)).filter((a) => a.mine).map((a) => [a.key, a.params["seat"]])).toEqual([["ann.mine.shot", 5]]);
    expect(all(t.view(3)).filter((a) => a.mine)).toEqual([]);
    t.act(3, t.use(3, 5));
    t.timeout();
    t.act(4, t.use(4, 1));
    expect(all(t.view(4)).filter((a) => a.mine).map((a) => [a.key, a.params["seat"]])).toEqual([["ann.mine.check", 1]]);
    expect(JSON.stringify(all(t.view(4)))).not.toContain("mafia"); // the result stays on the hidden card
    t.timeout();
    const news = all(t.spectator()).filter((a) => a.tone === "news");
    expect(news.map((a) => [a.key, a.params["seat"]])).toEqual([["ann.killed", 5]]);
    // The night death is the morning's news, not a second "left" banner.
    expect(keys(t.spectator()).filter((k) => k.startsWith("ann.out."))).toEqual([]);
  });

  it("§2.8/§2.9 nobody leaves: day-1 single candidate, a tie, another tie, a failed lift vote", () => {
    const a = new Table({ roles: LAYOUT });
    a.speeches({ 1: 7 });
    expect(keys(a.spectator())).toContain("ann.single-candidate-stays");

    const b = day2();
    b.speeches({ 2: 7, 3: 8 });
    b.vote({ 1: 7, 2: 7, 3: 7, 4: 7, 5: 7, 6: 8, 7: 8, 8: 8, 9: 8, 10: 8 });
    expect(all(b.spectator()).find((x) => x.key === "ann.tie")!.params["seats"]).toBe("7, 8");
    b.endSpeeches("tie-speech");
    b.vote({ 1: 7, 2: 7, 3: 7, 4: 7, 5: 7, 6: 8, 7: 8, 8: 8, 9: 8, 10: 8 });
    expect(keys(b.spectator())).toContain("ann.count.revote");
    expect(b.phase).toBe("lift-vote");
    b.timeout(); // nobody pressed: not voting counts against (§2.9)
    const failed = all(b.spectator()).find((x) => x.key === "ann.lift.failed")!;
    expect(failed.params).toMatchObject({ seats: "7, 8", needed: 6, inFavour: 0 });
    // §2.9 the count of the lift vote is public: who voted how, not voting counted against.
    expect(failed.lifts).toHaveLength(10);
    expect(failed.lifts!.every((l) => l.lift === false)).toBe(true);
    expect(failed.lifts!.map((l) => l.voter)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("§2.13 a technical foul by the table's vote is announced to everyone, with the seat's count", () => {
    const a = announcementOf({ seq: 1, at: 0, day: 2, type: "fouled", data: { seat: 4, fouls: 2 } }, null);
    expect(a).toMatchObject({ key: "ann.fouled", params: { seat: 4, fouls: 2 }, mine: false });
    expect(announcementOf({ seq: 1, at: 0, day: 2, type: "fouled", data: { seat: 4, fouls: 2 } }, 7)).toMatchObject({ key: "ann.fouled", mine: false });
  });

  it("every key an announcement names is in the uk, ru and en catalogues", () => {
    const seen = new Set<string>();
    const hows: OutHow[] = ["voted-out", "lifted", "removed"];
    const entries: AnyLogEntry[] = [
      ...hows.map((how, i): AnyLogEntry => ({ seq: i + 1, at: 0, day: 1, type: "left", data: { seat: 1, how } })),
      { seq: 10, at: 0, day: 1, type: "killed", data: { seat: 1 } },
      { seq: 11, at: 0, day: 1, type: "shot-missed", data: {} },
      { seq: 12, at: 0, day: 1, type: "nobody-killed", data: {} },
      { seq: 13, at: 0, day: 1, type: "no-candidates", data: {} },
      { seq: 14, at: 0, day: 1, type: "voting-cancelled", data: {} },
      { seq: 15, at: 0, day: 1, type: "single-candidate-stays", data: { seat: 1 } },
      { seq: 16, at: 0, day: 1, type: "leader-stays", data: { seat: 1 } },
      { seq: 17, at: 0, day: 1, type: "tie", data: { seats: [1, 2] } },
      { seq: 18, at: 0, day: 1, type: "tie-stays", data: { seats: [1, 2] } },
      { seq: 30, at: 0, day: 1, type: "vote-counted", data: { round: "first", ballots: [], tally: [], leaders: [] } },
      { seq: 31, at: 0, day: 1, type: "vote-counted", data: { round: "revote", ballots: [], tally: [], leaders: [] } },
      { seq: 32, at: 0, day: 1, type: "lift-counted", data: { passed: true, candidates: [1, 2], ballots: [], inFavour: 6, needed: 6 } },
      { seq: 33, at: 0, day: 1, type: "lift-counted", data: { passed: false, candidates: [1, 2], ballots: [], inFavour: 1, needed: 6 } },
      { seq: 34, at: 0, day: 1, type: "ballot-cast", data: { voter: 3, target: 1 } },
      { seq: 35, at: 0, day: 1, type: "lift-ballot-cast", data: { voter: 3, lift: true } },
      { seq: 36, at: 0, day: 1, type: "lift-vote-cast", data: { voter: 3, lift: false } },
      { seq: 37, at: 0, day: 1, type: "shot", data: { seat: 3, target: 1 } },
      { seq: 38, at: 0, day: 1, type: "fouled", data: { seat: 4, fouls: 1 } },
      { seq: 40, at: 0, day: 1, type: "checked", data: { by: 3, target: 1, night: 1, kind: "sheriff", result: "not-mafia" } },
      { seq: 41, at: 0, day: 1, type: "froze", data: { by: 3, target: 1, night: 1 } },
      { seq: 42, at: 0, day: 1, type: "healed", data: { by: 3, target: 1, night: 1 } },
      { seq: 43, at: 0, day: 1, type: "kill-chosen", data: { by: 3, target: 1, night: 1 } },
    ];
    for (const e of entries) {
      const a = announcementOf(e, 3);
      expect(a, e.type).not.toBeNull();
      seen.add(a!.key);
    }
    for (const k of ["ann.warn", "ann.warn.self", "ann.warn.left", "ann.ballot", "ann.ballot.auto", "ann.ballots", "ann.dismiss", "ann.region", "ann.tally.item", "ann.ballots.auto", "ann.lifts", "ann.lift.yes", "ann.lift.no"]) seen.add(k);
    expect(seen.size).toBe(38);
    for (const k of seen) for (const [name, cat] of [["en", en], ["uk", uk], ["ru", ru]] as const) expect(Object.hasOwn(cat, k), `${name} ${k}`).toBe(true);
  });
});

describe("issue 13 announcements in time (no replay after a reload or a reconnect)", () => {
  const log: AnyLogEntry[] = [
    { seq: 1, at: 1_000, day: 1, type: "shot-missed", data: {} },
    { seq: 2, at: 50_000, day: 2, type: "left", data: { seat: 4, how: "voted-out" } },
    { seq: 3, at: 50_000, day: 2, type: "tie", data: { seats: [2, 3] } },
    { seq: 4, at: 51_000, day: 2, type: "ballot-cast", data: { voter: 6, target: 2 } },
  ];
  const keysAt = (you: number | null, now: number, opts = {}) => activeAnnouncements(log, you, now, opts).map((a) => a.key);
  it("shows an entry only while it is younger than its time on screen, newest first, on the server clock", () => {
    expect(keysAt(null, 1_500)).toEqual(["ann.missed"]);
    expect(keysAt(null, 1_000 + TTL.calm)).toEqual([]); // gone: a reload now shows nothing old
    expect(keysAt(6, 52_000)).toEqual(["ann.mine.vote", "ann.tie", "ann.out.voted-out"]);
    expect(keysAt(6, 51_000 + TTL.mine - 1)).toEqual(["ann.mine.vote", "ann.tie", "ann.out.voted-out"]);
    expect(keysAt(6, 51_000 + TTL.mine)).toEqual(["ann.out.voted-out"]); // the confirmation (5 s) and the tie (6 s) are over
    expect(keysAt(null, 52_000)).toEqual(["ann.tie", "ann.out.voted-out"]);
  });
  it("a dismissed banner stays dismissed; at most `max` at once", () => {
    const tie = activeAnnouncements(log, 6, 52_000).find((a) => a.key === "ann.tie")!;
    expect(keysAt(6, 52_000, { dismissed: new Set([tie.id]) })).toEqual(["ann.mine.vote", "ann.out.voted-out"]);
    expect(keysAt(6, 52_000, { max: 1 })).toEqual(["ann.mine.vote"]);
  });
  it("an entry keeps its id when the end of the game renumbers the log (the whole protocol is sent again)", () => {
    const renumbered = log.map((e) => ({ ...e, seq: e.seq + 10 }));
    expect(activeAnnouncements(renumbered, 6, 52_000).map((a) => a.id)).toEqual(activeAnnouncements(log, 6, 52_000).map((a) => a.id));
  });
  it("names the seat's player", () => {
    const seats: GameView["seats"] = [{ seat: 4, nickname: "Olena", bot: false, alive: true, out: null, nominated: false, speaking: false, votes: null, fouls: 0, shoutsLeft: 3 }];
    expect(activeAnnouncements(log, null, 52_000, { seats })[1]!.params).toEqual({ seat: 4, nickname: "Olena" });
  });
});

describe("§2.6 the countdown warning: an unused vote goes to the last nominee", () => {
  it("§2.6 closed voting: until the player votes, with the seconds left; 'yourself' when the last nominee is the player", () => {
    const t = day2();
    t.speeches({ 2: 7, 3: 8 });
    const at = t.now;
    const w = voteWarning(t.view(1), at);
    expect(w).toEqual({ seat: 8, self: false, secondsLeft: 10 });
    expect(voteWarning(t.view(8), at + 4_100)).toEqual({ seat: 8, self: true, secondsLeft: 6 });
    expect(voteWarning(t.spectator(), at)).toBeNull();
    t.act(1, { type: "vote", target: 7 });
    expect(voteWarning(t.view(1), at)).toBeNull();
  });
  it("§2.6 open voting: the last candidate is never called; the countdown shows only in the window that ends with the count", () => {
    const t = day2({ voting: "open" });
    t.speeches({ 2: 7, 3: 8, 4: 9 });
    expect(calling(t.spectator())).toBe(7);
    expect(voteWarning(t.view(1), t.now)).toEqual({ seat: 9, self: false, secondsLeft: null });
    t.timeout();
    expect(calling(t.spectator())).toBe(8);
    expect(voteWarning(t.view(1), t.now)).toEqual({ seat: 9, self: false, secondsLeft: 5 });
    expect(voteWarning(t.view(9), t.now)!.self).toBe(true);
  });
  it("no warning on the lift vote (§2.9: not voting counts against, no one gets the vote)", () => {
    const t = day2();
    t.speeches({ 2: 7, 3: 8 });
    t.vote({ 1: 7, 2: 7, 3: 7, 4: 7, 5: 7, 6: 8, 7: 8, 8: 8, 9: 8, 10: 8 });
    t.endSpeeches("tie-speech");
    t.vote({ 1: 7, 2: 7, 3: 7, 4: 7, 5: 7, 6: 8, 7: 8, 8: 8, 9: 8, 10: 8 });
    expect(t.phase).toBe("lift-vote");
    expect(voteWarning(t.view(1), t.now)).toBeNull();
  });
});

describe("issue 13 the standing confirmation on the action bar", () => {
  it("§2.6 the ballot's own vote; §2.9 the lift vote; §2.10 tonight's own shot, gone the next day", async () => {
    const { standingChoice } = await import("../../../web/src/table/announce.ts");
    const t = day2();
    t.speeches({ 2: 7, 3: 8 });
    expect(standingChoice(t.view(1))).toBeNull();
    t.act(1, { type: "vote", target: 7 });
    expect(standingChoice(t.view(1))).toEqual({ key: "ann.mine.vote", params: { seat: 7 } });
    expect(standingChoice(t.view(2))).toBeNull();
    t.vote({ 2: 7, 3: 7, 4: 7, 5: 7, 6: 8, 7: 8, 8: 8, 9: 8, 10: 8 });
    t.endSpeeches("tie-speech");
    t.vote({ 1: 7, 2: 7, 3: 7, 4: 7, 5: 7, 6: 8, 7: 8, 8: 8, 9: 8, 10: 8 });
    t.act(4, { type: "vote-lift", lift: false });
    expect(standingChoice(t.view(4))).toEqual({ key: "ann.mine.lift.no", params: {} });
    t.timeout();
    expect(t.phase).toBe("night-shot");
    expect(standingChoice(t.view(1))).toBeNull(); // last night's shot is not tonight's
    t.act(1, t.use(1, 9));
    expect(standingChoice(t.view(1))).toEqual({ key: "ann.mine.shot", params: { seat: 9 } });
    expect(standingChoice(t.view(4))).toBeNull();
  });
});
