/**
 * Issue 16, the table UI of the phone-app profiles (RULES.md §5.1–§5.6): the private panels the table
 * screen derives from a player's own view (web/src/table/nightInfo.ts), read from real engine views of
 * Custom tables with chosen seats (test/unit/engine/profiles-helpers.ts).
 */
import { describe, expect, it } from "vitest";
import { en } from "../../../web/src/i18n/en.ts";
import { announcementOf, standingChoice } from "../../../web/src/table/announce.ts";
import { nightNotes } from "../../../web/src/table/mine.ts";
import { liveReports, savedNights, tallyBySeat, tallyPanel } from "../../../web/src/table/nightInfo.ts";
import type { GameView } from "../../../shared/engine/types.ts";

/** Issue 33: the page derives nothing — the view says it (you.silenced, seat.weight). */
const noVoteToday = (v: GameView) => v.you?.silenced === true;
const judgeSeats = (v: GameView) => new Set(v.seats.filter((x) => x.weight === 2).map((x) => x.seat));
import { nightBy, profileTable, toNight } from "../engine/profiles-helpers.ts";

describe("RULES.md §5.2 the black team's anonymous tally while the mafia step runs", () => {
  // 1 Don, 2 Mafia, 3 Commissar, 4–9 Civilians.
  it("§5.2 the holders see how many chose each seat, never who; a choice may be changed; agreement ends the step", () => {
    const t = profileTable("DMKCCCCCC");
    toNight(t);
    let checked = false;
    nightBy(t, (step) => {
      if (step !== "mafia") return;
      expect(t.phase).toBe("night-shot");
      // Before any choice there is nothing to tally.
      expect(tallyPanel(t.view(1))).toBeNull();
      t.act(1, t.use(1, 5));
      expect(tallyPanel(t.view(1))).toEqual({ tally: [{ seat: 5, votes: 1 }], agreed: false, mine: 5 });
      expect(tallyPanel(t.view(2))).toEqual({ tally: [{ seat: 5, votes: 1 }], agreed: false, mine: null });
      // Red players and spectators never see it.
      expect(tallyPanel(t.view(3))).toBeNull();
      expect(tallyPanel(t.spectator())).toBeNull();
      // The Don is offered the shot again (the tally is open) and changes his choice.
      expect(t.view(1).you!.actions.some((a) => a.type === "use" && a.ability === "mafia-shot")).toBe(true);
      t.act(1, t.use(1, 6));
      t.act(2, t.use(2, 5));
      const p = tallyPanel(t.view(2))!;
      expect(p).toEqual({ tally: [{ seat: 5, votes: 1 }, { seat: 6, votes: 1 }], agreed: false, mine: 5 });
      // Each holder's own choice comes from their own view (a reload keeps it), never another's.
      expect(tallyPanel(t.view(1))!.mine).toBe(6);
      expect([...tallyBySeat(p)]).toEqual([[5, 1], [6, 1]]);
      // Nothing in the tally names a chooser.
      expect(JSON.stringify(t.view(2).log.filter((e) => e.type === "shot-tally").map((e) => e.data))).not.toMatch(/"by"|"voter"/);
      t.act(2, t.use(2, 6));
      // Agreed: the step ends at once, and the panel goes with it.
      expect(t.phase).not.toBe("night-shot");
      expect(t.view(1).log.filter((e) => e.type === "shot-tally").at(-1)!.data).toEqual({ tally: [{ seat: 6, votes: 2 }], agreed: true });
      expect(tallyPanel(t.view(1))).toBeNull();
      checked = true;
    });
    expect(checked).toBe(true);
  });
});

describe("RULES.md §5.1 / §5.6 Tracker and Watcher results: live, final at the end of the night", () => {
  // 1 Don, 2 Mafia, 3 Tracker, 4 Watcher, 5 Commissar, 6–10 Civilians.
  it("§5.1 the Tracker's result updates as a later visit happens and becomes final in the morning; gone at the next nightfall", () => {
    const t = profileTable("DMTWKCCCCC");
    toNight(t);
    nightBy(t, (step) => {
      if (step === "mafia") { t.act(1, t.use(1, 8)); t.act(2, t.use(2, 8)); }
      if (step === "tracker") {
        t.act(3, t.use(3, 4)); // the Tracker follows the Watcher, who has not moved yet
        expect(liveReports(t.view(3))).toEqual([{ kind: "tracked", target: 4, seats: [], final: false }]);
      }
      if (step === "watcher") {
        t.act(4, t.use(4, 8)); // the Watcher watches the mafia's target
        expect(liveReports(t.view(3))).toEqual([{ kind: "tracked", target: 4, seats: [8], final: false }]);
        expect(liveReports(t.view(4))).toEqual([{ kind: "watched", target: 8, seats: [1, 2], final: false }]);
      }
    });
    // Morning: final, and still shown through the day.
    expect(t.phase).toBe("free-talk");
    expect(liveReports(t.view(3))).toEqual([{ kind: "tracked", target: 4, seats: [8], final: true }]);
    expect(liveReports(t.view(4))).toEqual([{ kind: "watched", target: 8, seats: [1, 2], final: true }]);
    // Nobody else gets them.
    for (const s of [1, 2, 5, 6]) expect(liveReports(t.view(s))).toEqual([]);
    toNight(t);
    expect(liveReports(t.view(3))).toEqual([]);
  });

  it("§5.3 a blocked checker is told the result is unavailable, never by whom", () => {
    // 1 Don, 2 Blocker, 3 Tracker, 4 Commissar, 5–10 Civilians.
    const t = profileTable("DBTKCCCCCC");
    toNight(t);
    nightBy(t, (step) => {
      if (step === "blocker") t.act(2, t.use(2, 4));
      if (step === "commissar") t.act(4, t.use(4, 7));
      if (step === "tracker") t.act(3, t.use(3, 9));
    });
    const notes = nightNotes(t.view(4));
    expect(notes).toEqual([{ type: "check-frozen", target: 7 }]);
    expect(t.view(4).you!.checks).toEqual([]);
    // The line says "result unavailable" and names only the checked seat (never seat 2, the Blocker).
    expect(en["night.resultUnavailable"]).toMatch(/unavailable/);
    expect(en["night.resultUnavailable"].match(/\{(\w+)\}/g)).toEqual(["{target}"]);
    // The unblocked Tracker gets a result (seat 9 stayed home: nobody).
    expect(liveReports(t.view(3))).toEqual([{ kind: "tracked", target: 9, seats: [], final: true }]);
  });
});

describe("RULES.md §5.6 one's own choice is confirmed", () => {
  it("§5.6 after a profile ability the bar keeps 'your choice: <ability> — seat N' (from the private `used`)", () => {
    // 1 Don, 2 Blocker, 3 Commissar, 4–9 Civilians.
    const t = profileTable("DBKCCCCCC");
    toNight(t);
    nightBy(t, (step) => {
      if (step !== "blocker") return;
      t.act(2, t.use(2, 3));
      expect(standingChoice(t.view(2))).toEqual({ key: "ann.mine.used", params: { seat: 3, ability: "block" } });
      expect(standingChoice(t.view(1))).toBeNull();
      const used = t.view(2).log.find((e) => e.type === "used")!;
      expect(announcementOf(used, 2)).toMatchObject({ key: "ann.mine.used", mine: true });
      expect(announcementOf(used, 1)).toBeNull();
    });
  });
});

describe("RULES.md §5.6 Blackmailer and Judge on the day", () => {
  // 1 Blackmailer, 2 Mafia, 3 Commissar, 4 Judge, 5–10 Civilians.
  const LAYOUT = "EMKUCCCCCC";

  it("§5.6 the blackmailed player has 'no vote today' once voting opens, until the day ends; nobody else", () => {
    const t = profileTable(LAYOUT);
    toNight(t);
    nightBy(t, (step) => {
      if (step === "mafia") { t.act(1, t.use(1, 9)); t.act(2, t.use(2, 9)); }
      if (step === "blackmailer") t.act(1, t.use(1, 5));
    });
    expect(t.phase).toBe("free-talk");
    expect(t.view(5).night).toBe(false);
    expect(noVoteToday(t.view(5))).toBe(false); // told when voting opens, not before
    t.timeout();
    expect(t.phase).toBe("voting");
    expect(noVoteToday(t.view(5))).toBe(true);
    expect(t.view(5).you!.actions.some((a) => a.type === "vote")).toBe(false);
    for (const s of [1, 3, 4, 6]) expect(noVoteToday(t.view(s))).toBe(false);
    expect(noVoteToday(t.spectator())).toBe(false);
    t.timeout();
    expect(t.phase.startsWith("night-")).toBe(true);
    expect(noVoteToday(t.view(5))).toBe(false);
    // Issue 33: the view's own night flag (one definition, the engine's): night now, for everyone.
    for (const v of [t.view(5), t.view(1), t.spectator()]) expect(v.night).toBe(true);
    // Lifted when the day ends: the next day's voting is his again.
    nightBy(t, () => {});
    t.timeout();
    expect(t.phase).toBe("voting");
    expect(t.view(5).you!.actions.some((a) => a.type === "vote")).toBe(true);
    expect(noVoteToday(t.view(5))).toBe(false);
  });

  it("§5.6 the Judge is named once in open voting (a public banner) and his seat is marked ×2", () => {
    const t = profileTable(LAYOUT);
    t.timeout();
    expect(t.phase).toBe("voting");
    expect(judgeSeats(t.spectator()).size).toBe(0);
    t.vote({ 4: 5 });
    expect([...judgeSeats(t.spectator())]).toEqual([4]);
    for (const s of [1, 4, 7]) expect([...judgeSeats(t.view(s))]).toEqual([4]);
    const shown = t.view(7).log.find((e) => e.type === "judge-shown")!;
    expect(announcementOf(shown, 7)).toMatchObject({ key: "ann.judge-shown", params: { seat: 4 }, mine: false, tone: "news" });
  });
});

describe("RULES.md §5.1 the morning announces the public outcome", () => {
  it("§5.1 deaths are announced (who died / nobody); issue 31.11 (§5.1 decision) a save names the seat only to the table, and what saved it to the saved player alone", () => {
    // 1 Don, 2 Mafia, 3 Doctor, 4 Bodyguard, 5–10 Civilians.
    const t = profileTable("DMHGCCCCCC");
    toNight(t);
    nightBy(t, (step) => {
      if (step === "mafia") { t.act(1, t.use(1, 6)); t.act(2, t.use(2, 6)); }
      if (step === "doctor") t.act(3, t.use(3, 6));
    });
    const morning = (v = t.view(8)) => v.log.slice(v.log.map((e) => e.type).lastIndexOf("night-fell")).map((e) => announcementOf(e, 8)?.key).filter(Boolean);
    expect(morning()).toEqual(["ann.nobody-killed", "ann.survived"]);
    const survived = t.view(8).log.find((e) => e.type === "survived")!;
    expect(announcementOf(survived, 8)).toMatchObject({ key: "ann.survived", params: { seat: 6 }, mine: false });
    // The saved seat: the public line is replaced by its own, naming the protection (never the Doctor's seat).
    const own = t.view(6).log.slice(t.view(6).log.map((e) => e.type).lastIndexOf("night-fell"));
    expect(own.map((e) => announcementOf(e, 6)?.key).filter(Boolean)).toEqual(["ann.nobody-killed", "ann.saved.heal"]);
    expect(announcementOf(own.find((e) => e.type === "saved")!, 6)).toMatchObject({ params: {}, mine: true });
    // The saved player's own card lists the night and what saved them; nobody else's does.
    expect(savedNights(t.view(6))).toEqual([{ night: 1, with: ["heal"] }]);
    for (const seat of [1, 2, 3, 4, 5, 7, 8]) expect(savedNights(t.view(seat))).toEqual([]);
    toNight(t);
    nightBy(t, (step) => {
      if (step === "mafia") { t.act(1, t.use(1, 7)); t.act(2, t.use(2, 7)); }
      if (step === "bodyguard") t.act(4, t.use(4, 9));
    });
    expect(morning()).toEqual(["ann.killed"]);
  });
});
